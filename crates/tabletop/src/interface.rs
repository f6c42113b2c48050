//! The interface every game implements: [`Game`] (the rules and spaces of one
//! parameter set) and [`State`] (a position with its history), shaped like
//! OpenSpiel's `Game` and `State`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use arrayvec::ArrayVec;
use rand_core::Rng;

use crate::action::{Action, ActionError, ActionList, NotationError};
use crate::info::GameInfo;
use crate::prob::Prob;
use crate::turn::Turn;

/// The most players of any game here (hoop race and Ô ăn quan: 4).
pub const MAX_PLAYERS: usize = 4;

/// One number per player (returns, scores), without allocation.
pub type PerPlayer = ArrayVec<f64, MAX_PLAYERS>;

/// Why a serialised state could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// Not the serialised form.
    #[error("not a serialised state: {0}")]
    Format(String),
    /// Serialised for another game or other parameters.
    #[error("the state belongs to {found}, not to {expected}")]
    OtherGame {
        /// This game's string.
        expected: String,
        /// The state's.
        found: String,
    },
    /// An action of the history was refused on replay.
    #[error("action {number} ({action}) of the history was refused: {error}")]
    Replay {
        /// Its index in the history (0-based).
        number: usize,
        /// The action.
        action: Action,
        /// Why.
        error: ActionError,
    },
}

/// A game under one set of parameters: the rules, the spaces, the start.
pub trait Game: Clone + fmt::Debug {
    /// Its states.
    type State: State;

    /// What the game is: players, spaces, bounds, shapes, kind, parameters.
    fn info(&self) -> &GameInfo;

    /// The state before the first action (a chance node where the setup is drawn).
    fn new_initial_state(&self) -> Self::State;

    /// Reads a state written by [`State::serialize`], replaying its history.
    ///
    /// # Errors
    /// [`StateError`] when the text is not a serialised state of this game and
    /// these parameters, or its history cannot be replayed.
    fn deserialize_state(&self, text: &str) -> Result<Self::State, StateError> {
        let (game, history) = crate::serial::read(text)?;
        let expected = self.info().game_string();
        if game != expected {
            return Err(StateError::OtherGame {
                expected,
                found: game,
            });
        }
        let mut state = self.new_initial_state();
        for (number, action) in history.into_iter().enumerate() {
            state
                .apply_action(action)
                .map_err(|error| StateError::Replay {
                    number,
                    action,
                    error,
                })?;
        }
        Ok(state)
    }
}

/// A state of a game: a position with its history.
///
/// Chance is explicit: at a chance node [`State::chance_outcomes`] lists the outcomes
/// with exact probabilities and [`State::apply_action`] takes the one that happened;
/// a state holds no random generator, so cloning it reveals nothing about future
/// chance. Every refused action leaves the state unchanged.
pub trait State: Clone + fmt::Debug + PartialEq {
    /// The game's description.
    fn info(&self) -> &GameInfo;

    /// Whose decision it is: a player, chance, or nobody (the game is over).
    fn current_player(&self) -> Turn;

    /// Writes the legal actions into `out` (cleared first), in increasing order,
    /// without duplicates: the player's decisions, or at a chance node the possible
    /// outcomes; none at the end.
    fn legal_actions_into(&self, out: &mut ActionList);

    /// Whether `action` may be taken now, and if not why (the crate's reason).
    ///
    /// # Errors
    /// [`ActionError`]: out of range, illegal (with the crate's message), an
    /// impossible chance outcome, or a finished game.
    fn check(&self, action: Action) -> Result<(), ActionError>;

    /// Takes `action`: the decision of the player to move, or at a chance node the
    /// outcome that happened. Atomic: on `Err` nothing changed.
    ///
    /// # Errors
    /// As [`State::check`].
    fn apply_action(&mut self, action: Action) -> Result<(), ActionError>;

    /// At a chance node, the possible outcomes with their exact probabilities
    /// (summing to 1), in increasing order of action, written into `out` (cleared
    /// first); elsewhere nothing.
    fn chance_outcomes_into(&self, out: &mut Vec<(Action, Prob)>);

    /// Each player's return once the game is over: +1 a win, −1 a loss, 0 a draw
    /// (games of more than two sides: see each game's docs); 0 for everyone before
    /// the end.
    fn returns(&self) -> PerPlayer;

    /// Each player's score in the game's own terms (points, stones, locations; see
    /// each game's docs): the running score, final once the game is over.
    fn scores(&self) -> PerPlayer;

    /// The action as a move in the game's notation, for the node it would be taken
    /// at: a decision of `turn`'s player, or a chance outcome when `turn` is
    /// [`Turn::Chance`].
    fn action_to_string(&self, turn: Turn, action: Action) -> String;

    /// The action a move in the game's notation names at this node (a decision of
    /// the player to move, or a chance outcome at a chance node).
    ///
    /// # Errors
    /// [`NotationError`] when the text is not the game's notation or names no action.
    fn string_to_action(&self, text: &str) -> Result<Action, NotationError>;

    /// How `player` sees `action` taken at this state: the move in the game's
    /// notation where the player sees it, `None` where it is hidden from them
    /// (another side's secret trap, a face-down soldier, a card dealt to someone
    /// else). For a user interface that shows each player what happened.
    fn action_seen_by(&self, action: Action, player: usize) -> Option<String> {
        let _ = player;
        (self.info().information == crate::info::Information::Perfect)
            .then(|| self.action_to_string(self.current_player(), action))
    }

    /// Whether `player` cannot tell `action`, taken at this state, from the
    /// others that could be taken here: exactly when [`State::action_seen_by`]
    /// is not the action's own notation (hidden, or shown only as "a soldier laid
    /// face down"). The search bot asks it at every step of its tree, so a game
    /// with hidden actions answers it without allocating; the default derives it
    /// from [`State::action_seen_by`].
    fn action_hidden_from(&self, action: Action, player: usize) -> bool {
        self.info().information == crate::info::Information::Imperfect
            && self.action_seen_by(action, player)
                != Some(self.action_to_string(self.current_player(), action))
    }

    /// What `player` sees now, as text: the public state and the player's own
    /// hidden information, nothing else.
    fn observation_string(&self, player: usize) -> String;

    /// Everything `player` has seen so far, as text: two histories give the same
    /// string exactly when the player cannot tell them apart.
    fn information_state_string(&self, player: usize) -> String;

    /// What `player` sees now as numbers, written into `out` (of length
    /// [`GameInfo::observation_len`], shape [`GameInfo::observation_shape`]).
    fn observation_tensor(&self, player: usize, out: &mut [f32]);

    /// The player's information state as numbers, written into `out` (of length
    /// [`GameInfo::information_state_len`]).
    fn information_state_tensor(&self, player: usize, out: &mut [f32]);

    /// Every action taken since the initial state, chance outcomes included.
    fn history(&self) -> &[Action];

    /// A uniformly random legal decision (`None` unless a player is to move), drawn
    /// without allocation.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action>;

    /// A decision of the game's playout policy (`None` unless a player is to move):
    /// uniform among the legal decisions unless the game documents its own (Go
    /// spares its own eyes; trap stones leaves va-bank to its odds).
    fn playout_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        self.random_action(rng)
    }

    /// A chance outcome drawn with its exact probability (`None` unless at a chance
    /// node), without allocation.
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action>;

    /// One step of a playout: at a chance node an outcome drawn by its probability,
    /// at a decision the playout policy's action. Returns the action taken, or
    /// `None` (doing nothing) once the game is over. Games may override it with a
    /// faster path that takes the same action.
    fn playout_step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        let action = match self.current_player() {
            Turn::Terminal => return None,
            Turn::Chance => self.sample_chance(rng),
            Turn::Player(_) => self.playout_action(rng),
        }?;
        self.apply_action(action).ok().map(|()| action)
    }

    /// A state that `player` cannot tell from this one, drawn at random among the
    /// states consistent with everything the player has seen (OpenSpiel's
    /// `ResampleFromInfostate`): the hidden information (the opponents' traps or
    /// cards, the order of face-down piles) drawn afresh, uniformly among the
    /// possibilities the player's information allows (see each game's docs);
    /// everything the player saw is the same. In a game of perfect information it
    /// is a copy. Searches use it to decide from a player's view only.
    fn resample_from_infostate<R: Rng + ?Sized>(&self, player: usize, rng: &mut R) -> Self;

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.current_player() == Turn::Terminal
    }

    /// Whether a chance outcome comes next.
    fn is_chance_node(&self) -> bool {
        self.current_player() == Turn::Chance
    }

    /// The legal actions in a new list.
    fn legal_actions(&self) -> ActionList {
        let mut out = ActionList::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// The chance outcomes in a new list.
    fn chance_outcomes(&self) -> Vec<(Action, Prob)> {
        let mut out = Vec::new();
        self.chance_outcomes_into(&mut out);
        out
    }

    /// Whether `action` may be taken now.
    fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// The legal actions as a 0/1 mask over the node's action space
    /// (`num_distinct_actions` for a decision, `max_chance_outcomes` at chance).
    fn legal_actions_mask(&self) -> Vec<u8> {
        let size = match self.current_player() {
            Turn::Chance => self.info().max_chance_outcomes,
            _ => self.info().num_distinct_actions,
        };
        let mut mask = alloc::vec![0u8; size];
        for a in self.legal_actions() {
            if let Some(m) = mask.get_mut(a as usize) {
                *m = 1;
            }
        }
        mask
    }

    /// The state as text that [`Game::deserialize_state`] reads back: the game
    /// string and the history.
    fn serialize(&self) -> String {
        crate::serial::write(&self.info().game_string(), self.history())
    }

    /// Plays on until the end or `max_steps` more steps with
    /// [`State::playout_step`]; returns the steps taken. Games override it with
    /// their crate's own playout loop, which takes the same actions from the same
    /// draws (the invariant suite checks it against stepping by hand): this is the
    /// bulk path for rollouts and data generation.
    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_steps: usize) -> usize {
        let mut steps = 0;
        while steps < max_steps && self.playout_step(rng).is_some() {
            steps += 1;
        }
        steps
    }
}
