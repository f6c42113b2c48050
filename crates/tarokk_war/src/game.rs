//! The game (rulings W3–W12): phase I hands of tricks for soldiers, phase II
//! battles for locations, events that say what each player may see.

use alloc::vec::Vec;
use core::fmt;

use rand_core::Rng;

use crate::cards::{Card, Cards, HAND_CARDS, LOCATIONS, TOK_VIII, ZOLD_VIII};
use crate::deal::{Deal, HANDS, below};
use crate::error::{GameError, IllegalMove};
use crate::rules::Rules;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Player {
    /// Player 1.
    One,
    /// Player 2.
    Two,
}

impl Player {
    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for Player 1, 1 for Player 2.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::One => "player 1",
            Player::Two => "player 2",
        })
    }
}

/// A decision (ruling W12): in phase I the card played to a trick; in phase II
/// the defender's face-down soldier, then the attacker's face-up one. Prints as
/// the card's Hungarian name, `lay CARD`, `attack CARD`; parses those and bare
/// cards (the kind is then the one the game awaits: see [`Game::parse_move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Move {
    /// Phase I: play a hand card to the trick (W3).
    Play(Card),
    /// Phase II: the defender lays a soldier face down (W7).
    Defend(Card),
    /// Phase II: the attacker lays a soldier face up (W7).
    Attack(Card),
}

impl Move {
    /// The card moved.
    pub const fn card(self) -> Card {
        match self {
            Move::Play(c) | Move::Defend(c) | Move::Attack(c) => c,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(c) => write!(f, "{c}"),
            Move::Defend(c) => write!(f, "lay {c}"),
            Move::Attack(c) => write!(f, "attack {c}"),
        }
    }
}

impl core::str::FromStr for Move {
    type Err = crate::ParseError;
    /// `lay CARD` or `attack CARD`, or a bare card for a phase-I play.
    fn from_str(s: &str) -> Result<Move, crate::ParseError> {
        let s = s.trim();
        let word = |p: &str| {
            s.get(..p.len())
                .filter(|h| h.eq_ignore_ascii_case(p))
                .and_then(|_| s.get(p.len()..))
        };
        let card = |t: &str| t.parse::<Card>().map_err(|_| crate::ParseError::Move);
        if let Some(rest) = word("lay ") {
            Ok(Move::Defend(card(rest)?))
        } else if let Some(rest) = word("attack ") {
            Ok(Move::Attack(card(rest)?))
        } else {
            Ok(Move::Play(card(s)?))
        }
    }
}

/// How a hand of phase I was won (W4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum HandWin {
    /// By playing the zöld VIII before the opponent took four cards.
    #[cfg_attr(feature = "serde", serde(rename = "zold_viii"))]
    ZoldVIII,
    /// By taking four cards.
    FourCards,
}

/// Something that happened. Events from [`Game::play_logged`] are the referee's
/// (every card named); [`Event::seen_by`] gives what one player may see (W11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// A hand is dealt: each player's three cards (hidden from the other).
    Dealt {
        /// The hand's number, from 1.
        hand: u8,
        /// Who dealt (and leads).
        dealer: Player,
        /// Player 1's cards, Player 2's cards.
        cards: [Option<[Card; 3]>; 2],
    },
    /// A card played to a trick (face up).
    Played {
        /// Who.
        player: Player,
        /// The card.
        card: Card,
    },
    /// Equal values: both cards go to the pot, the same leader leads again (W3).
    Pot {
        /// Cards in the pot now.
        cards: u8,
    },
    /// A trick taken, with the pot.
    Took {
        /// Who.
        player: Player,
        /// Cards taken.
        cards: u8,
    },
    /// A hand won (W4).
    HandWon {
        /// Who.
        player: Player,
        /// How.
        by: HandWin,
    },
    /// A soldier drawn (private to the drawer, W5).
    Drew {
        /// Who.
        player: Player,
        /// The soldier, for the drawer's eyes.
        card: Option<Card>,
    },
    /// The tök VIII drawn: buried, and its drawer takes the top location (public, W5).
    TokVIII {
        /// Who.
        player: Player,
        /// The location taken.
        location: Card,
    },
    /// A front put up: a location face up, its defender named (W6, W9).
    Front {
        /// Who defends it.
        defender: Player,
        /// The location.
        location: Card,
    },
    /// The defender lays a soldier face down (hidden from the attacker until turned).
    Laid {
        /// The defender.
        player: Player,
        /// The soldier, for the defender's eyes.
        card: Option<Card>,
    },
    /// A battle fought (W7): both soldiers face up now.
    Battle {
        /// The attacker's soldier.
        attacker: Card,
        /// The defender's soldier, turned.
        defender: Card,
        /// Who won.
        winner: Player,
    },
    /// The attacker's soldier took the front unopposed (W10).
    Unopposed {
        /// The attacker.
        player: Player,
        /// The soldier.
        card: Card,
    },
    /// A location changed hands or stayed (W9).
    Location {
        /// Who holds it now.
        holder: Player,
        /// Which.
        location: Card,
        /// Whether it was captured (else kept by its defender).
        captured: bool,
    },
    /// A player had to put up a front and owned no location (W9).
    Conquered {
        /// Who.
        player: Player,
    },
    /// The game is over.
    GameOver {
        /// The outcome.
        outcome: Outcome,
    },
}

impl Event {
    /// What `viewer` may see of this event (W11): the other player's dealt cards,
    /// drawn soldiers and face-down soldier are removed.
    pub fn seen_by(self, viewer: Player) -> Event {
        match self {
            Event::Dealt {
                hand,
                dealer,
                mut cards,
            } => {
                cards[viewer.other().index()] = None;
                Event::Dealt {
                    hand,
                    dealer,
                    cards,
                }
            }
            Event::Drew { player, .. } if player != viewer => Event::Drew { player, card: None },
            Event::Laid { player, .. } if player != viewer => Event::Laid { player, card: None },
            e => e,
        }
    }
}

/// How the game ended (W9, W10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Player>,
    /// Points (locations owned, or their numerals), Player 1's first.
    pub points: [u32; 2],
    /// The player conquered (lost every location), if that ended it.
    pub conquered: Option<Player>,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Awaiting {
    /// Phase I: this player plays a card (leading when no card is on the table).
    Play(Player),
    /// Phase II: this player, the defender, lays a soldier face down.
    Defend(Player),
    /// Phase II: this player, the attacker, lays a soldier face up.
    Attack(Player),
    /// Nothing: the game is over.
    Over,
}

/// A stack of locations (a reserve or holdings), top last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Stack {
    cards: [Option<Card>; 7],
    len: u8,
}

impl Stack {
    fn push(&mut self, c: Card) {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = Some(c);
            self.len += 1;
        }
    }

    fn pop(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        self.cards[self.len as usize].take()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len as usize].iter().flatten().copied()
    }

    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }
}

/// The referee's game: it knows every card (W11).
///
/// ```
/// use tarokk_war::{Awaiting, Deal, Game, Player, Rules};
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let mut game = Game::new(Rules::default(), Deal::random(&mut rng))?;
/// // Phase I: the dealer leads; any card may be played (W3).
/// let Awaiting::Play(leader) = game.awaiting() else { unreachable!() };
/// let card = game.legal_moves()[0];
/// game.play(card)?;
/// // Play it out at random.
/// while let Some(mv) = game.random_move(&mut rng) {
///     game.play(mv)?;
/// }
/// let outcome = game.outcome().unwrap();
/// println!("{:?} wins {:?}", outcome.winner, outcome.points);
/// # let _ = leader;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    deal: Deal,
    // Phase I.
    pub(crate) hand_no: u8,
    pub(crate) dealer: Player,
    pub(crate) hands: [Cards; 2],
    pub(crate) taken: [u8; 2],
    pub(crate) pot: u8,
    pub(crate) trick: Option<Card>,
    /// Hand cards played this hand (on the table, in the pot or taken).
    pub(crate) played: Cards,
    pub(crate) leader: Player,
    pub(crate) to_act: Player,
    pub(crate) next_soldier: u8,
    pub(crate) soldiers: [Cards; 2],
    pub(crate) phase_one_location: Option<(Player, Card)>,
    // Phase II.
    pub(crate) phase_two: bool,
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
    /// A new game with `deal`'s shuffles; the first hand is dealt at once.
    ///
    /// # Errors
    /// [`GameError::Rules`] or [`GameError::Deal`].
    pub fn new(rules: Rules, deal: Deal) -> Result<Game, GameError> {
        rules.validate()?;
        deal.validate()?;
        let mut g = Game {
            rules,
            deal,
            hand_no: 0,
            dealer: deal.first_dealer,
            hands: [Cards::default(); 2],
            taken: [0; 2],
            pot: 0,
            trick: None,
            played: Cards::default(),
            leader: deal.first_dealer,
            to_act: deal.first_dealer,
            next_soldier: 0,
            soldiers: [Cards::default(); 2],
            phase_one_location: None,
            phase_two: false,
            defender: Player::One,
            front: None,
            face_down: None,
            reserves: [Stack::default(); 2],
            holdings: [Stack::default(); 2],
            graveyard_up: Cards::default(),
            graveyard_down: Cards::default(),
            outcome: None,
            record: Vec::new(),
        };
        g.deal_hand(&mut |_: Event| {});
        Ok(g)
    }

    /// A game with a random deal.
    pub fn random<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Result<Game, GameError> {
        Game::new(rules, Deal::random(rng))
    }

    /// Replays `moves` from the deal.
    ///
    /// # Errors
    /// As [`Game::new`], and [`GameError::Replay`] for the first illegal move.
    pub fn replay(rules: Rules, deal: Deal, moves: &[Move]) -> Result<Game, GameError> {
        let mut g = Game::new(rules, deal)?;
        for (k, &mv) in moves.iter().enumerate() {
            g.play(mv).map_err(|error| GameError::Replay {
                number: k + 1,
                mv,
                error,
            })?;
        }
        Ok(g)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The deal (every shuffle: the referee's knowledge).
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The moves made.
    pub fn moves(&self) -> &[Move] {
        &self.record
    }

    /// What the game waits for.
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

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether phase II has begun.
    pub fn in_phase_two(&self) -> bool {
        self.phase_two
    }

    /// `player`'s soldiers (the referee's knowledge; a view shows only one's own).
    pub fn soldiers(&self, player: Player) -> impl Iterator<Item = Card> {
        self.soldiers[player.index()].iter()
    }

    /// `player`'s hand in phase I.
    pub fn hand(&self, player: Player) -> impl Iterator<Item = Card> {
        self.hands[player.index()].iter()
    }

    /// The front being fought over, and its defender (phase II).
    pub fn front(&self) -> Option<(Card, Player)> {
        self.front.map(|c| (c, self.defender))
    }

    /// Each player's location holdings, bottom first.
    pub fn holdings(&self, player: Player) -> impl Iterator<Item = Card> + '_ {
        self.holdings[player.index()].iter()
    }

    /// Each player's reserve, bottom first (face down: the referee's knowledge).
    pub fn reserve(&self, player: Player) -> impl Iterator<Item = Card> + '_ {
        self.reserves[player.index()].iter()
    }

    /// Phase I: the hand cards played this hand (on the table, in the pot, or taken).
    pub fn played(&self) -> impl Iterator<Item = Card> {
        self.played.iter()
    }

    /// The soldiers still in the pile, top first (the referee's knowledge).
    pub fn soldier_pile(&self) -> &[Card] {
        self.deal
            .soldiers
            .get(self.next_soldier as usize..)
            .unwrap_or(&[])
    }

    /// The locations still in the pile in phase I (all but the one taken with the
    /// tök VIII), top first; empty in phase II.
    pub fn location_pile(&self) -> &[Card] {
        if self.phase_two {
            &[]
        } else if self.phase_one_location.is_some() {
            &LOCATIONS[1..]
        } else {
            &LOCATIONS
        }
    }

    /// The location taken with the tök VIII in phase I, and by whom.
    pub fn tok_viii_location(&self) -> Option<(Player, Card)> {
        self.phase_one_location
    }

    /// The graveyard: face-up cards, then face-down ones.
    pub fn graveyard(&self) -> (impl Iterator<Item = Card>, impl Iterator<Item = Card>) {
        (self.graveyard_up.iter(), self.graveyard_down.iter())
    }

    /// The defender's face-down soldier, if laid (the referee's knowledge).
    pub fn face_down(&self) -> Option<Card> {
        self.face_down
    }

    /// The legal moves: the cards that may be played now, as moves of the awaited
    /// kind (no heap allocation: at most 19).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        match self.awaiting() {
            Awaiting::Play(p) => self.hands[p.index()]
                .iter()
                .for_each(|c| list.push(Move::Play(c))),
            Awaiting::Defend(p) => self.soldiers[p.index()]
                .iter()
                .for_each(|c| list.push(Move::Defend(c))),
            Awaiting::Attack(p) => self.soldiers[p.index()]
                .iter()
                .for_each(|c| list.push(Move::Attack(c))),
            Awaiting::Over => {}
        }
        list
    }

    /// Reads a move, a bare card being of the kind awaited now.
    ///
    /// # Errors
    /// [`crate::ParseError::Move`] for text that is not a move.
    pub fn parse_move(&self, text: &str) -> Result<Move, crate::ParseError> {
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
    /// [`IllegalMove::GameOver`], [`IllegalMove::WrongPhase`],
    /// [`IllegalMove::DefenderFirst`], or [`IllegalMove::NotHeld`].
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let (player, held) = match (mv, self.awaiting()) {
            (_, Awaiting::Over) => return Err(IllegalMove::GameOver),
            (Move::Play(_), Awaiting::Play(p)) => (p, self.hands[p.index()]),
            (Move::Defend(_), Awaiting::Defend(p)) | (Move::Attack(_), Awaiting::Attack(p)) => {
                (p, self.soldiers[p.index()])
            }
            (Move::Attack(_), Awaiting::Defend(_)) => return Err(IllegalMove::DefenderFirst),
            _ => return Err(IllegalMove::WrongPhase),
        };
        let _ = player;
        if held.has(mv.card()) {
            Ok(())
        } else {
            Err(IllegalMove::NotHeld(mv.card()))
        }
    }

    /// Makes `mv`.
    ///
    /// # Errors
    /// As [`Game::check`]; nothing changes then.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.apply(mv, &mut |_: Event| {});
        Ok(())
    }

    /// Makes `mv` and returns everything that followed (the referee's events; see
    /// [`Event::seen_by`] for each player's).
    ///
    /// # Errors
    /// As [`Game::check`]; nothing changes then.
    pub fn play_logged(&mut self, mv: Move) -> Result<Vec<Event>, IllegalMove> {
        self.check(mv)?;
        let mut events = Vec::new();
        self.apply(mv, &mut |e: Event| events.push(e));
        Ok(events)
    }

    /// The events of the game's start (the first deal).
    pub fn opening_events(&self) -> Vec<Event> {
        let mut fresh = self.clone();
        fresh.hand_no = 0;
        fresh.hands = [Cards::default(); 2];
        let mut events = Vec::new();
        fresh.dealer = self.deal.first_dealer;
        fresh.deal_hand(&mut |e: Event| events.push(e));
        events
    }

    fn apply(&mut self, mv: Move, log: &mut impl FnMut(Event)) {
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
                let attacker = self.defender.other();
                self.soldiers[attacker.index()].remove(card);
                let defending = self.face_down.take().unwrap_or(card);
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
        let order = self.deal.hands[(self.hand_no as usize).min(HANDS - 1)];
        let dealer = self.dealer;
        let mut cards = [[order[0]; 3]; 2];
        cards[dealer.other().index()].copy_from_slice(&order[..3]);
        cards[dealer.index()].copy_from_slice(&order[3..]);
        self.hands = [Cards::of(&cards[0]), Cards::of(&cards[1])];
        self.taken = [0; 2];
        self.pot = 0;
        self.trick = None;
        self.played = Cards::default();
        self.leader = dealer;
        self.to_act = dealer;
        log(Event::Dealt {
            hand: self.hand_no + 1,
            dealer,
            cards: [Some(cards[0]), Some(cards[1])],
        });
    }

    fn play_card(&mut self, card: Card, log: &mut impl FnMut(Event)) {
        let p = self.to_act;
        self.hands[p.index()].remove(card);
        self.played.add(card);
        log(Event::Played { player: p, card });
        if card == ZOLD_VIII {
            // Its player wins the hand at once: the opponent cannot have four cards
            // yet, or the hand would be over (W4).
            return self.end_hand(p, HandWin::ZoldVIII, log);
        }
        let Some(led) = self.trick.take() else {
            self.trick = Some(card);
            self.to_act = p.other();
            return;
        };
        if led.numeral() == card.numeral() {
            self.pot += 2;
            log(Event::Pot { cards: self.pot });
            self.to_act = self.leader;
            return;
        }
        let winner = if card.numeral() > led.numeral() {
            p
        } else {
            p.other()
        };
        let cards = 2 + core::mem::take(&mut self.pot);
        self.taken[winner.index()] += cards;
        log(Event::Took {
            player: winner,
            cards,
        });
        if self.taken[winner.index()] >= 4 {
            return self.end_hand(winner, HandWin::FourCards, log);
        }
        self.leader = winner;
        self.to_act = winner;
    }

    fn end_hand(&mut self, winner: Player, by: HandWin, log: &mut impl FnMut(Event)) {
        log(Event::HandWon { player: winner, by });
        for p in [winner, winner.other()] {
            let Some(&card) = self.deal.soldiers.get(self.next_soldier as usize) else {
                break;
            };
            self.next_soldier += 1;
            log(Event::Drew {
                player: p,
                card: Some(card),
            });
            if card == TOK_VIII {
                self.graveyard_down.add(card);
                self.phase_one_location = Some((p, LOCATIONS[0]));
                log(Event::TokVIII {
                    player: p,
                    location: LOCATIONS[0],
                });
            } else {
                self.soldiers[p.index()].add(card);
            }
        }
        if self.next_soldier as usize >= self.deal.soldiers.len() {
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
        self.taken = [0; 2];
        self.pot = 0;
        self.trick = None;
        self.played = Cards::default();
        for c in HAND_CARDS {
            self.graveyard_up.add(c);
        }
        let (defender, front) = self
            .phase_one_location
            .unwrap_or((Player::One, LOCATIONS[0]));
        self.defender = defender;
        self.front = Some(front);
        // The other six dealt alternately, attacker first; the last dealt is on top.
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
            if self.soldiers[self.defender.index()].len() > 0 {
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

    fn finish(&mut self, conquered: Option<Player>, log: &mut impl FnMut(Event)) {
        let mut points = [0u32; 2];
        for p in [Player::One, Player::Two] {
            let i = p.index();
            points[i] = self.reserves[i]
                .iter()
                .chain(self.holdings[i].iter())
                .map(|c| self.rules.location_points(c))
                .sum();
        }
        if let Some(front) = self.front {
            points[self.defender.index()] += self.rules.location_points(front);
        }
        let winner = match conquered {
            Some(p) => Some(p.other()),
            None if points[0] > points[1] => Some(Player::One),
            None if points[1] > points[0] => Some(Player::Two),
            None => None,
        };
        let outcome = Outcome {
            winner,
            points,
            conquered,
        };
        self.outcome = Some(outcome);
        log(Event::GameOver { outcome });
    }

    // ----- random play -----

    /// A uniformly random legal move; `None` once the game is over.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        // Drawn straight from the bit set of the cards that may be played.
        let (held, kind): (Cards, fn(Card) -> Move) = match self.awaiting() {
            Awaiting::Play(p) => (self.hands[p.index()], Move::Play),
            Awaiting::Defend(p) => (self.soldiers[p.index()], Move::Defend),
            Awaiting::Attack(p) => (self.soldiers[p.index()], Move::Attack),
            Awaiting::Over => return None,
        };
        let mut bits = held.0;
        for _ in 0..below(rng, held.len()) {
            bits &= bits - 1;
        }
        Card::from_index(bits.trailing_zeros() as u8).map(kind)
    }

    /// The view of `player` (W11).
    pub fn view(&self, player: Player) -> crate::View {
        crate::View::new(self, player)
    }
}

/// Legal moves in a fixed-capacity array; dereferences to a slice.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [Move; 19],
    len: u8,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList {
            moves: [Move::Play(ZOLD_VIII); 19],
            len: 0,
        }
    }
}

impl MoveList {
    fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len as usize) {
            *slot = mv;
            self.len += 1;
        }
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

/// The serialised game: rules, deal and moves, replayed on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GameData {
    rules: Rules,
    deal: Deal,
    moves: Vec<Move>,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            rules: self.rules,
            deal: self.deal,
            moves: self.record.clone(),
        }
        .serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let data = GameData::deserialize(d)?;
        Game::replay(data.rules, data.deal, &data.moves).map_err(serde::de::Error::custom)
    }
}
