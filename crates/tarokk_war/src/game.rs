//! The game (rulings W3–W12): phase I hands of tricks for soldiers, phase II
//! battles for locations. The referee's state: it knows every card.

use alloc::vec::Vec;
use core::cmp::Ordering;

use rand_core::Rng;

use crate::awaiting::Awaiting;
use crate::cards::{Card, Cards, HAND_CARDS, LOCATIONS, TOK_VIII, ZOLD_VIII};
use crate::error::{GameError, IllegalMove, ParseError};
use crate::events::{Event, HandWin};
use crate::moves::{Move, MoveList};
use crate::outcome::{End, Outcome, Score};
use crate::player::Player;
use crate::record::Record;
use crate::report::Report;
use crate::rules::Rules;
use crate::setup::{HANDS, Setup};
use crate::stack::Stack;
use crate::view::View;

/// The most moves a game can take: 60 in phase I (ten hands of at most six
/// cards), 18 in phase II (a battle takes two moves and a soldier from each side,
/// and there are 18 soldiers). The record is allocated once, at this size.
const LONGEST_GAME: usize = 60 + 18;

/// The referee's game: it knows every card (W11); [`Game::view`] gives what one
/// player may see.
///
/// ```
/// use rand_core::SeedableRng;
/// use tarokk_war::{Awaiting, Game, Rules};
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let mut game = Game::random(Rules::default(), &mut rng)?;
/// // Phase I: the dealer leads; any card may be played (W3).
/// assert!(matches!(game.awaiting(), Awaiting::Play(p) if p == game.setup().first_dealer));
/// let card = game.legal_moves()[0];
/// game.play(card)?;
/// // Play it out at random.
/// while let Some(mv) = game.random_move(&mut rng) {
///     game.play(mv)?;
/// }
/// println!("{}", game.outcome().expect("every game ends"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub(crate) rules: Rules,
    pub(crate) setup: Setup,
    // Phase I.
    /// The hand being played, from 0.
    pub(crate) hand_no: u8,
    pub(crate) dealer: Player,
    pub(crate) hands: [Cards; 2],
    /// The cards each player took this hand.
    pub(crate) taken: [Cards; 2],
    pub(crate) pot: Cards,
    /// The card led to the current trick, face up.
    pub(crate) led: Option<Card>,
    pub(crate) leader: Player,
    pub(crate) to_act: Player,
    pub(crate) next_soldier: u8,
    pub(crate) soldiers: [Cards; 2],
    /// Who drew the tök VIII and so took the top location (W5).
    pub(crate) tok_viii: Option<Player>,
    // Phase II.
    pub(crate) phase_two: bool,
    /// The front's defender (set to the tök VIII's drawer when it is drawn, W6).
    pub(crate) defender: Player,
    pub(crate) front: Option<Card>,
    pub(crate) face_down: Option<Card>,
    pub(crate) reserves: [Stack; 2],
    pub(crate) holdings: [Stack; 2],
    pub(crate) graveyard_up: Cards,
    pub(crate) graveyard_down: Cards,
    pub(crate) outcome: Option<Outcome>,
    record: Vec<Move>,
}

impl Game {
    /// A new game from `setup`'s shuffles; the first hand is dealt at once.
    ///
    /// # Errors
    /// [`GameError::Rules`] for rules that do not validate, [`GameError::Setup`]
    /// for a setup that does not ([`Setup::validate`]).
    pub fn new(rules: Rules, setup: Setup) -> Result<Game, GameError> {
        rules.validate()?;
        setup.validate()?;
        let mut g = Game {
            rules,
            setup,
            hand_no: 0,
            dealer: setup.first_dealer,
            hands: [Cards::default(); 2],
            taken: [Cards::default(); 2],
            pot: Cards::default(),
            led: None,
            leader: setup.first_dealer,
            to_act: setup.first_dealer,
            next_soldier: 0,
            soldiers: [Cards::default(); 2],
            tok_viii: None,
            phase_two: false,
            defender: setup.first_dealer,
            front: None,
            face_down: None,
            reserves: [Stack::default(); 2],
            holdings: [Stack::default(); 2],
            graveyard_up: Cards::default(),
            graveyard_down: Cards::default(),
            outcome: None,
            record: Vec::with_capacity(LONGEST_GAME),
        };
        g.deal_hand(&mut |_: Event| {});
        Ok(g)
    }

    /// A game with a random setup ([`Setup::random`]).
    ///
    /// # Errors
    /// [`GameError::Rules`] for rules that do not validate.
    pub fn random<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Result<Game, GameError> {
        Game::new(rules, Setup::random(rng))
    }

    /// The game after `moves` from `setup`.
    ///
    /// # Errors
    /// As [`Game::new`], and [`GameError::Replay`] for the first move refused (its
    /// index in `moves`, from 0).
    pub fn replay(rules: Rules, setup: Setup, moves: &[Move]) -> Result<Game, GameError> {
        let mut g = Game::new(rules, setup)?;
        g.record.reserve(moves.len());
        for (number, &mv) in moves.iter().enumerate() {
            g.play(mv)
                .map_err(|error| GameError::Replay { number, mv, error })?;
        }
        Ok(g)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The setup (every shuffle: the referee's knowledge).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The moves made so far.
    pub fn moves(&self) -> &[Move] {
        &self.record
    }

    /// The stored game: rules, setup and the moves so far ([`Record::replay`] gives
    /// this game back).
    pub fn record(&self) -> Record {
        Record {
            rules: self.rules,
            setup: self.setup,
            moves: self.record.clone(),
        }
    }

    /// What the game waits for: a card play, the defender's soldier, the attacker's
    /// soldier, or nothing.
    pub fn awaiting(&self) -> Awaiting {
        if self.outcome.is_some() {
            Awaiting::Over
        } else if !self.phase_two {
            Awaiting::Play(self.to_act)
        } else if self.face_down.is_none() {
            Awaiting::Defend(self.defender)
        } else {
            Awaiting::Attack(self.defender.other())
        }
    }

    /// The player whose decision is next (the player of [`Game::awaiting`]). Once
    /// the game is over it names the last front's defender; `awaiting` says `Over`.
    pub fn to_move(&self) -> Player {
        match self.awaiting() {
            Awaiting::Play(p) | Awaiting::Defend(p) | Awaiting::Attack(p) => p,
            Awaiting::Over => self.defender,
        }
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The points each player owns now (W10): in phase I the tök VIII's location,
    /// if drawn; in phase II reserves, holdings and the front, for its defender.
    /// Final once the game is over.
    pub fn score(&self) -> Score {
        let mut points = [0u32; 2];
        let value = |c: Card| self.rules.location_points(c);
        if !self.phase_two {
            if let Some(p) = self.tok_viii {
                points[p.index()] = value(LOCATIONS[0]);
            }
        } else {
            for p in Player::all(2) {
                let i = p.index();
                points[i] = self.reserves[i]
                    .iter()
                    .chain(self.holdings[i].iter())
                    .map(value)
                    .sum();
            }
            if let Some(front) = self.front {
                points[self.defender.index()] += value(front);
            }
        }
        Score { points }
    }

    /// Whether phase II has begun.
    pub fn in_phase_two(&self) -> bool {
        self.phase_two
    }

    /// Phase I: the hand being played, from 1 to [`HANDS`] (the last hand's number
    /// in phase II).
    pub fn hand_number(&self) -> u8 {
        self.hand_no + 1
    }

    /// Phase I: who dealt the hand being played (and led its first trick).
    pub fn dealer(&self) -> Player {
        self.dealer
    }

    /// Phase I: `player`'s hand (the referee's knowledge; a view shows only one's
    /// own). Empty in phase II.
    pub fn hand(&self, player: Player) -> impl Iterator<Item = Card> + use<> {
        self.hands[player.index()].iter()
    }

    /// Phase I: the card led to the current trick (face up), if any.
    pub fn led(&self) -> Option<Card> {
        self.led
    }

    /// Phase I: the cards in the pot (equal values, W3), for the next trick's taker.
    pub fn pot(&self) -> impl Iterator<Item = Card> + use<> {
        self.pot.iter()
    }

    /// Phase I: the cards `player` took this hand. Empty in phase II.
    pub fn taken(&self, player: Player) -> impl Iterator<Item = Card> + use<> {
        self.taken[player.index()].iter()
    }

    /// `player`'s soldiers (the referee's knowledge; a view shows only one's own).
    pub fn soldiers(&self, player: Player) -> impl Iterator<Item = Card> + use<> {
        self.soldiers[player.index()].iter()
    }

    /// The soldiers still in the pile, top first (the referee's knowledge).
    pub fn soldier_pile(&self) -> &[Card] {
        self.setup
            .soldiers
            .get(self.next_soldier as usize..)
            .unwrap_or(&[])
    }

    /// The locations still in the pile in phase I (all but the one taken with the
    /// tök VIII), top first; empty in phase II (W6).
    pub fn location_pile(&self) -> &[Card] {
        if self.phase_two {
            &[]
        } else if self.tok_viii.is_some() {
            &LOCATIONS[1..]
        } else {
            &LOCATIONS
        }
    }

    /// The location taken with the tök VIII in phase I (W5), and by whom.
    pub fn tok_viii_location(&self) -> Option<(Player, Card)> {
        self.tok_viii.map(|p| (p, LOCATIONS[0]))
    }

    /// Phase II: the front being fought over, and its defender.
    pub fn front(&self) -> Option<(Card, Player)> {
        self.front.map(|c| (c, self.defender))
    }

    /// Phase II: the defender's face-down soldier, if laid (the referee's knowledge).
    pub fn face_down(&self) -> Option<Card> {
        self.face_down
    }

    /// `player`'s reserve, bottom first (face down: the referee's knowledge).
    pub fn reserve(&self, player: Player) -> impl Iterator<Item = Card> + '_ {
        self.reserves[player.index()].iter()
    }

    /// `player`'s holdings (locations won or kept, face up), bottom first.
    pub fn holdings(&self, player: Player) -> impl Iterator<Item = Card> + '_ {
        self.holdings[player.index()].iter()
    }

    /// The graveyard's face-up cards: the hand cards in phase II (W6) and the
    /// soldiers of every battle (W7, W10).
    pub fn graveyard_face_up(&self) -> impl Iterator<Item = Card> + use<> {
        self.graveyard_up.iter()
    }

    /// The graveyard's face-down cards: the buried tök VIII (W5).
    pub fn graveyard_face_down(&self) -> impl Iterator<Item = Card> + use<> {
        self.graveyard_down.iter()
    }

    /// The legal moves: the cards the awaited player may move, as moves of the
    /// awaited kind; empty once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let (held, kind): (Cards, fn(Card) -> Move) = match self.awaiting() {
            Awaiting::Play(p) => (self.hands[p.index()], Move::Play),
            Awaiting::Defend(p) => (self.soldiers[p.index()], Move::Defend),
            Awaiting::Attack(p) => (self.soldiers[p.index()], Move::Attack),
            Awaiting::Over => return list,
        };
        list.extend(held.iter().map(kind));
        list
    }

    /// Reads a move, a bare card being of the kind awaited now (a play in phase I,
    /// the defender's or the attacker's soldier in phase II).
    ///
    /// # Errors
    /// [`ParseError::Move`] for text that is not a move.
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        let mv: Move = text.parse()?;
        Ok(match (mv, self.awaiting()) {
            (Move::Play(c), Awaiting::Defend(_)) => Move::Defend(c),
            (Move::Play(c), Awaiting::Attack(_)) => Move::Attack(c),
            (m, _) => m,
        })
    }

    /// Checks `mv` without making it.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] once the game is over; [`IllegalMove::WrongPhase`]
    /// for a play in phase II or a soldier in phase I; [`IllegalMove::DefenderFirst`]
    /// for an attack before the defender laid, [`IllegalMove::AttackerNext`] for a
    /// second defender's soldier; [`IllegalMove::NotHeld`] for a card the mover does
    /// not hold.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.mover(mv).map(|_| ())
    }

    /// The player who would make `mv`, if it is legal now.
    #[inline]
    fn mover(&self, mv: Move) -> Result<Player, IllegalMove> {
        let (player, held) = match (mv, self.awaiting()) {
            (_, Awaiting::Over) => return Err(IllegalMove::GameOver),
            (Move::Play(_), Awaiting::Play(p)) => (p, self.hands[p.index()]),
            (Move::Defend(_), Awaiting::Defend(p)) | (Move::Attack(_), Awaiting::Attack(p)) => {
                (p, self.soldiers[p.index()])
            }
            (Move::Attack(_), Awaiting::Defend(_)) => return Err(IllegalMove::DefenderFirst),
            (Move::Defend(_), Awaiting::Attack(_)) => return Err(IllegalMove::AttackerNext),
            (Move::Play(_), _) | (_, Awaiting::Play(_)) => return Err(IllegalMove::WrongPhase),
        };
        if held.has(mv.card()) {
            Ok(player)
        } else {
            Err(IllegalMove::NotHeld(mv.card()))
        }
    }

    /// Whether `mv` is legal now (`check(mv).is_ok()`).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Makes `mv` and says what it did. Atomic: a refused move changes nothing.
    ///
    /// # Errors
    /// As [`Game::check`].
    pub fn play(&mut self, mv: Move) -> Result<Report, IllegalMove> {
        self.play_traced(mv, &mut |_: Event| {})
    }

    /// Makes `mv` as [`Game::play`] does, giving each step to `observer` as an
    /// [`Event`] (the referee's events, every card named; [`Event::seen_by`] gives
    /// each player's), and returns the same [`Report`]. Allocates nothing but the
    /// move's place in the record.
    ///
    /// # Errors
    /// As [`Game::check`]; nothing changes then and the observer hears nothing.
    pub fn play_traced(
        &mut self,
        mv: Move,
        observer: &mut impl FnMut(Event),
    ) -> Result<Report, IllegalMove> {
        let mut report = Report::new(self.mover(mv)?);
        self.apply(mv, &mut |e: Event| {
            report.note(&e);
            observer(e);
        });
        Ok(report)
    }

    /// Gives the events of the game's start (the first hand dealt) to `observer`,
    /// as [`Game::play_traced`] gives a move's.
    pub fn opening_events(&self, observer: &mut impl FnMut(Event)) {
        let dealer = self.setup.first_dealer;
        let [one, two] = dealt_cards(&self.setup, 0, dealer);
        observer(Event::Dealt {
            hand: 1,
            dealer,
            cards: [Some(one), Some(two)],
        });
    }

    pub(crate) fn apply(&mut self, mv: Move, log: &mut impl FnMut(Event)) {
        self.record.push(mv);
        match mv {
            Move::Play(card) => self.play_card(card, log),
            Move::Defend(card) => {
                let p = self.defender;
                self.soldiers[p.index()].remove(card);
                self.face_down = Some(card);
                log(Event::Laid {
                    player: p,
                    card: Some(card),
                });
            }
            Move::Attack(card) => {
                // `check` accepts an attack only once the defender has laid (W7).
                let Some(defending) = self.face_down.take() else {
                    return;
                };
                let attacker = self.defender.other();
                self.soldiers[attacker.index()].remove(card);
                self.graveyard_up.add(card);
                self.graveyard_up.add(defending);
                let winner = if self.rules.strength(card) > self.rules.strength(defending) {
                    attacker
                } else {
                    self.defender // equal strength: the defender wins (W7)
                };
                log(Event::Battle {
                    attacker: card,
                    defender: defending,
                    winner,
                });
                self.after_battle(winner, log);
            }
        }
    }

    // ----- phase I -----

    fn deal_hand(&mut self, log: &mut impl FnMut(Event)) {
        let [one, two] = dealt_cards(&self.setup, self.hand_no, self.dealer);
        self.hands = [Cards::of(&one), Cards::of(&two)];
        self.taken = [Cards::default(); 2];
        self.pot = Cards::default();
        self.led = None;
        self.leader = self.dealer;
        self.to_act = self.dealer;
        log(Event::Dealt {
            hand: self.hand_no + 1,
            dealer: self.dealer,
            cards: [Some(one), Some(two)],
        });
    }

    fn play_card(&mut self, card: Card, log: &mut impl FnMut(Event)) {
        let p = self.to_act;
        self.hands[p.index()].remove(card);
        log(Event::Played { player: p, card });
        if card == ZOLD_VIII {
            // Its player wins the hand at once: the opponent cannot have four cards
            // yet, or the hand would be over (W4).
            return self.end_hand(p, HandWin::ZoldVIII, log);
        }
        let Some(led) = self.led.take() else {
            self.led = Some(card);
            self.to_act = p.other();
            return;
        };
        if led.numeral() == card.numeral() {
            self.pot.add(led);
            self.pot.add(card);
            log(Event::Pot {
                cards: self.pot.len() as u8,
            });
            self.to_act = self.leader;
            return;
        }
        let winner = if card.numeral() > led.numeral() {
            p
        } else {
            p.other()
        };
        let pot = core::mem::take(&mut self.pot);
        let taken = &mut self.taken[winner.index()];
        *taken = taken.union(pot).with(led).with(card);
        log(Event::Took {
            player: winner,
            cards: if pot.is_empty() {
                2
            } else {
                2 + pot.len() as u8
            },
        });
        if taken.has_four() {
            return self.end_hand(winner, HandWin::FourCards, log);
        }
        self.leader = winner;
        self.to_act = winner;
    }

    fn end_hand(&mut self, winner: Player, by: HandWin, log: &mut impl FnMut(Event)) {
        log(Event::HandWon { player: winner, by });
        for p in [winner, winner.other()] {
            let Some(&card) = self.setup.soldiers.get(self.next_soldier as usize) else {
                break;
            };
            self.next_soldier += 1;
            log(Event::Drew {
                player: p,
                card: Some(card),
            });
            if card == TOK_VIII {
                self.graveyard_down.add(card);
                self.tok_viii = Some(p);
                // Its drawer defends first in phase II (W6).
                self.defender = p;
                log(Event::TokVIII {
                    player: p,
                    location: LOCATIONS[0],
                });
            } else {
                self.soldiers[p.index()].add(card);
            }
        }
        if self.next_soldier as usize >= self.setup.soldiers.len() {
            self.start_phase_two(log);
        } else {
            self.hand_no += 1;
            self.dealer = self.dealer.other();
            self.deal_hand(log);
        }
    }

    // ----- phase II -----

    fn start_phase_two(&mut self, log: &mut impl FnMut(Event)) {
        self.phase_two = true;
        // The hand cards go to the graveyard (W6): none is left in a hand, on the
        // table, in the pot or among the cards taken.
        self.hands = [Cards::default(); 2];
        self.taken = [Cards::default(); 2];
        self.pot = Cards::default();
        self.led = None;
        for c in HAND_CARDS {
            self.graveyard_up.add(c);
        }
        // The tök VIII's drawer (set as the defender when drawn) defends the top
        // location; the other six are dealt alternately, attacker first, the last
        // dealt on top.
        let defender = self.defender;
        let front = LOCATIONS[0];
        self.front = Some(front);
        let attacker = defender.other();
        for (k, &c) in LOCATIONS[1..].iter().enumerate() {
            let to = if k % 2 == 0 { attacker } else { defender };
            self.reserves[to.index()].push(c);
        }
        log(Event::Front {
            defender,
            location: front,
        });
        self.next_battle(log);
    }

    /// Plays unopposed captures until a battle needs a choice, or ends phase II.
    fn next_battle(&mut self, log: &mut impl FnMut(Event)) {
        loop {
            let attacker = self.defender.other();
            let Some(card) = self.soldiers[attacker.index()].iter().next() else {
                return self.finish(None, log); // the attacker has no soldier (W10)
            };
            if !self.soldiers[self.defender.index()].is_empty() {
                return; // a battle: the defender chooses
            }
            // The defender has none: the attacker's soldier takes the front (W10).
            self.soldiers[attacker.index()].remove(card);
            self.graveyard_up.add(card);
            log(Event::Unopposed {
                player: attacker,
                card,
            });
            if !self.after_battle_inner(attacker, log) {
                return;
            }
        }
    }

    fn after_battle(&mut self, winner: Player, log: &mut impl FnMut(Event)) {
        if self.after_battle_inner(winner, log) {
            self.next_battle(log);
        }
    }

    /// The front's fate and the loser's new front (W9); false if the game ended.
    fn after_battle_inner(&mut self, winner: Player, log: &mut impl FnMut(Event)) -> bool {
        let defender = self.defender;
        if let Some(front) = self.front.take() {
            self.holdings[winner.index()].push(front);
            log(Event::Location {
                holder: winner,
                location: front,
                captured: winner != defender,
            });
        }
        let loser = winner.other();
        let next = self.reserves[loser.index()]
            .pop()
            .or_else(|| self.holdings[loser.index()].pop());
        match next {
            Some(front) => {
                self.defender = loser;
                self.front = Some(front);
                log(Event::Front {
                    defender: loser,
                    location: front,
                });
                true
            }
            None => {
                log(Event::Conquered { player: loser });
                self.finish(Some(loser), log);
                false
            }
        }
    }

    /// Ends the game: by conquest of `conquered` (W9), or on points when the
    /// attacker has no soldier left (W10).
    fn finish(&mut self, conquered: Option<Player>, log: &mut impl FnMut(Event)) {
        let score = self.score();
        let (winner, reason) = match conquered {
            Some(loser) => (Some(loser.other()), End::Conquest),
            None => {
                let [one, two] = score.points;
                let winner = match one.cmp(&two) {
                    Ordering::Greater => Some(Player::One),
                    Ordering::Less => Some(Player::Two),
                    Ordering::Equal => None,
                };
                (winner, End::OutOfSoldiers)
            }
        };
        let outcome = Outcome::new(winner, reason, score);
        self.outcome = Some(outcome);
        log(Event::GameOver { outcome });
    }

    /// The view of `player` (W11): what they may see, and nothing else.
    pub fn view(&self, player: Player) -> View {
        View::new(self, player)
    }
}

/// The cards of hand `hand_no` (from 0) dealt by `dealer`, player 1's first: the
/// first three cards of its order to the dealer's opponent, the last three to the
/// dealer (W2).
fn dealt_cards(setup: &Setup, hand_no: u8, dealer: Player) -> [[Card; 3]; 2] {
    let order = setup.hands[(hand_no as usize).min(HANDS - 1)];
    let (first, last) = (
        [order[0], order[1], order[2]],
        [order[3], order[4], order[5]],
    );
    match dealer {
        Player::One => [last, first],
        Player::Two => [first, last],
    }
}

#[cfg(test)]
mod tests {
    use super::{Game, LONGEST_GAME};
    use crate::rules::Rules;
    use rand_core::SeedableRng;

    /// The record is allocated once, at the longest game's size: no game, however
    /// it is played (W12: every decision is a move), outgrows it.
    #[test]
    fn no_game_outgrows_its_record() {
        let mut longest = 0;
        for seed in 0..200 {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            let mut g = Game::random(Rules::default(), &mut rng).unwrap();
            let capacity = g.record.capacity();
            assert!(capacity >= LONGEST_GAME);
            g.play_out(&mut rng, usize::MAX);
            assert!(g.outcome().is_some(), "seed {seed}");
            assert_eq!(
                g.record.capacity(),
                capacity,
                "seed {seed}: the record grew"
            );
            longest = longest.max(g.record.len());
        }
        // Random games come near the bound (60 + 18 moves), well past its half.
        assert!(
            longest > LONGEST_GAME / 2,
            "the longest game took {longest} moves"
        );
    }
}
