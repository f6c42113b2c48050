//! The game core: the state, what it waits for, throws (rulings H6, H9), moves with
//! teams, catches and exits (H7, H8), and the end (H10).

use alloc::vec::Vec;
use core::fmt;

use crate::board::{Place, Station};
use crate::chance::Throw;
use crate::error::{GameError, IllegalMove};
use crate::herd::{Herd, NOWHERE, seat_mask};
use crate::moves::{Action, Horse, Move, MoveList};
use crate::order::Ordering;
use crate::player::{Player, Side};
use crate::record::Record;
use crate::report::{Effects, Event, Report, ThrowReport, horses};
use crate::rules::{MAX_HORSES, MAX_PLAYERS, Rules};
use crate::score::{End, Outcome, Score};
use crate::setup::Setup;

/// What the game waits for next.
///
/// Serialised in snake case: `"chance"`, `{"move": "A"}`, `"over"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Awaiting {
    /// Chance: a throw of the sticks ([`Game::throw`], [`Game::throw_random`]) —
    /// for the order of play (ruling H9; [`Game::is_settling_order`] says so), or
    /// in a turn: the turn's first, a re-throw after a 4 or 5, or a bonus throw
    /// (H6). [`Game::to_move`] names the player who throws.
    Chance,
    /// This player's move: a banked throw spent on a horse (H6).
    Move(Player),
    /// Nothing: the game is over.
    Over,
}

/// A game of hoop race or yut nori.
///
/// Chance is input: every throw is an action of the game, given to [`Game::throw`]
/// or drawn under the rules' model from any `rand_core` generator by
/// [`Game::throw_random`]; so a game is its rules, its [`Setup`] and its actions,
/// and the same actions give the same game ([`Game::replay`], [`Game::record`]).
/// [`Game::awaiting`] says whether a throw or a move comes next.
///
/// ```
/// use hoop_race::{Awaiting, Game, Player, Rules, Setup, Throw};
/// let mut game = Game::new(Rules::default(), Setup::in_seat_order(2))?;
/// let t = |n| Throw::points(n).unwrap();
/// assert_eq!(game.awaiting(), Awaiting::Chance);
/// game.throw(t(4))?;                        // a 4: throw again (H6)
/// game.throw(t(2))?;
/// assert_eq!(game.awaiting(), Awaiting::Move(Player::A));
/// assert_eq!(game.legal_moves().len(), 2);  // enter a horse with the 4 or the 2
/// let report = game.play("A1+4".parse()?)?;
/// assert_eq!(report.to.station().unwrap().to_string(), "4");
/// game.play("A1+2".parse()?)?;              // on to 6: past Б, round the circle
/// assert_eq!((game.awaiting(), game.to_move()), (Awaiting::Chance, Player::B));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Game {
    pub(crate) rules: Rules,
    setup: Setup,
    pub(crate) herd: Herd,
    /// The order of play while throws settle it (H9).
    pub(crate) ordering: Option<Ordering>,
    /// Players in order of play.
    order: [Player; MAX_PLAYERS],
    /// Position in `order` of the player whose turn it is.
    turn: u8,
    /// Whether the player is throwing (else moving).
    pub(crate) throwing: bool,
    /// Banked throws, counted by value in [`Throw::ALL`] order.
    pub(crate) bank: [u16; 6],
    /// How many of them are forward throws (kept apart: summing the bank right
    /// after changing one count stalled on store forwarding).
    forward: u16,
    /// Sides in the order they finished (H10).
    finished: [u8; MAX_PLAYERS],
    finished_len: u8,
    pub(crate) over: bool,
    /// Every throw and move so far.
    actions: Vec<Action>,
}

/// Where the steps of a move go: nowhere for [`Game::play`] and playouts, to the
/// caller's observer for [`Game::play_traced`].
pub(crate) trait Observer {
    /// Whether events are wanted at all (so the quiet path builds none).
    const ON: bool;
    /// One step.
    fn event(&mut self, event: Event);
}

/// No events.
pub(crate) struct Quiet;

impl Observer for Quiet {
    const ON: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

/// Events to a closure.
struct Traced<'a, F>(&'a mut F);

impl<F: FnMut(Event)> Observer for Traced<'_, F> {
    const ON: bool = true;
    fn event(&mut self, event: Event) {
        (self.0)(event);
    }
}

impl Game {
    /// A new game from `setup`: the order of play given or settled first by throws
    /// (H9), the placed horses where the setup puts them, the rest waiting.
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules; [`GameError::Order`] for an order
    /// that does not name every player exactly once; for a placed horse,
    /// [`GameError::NoSuchHorse`] (not in this game), [`GameError::PlacedTwice`],
    /// [`GameError::Place`] (a place it cannot stand on,
    /// [`Place::is_consistent`]), [`GameError::SharedStation`] (one player's horses
    /// on one station with different routes, or opponents on one station); and
    /// [`GameError::AlreadyWon`] for a side that has already brought out its
    /// horses.
    pub fn new(rules: Rules, setup: Setup) -> Result<Game, GameError> {
        rules.validate()?;
        let (herd, order) = setup.start(&rules)?;
        Ok(Game::fresh(rules, setup, herd, order, Vec::new()))
    }

    /// The game at its start, from checked parts.
    fn fresh(
        rules: Rules,
        setup: Setup,
        herd: Herd,
        order: Option<[Player; MAX_PLAYERS]>,
        actions: Vec<Action>,
    ) -> Game {
        let (ordering, order) = match order {
            Some(order) => (None, order),
            // Seat order until the throws settle it.
            None => (Some(Ordering::new(rules.players())), Player::SEATS),
        };
        Game {
            ordering,
            order,
            rules,
            setup,
            herd,
            turn: 0,
            throwing: true,
            bank: [0; 6],
            forward: 0,
            finished: [0; MAX_PLAYERS],
            finished_len: 0,
            over: false,
            actions,
        }
    }

    /// Replays a game: `setup`, then `moves` in order — here every action of the
    /// record, throws and moves alike ([`Game::record`] gives them).
    ///
    /// # Errors
    /// As [`Game::new`], and [`GameError::Replay`] for the first action that cannot
    /// be made (`number` its 0-based index in `moves`).
    pub fn replay(rules: Rules, setup: Setup, moves: &[Action]) -> Result<Game, GameError> {
        let mut game = Game::new(rules, setup)?;
        game.actions.reserve(moves.len());
        for (number, &mv) in moves.iter().enumerate() {
            let made = match mv {
                Action::Throw(t) => game.throw(t).map(drop),
                Action::Move(m) => game.play(m).map(drop),
            };
            made.map_err(|error| GameError::Replay { number, mv, error })?;
        }
        Ok(game)
    }

    /// Starts this game again from its setup (keeping its memory: a playout loop
    /// that restarts one game allocates nothing). A game whose order was settled
    /// by throws settles it again.
    pub fn restart(&mut self) {
        let mut actions = core::mem::take(&mut self.actions);
        actions.clear();
        let setup = core::mem::take(&mut self.setup);
        // The setup was checked when the game was made.
        let (herd, order) = setup.start_unchecked(&self.rules);
        *self = Game::fresh(self.rules, setup, herd, order, actions);
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The setup the game started from.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The stored game: rules, setup, and every action so far (its `moves`: throws
    /// and moves). [`Record::replay`] gives this game back.
    pub fn record(&self) -> Record {
        Record {
            rules: self.rules,
            setup: self.setup.clone(),
            moves: self.actions.clone(),
        }
    }

    /// Every throw and move so far, in order (the record's moves, without copying).
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// What the game waits for: a throw, a move, or nothing.
    pub fn awaiting(&self) -> Awaiting {
        if self.over {
            Awaiting::Over
        } else if self.ordering.is_some() || self.throwing {
            Awaiting::Chance
        } else {
            Awaiting::Move(self.current())
        }
    }

    /// Whether the throws awaited are for the order of play (H9), not a turn's.
    pub fn is_settling_order(&self) -> bool {
        self.ordering.is_some()
    }

    /// The player whose decision is next: the next to throw for the order of play
    /// while it is settled (H9), else the player whose turn it is — to throw or to
    /// move (and, once the game is over, the player who moved last).
    pub fn to_move(&self) -> Player {
        match &self.ordering {
            Some(o) => o.next_player(self.rules.players()),
            None => self.current(),
        }
    }

    /// The player whose turn it is.
    #[inline]
    pub(crate) fn current(&self) -> Player {
        self.order[usize::from(self.turn) % MAX_PLAYERS]
    }

    /// The order of play (given or settled; while throws settle it, the order so
    /// far).
    pub fn order(&self) -> impl Iterator<Item = Player> + use<> {
        let seq = self.ordering.map_or(self.order, |o| o.seq());
        seq.into_iter().take(self.rules.players())
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
    pub fn horses_on(&self, station: Station) -> impl Iterator<Item = Horse> + use<> {
        horses(self.herd.on(station))
    }

    /// The banked throws of the turn, by value, in [`Throw::ALL`] order.
    pub fn bank(&self) -> [u16; 6] {
        self.bank
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// How it ended, once it has: the winner, the reason, the places.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let players = self.rules.players();
        let mut ranked = [Side::new(0, players); MAX_PLAYERS];
        let n = usize::from(self.finished_len);
        for (r, &s) in ranked.iter_mut().zip(&self.finished[..n]) {
            *r = Side::new(usize::from(s), players);
        }
        Some(Outcome::new(self.end_reason(), &ranked[..n]))
    }

    /// Why the game ends, once it does.
    fn end_reason(&self) -> End {
        if self.rules.play_for_places() {
            End::OneSideLeft
        } else {
            End::BroughtOut
        }
    }

    /// The score (H10): horses out and points still needed, per side; running
    /// while the game goes on, final once it is over.
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

    /// Makes a throw: for the order of play while it is settled (H9), else the
    /// turn's (H6). A 4 or 5 asks for another throw; otherwise the bank is to be
    /// spent, or, if no horse can use it, dropped and the turn passes.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`]; [`IllegalMove::BackDoOff`] for back-do when the
    /// rules do not play it; [`IllegalMove::MoveExpected`] while a move is awaited.
    /// Nothing changes then.
    pub fn throw(&mut self, throw: Throw) -> Result<ThrowReport, IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if throw.is_back_do() && !self.rules.back_do() {
            return Err(IllegalMove::BackDoOff);
        }
        let for_order = self.ordering.is_some();
        if !for_order && !self.throwing {
            return Err(IllegalMove::MoveExpected);
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
    #[inline]
    pub(crate) fn throw_known(&mut self, throw: Throw) -> u16 {
        self.actions.push(Action::Throw(throw));
        if let Some(o) = &mut self.ordering {
            if o.record(throw.steps(), self.rules.players()) {
                self.order = o.seq();
                self.ordering = None;
                self.turn = 0;
                self.throwing = true;
            }
            return 0;
        }
        self.bank[throw.index()] = self.bank[throw.index()].saturating_add(1);
        self.forward = self.forward.saturating_add(u16::from(!throw.is_back_do()));
        if throw.rethrow() {
            return 0;
        }
        self.throwing = false;
        self.settle(&mut Quiet)
    }

    /// While moving: if no banked throw can be used, drops them and passes the turn.
    /// Returns the number dropped.
    fn settle<O: Observer>(&mut self, obs: &mut O) -> u16 {
        if self.throwing || self.over {
            return 0;
        }
        if self.usable_throw() {
            return 0;
        }
        if O::ON {
            for (t, &count) in Throw::ALL.iter().zip(&self.bank) {
                if count > 0 {
                    obs.event(Event::Voided { throw: *t, count });
                }
            }
        }
        let dropped = self.bank.iter().fold(0u16, |a, &n| a.saturating_add(n));
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

    /// Checks that `mv` can be made now. Any horse of a team names the team's move,
    /// and any waiting horse of a seat its entering move (the legal-move list names
    /// each once).
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

    /// Whether `mv` can be made now (`check(mv).is_ok()`).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.target(mv).is_ok()
    }

    /// Where `mv` takes its horse, if it is legal.
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
                // At most MAX_MOVES: six throw values, at most 2 × MAX_HORSES units.
                let _ = list.try_push(Move::new(Horse::from_slot(slot), *t));
            }
        }
        list
    }

    /// The movable units of the player to move, in horse order: for each movable
    /// seat its first waiting horse and the lowest horse of each team on the
    /// board. Returns how many were written.
    pub(crate) fn units(&self, units: &mut [usize; 2 * MAX_HORSES]) -> usize {
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
    /// throw (H6); bringing out the last needed horse wins (H10). Atomic: on an
    /// error nothing changes.
    ///
    /// # Errors
    /// As [`Game::check`].
    pub fn play(&mut self, mv: Move) -> Result<Report, IllegalMove> {
        let to = self.target(mv)?;
        Ok(self.apply(mv, to, &mut Quiet))
    }

    /// [`Game::play`], giving each step of the move to `observer` as an [`Event`]
    /// (the horses moved, joined, caught, brought out or taken off, the finish, the
    /// bonus throw, void throws, the end). No allocation; returns the same report.
    ///
    /// ```
    /// use hoop_race::{Event, Game, Place, Route, Rules, Setup, Throw};
    /// let on = |step| Place::On { route: Route::Circle, step };
    /// let setup = Setup {
    ///     places: vec![("A1".parse()?, on(2)), ("B1".parse()?, on(4))],
    ///     ..Setup::in_seat_order(2)
    /// };
    /// let mut game = Game::new(Rules::default(), setup)?;
    /// game.throw(Throw::points(2).unwrap())?;
    /// let mut caught = 0;
    /// let report = game.play_traced("A1+2".parse()?, &mut |e| {
    ///     if let Event::Caught { .. } = e {
    ///         caught += 1;
    ///     }
    /// })?;
    /// assert_eq!((caught, report.caught().count()), (1, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Game::check`]; nothing changes and no event is given then.
    pub fn play_traced(
        &mut self,
        mv: Move,
        observer: &mut impl FnMut(Event),
    ) -> Result<Report, IllegalMove> {
        let to = self.target(mv)?;
        Ok(self.apply(mv, to, &mut Traced(observer)))
    }

    fn apply<O: Observer>(&mut self, mv: Move, to: Place, obs: &mut O) -> Report {
        let player = self.current();
        let from = self.herd.place(mv.horse.slot());
        let e = self.apply_known(mv, to, obs);
        Report {
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
    pub(crate) fn apply_known<O: Observer>(&mut self, mv: Move, to: Place, obs: &mut O) -> Effects {
        let slot = mv.horse.slot();
        let seat = mv.horse.owner.index();
        let side = self.side_of(seat);
        // The moving team: the horse, and its owner's horses on the same station.
        let moving = match self.herd.station_of(slot) {
            NOWHERE => 1 << slot,
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
        if O::ON {
            let from = self.herd.place(slot);
            for horse in horses(moving) {
                obs.event(match to {
                    Place::Out => Event::Exited { horse, from },
                    _ => Event::Moved { horse, from, to },
                });
            }
            for horse in horses(joined) {
                let from = self.herd.place(horse.slot());
                obs.event(Event::Joined { horse, from, to });
            }
            for horse in horses(caught) {
                let from = self.herd.place(horse.slot());
                obs.event(Event::Caught { horse, from });
            }
        }
        self.herd.set_all(moving | joined, to);
        self.herd.set_all(caught, Place::Waiting);
        let joined = joined.count_ones() as u8;
        self.bank[mv.throw.index()] -= 1;
        self.forward -= u16::from(!mv.throw.is_back_do());
        self.actions.push(Action::Move(mv));
        let bonus = caught != 0 && (self.rules.bonus_on_rethrow() || !mv.throw.rethrow());
        let finished = self.check_finished(side);
        let mut taken_off = 0;
        if let Some(side) = finished {
            if O::ON {
                obs.event(Event::Finished { side });
            }
            if self.rules.play_for_places() {
                // H10: a finished side's horses leave the board at once, so they no
                // longer block, join or get caught.
                let (x, y) = self.side_seats(side.index());
                taken_off = self.herd.running_mask() & (seat_mask(x) | y.map_or(0, seat_mask));
                if O::ON {
                    for horse in horses(taken_off) {
                        let from = self.herd.place(horse.slot());
                        obs.event(Event::TakenOff { horse, from });
                    }
                }
                self.herd.set_all(taken_off, Place::Waiting);
            }
        }
        let mut voided = 0;
        if !self.over {
            if finished.is_some() {
                // The side is done: its turn ends, its throws are dropped.
                self.next_turn();
            } else if bonus {
                self.throwing = true;
                if O::ON {
                    obs.event(Event::BonusThrow {
                        player: self.current(),
                    });
                }
            } else {
                voided = self.settle(obs);
            }
        } else if O::ON {
            obs.event(Event::Ended {
                reason: self.end_reason(),
            });
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
        Some(Side::new(side, self.rules.players()))
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("awaiting", &self.awaiting())
            .field("to_move", &self.to_move())
            .field("bank", &self.bank)
            .field("actions", &self.actions.len())
            .finish()
    }
}
