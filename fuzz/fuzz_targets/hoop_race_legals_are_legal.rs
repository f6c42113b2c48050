//! Typed games of hoop race and yut nori under both presets with small options
//! varied, throws (chance) from the input: each step plays the k-th listed legal
//! move (or, at a chance node, the k-th throw), tries an arbitrary move, or makes
//! an arbitrary throw. Every listed move passes `check` and plays; the list names
//! each team and each seat's entering move once (by its lowest-numbered horse) and
//! is empty unless a move is awaited; an arbitrary move is accepted exactly when a
//! listed move is the same move by the crate's documented equivalence (any horse of
//! a team names the team's move, any waiting horse of a seat its entering move:
//! same throw, same owner, same place, not out); a refused move or throw leaves the
//! game as it was; a finished game refuses everything.
#![no_main]

use arbitrary::Arbitrary;
use hoop_race::{Awaiting, Exit, Game, Horse, Move, Place, Player, Rules, Setup, Shortcuts, Throw};
use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::pick;

#[derive(Debug, Arbitrary)]
enum Step {
    /// The k-th listed move, or at a chance node the k-th throw value.
    Listed(u8),
    /// Any move.
    Try(Move),
    /// Any throw.
    Throw(Throw),
}

#[derive(Debug, Arbitrary)]
struct Options {
    players: u8,
    horses: u8,
    yut_shortcuts: bool,
    pass_exit: bool,
    back_do: bool,
    bonus_on_rethrow: bool,
    play_for_places: bool,
}

#[derive(Debug, Arbitrary)]
struct Input {
    preset: u8,
    options: Option<Options>,
    /// The order of play in seat order, else settled by throws.
    seat_order: bool,
    steps: Vec<Step>,
}

/// Whether `a` and `b` name the same move now (the crate's documented reading:
/// the same throw spent on the same seat's unit — a team on one place, or the
/// waiting horses).
fn same_move(game: &Game, a: Move, b: Move) -> bool {
    let (pa, pb) = (game.place(a.horse), game.place(b.horse));
    a.throw == b.throw && a.horse.owner == b.horse.owner && pa == pb && pa != Place::Out
}

fuzz_target!(|input: Input| {
    let name = pick(Rules::PRESETS, usize::from(input.preset)).expect("presets");
    let preset = Rules::preset(name).expect("a listed preset");
    let rules = match &input.options {
        None => preset,
        Some(o) => {
            let varied = preset
                .with_players(2 + o.players % 3)
                .with_horses(Some(1 + o.horses % 8))
                .with_shortcuts(if o.yut_shortcuts { Shortcuts::YutNori } else { Shortcuts::Source })
                .with_exit(if o.pass_exit { Exit::Pass } else { Exit::Reach })
                .with_back_do(o.back_do)
                .with_bonus_on_rethrow(o.bonus_on_rethrow)
                .with_play_for_places(o.play_for_places);
            if varied.validate().is_ok() { varied } else { preset }
        }
    };
    let setup = if input.seat_order { Setup::in_seat_order(rules.players()) } else { Setup::default() };
    let Ok(mut game) = Game::new(rules, setup) else {
        return;
    };
    for step in input.steps {
        let legal = game.legal_moves();
        let awaiting = game.awaiting();
        assert_eq!(!legal.is_empty(), matches!(awaiting, Awaiting::Move(_)), "{awaiting:?} with {legal:?}");
        for (i, &a) in legal.iter().enumerate() {
            assert_eq!(game.check(a), Ok(()), "listed {a} refused by check");
            for &b in &legal[i + 1..] {
                assert!(!same_move(&game, a, b), "{a} and {b} listed as two moves");
            }
        }
        let mv = match step {
            Step::Listed(k) if awaiting == Awaiting::Chance => {
                let t = Throw::ALL[usize::from(k) % 6];
                let before = game.clone();
                if game.throw(t).is_err() {
                    assert!(game == before, "a refused throw changed the game");
                }
                continue;
            }
            Step::Listed(k) => match pick(&legal, usize::from(k)) {
                Some(mv) => {
                    game.play(mv).unwrap_or_else(|e| panic!("listed {mv} did not play: {e}"));
                    continue;
                }
                None => Move::new(Horse::new(Player::A, 0), Throw::ALL[0]),
            },
            Step::Throw(t) => {
                let before = game.clone();
                match game.throw(t) {
                    Ok(_) => assert_eq!(awaiting, Awaiting::Chance, "a throw accepted while {awaiting:?}"),
                    Err(_) => assert!(game == before, "a refused throw changed the game"),
                }
                continue;
            }
            Step::Try(mv) => mv,
        };
        let listed = legal.iter().any(|&l| same_move(&game, l, mv));
        let checked = game.check(mv);
        assert_eq!(checked.is_ok(), listed, "{mv}: check says {checked:?}, listed: {listed} ({legal:?})");
        assert_eq!(game.is_legal(mv), listed);
        let before = game.clone();
        match game.play(mv) {
            Ok(_) => assert!(listed, "{mv} played but not listed"),
            Err(e) => {
                assert_eq!(Err(e), checked, "play and check disagree on {mv}");
                assert!(game == before, "a refused {mv} changed the game");
            }
        }
    }
    if game.is_over() {
        assert!(game.legal_moves().is_empty());
        for t in Throw::ALL {
            let before = game.clone();
            assert!(game.throw(t).is_err(), "a finished game accepts the throw {t}");
            assert!(game == before);
            for p in Player::all(4) {
                for n in 0..8 {
                    let mv = Move::new(Horse::new(p, n), t);
                    assert!(game.check(mv).is_err(), "a finished game accepts {mv}");
                }
            }
        }
    }
});
