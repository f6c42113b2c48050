//! A game: the order of play (ruling H9), turns with their bank of throws (H6),
//! moves with teams, catches and exits (H7, H8), and the end (H10).

use alloc::vec::Vec;
use core::fmt;

use rand_core::Rng;

use crate::board::{Place, Station, grid};
use crate::chance::Throw;
use crate::error::{GameError, IllegalMove, IllegalThrow};
use crate::herd::{Herd, SLOTS, seat_mask};
use crate::moves::{Horse, Move, MoveList, Player};
use crate::rules::{MAX_HORSES, MAX_PLAYERS, Rules};
use crate::score::{Outcome, Score, Side};

/// What the game waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Awaiting {
    /// A throw by this player to settle the order of play (H9).
    OrderThrow(Player),
    /// A throw by this player: the turn's first, a re-throw after a 4 or 5, or the
    /// bonus throw after a capture (H6).
    Throw(Player),
    /// This player's move: a banked throw spent on a horse (H6).
    Move(Player),
    /// Nothing: the game is over.
    Over,
}

/// One step of a game's record: a throw or a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Action {
    /// A throw (for the order of play or in a turn).
    Throw(Throw),
    /// A move.
    Move(Move),
}

/// What a throw did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ThrowReport {
    /// Who threw.
    pub player: Player,
    /// The throw.
    pub throw: Throw,
    /// Whether it was a throw for the order of play.
    pub for_order: bool,
    /// Throws dropped because no horse could use them (H6: only back-do, no horse on
    /// the board); the turn then passes.
    pub voided: u16,
    /// What the game waits for now.
    pub next: Awaiting,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// Where the horse (and its team) was.
    pub from: Place,
    /// Where it is now (its route says which way it goes on).
    pub to: Place,
    /// Horses moved: the team.
    pub moved: u8,
    /// The mover's horses it joined on arrival (H7).
    pub joined: u8,
    /// The opponents' horses caught (H8); see [`MoveReport::caught`].
    pub caught_mask: u32,
    /// Horses brought out by this move.
    pub exited: u8,
    /// Whether the capture earned a bonus throw (H6).
    pub bonus: bool,
    /// Throws dropped after the move because no horse could use them.
    pub voided: u16,
    /// The side that brought out its last needed horse with this move.
    pub finished: Option<Side>,
    /// Playing for places (H10): the finished side's horses still on the board,
    /// taken off at once; see [`MoveReport::taken_off`].
    pub taken_off_mask: u32,
    /// What the game waits for now.
    pub next: Awaiting,
}

impl MoveReport {
    /// The horses caught, sent back to wait.
    pub fn caught(&self) -> impl Iterator<Item = Horse> + '_ {
        (0..32)
            .filter(move |s| self.caught_mask >> s & 1 == 1)
            .map(Horse::from_slot)
    }

    /// The horses taken off the board because their side finished (H10, playing
    /// for places): they count as waiting in the score and never move again.
    pub fn taken_off(&self) -> impl Iterator<Item = Horse> + '_ {
        (0..32)
            .filter(move |s| self.taken_off_mask >> s & 1 == 1)
            .map(Horse::from_slot)
    }
}

/// What a move did, before it is reported.
struct Effects {
    moved: u8,
    joined: u8,
    caught: u32,
    exited: u8,
    bonus: bool,
    voided: u16,
    finished: Option<Side>,
    taken_off: u32,
}

/// Settling the order of play (H9): everyone throws; higher throws go first; tied
/// players throw again among themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Ordering {
    /// Seats in the order known so far; tied groups are contiguous.
    seq: [u8; MAX_PLAYERS],
    /// Group of each position, named by the position where the group starts; a
    /// group of one is settled.
    group: [u8; MAX_PLAYERS],
    /// This round's throws by position (`None`: not thrown yet).
    throws: [Option<i8>; MAX_PLAYERS],
}

impl Ordering {
    fn new(players: usize) -> Ordering {
        Ordering {
            seq: [0, 1, 2, 3],
            group: [0; MAX_PLAYERS],
            throws: [None; MAX_PLAYERS],
        }
        .trim(players)
    }

    fn trim(mut self, players: usize) -> Ordering {
        for k in players..MAX_PLAYERS {
            self.group[k] = 100 + k as u8; // unused positions: never thrown for
        }
        self
    }

    fn members(&self, pos: usize, players: usize) -> usize {
        (0..players)
            .filter(|&k| self.group[k] == self.group[pos])
            .count()
    }

    /// The position that throws next, if the order is not settled.
    fn next(&self, players: usize) -> Option<usize> {
        (0..players).find(|&k| self.members(k, players) > 1 && self.throws[k].is_none())
    }

    /// Records a throw at position `pos`; when its group has all thrown, reorders
    /// the group by decreasing points and splits the ties.
    fn record(&mut self, pos: usize, points: i8, players: usize) {
        self.throws[pos] = Some(points);
        let g = self.group[pos];
        let positions: Vec<usize> = (0..players).filter(|&k| self.group[k] == g).collect();
        if positions.iter().any(|&k| self.throws[k].is_none()) {
            return;
        }
        let mut entries: Vec<(i8, u8)> = positions
            .iter()
            .map(|&k| (self.throws[k].unwrap_or(0), self.seq[k]))
            .collect();
        // Stable: equal throws keep their order (they throw again anyway).
        entries.sort_by_key(|e| core::cmp::Reverse(e.0));
        let mut last: Option<i8> = None;
        let mut start = 0;
        for (&k, &(points, seat)) in positions.iter().zip(&entries) {
            if last != Some(points) {
                start = k as u8; // a new group starts here
                last = Some(points);
            }
            self.seq[k] = seat;
            self.group[k] = start;
            self.throws[k] = None;
        }
    }
}

/// A game of hoop race or yut nori.
///
/// Chance is input: every throw comes from [`Game::throw`] (given) or
/// [`Game::throw_random`] (drawn under the rules' model from any `rand_core`
/// generator), so the same throws and moves give the same game. [`Game::awaiting`]
/// says whether a throw or a move comes next.
///
/// ```
/// use hoop_race::{Awaiting, Game, Player, Rules, Throw};
/// let mut game = Game::with_order(Rules::default(), &[Player::A, Player::B])?;
/// let t = |n| Throw::points(n).unwrap();
/// game.throw(t(4))?;                        // a 4: throw again (H6)
/// game.throw(t(2))?;
/// assert_eq!(game.awaiting(), Awaiting::Move(Player::A));
/// assert_eq!(game.legal_moves().len(), 2);  // enter a horse with the 4 or the 2
/// let report = game.play("A1+4".parse()?)?;
/// assert_eq!(report.to.station().unwrap().to_string(), "4");
/// game.play("A1+2".parse()?)?;              // on to 6: past Б, round the circle
/// assert_eq!(game.awaiting(), Awaiting::Throw(Player::B));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    herd: Herd,
    ordering: Option<Ordering>,
    /// Seats in order of play.
    order: [u8; MAX_PLAYERS],
    /// Position in `order` of the player whose turn it is.
    turn: u8,
    /// Whether the player is throwing (else moving).
    throwing: bool,
    /// Banked throws, counted by value in [`Throw::ALL`] order.
    bank: [u16; 6],
    /// How many of them are forward throws (kept apart: summing the bank right
    /// after changing one count stalled on store forwarding).
    forward: u16,
    /// Sides in the order they finished (H10).
    finished: [u8; MAX_PLAYERS],
    finished_len: u8,
    over: bool,
    record: Vec<Action>,
    /// The order given at the start, if any (for replays).
    given_order: Option<[u8; MAX_PLAYERS]>,
    /// Horses placed at the start ([`Game::from_places`]), for replays.
    start: Vec<(Horse, Place)>,
}

impl Game {
    /// A new game; the order of play is settled first by throws (H9).
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules.
    pub fn new(rules: Rules) -> Result<Game, GameError> {
        rules.validate()?;
        let mut g = Game::blank(rules);
        g.ordering = Some(Ordering::new(rules.players()));
        Ok(g)
    }

    /// A new game with the order of play given (each seat once), skipping the
    /// ordering throws.
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules; [`GameError::Order`] unless `order`
    /// names every player exactly once.
    pub fn with_order(rules: Rules, order: &[Player]) -> Result<Game, GameError> {
        rules.validate()?;
        let n = rules.players();
        let mut seen = 0u8;
        for p in order {
            if p.index() >= n || seen >> p.index() & 1 == 1 {
                return Err(GameError::Order);
            }
            seen |= 1 << p.index();
        }
        if order.len() != n {
            return Err(GameError::Order);
        }
        let mut g = Game::blank(rules);
        for (slot, p) in g.order.iter_mut().zip(order) {
            *slot = p.index() as u8;
        }
        g.given_order = Some(g.order);
        g.throwing = true;
        Ok(g)
    }

    fn blank(rules: Rules) -> Game {
        Game {
            rules,
            herd: Herd::new(rules.players(), rules.horses()),
            ordering: None,
            order: [0, 1, 2, 3],
            turn: 0,
            throwing: true,
            bank: [0; 6],
            forward: 0,
            finished: [0; MAX_PLAYERS],
            finished_len: 0,
            over: false,
            record: Vec::new(),
            given_order: None,
            start: Vec::new(),
        }
    }

    /// A game from a position: the order of play given, the listed horses placed
    /// (the rest waiting), the first player to throw. For puzzles, analysis and tests.
    ///
    /// # Errors
    /// As [`Game::with_order`]; [`GameError::Setup`] for a horse not in the game, a
    /// step off its route (0 or beyond its end), one player's horses on one station
    /// with different routes (they would be a team), opponents sharing a station,
    /// or a side that has already won.
    pub fn from_places(
        rules: Rules,
        order: &[Player],
        places: &[(Horse, Place)],
    ) -> Result<Game, GameError> {
        let mut g = Game::with_order(rules, order)?;
        for &(h, p) in places {
            if h.owner.index() >= rules.players() || h.number as usize >= rules.horses() {
                return Err(GameError::Setup(h));
            }
            if !p.is_consistent(&rules) {
                return Err(GameError::Setup(h));
            }
            g.herd.set(h.slot(), p);
        }
        for a in g.live_slots() {
            for b in g.live_slots().filter(|&b| b > a) {
                let (pa, pb) = (g.herd.place(a), g.herd.place(b));
                if pa.station().is_none() || pa.station() != pb.station() {
                    continue;
                }
                let (sa, sb) = (a / MAX_HORSES, b / MAX_HORSES);
                if (sa == sb && pa != pb) || g.side_of(sa) != g.side_of(sb) {
                    return Err(GameError::Setup(Horse::from_slot(b)));
                }
            }
        }
        for side in 0..rules.sides() {
            if g.side_out(side) >= rules.horses_to_win() {
                return Err(GameError::Setup(Horse::new(
                    Player::new(side).unwrap_or(Player::A),
                    0,
                )));
            }
        }
        g.start = places.to_vec();
        Ok(g)
    }

    /// Replays a record from the start (`order` and `start` as given to
    /// [`Game::from_places`] or [`Game::with_order`] (no places), or `None` and no
    /// places for a game that settled its order by throws).
    ///
    /// # Errors
    /// As the constructors, and [`GameError::Replay`] for the first action that
    /// cannot be made.
    pub fn replay(
        rules: Rules,
        order: Option<&[Player]>,
        start: &[(Horse, Place)],
        actions: &[Action],
    ) -> Result<Game, GameError> {
        let mut g = match order {
            Some(o) => Game::from_places(rules, o, start)?,
            None if start.is_empty() => Game::new(rules)?,
            None => return Err(GameError::Order),
        };
        for (k, &a) in actions.iter().enumerate() {
            let result = match a {
                Action::Throw(t) => g.throw(t).map(|_| ()).map_err(GameError::from),
                Action::Move(m) => g.play(m).map(|_| ()).map_err(GameError::from),
            };
            result.map_err(|e| GameError::Replay {
                number: k + 1,
                reason: alloc::boxed::Box::new(e),
            })?;
        }
        Ok(g)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// What the game waits for.
    pub fn awaiting(&self) -> Awaiting {
        if self.over {
            return Awaiting::Over;
        }
        if let Some(o) = &self.ordering {
            let pos = o.next(self.rules.players()).unwrap_or(0);
            return Awaiting::OrderThrow(Player::new(o.seq[pos] as usize).unwrap_or(Player::A));
        }
        let p = self.current();
        if self.throwing {
            Awaiting::Throw(p)
        } else {
            Awaiting::Move(p)
        }
    }

    /// The player whose turn it is (the next to throw for the order while it is
    /// being settled).
    pub fn to_move(&self) -> Player {
        match self.awaiting() {
            Awaiting::OrderThrow(p) | Awaiting::Throw(p) | Awaiting::Move(p) => p,
            Awaiting::Over => self.current(),
        }
    }

    fn current(&self) -> Player {
        Player::new(self.order[self.turn as usize] as usize).unwrap_or(Player::A)
    }

    /// The order of play (settled or given; while throws settle it, the order so far).
    pub fn order(&self) -> impl Iterator<Item = Player> + '_ {
        let seq = self.ordering.as_ref().map_or(&self.order, |o| &o.seq);
        seq[..self.rules.players()]
            .iter()
            .filter_map(|&s| Player::new(s as usize))
    }

    /// Where `horse` is (`Out` for a horse not in this game).
    pub fn place(&self, horse: Horse) -> Place {
        if horse.owner.index() < self.rules.players()
            && (horse.number as usize) < self.rules.horses()
        {
            self.herd.place(horse.slot())
        } else {
            Place::Out
        }
    }

    /// `player`'s horses and where they are.
    pub fn horses(&self, player: Player) -> impl Iterator<Item = (Horse, Place)> + '_ {
        let n = if player.index() < self.rules.players() {
            self.rules.horses()
        } else {
            0
        };
        (0..n as u8).map(move |k| {
            let h = Horse::new(player, k);
            (h, self.herd.place(h.slot()))
        })
    }

    /// The horses on `station`.
    pub fn horses_on(&self, station: Station) -> impl Iterator<Item = Horse> + '_ {
        let mask = self.herd.on(station);
        (0..SLOTS)
            .filter(move |s| mask >> s & 1 == 1)
            .map(Horse::from_slot)
    }

    /// The banked throws of the turn, by value, in [`Throw::ALL`] order.
    pub fn bank(&self) -> [u16; 6] {
        self.bank
    }

    /// The game's record: every throw and move, in order.
    pub fn record(&self) -> &[Action] {
        &self.record
    }

    /// The horses placed at the start ([`Game::from_places`]).
    pub fn start_places(&self) -> &[(Horse, Place)] {
        &self.start
    }

    /// The order given at the start ([`Game::with_order`]), if any.
    pub fn given_order(&self) -> Option<impl Iterator<Item = Player> + '_> {
        self.given_order.as_ref().map(|o| {
            o[..self.rules.players()]
                .iter()
                .filter_map(|&s| Player::new(s as usize))
        })
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// How it ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        Some(Outcome::new(
            &self.finished[..self.finished_len as usize],
            self.rules.players(),
        ))
    }

    /// The score (H10): horses out and points still needed, per side.
    pub fn score(&self) -> Score {
        let mut s = Score::new(self.rules.sides());
        for slot in self.live_slots() {
            let side = self.side_of(slot / MAX_HORSES);
            let place = self.herd.place(slot);
            if place == Place::Out {
                s.out[side] += 1;
            }
            s.remaining[side] += place.remaining(self.rules.exit());
        }
        s
    }

    /// Horses of `side` that are out.
    fn side_out(&self, side: usize) -> usize {
        let (a, b) = self.side_seats(side);
        usize::from(self.herd.out(a)) + b.map_or(0, |b| usize::from(self.herd.out(b)))
    }

    /// The seats of a side.
    fn side_seats(&self, side: usize) -> (usize, Option<usize>) {
        if self.rules.players() == 4 {
            (side, Some(side + 2))
        } else {
            (side, None)
        }
    }

    /// The side of a seat.
    fn side_of(&self, seat: usize) -> usize {
        if self.rules.players() == 4 {
            seat % 2
        } else {
            seat
        }
    }

    /// Slots of the horses in this game.
    fn live_slots(&self) -> impl Iterator<Item = usize> + use<> {
        let (players, horses) = (self.rules.players(), self.rules.horses());
        (0..players).flat_map(move |p| (0..horses).map(move |h| p * MAX_HORSES + h))
    }

    /// Seats whose horses the current player may move: their own, and with four
    /// players their partner's (H6).
    fn movable_seats(&self) -> (usize, Option<usize>) {
        let p = self.current().index();
        if self.rules.players() == 4 {
            (p, Some((p + 2) % 4))
        } else {
            (p, None)
        }
    }

    // ----- throws -----

    /// Makes a throw (the order of play's, or the turn's).
    ///
    /// # Errors
    /// [`IllegalThrow::GameOver`]; [`IllegalThrow::MoveExpected`] while a move is
    /// awaited; [`IllegalThrow::BackDoOff`] for back-do when the rules do not play it.
    /// Nothing changes then.
    pub fn throw(&mut self, throw: Throw) -> Result<ThrowReport, IllegalThrow> {
        if self.over {
            return Err(IllegalThrow::GameOver);
        }
        if throw.is_back_do() && !self.rules.back_do() {
            return Err(IllegalThrow::BackDoOff);
        }
        let for_order = self.ordering.is_some();
        if !for_order && !self.throwing {
            return Err(IllegalThrow::MoveExpected);
        }
        let player = self.to_move();
        let voided = self.throw_known(throw);
        Ok(ThrowReport {
            player,
            throw,
            for_order,
            voided,
            next: self.awaiting(),
        })
    }

    /// Makes a throw known to be acceptable now; returns the throws voided.
    fn throw_known(&mut self, throw: Throw) -> u16 {
        self.record.push(Action::Throw(throw));
        let players = self.rules.players();
        if let Some(o) = &mut self.ordering {
            let pos = o.next(players).unwrap_or(0);
            o.record(pos, throw.steps(), players);
            if o.next(players).is_none() {
                self.order = o.seq;
                self.ordering = None;
                self.turn = 0;
                self.throwing = true;
            }
            return 0;
        }
        self.bank[throw.index()] = self.bank[throw.index()].saturating_add(1);
        self.forward += u16::from(!throw.is_back_do());
        if throw.rethrow() {
            return 0;
        }
        self.throwing = false;
        self.settle()
    }

    /// Draws a throw under the rules' model and makes it.
    ///
    /// # Errors
    /// [`IllegalThrow::GameOver`] or [`IllegalThrow::MoveExpected`]; nothing changes then.
    pub fn throw_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Result<ThrowReport, IllegalThrow> {
        if self.over {
            return Err(IllegalThrow::GameOver);
        }
        if self.ordering.is_none() && !self.throwing {
            return Err(IllegalThrow::MoveExpected);
        }
        let t = self.rules.throw_model().draw(self.rules.back_do(), rng);
        self.throw(t)
    }

    /// While moving: if no banked throw can be used, drops them and passes the turn.
    /// Returns the number dropped.
    fn settle(&mut self) -> u16 {
        if self.throwing || self.over {
            return 0;
        }
        if self.usable_throw() {
            return 0;
        }
        let dropped = self.bank.iter().sum();
        self.clear_bank();
        self.next_turn();
        dropped
    }

    fn usable_throw(&self) -> bool {
        let forward = self.forward > 0;
        let back = self.bank[5] > 0;
        let (a, b) = self.movable_seats();
        let seats = [Some(a), b];
        let running = seats
            .into_iter()
            .flatten()
            .any(|s| self.herd.running(s) > 0);
        let waiting = seats
            .into_iter()
            .flatten()
            .any(|s| self.herd.waiting(s) > 0);
        (forward && (running || waiting)) || (back && running)
    }

    /// Passes the turn to the next player in order whose side is still playing.
    fn next_turn(&mut self) {
        let n = self.rules.players();
        for _ in 0..n {
            self.turn = ((self.turn as usize + 1) % n) as u8;
            let side = self.side_of(self.current().index()) as u8;
            if !self.finished[..self.finished_len as usize].contains(&side) {
                break;
            }
        }
        self.throwing = true;
        self.clear_bank();
    }

    fn clear_bank(&mut self) {
        self.bank = [0; 6];
        self.forward = 0;
    }

    // ----- moves -----

    /// Checks that `mv` can be made now.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`]; [`IllegalMove::ThrowExpected`] while a throw is
    /// awaited; [`IllegalMove::NoSuchHorse`]; [`IllegalMove::NotYours`] for a horse
    /// that is neither the player's nor (with four players) their partner's;
    /// [`IllegalMove::NotBanked`] for a throw not in the bank;
    /// [`IllegalMove::HorseOut`]; [`IllegalMove::BackDoWaiting`] for back-do on a
    /// waiting horse.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.target(mv).map(|_| ())
    }

    /// Whether `mv` can be made now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.target(mv).is_ok()
    }

    fn target(&self, mv: Move) -> Result<Place, IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if self.ordering.is_some() || self.throwing {
            return Err(IllegalMove::ThrowExpected);
        }
        let h = mv.horse;
        if h.owner.index() >= self.rules.players() || h.number as usize >= self.rules.horses() {
            return Err(IllegalMove::NoSuchHorse(h));
        }
        let (a, b) = self.movable_seats();
        if h.owner.index() != a && Some(h.owner.index()) != b {
            return Err(IllegalMove::NotYours {
                horse: h,
                player: self.current(),
            });
        }
        if self.bank[mv.throw.index()] == 0 {
            return Err(IllegalMove::NotBanked(mv.throw));
        }
        let from = self.herd.place(h.slot());
        match from.after(mv.throw.steps(), &self.rules) {
            Some(to) => Ok(to),
            None if from == Place::Out => Err(IllegalMove::HorseOut(h)),
            None => Err(IllegalMove::BackDoWaiting(h)),
        }
    }

    /// Every legal move, without duplicates: for each banked throw value, one move
    /// per team (named by its lowest-numbered horse) and one for entering a waiting
    /// horse (the lowest-numbered), for the player and, with four players, the
    /// partner. Empty unless a move is awaited. No heap allocation.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.over || self.ordering.is_some() || self.throwing {
            return list;
        }
        let mut units = [0usize; 2 * MAX_HORSES];
        let n = self.units(&mut units);
        for (t, &count) in Throw::ALL.iter().zip(&self.bank) {
            if count == 0 {
                continue;
            }
            for &slot in &units[..n] {
                if t.is_back_do() && self.herd.place(slot) == Place::Waiting {
                    continue;
                }
                list.push(Move::new(Horse::from_slot(slot), *t));
            }
        }
        list
    }

    /// The movable units of the player to move, in horse order: for each movable
    /// seat its first waiting horse and the lowest horse of each team on the
    /// board. Returns how many were written.
    fn units(&self, units: &mut [usize; 2 * MAX_HORSES]) -> usize {
        let (a, b) = self.movable_seats();
        let mine = seat_mask(a) | b.map_or(0, seat_mask);
        let waiting = self.herd.waiting_mask() & mine;
        let running = self.herd.running_mask() & mine;
        // The first waiting horse of each seat.
        let mut chosen = waiting & seat_mask(a);
        chosen &= chosen.wrapping_neg();
        if let Some(b) = b {
            let w = waiting & seat_mask(b);
            chosen |= w & w.wrapping_neg();
        }
        // The lowest horse of each team: no lower horse of its seat on its station.
        let mut r = running;
        while r != 0 {
            let slot = r.trailing_zeros() as usize;
            r &= r - 1;
            let seat = slot / MAX_HORSES;
            let team = self.herd.on_index(self.herd.station_of(slot)) & seat_mask(seat);
            if team & ((1u32 << slot) - 1) == 0 {
                chosen |= 1 << slot;
            }
        }
        let mut n = 0;
        while chosen != 0 && n < units.len() {
            units[n] = chosen.trailing_zeros() as usize;
            chosen &= chosen - 1;
            n += 1;
        }
        n.min(units.len())
    }

    /// Makes a move: the horse and its team go where the throw takes them, taking
    /// the shortcut of the station they stop on (H3, H11), joining the player's own
    /// horses there (H7) and catching the opponents' (H8); a capture earns a bonus
    /// throw (H6); bringing out the last needed horse wins (H10).
    ///
    /// # Errors
    /// As [`Game::check`]; nothing changes then.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        let to = self.target(mv)?;
        Ok(self.apply(mv, to))
    }

    fn apply(&mut self, mv: Move, to: Place) -> MoveReport {
        let player = self.current();
        let from = self.herd.place(mv.horse.slot());
        let e = self.apply_known(mv, to);
        MoveReport {
            player,
            mv,
            from,
            to,
            moved: e.moved,
            joined: e.joined,
            caught_mask: e.caught,
            exited: e.exited,
            bonus: e.bonus,
            voided: e.voided,
            finished: e.finished,
            taken_off_mask: e.taken_off,
            next: self.awaiting(),
        }
    }

    /// Makes a move known to be legal, going to `to`.
    #[inline]
    fn apply_known(&mut self, mv: Move, to: Place) -> Effects {
        let slot = mv.horse.slot();
        let seat = mv.horse.owner.index();
        let side = self.side_of(seat);
        // The moving team: the horse, and its owner's horses on the same station.
        let moving = match self.herd.station_of(slot) {
            crate::herd::NOWHERE => 1 << slot,
            st => self.herd.on_index(st) & seat_mask(seat),
        };
        let moved = moving.count_ones() as u8;
        let (mut joined, mut caught, mut exited) = (0u32, 0u32, 0u8);
        if to == Place::Out {
            exited = moved;
        } else if let Some(st) = to.station() {
            let there = self.herd.on(st);
            joined = there & seat_mask(seat); // join, taking the arriving horse's route
            let (x, y) = self.side_seats(side);
            let friends = seat_mask(x) | y.map_or(0, seat_mask);
            caught = there & !friends;
        }
        self.herd.set_all(moving | joined, to);
        self.herd.set_all(caught, Place::Waiting);
        let joined = joined.count_ones() as u8;
        self.bank[mv.throw.index()] -= 1;
        self.forward -= u16::from(!mv.throw.is_back_do());
        self.record.push(Action::Move(mv));
        let bonus = caught != 0 && (self.rules.bonus_on_rethrow() || !mv.throw.rethrow());
        let finished = self.check_finished(side);
        let mut taken_off = 0;
        if finished.is_some() && self.rules.play_for_places() {
            // H10: a finished side's horses leave the board at once, so they no
            // longer block, join or get caught.
            let (x, y) = self.side_seats(side);
            taken_off = self.herd.running_mask() & (seat_mask(x) | y.map_or(0, seat_mask));
            self.herd.set_all(taken_off, Place::Waiting);
        }
        let mut voided = 0;
        if !self.over {
            if finished.is_some() {
                // The side is done: its turn ends, its throws are dropped.
                self.next_turn();
            } else if bonus {
                self.throwing = true;
            } else {
                voided = self.settle();
            }
        }
        Effects {
            moved,
            joined,
            caught,
            exited,
            bonus: bonus && !self.over && finished.is_none(),
            voided,
            finished,
            taken_off,
        }
    }

    /// Records `side` as finished if it has brought out enough horses; ends the game
    /// when a side wins (or, playing for places, when one side is left).
    fn check_finished(&mut self, side: usize) -> Option<Side> {
        if self.side_out(side) < self.rules.horses_to_win() {
            return None;
        }
        self.finished[self.finished_len as usize] = side as u8;
        self.finished_len += 1;
        let sides = self.rules.sides();
        if !self.rules.play_for_places() || self.finished_len as usize + 1 >= sides {
            // The last side left takes the last place.
            if self.rules.play_for_places()
                && let Some(last) = (0..sides as u8)
                    .find(|s| !self.finished[..self.finished_len as usize].contains(s))
            {
                self.finished[self.finished_len as usize] = last;
                self.finished_len += 1;
            }
            self.over = true;
            self.clear_bank();
        }
        Some(Side::new(side as u8, self.rules.players()))
    }

    // ----- random play -----

    /// A legal move drawn uniformly; `None` unless a move is awaited. No allocation.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.over || self.ordering.is_some() || self.throwing {
            return None;
        }
        // The legal moves are (throw value, unit) pairs, back-do only for units on
        // the board: count them and pick one without building the list.
        let mut units = [0usize; 2 * MAX_HORSES];
        let n = self.units(&mut units);
        let on_board = units[..n]
            .iter()
            .filter(|&&s| self.herd.place(s) != Place::Waiting)
            .count();
        let per = |t: usize| if t == 5 { on_board } else { n };
        let total: usize = (0..6).filter(|&t| self.bank[t] > 0).map(per).sum();
        if total == 0 {
            return None;
        }
        let mut r = crate::chance::below(rng, total as u32) as usize;
        for (t, throw) in Throw::ALL.iter().enumerate() {
            if self.bank[t] == 0 {
                continue;
            }
            if r < per(t) {
                let slot = if t == 5 {
                    units[..n]
                        .iter()
                        .copied()
                        .filter(|&s| self.herd.place(s) != Place::Waiting)
                        .nth(r)?
                } else {
                    units[r]
                };
                return Some(Move::new(Horse::from_slot(slot), *throw));
            }
            r -= per(t);
        }
        None
    }

    /// Plays the game on with random throws and uniformly random moves until it
    /// ends or `max_actions` more throws and moves have been made; returns how many
    /// were made.
    pub fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_actions: usize) -> usize {
        let mut done = 0;
        while done < max_actions && !self.over {
            if self.ordering.is_some() || self.throwing {
                // The rules were validated when the game was made.
                let t = self
                    .rules
                    .throw_model()
                    .draw_valid(self.rules.back_do(), rng);
                self.throw_known(t);
            } else {
                let Some(mv) = self.random_move(rng) else {
                    break;
                };
                // Drawn from the legal moves: only the destination is needed.
                let from = self.herd.place(mv.horse.slot());
                let Some(to) = from.after(mv.throw.steps(), &self.rules) else {
                    break;
                };
                self.apply_known(mv, to);
            }
            done += 1;
        }
        done
    }

    /// Starts this game again with the same rules and order (keeping its memory).
    pub fn restart(&mut self) {
        let mut record = core::mem::take(&mut self.record);
        record.clear();
        let start = core::mem::take(&mut self.start);
        let given = self.given_order;
        *self = Game::blank(self.rules);
        match given {
            Some(o) => {
                self.order = o;
                self.given_order = Some(o);
                for &(h, p) in &start {
                    self.herd.set(h.slot(), p);
                }
            }
            None => self.ordering = Some(Ordering::new(self.rules.players())),
        }
        self.record = record;
        self.start = start;
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("awaiting", &self.awaiting())
            .field("bank", &self.bank)
            .field("actions", &self.record.len())
            .finish()
    }
}

impl fmt::Display for Game {
    /// The board with the horses on it (each horse shown by its owner's letter, a
    /// count after it when more than two share a station; `*` an empty big circle,
    /// `.` an empty small one; А is bottom right, Б top right, В top left, Д bottom
    /// left, Г the centre), then each player's waiting and finished horses, the
    /// bank and what comes next.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cells = [[None::<Station>; 11]; 11];
        for st in Station::all() {
            let (r, c) = grid(st);
            cells[r][c] = Some(st);
        }
        for row in &cells {
            let mut line = alloc::string::String::new();
            for cell in row {
                match cell {
                    None => line.push_str("   "),
                    Some(st) => {
                        let mut who = [0usize; MAX_PLAYERS];
                        for h in self.horses_on(*st) {
                            who[h.owner.index()] += 1;
                        }
                        let total: usize = who.iter().sum();
                        let text = match total {
                            0 if st.is_big() => alloc::string::String::from(" * "),
                            0 => alloc::string::String::from(" . "),
                            _ => {
                                let mut t = alloc::string::String::new();
                                for (p, &k) in who.iter().enumerate() {
                                    let letter = Player::new(p).map_or('?', Player::letter);
                                    match k {
                                        0 => {}
                                        1 => t.push(letter),
                                        2 => {
                                            t.push(letter);
                                            t.push(letter);
                                        }
                                        k => {
                                            t.push(letter);
                                            t.push_str(&alloc::format!("{k}"));
                                        }
                                    }
                                }
                                alloc::format!("{t:^3}")
                            }
                        };
                        line.push_str(&text);
                    }
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        for p in 0..self.rules.players() {
            let player = Player::new(p).unwrap_or(Player::A);
            let (mut waiting, mut out) = (0, 0);
            for (_, place) in self.horses(player) {
                match place {
                    Place::Waiting => waiting += 1,
                    Place::Out => out += 1,
                    Place::On { .. } => {}
                }
            }
            writeln!(f, "{player}: {waiting} waiting, {out} out")?;
        }
        let bank: alloc::vec::Vec<alloc::string::String> = Throw::ALL
            .iter()
            .zip(&self.bank)
            .flat_map(|(t, &n)| core::iter::repeat_n(alloc::format!("{t}"), n as usize))
            .collect();
        if !bank.is_empty() {
            writeln!(f, "bank: {}", bank.join(" "))?;
        }
        match self.awaiting() {
            Awaiting::OrderThrow(p) => writeln!(f, "{p} throws for the order of play"),
            Awaiting::Throw(p) => writeln!(f, "{p} to throw"),
            Awaiting::Move(p) => writeln!(f, "{p} to move"),
            Awaiting::Over => match self.outcome() {
                Some(o) => writeln!(f, "over: {} wins", o.winner),
                None => writeln!(f, "over"),
            },
        }
    }
}

/// The serialised form of a game: rules, the given order (if any) and the record,
/// replayed (and so checked) on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GameData {
    rules: Rules,
    order: Option<Vec<Player>>,
    #[serde(default)]
    start: Vec<(Horse, Place)>,
    record: Vec<Action>,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            rules: self.rules,
            order: self.given_order().map(|o| o.collect()),
            start: self.start.clone(),
            record: self.record.clone(),
        }
        .serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let data = GameData::deserialize(d)?;
        Game::replay(data.rules, data.order.as_deref(), &data.start, &data.record)
            .map_err(serde::de::Error::custom)
    }
}
