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
use alloc::sync::Arc;
use alloc::vec::Vec;

use rand_core::Rng;
use tarokk_war::{
    Awaiting, Card, Event, HAND_CARDS, HANDS, Laid, Move, Player, Rules, SOLDIERS, Setup, TOK_VIII,
};

use super::rules::{self, RulesParams};
use crate::action::{Action, ActionError, ActionList, NotationError};
use crate::info::{ChanceMode, GameInfo, Information, Utility};
use crate::interface::{Game, PerPlayer, State};
use crate::params::{ParamSpec, Params};
use crate::prob::Prob;
use crate::registry::LoadError;
use crate::rng::below;
use crate::turn::Turn;

const NAME: &str = "tarokk_war";
const CARDS: usize = 32;
/// Chance nodes of the deal: the first dealer, the soldiers, the hands.
const DEAL: usize = 1 + 19 + 6 * HANDS;
/// Card planes and numbers of the observation (see `observation_tensor`).
const CARD_PLANES: usize = 14;
const SCALARS: usize = 17;
const OBS: usize = CARD_PLANES * CARDS + SCALARS;

impl RulesParams for Rules {
    const PRESETS: &'static [&'static str] = Rules::PRESETS;
    fn preset(name: &str) -> Result<Rules, String> {
        Rules::preset(name).map_err(|e| e.to_string())
    }
}

/// The card battle under one set of parameters.
#[derive(Clone, Debug)]
pub struct TarokkWar {
    def: Arc<Def>,
}

#[derive(Debug)]
struct Def {
    info: GameInfo,
    rules: Rules,
}

impl TarokkWar {
    /// The rules presets' names, the default first (the game crate's
    /// `Rules::PRESETS`).
    pub fn presets() -> &'static [&'static str] {
        Rules::PRESETS
    }

    /// The parameters: `rules` (`source`, `numeral_scoring`) and every field of
    /// the crate's serialised rules.
    pub fn param_specs() -> Vec<ParamSpec> {
        rules::rules_specs::<Rules>()
    }

    /// The game with these parameters (the rest at their defaults).
    ///
    /// # Errors
    /// [`LoadError`] for an unknown parameter or a value the crate refuses.
    pub fn new(params: &Params) -> Result<TarokkWar, LoadError> {
        let mut params = params.clone();
        let (rules, described) = rules::rules_from::<Rules>(NAME, &mut params)?;
        rules::no_more(NAME, &params, &TarokkWar::param_specs())?;
        let info = GameInfo {
            short_name: NAME,
            long_name: "Tarokk war",
            params: described,
            num_players: 2,
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
            def: Arc::new(Def { info, rules }),
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

/// The chance outcomes that deal `setup`.
fn deal_actions(setup: &Setup) -> Vec<Action> {
    let mut v = Vec::with_capacity(DEAL);
    v.push(setup.first_dealer.index() as Action);
    v.extend(setup.soldiers.iter().map(|c| c.index() as Action));
    for h in &setup.hands {
        v.extend(h.iter().map(|c| c.index() as Action));
    }
    v
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
    def: Arc<Def>,
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

/// The soldiers' and the hand cards' bit sets over card indices.
const SOLDIER_MASK: u32 = mask_of(&SOLDIERS);
const HAND_MASK: u32 = mask_of(&HAND_CARDS);

const fn mask_of(cards: &[Card]) -> u32 {
    let mut m = 0u32;
    let mut i = 0;
    while i < cards.len() {
        m |= 1 << cards[i].index();
        i += 1;
    }
    m
}

/// The set bits of `m`, lowest first.
fn bits(mut m: u32) -> impl Iterator<Item = Action> {
    core::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let b = m.trailing_zeros();
        m &= m - 1;
        Some(b)
    })
}

fn card(a: Action) -> Option<Card> {
    u8::try_from(a).ok().and_then(Card::from_index)
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

    /// The state before the deal, with no history.
    pub fn restarted(&self) -> TarokkWarState {
        TarokkWarState {
            def: self.def.clone(),
            dealt: Vec::new(),
            game: None,
            history: Vec::new(),
        }
    }

    /// The outcomes still possible at the current deal node, as a bit set over
    /// the action ids (the first dealer: 0 and 1; then card indices).
    fn deal_mask(&self) -> u32 {
        let k = self.dealt.len();
        if k == 0 {
            return 0b11;
        }
        let (pool, used) = if k <= 19 {
            (SOLDIER_MASK, &self.dealt[1..])
        } else {
            let hand = (k - 20) / 6;
            (HAND_MASK, &self.dealt[20 + hand * 6..])
        };
        used.iter().fold(pool, |m, &a| m & !(1u32 << (a % 32)))
    }

    /// The outcomes still possible at the current deal node, in increasing order.
    fn deal_outcomes(&self) -> Vec<Action> {
        bits(self.deal_mask()).collect()
    }

    /// The setup, once the deal is complete.
    fn setup_of(dealt: &[Action]) -> Option<Setup> {
        if dealt.len() != DEAL {
            return None;
        }
        let first_dealer = Player::new(dealt[0] as usize)?;
        let mut soldiers = SOLDIERS;
        for (slot, &a) in soldiers.iter_mut().zip(&dealt[1..20]) {
            *slot = card(a)?;
        }
        let mut hands = [HAND_CARDS; HANDS];
        for (h, hand) in hands.iter_mut().enumerate() {
            for (slot, &a) in hand.iter_mut().zip(&dealt[20 + h * 6..26 + h * 6]) {
                *slot = card(a)?;
            }
        }
        Some(Setup {
            first_dealer,
            soldiers,
            hands,
        })
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

    /// Every event of the game so far, from its setup, as `viewer` saw them (or
    /// all of them for `None`).
    fn events(&self, viewer: Option<Player>) -> Vec<Event> {
        let mut out = Vec::new();
        let Some(g) = &self.game else { return out };
        let Ok(mut replay) = tarokk_war::Game::new(self.def.rules, *g.setup()) else {
            return out;
        };
        let mut keep = |e: Event| out.push(viewer.map_or(e, |v| e.seen_by(v)));
        replay.opening_events(&mut keep);
        for &mv in g.moves() {
            if replay.play_traced(mv, &mut keep).is_err() {
                break;
            }
        }
        out
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
        let Some(p) = Player::new(player) else {
            return String::new();
        };
        match &self.game {
            Some(g) => g.view(p).to_string(),
            None => format!(
                "dealing: {} of {DEAL} cards and coins dealt\n",
                self.dealt.len()
            ),
        }
    }

    fn information_state_string(&self, player: usize) -> String {
        let Some(p) = Player::new(player) else {
            return String::new();
        };
        let mut s = format!("player {}; ", player + 1);
        match self.dealt.first() {
            Some(&d) => s.push_str(&format!("first dealer {}", d + 1)),
            None => s.push_str("first dealer ?"),
        }
        if self.game.is_none() {
            s.push_str(&format!("; dealing {}", self.dealt.len()));
            return s;
        }
        for e in self.events(Some(p)) {
            s.push('\n');
            s.push_str(&serde_json::to_string(&e).unwrap_or_default());
        }
        s
    }

    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        out.fill(0.0);
        let (Some(g), Some(me)) = (&self.game, Player::new(player)) else {
            return;
        };
        let v = g.view(me);
        let mut put = |plane: usize, c: Card| {
            if let Some(x) = out.get_mut(plane * CARDS + c.index()) {
                *x = 1.0;
            }
        };
        for &c in &v.hand {
            put(0, c);
        }
        if let Some(c) = v.led {
            put(1, c);
        }
        for &c in &v.soldiers {
            put(5, c);
        }
        if let Some((c, _)) = v.front {
            put(6, c);
        }
        if let Laid::Known(c) = v.laid {
            put(7, c);
        }
        for &c in &v.reserve {
            put(8, c);
        }
        for &c in &v.holdings[me.index()] {
            put(9, c);
        }
        for &c in &v.holdings[me.other().index()] {
            put(10, c);
        }
        for &c in &v.graveyard {
            put(11, c);
        }
        if let Some((who, c)) = v.tok_viii {
            put(if who == me { 12 } else { 13 }, c);
        }
        // The pot and the taken cards are public in phase I: their counts.
        let s = CARD_PLANES * CARDS;
        let scalars = [
            f32::from(v.opponent_hand),
            f32::from(v.opponent_soldiers),
            f32::from(v.soldier_pile),
            f32::from(v.opponent_reserve),
            f32::from(v.graveyard_face_down),
            f32::from(v.hand_number),
            f32::from(u8::from(v.phase_two)),
            f32::from(u8::from(v.laid == Laid::FaceDown)),
            f32::from(u8::from(matches!(v.awaiting, Awaiting::Play(_)))),
            f32::from(u8::from(matches!(v.awaiting, Awaiting::Defend(_)))),
            f32::from(u8::from(matches!(v.awaiting, Awaiting::Attack(_)))),
            f32::from(u8::from(v.awaiting.player() == Some(me))),
            f32::from(u8::from(v.front.is_some_and(|(_, d)| d == me))),
            f32::from(v.pot),
            f32::from(v.taken[me.index()]),
            f32::from(v.taken[me.other().index()]),
            v.score.points[me.index()] as f32 - v.score.points[me.other().index()] as f32,
        ];
        if let Some(dst) = out.get_mut(s..s + SCALARS) {
            dst.copy_from_slice(&scalars);
        }
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

/// Shuffles `v` uniformly (Fisher–Yates with [`below`]).
fn shuffle<T, R: Rng + ?Sized>(v: &mut [T], rng: &mut R) {
    for i in (1..v.len()).rev() {
        let j = below(rng, (i + 1) as u32) as usize;
        v.swap(i, j);
    }
}

impl TarokkWarState {
    /// During the deal nobody has seen a card: a deal of the same length, the first
    /// dealer kept.
    fn resample_deal<R: Rng + ?Sized>(&self, rng: &mut R) -> Self {
        let mut s = self.clone();
        let n = self.dealt.len();
        if n <= 1 {
            return s;
        }
        let mut soldiers: Vec<Action> = SOLDIERS.iter().map(|c| c.index() as Action).collect();
        shuffle(&mut soldiers, rng);
        let mut deal: Vec<Action> = alloc::vec![self.dealt[0]];
        deal.extend(soldiers);
        for _ in 0..HANDS {
            let mut hand: Vec<Action> = HAND_CARDS.iter().map(|c| c.index() as Action).collect();
            shuffle(&mut hand, rng);
            deal.extend(hand);
        }
        deal.truncate(n);
        s.dealt = deal.clone();
        s.history = deal;
        s
    }

    /// A game `me` cannot tell from this one: see the module docs.
    fn resample_game<R: Rng + ?Sized>(
        &self,
        g: &tarokk_war::Game,
        me: Player,
        rng: &mut R,
    ) -> Option<Self> {
        let opp = me.other();
        let setup = *g.setup();
        // Who drew each pile position, in order.
        let mut drawers: Vec<Player> = Vec::new();
        for e in self.events(None) {
            if let Event::Drew { player, .. } = e {
                drawers.push(player);
            }
        }
        let drawn = drawers.len();
        let tok_at = setup.soldiers[..drawn].iter().position(|&c| c == TOK_VIII);
        // The opponent's drawn soldiers it has shown (laid face up, turned, or
        // taken unopposed): drawn, no longer held, not the face-down one.
        let held: Vec<Card> = g.soldiers(opp).collect();
        let face_down = match g.face_down() {
            Some(c) if g.front().is_some_and(|(_, d)| d == opp) => Some(c),
            _ => None,
        };
        let opp_cards: Vec<Card> = (0..drawn)
            .filter(|&i| drawers[i] == opp && Some(i) != tok_at)
            .map(|i| setup.soldiers[i])
            .collect();
        let shown: Vec<Card> = opp_cards
            .iter()
            .copied()
            .filter(|c| !held.contains(c) && Some(*c) != face_down)
            .collect();
        // The hidden pool: every soldier not mine, not the public tök VIII, not shown.
        let mine: Vec<Card> = (0..drawn)
            .filter(|&i| drawers[i] == me)
            .map(|i| setup.soldiers[i])
            .collect();
        let mut pool: Vec<Card> = SOLDIERS
            .iter()
            .copied()
            .filter(|c| {
                !(mine.contains(c) || shown.contains(c) || tok_at.is_some() && *c == TOK_VIII)
            })
            .collect();
        // The tök VIII, if undrawn, must stay undrawn (its draw would have been public).
        let tok_hidden = tok_at.is_none();
        pool.retain(|&c| !(tok_hidden && c == TOK_VIII));
        shuffle(&mut pool, rng);
        let opp_slots: Vec<usize> = (0..drawn)
            .filter(|&i| drawers[i] == opp && Some(i) != tok_at)
            .collect();
        let hidden_opp = opp_slots.len().checked_sub(shown.len())?;
        // Every list is put in an order the player can know before it is shuffled,
        // so that the draw depends on the player's view and the generator alone:
        // the shown cards in card order (not the order they were drawn in).
        let mut opp_new: Vec<Card> = shown.clone();
        opp_new.sort_unstable_by_key(|c| c.index());
        opp_new.extend(pool.drain(..hidden_opp.min(pool.len())));
        shuffle(&mut opp_new, rng);
        let mut rest = pool;
        if tok_hidden {
            rest.push(TOK_VIII);
        }
        shuffle(&mut rest, rng);
        let mut soldiers = setup.soldiers;
        for (slot, c) in opp_slots.iter().zip(&opp_new) {
            soldiers[*slot] = *c;
        }
        let undrawn: Vec<usize> = (drawn..19).collect();
        if undrawn.len() != rest.len() {
            return None;
        }
        for (slot, c) in undrawn.iter().zip(&rest) {
            soldiers[*slot] = *c;
        }
        // Hands not dealt yet: any order.
        let mut hands = setup.hands;
        let dealt_hands = usize::from(g.hand_number()).min(HANDS);
        if !g.in_phase_two() {
            for hand in hands.iter_mut().skip(dealt_hands) {
                hand.sort_unstable_by_key(|c| c.index());
                shuffle(hand, rng);
            }
        }
        let new_setup = Setup {
            soldiers,
            hands,
            ..setup
        };
        // The opponent's face-down soldier: any it still holds in this deal.
        let mut moves: Vec<Move> = g.moves().to_vec();
        if face_down.is_some() {
            let unused: Vec<Card> = opp_new
                .iter()
                .copied()
                .filter(|c| !shown.contains(c))
                .collect();
            let pick = *unused.get(below(rng, unused.len() as u32) as usize)?;
            if let Some(Move::Defend(c)) = moves.last_mut() {
                *c = pick;
            }
        }
        let game = tarokk_war::Game::replay(self.def.rules, new_setup, &moves).ok()?;
        let mut history = deal_actions(&new_setup);
        history.extend(moves.iter().map(|m| m.card().index() as Action));
        Some(TarokkWarState {
            def: self.def.clone(),
            dealt: deal_actions(&new_setup),
            game: Some(game),
            history,
        })
    }
}
