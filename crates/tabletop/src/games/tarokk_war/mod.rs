//! The Hungarian-deck card battle (`tarokk_war`) behind the interface.
//!
//! - **Chance**: the whole setup (ruling W2) is dealt card by card before the
//!   first move, as OpenSpiel's card games deal: the first dealer (outcomes 0 and
//!   1: player one or two, ½ each), then the soldier pile from the top (19 chance
//!   nodes; outcome = the card's index, each remaining soldier equally likely), then
//!   each hand's six cards in dealing order (10 hands × 6 nodes). Nothing of it is
//!   shown to anyone until the game shows it (a hand when it is dealt, a soldier to
//!   its drawer): the views come from the crate's, which hold nothing a player may
//!   not see (W11).
//! - **Decisions**: the card's index (0..32); the game says which kind of move it
//!   is (a card to the trick in phase I, a soldier laid face down or face up in
//!   phase II). Actions print in the crate's notation (`Z8`, `lay PA`, `attack MK`).
//! - **Returns**: +1 the winner, −1 the loser, 0 both on a draw. Scores: the
//!   locations each player owns (W10).
//! - **Length**: at most 60 card plays (10 hands of 6 cards) and 36 phase-II
//!   decisions (18 soldiers, each laid once) — 96 decisions; 80 chance nodes.
//! - [`State::resample_from_infostate`] draws what the player has not seen: the
//!   soldiers the opponent drew (keeping those it has shown, and the tök VIII where
//!   it was drawn in public), the undrawn pile, the hands not dealt yet, and the
//!   opponent's face-down soldier.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use rand_core::Rng;
use tarokk_war::{Awaiting, Card, Event, Move, Player, Rules, Setup};

use super::Room;
use super::rules::{self, RulesParams};
use crate::Shared;
use crate::action::{Action, ActionError, ActionList, NotationError};
use crate::info::{ChanceMode, GameInfo, Information, Utility};
use crate::interface::{Game, PerPlayer, State};
use crate::params::{ParamSpec, Params};
use crate::prob::Prob;
use crate::registry::LoadError;
use crate::rng::below;
use crate::turn::Turn;

mod deal;
#[cfg(feature = "referee")]
mod json;
mod observe;
mod resample;

use deal::{DEAL, bits, card, deal_actions};
use observe::OBS;

const NAME: &str = "tarokk_war";
/// Cards in the deck: decisions and chance outcomes are card indices.
const CARDS: usize = 32;

impl RulesParams for Rules {
    const PRESETS: &'static [&'static str] = Rules::PRESETS;
    fn preset(name: &str) -> Result<Rules, String> {
        Rules::preset(name).map_err(|e| e.to_string())
    }
}

/// The card battle under one set of parameters.
#[derive(Clone, Debug)]
pub struct TarokkWar {
    def: Shared<Def>,
}

#[derive(Debug)]
struct Def {
    info: GameInfo,
    rules: Rules,
}

impl TarokkWar {
    /// The game with these parameters (the rest at their defaults).
    ///
    /// # Errors
    /// [`LoadError`] for an unknown parameter or a value the crate refuses.
    pub fn new(params: &Params) -> Result<TarokkWar, LoadError> {
        let mut params = params.clone();
        let (rules, described) = rules::rules_from::<Rules>(NAME, &mut params)?;
        rules::no_more(NAME, &params, &<TarokkWar as Room>::param_specs())?;
        let info = GameInfo {
            short_name: NAME,
            long_name: "Tarokk war",
            params: described,
            num_players: 2,
            player_names: &["1", "2"],
            num_distinct_actions: CARDS,
            max_chance_outcomes: CARDS,
            max_game_length: 60 + 36,
            max_chance_nodes: DEAL,
            observation_shape: alloc::vec![OBS],
            information_state_shape: alloc::vec![OBS],
            chance: ChanceMode::ExplicitStochastic,
            information: Information::Imperfect,
            utility: Utility::ZeroSum,
            min_utility: -1.0,
            max_utility: 1.0,
            utility_sum: Some(0.0),
        };
        Ok(TarokkWar {
            def: Shared::new(Def { info, rules }),
        })
    }

    /// The crate's rules.
    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    /// A state dealt as `setup` says (no chance nodes left): its history starts
    /// with the deal's outcomes, so it serialises like any other.
    ///
    /// # Errors
    /// The crate's refusal of the setup, as text.
    pub fn state_with_setup(&self, setup: Setup) -> Result<TarokkWarState, String> {
        tarokk_war::Game::new(self.def.rules, setup).map_err(|e| e.to_string())?;
        let mut s = self.new_initial_state();
        for a in deal_actions(&setup) {
            s.apply_action(a).map_err(|e| e.to_string())?;
        }
        Ok(s)
    }
}

impl Game for TarokkWar {
    type State = TarokkWarState;

    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn new_initial_state(&self) -> TarokkWarState {
        TarokkWarState {
            def: self.def.clone(),
            dealt: Vec::with_capacity(DEAL),
            game: None,
            history: Vec::with_capacity(DEAL + 96),
        }
    }
}

/// A state: the deal so far, then the crate's game.
#[derive(Clone, Debug)]
pub struct TarokkWarState {
    def: Shared<Def>,
    /// The deal's outcomes so far.
    dealt: Vec<Action>,
    game: Option<tarokk_war::Game>,
    history: Vec<Action>,
}

impl PartialEq for TarokkWarState {
    fn eq(&self, o: &TarokkWarState) -> bool {
        self.dealt == o.dealt && self.game == o.game && self.history == o.history
    }
}

impl TarokkWarState {
    /// The crate's game, once dealt.
    pub fn game(&self) -> Option<&tarokk_war::Game> {
        self.game.as_ref()
    }

    /// The crate's rules.
    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    /// Takes `action` as [`State::apply_action`] does, giving every event to
    /// `observer` (the referee's: every card named; [`tarokk_war::Event::seen_by`]
    /// redacts one for a player) — the first hand's deal when the deal completes —
    /// and returns the crate's report of a move (`None` for a deal outcome).
    ///
    /// # Errors
    /// As [`State::apply_action`]; nothing changes then.
    pub fn apply_traced(
        &mut self,
        action: Action,
        observer: &mut impl FnMut(Event),
    ) -> Result<Option<tarokk_war::Report>, ActionError> {
        self.check(action)?;
        let mut report = None;
        match &mut self.game {
            None => {
                self.dealt.push(action);
                if let Some(setup) = TarokkWarState::setup_of(&self.dealt) {
                    match tarokk_war::Game::new(self.def.rules, setup) {
                        Ok(g) => {
                            g.opening_events(observer);
                            self.game = Some(g);
                        }
                        Err(e) => {
                            self.dealt.pop();
                            return Err(ActionError::Illegal(e.to_string()));
                        }
                    }
                }
            }
            Some(_) => {
                let mv = self.to_move(action).ok_or(ActionError::Terminal)?;
                if let Some(g) = &mut self.game {
                    report = Some(
                        g.play_traced(mv, observer)
                            .map_err(|e| ActionError::Illegal(e.to_string()))?,
                    );
                }
            }
        }
        self.history.push(action);
        Ok(report)
    }

    fn to_move(&self, card_action: Action) -> Option<Move> {
        let c = card(card_action)?;
        Some(match self.game.as_ref()?.awaiting() {
            Awaiting::Play(_) => Move::Play(c),
            Awaiting::Defend(_) => Move::Defend(c),
            Awaiting::Attack(_) => Move::Attack(c),
            Awaiting::Over => return None,
        })
    }
}

impl State for TarokkWarState {
    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn current_player(&self) -> Turn {
        match &self.game {
            None => Turn::Chance,
            Some(g) => match g.awaiting().player() {
                Some(p) if !g.is_over() => Turn::Player(p.index()),
                _ => Turn::Terminal,
            },
        }
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        match &self.game {
            None => out.extend(self.deal_outcomes()),
            Some(g) => {
                out.extend(g.legal_moves().iter().map(|m| m.card().index() as Action));
                out.sort_unstable();
                out.dedup();
            }
        }
    }

    fn check(&self, action: Action) -> Result<(), ActionError> {
        if action as usize >= CARDS {
            return Err(match self.current_player() {
                Turn::Terminal => ActionError::Terminal,
                _ => ActionError::OutOfRange {
                    action,
                    size: CARDS,
                },
            });
        }
        match &self.game {
            None => {
                if self.deal_mask() >> action & 1 == 1 {
                    Ok(())
                } else {
                    Err(ActionError::ImpossibleChance(action))
                }
            }
            Some(g) => {
                if g.is_over() {
                    return Err(ActionError::Terminal);
                }
                let mv = self.to_move(action).ok_or(ActionError::Terminal)?;
                g.check(mv).map_err(|e| ActionError::Illegal(e.to_string()))
            }
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<(), ActionError> {
        self.apply_traced(action, &mut |_| {}).map(|_| ())
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, Prob)>) {
        out.clear();
        if self.game.is_none() {
            let outcomes = self.deal_outcomes();
            let p = Prob::uniform(outcomes.len() as u128).unwrap_or(Prob::ONE);
            out.extend(outcomes.into_iter().map(|a| (a, p)));
        }
    }

    fn returns(&self) -> PerPlayer {
        let mut r: PerPlayer = [0.0, 0.0].into_iter().collect();
        if let Some(o) = self.game.as_ref().and_then(|g| g.outcome())
            && let Some(w) = o.winner()
        {
            r[w.index()] = 1.0;
            r[w.other().index()] = -1.0;
        }
        r
    }

    fn scores(&self) -> PerPlayer {
        match &self.game {
            Some(g) => g.score().points.iter().map(|&x| f64::from(x)).collect(),
            None => [0.0, 0.0].into_iter().collect(),
        }
    }

    fn action_to_string(&self, turn: Turn, action: Action) -> String {
        match turn {
            Turn::Chance if self.dealt.is_empty() => match action {
                0 => "player one deals first".into(),
                _ => "player two deals first".into(),
            },
            Turn::Chance => {
                card(action).map_or_else(|| format!("{action}"), |c| format!("deal {c}"))
            }
            _ => match self.to_move(action) {
                Some(mv) => mv.to_string(),
                None => card(action).map_or_else(|| format!("{action}"), |c| c.to_string()),
            },
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let t = text.trim();
        match &self.game {
            None if self.dealt.is_empty() => match t.to_ascii_lowercase().as_str() {
                "player one deals first" | "0" => Ok(0),
                "player two deals first" | "1" => Ok(1),
                _ => Err(NotationError::Parse(format!("{t:?} is not a first dealer"))),
            },
            None => {
                let c: Card = t
                    .strip_prefix("deal")
                    .unwrap_or(t)
                    .trim()
                    .parse()
                    .map_err(|e: tarokk_war::ParseError| NotationError::Parse(e.to_string()))?;
                Ok(c.index() as Action)
            }
            Some(g) => {
                let mv = g
                    .parse_move(t)
                    .map_err(|e| NotationError::Parse(e.to_string()))?;
                let a = mv.card().index() as Action;
                if self.to_move(a) == Some(mv) {
                    Ok(a)
                } else {
                    Err(NotationError::NoSuchAction(t.into()))
                }
            }
        }
    }

    fn action_seen_by(&self, action: Action, player: usize) -> Option<String> {
        let turn = self.current_player();
        match (&self.game, turn) {
            // The first dealer is public; the cards dealt are seen as the game
            // shows them (a hand when it is dealt, a soldier to its drawer).
            (None, _) => self
                .dealt
                .is_empty()
                .then(|| self.action_to_string(turn, action)),
            (Some(_), Turn::Player(p)) if p != player => match self.to_move(action) {
                Some(Move::Defend(_)) => Some("lay a soldier face down".into()),
                _ => Some(self.action_to_string(turn, action)),
            },
            _ => Some(self.action_to_string(turn, action)),
        }
    }

    fn action_hidden_from(&self, action: Action, player: usize) -> bool {
        // As `action_seen_by`, without its text.
        match (&self.game, self.current_player()) {
            (None, _) => !self.dealt.is_empty(),
            (Some(_), Turn::Player(p)) if p != player => {
                matches!(self.to_move(action), Some(Move::Defend(_)))
            }
            _ => false,
        }
    }

    fn observation_string(&self, player: usize) -> String {
        self.picture(player)
    }

    fn information_state_string(&self, player: usize) -> String {
        self.seen_text(player)
    }

    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        self.write_observation(player, out);
    }

    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        self.observation_tensor(player, out);
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let g = self.game.as_ref()?;
        if g.is_over() {
            return None;
        }
        g.random_move(rng).map(|m| m.card().index() as Action)
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.game.is_some() {
            return None;
        }
        let m = self.deal_mask();
        bits(m).nth(below(rng, m.count_ones()) as usize)
    }

    fn playout_step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        // The same draws as the default step, without its second check.
        let action = match &self.game {
            None => self.sample_chance(rng)?,
            Some(g) => {
                let mv = g.random_move(rng)?;
                let a = mv.card().index() as Action;
                let g = self.game.as_mut()?;
                g.play(mv).ok()?;
                self.history.push(a);
                return Some(a);
            }
        };
        self.apply_traced(action, &mut |_| {}).ok()?;
        Some(action)
    }

    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_steps: usize) -> usize {
        super::reserve_for_playout(&mut self.history, &self.def.info);
        if self.game.is_none() {
            self.dealt.reserve(DEAL - self.dealt.len());
        }
        let mut steps = 0;
        // The deal: the same draws as `sample_chance`, with the set of cards
        // left for the pile being dealt kept as the deal goes (worked out afresh
        // only when a new pile starts), and no check of what was just drawn.
        let mut left = self.deal_mask();
        while steps < max_steps && self.game.is_none() {
            let a = bits(left)
                .nth(below(rng, left.count_ones()) as usize)
                .unwrap_or(0);
            self.dealt.push(a);
            self.history.push(a);
            steps += 1;
            let k = self.dealt.len();
            if k == DEAL {
                match TarokkWarState::setup_of(&self.dealt)
                    .map(|setup| tarokk_war::Game::new(self.def.rules, setup))
                {
                    Some(Ok(g)) => self.game = Some(g),
                    // A complete deal always makes a game: this is never reached.
                    _ => return steps,
                }
            } else if k == 1 || k >= 20 && (k - 20).is_multiple_of(6) {
                left = self.deal_mask();
            } else {
                left &= !(1u32 << (a % 32));
            }
        }
        // The game: the crate's own playout loop (the same draws as stepping),
        // then the actions read back from its record.
        if let Some(g) = self.game.as_mut() {
            let before = g.moves().len();
            steps += g.play_out(rng, max_steps - steps);
            self.history.extend(
                g.moves()[before..]
                    .iter()
                    .map(|mv| mv.card().index() as Action),
            );
        }
        steps
    }

    fn resample_from_infostate<R: Rng + ?Sized>(&self, player: usize, rng: &mut R) -> Self {
        let Some(me) = Player::new(player) else {
            return self.clone();
        };
        match &self.game {
            None => self.resample_deal(rng),
            Some(g) => self
                .resample_game(g, me, rng)
                .unwrap_or_else(|| self.clone()),
        }
    }
}

impl Room for TarokkWar {
    const NAME: &'static str = NAME;
    const ALIASES: &'static [&'static str] = &[];

    fn presets() -> &'static [&'static str] {
        Rules::PRESETS
    }

    /// The parameters: `rules` (`source`, `numeral_scoring`) and every field of
    /// the crate's serialised rules.
    fn param_specs() -> Vec<ParamSpec> {
        rules::rules_specs::<Rules>()
    }

    fn with_params(params: &Params) -> Result<TarokkWar, LoadError> {
        TarokkWar::new(params)
    }

    /// Before the deal, with no history.
    fn restarted(state: &TarokkWarState) -> TarokkWarState {
        TarokkWarState {
            def: state.def.clone(),
            dealt: Vec::new(),
            game: None,
            history: Vec::new(),
        }
    }

    /// The default search over the player's information sets: uniform
    /// playouts from determinised deals, no knowledge (measured: `docs/bots.md`).
    #[cfg(feature = "std")]
    type Knowledge = crate::bot::NoKnowledge;

    #[cfg(feature = "std")]
    fn search_config(budget: crate::bot::Budget, seed: u64) -> crate::bot::Config {
        crate::bot::Config::with_budget(budget, seed)
    }

    #[cfg(feature = "referee")]
    fn setup_params(_setup: &mut super::Setup, _params: &mut Params) -> Result<(), super::Failure> {
        Ok(())
    }

    #[cfg(feature = "referee")]
    fn start(
        &self,
        setup: &super::Setup,
    ) -> Result<(TarokkWarState, alloc::collections::VecDeque<Action>), super::Failure> {
        json::start(self, setup)
    }

    #[cfg(feature = "referee")]
    fn rules_json(state: &TarokkWarState) -> serde_json::Value {
        crate::referee::fields::to_json(&state.def.rules)
    }

    #[cfg(feature = "referee")]
    fn state_json(state: &TarokkWarState) -> serde_json::Value {
        json::state(state)
    }

    #[cfg(feature = "referee")]
    fn view_json(state: &TarokkWarState, player: usize) -> serde_json::Value {
        json::view(state, player)
    }

    #[cfg(feature = "referee")]
    fn score_json(state: &TarokkWarState) -> serde_json::Value {
        state.game.as_ref().map_or(serde_json::Value::Null, |g| {
            crate::referee::fields::to_json(&g.score())
        })
    }

    #[cfg(feature = "referee")]
    fn apply_logged(
        state: &mut TarokkWarState,
        action: Action,
        log: &mut Vec<crate::referee::Logged>,
    ) -> Result<serde_json::Value, ActionError> {
        json::apply_logged(state, action, log)
    }

    #[cfg(feature = "referee")]
    fn record(_state: &TarokkWarState) -> Option<String> {
        None
    }
}
