//! What a player cannot see is drawn afresh by `resample_from_infostate`, and only
//! that: the resampled states differ from the true one in the hidden parts, often,
//! while everything the player sees stays the same. And the search bot decides from
//! its own view only: in two games that differ only in what it cannot see, it makes
//! the same search and the same choice.

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop::bot::{Budget, Config, Searcher};
use tabletop::{Game, State, Turn, load};

/// Plays `steps` random actions (chance by probability) from the start.
fn play(game: &tabletop::AnyGame, steps: usize, seed: u64) -> tabletop::AnyState {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut s = game.new_initial_state();
    for _ in 0..steps {
        let a = match s.current_player() {
            Turn::Terminal => break,
            Turn::Chance => s.sample_chance(&mut rng),
            Turn::Player(_) => s.playout_action(&mut rng),
        };
        s.apply_action(a.unwrap()).unwrap();
    }
    s
}

/// Resamples `state` for `player` many times: every resample looks the same to the
/// player, and at least `min_distinct` different states come out.
fn check_resamples(state: &tabletop::AnyState, player: usize, min_distinct: usize) {
    let mut rng = Pcg64Mcg::seed_from_u64(99);
    let mut distinct: Vec<tabletop::AnyState> = Vec::new();
    for _ in 0..200 {
        let r = state.resample_from_infostate(player, &mut rng);
        assert_eq!(
            r.information_state_string(player),
            state.information_state_string(player)
        );
        assert_eq!(
            r.observation_string(player),
            state.observation_string(player)
        );
        assert_eq!(r.legal_actions(), state.legal_actions());
        if !distinct.contains(&r) {
            distinct.push(r);
        }
    }
    assert!(
        distinct.len() >= min_distinct,
        "only {} distinct resamples for player {player}",
        distinct.len()
    );
}

#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_resamples_the_cards_a_player_has_not_seen() {
    let game = load("tarokk_war").unwrap();
    // Deal (80 chance nodes), then into phase I.
    for steps in [85, 120] {
        let s = play(&game, steps, 3);
        assert!(!s.is_terminal(), "{steps} steps ended the game");
        for p in 0..2 {
            check_resamples(&s, p, 20);
        }
    }
    // Phase II with the defender's soldier face down: the attacker does not know it.
    let mut found = 0;
    for seed in 0..40 {
        for steps in 81..200 {
            let s = play(&game, steps, seed);
            let tabletop::AnyState::TarokkWar(t) = &s else {
                unreachable!()
            };
            let Some(g) = t.game() else { continue };
            if g.is_over() {
                break;
            }
            if let tarokk_war::Awaiting::Attack(attacker) = g.awaiting() {
                check_resamples(&s, attacker.index(), 5);
                check_resamples(&s, attacker.other().index(), 5);
                found += 1;
                break;
            }
        }
    }
    assert!(found > 10, "phase II battles reached in only {found} games");
}

/// Phase I's hands not dealt yet are unknown to both players: a resample deals
/// them afresh (each in any order), and keeps the hands already dealt.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_resamples_the_hands_not_dealt_yet() {
    let game = load("tarokk_war").unwrap();
    let s = play(&game, 85, 3);
    let hands = |s: &tabletop::AnyState| {
        let tabletop::AnyState::TarokkWar(t) = s else {
            unreachable!("tarokk war")
        };
        let g = t.game().expect("dealt");
        (usize::from(g.hand_number()), g.setup().hands)
    };
    let (dealt, before) = hands(&s);
    assert!(
        (1..tarokk_war::HANDS).contains(&dealt),
        "in phase I: hand {dealt}"
    );
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut orders = Vec::new();
    // Shuffled uniformly: each card of the next hand comes last, in time.
    let mut last = Vec::new();
    for _ in 0..200 {
        let (_, after) = hands(&s.resample_from_infostate(0, &mut rng));
        assert_eq!(after[..dealt], before[..dealt], "the hands dealt stay");
        let to_come = after[dealt..].to_vec();
        if !last.contains(&to_come[0][5]) {
            last.push(to_come[0][5]);
        }
        if !orders.contains(&to_come) {
            orders.push(to_come);
        }
    }
    assert!(
        orders.len() > 190,
        "{} orders of the hands to come",
        orders.len()
    );
    assert_eq!(last.len(), 6, "cards seen last in the next hand: {last:?}");
}

/// In phase II the defender's soldier lies face down: the attacker does not
/// know it, so a resample for the attacker draws it afresh among the soldiers
/// the defender may hold, while the defender's own resamples keep it.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_resamples_the_soldier_face_down_for_the_attacker_only() {
    let game = load("tarokk_war").unwrap();
    let face_down = |s: &tabletop::AnyState| {
        let tabletop::AnyState::TarokkWar(t) = s else {
            unreachable!("tarokk war")
        };
        t.game().and_then(|g| Some((g.face_down()?, g.front()?.1)))
    };
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut varied = 0;
    for seed in 0..20 {
        for steps in 81..250 {
            let s = play(&game, steps, seed);
            let Some((card, defender)) = face_down(&s) else {
                continue;
            };
            let mut seen = Vec::new();
            for _ in 0..30 {
                let (other, _) =
                    face_down(&s.resample_from_infostate(defender.other().index(), &mut rng))
                        .expect("still face down");
                if !seen.contains(&other) {
                    seen.push(other);
                }
                let kept = s.resample_from_infostate(defender.index(), &mut rng);
                assert_eq!(face_down(&kept), Some((card, defender)));
            }
            varied += usize::from(seen.len() > 1);
            break;
        }
    }
    assert!(
        varied > 5,
        "the face-down soldier drawn afresh in only {varied} games"
    );
}

#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_resamples_the_opponents_traps() {
    let game = load("trap_stones").unwrap();
    // After the draws and both sides' traps, and some moves.
    for steps in [5, 12] {
        let s = play(&game, steps, 5);
        assert!(!s.is_terminal());
        for p in 0..2 {
            check_resamples(&s, p, 20);
        }
    }
}

/// The bot to move in `state` searches it and `other`, a game that differs only in
/// what that player cannot see, with the same seed and playout budget: same choice,
/// same statistics for every root child. A bot that looked at the hidden cards or
/// traps would, in one game or another, search differently.
fn check_bot_sees_only_its_view(
    game: &tabletop::AnyGame,
    state: &tabletop::AnyState,
    seed: u64,
) -> bool {
    let Turn::Player(p) = state.current_player() else {
        return false;
    };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let Some(other) = (0..50)
        .map(|_| state.resample_from_infostate(p, &mut rng))
        .find(|o| o != state)
    else {
        return false;
    };
    assert_eq!(
        other.information_state_string(p),
        state.information_state_string(p)
    );
    let config = Config::for_game(game.info().short_name, Budget::playouts(100), seed);
    let a = Searcher::new(config).search(state);
    let b = Searcher::new(config).search(&other);
    assert_eq!(a.action, b.action, "{}", state.information_state_string(p));
    assert_eq!(a.children, b.children);
    assert_eq!(a.playouts, b.playouts);
    true
}

/// [`check_bot_sees_only_its_view`] at many points (`steps` actions from the
/// start) of many random games.
fn check_bot_over_games(name: &str, steps: &[usize]) {
    let game = load(name).unwrap();
    let mut checked = 0;
    for seed in 0..8u64 {
        for &steps in steps {
            let s = play(&game, steps, seed);
            if check_bot_sees_only_its_view(&game, &s, seed) {
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 30,
        "{name}: only {checked} positions with something hidden"
    );
}

#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_bot_decides_from_its_view_only() {
    // The deal takes 80 chance nodes.
    check_bot_over_games("tarokk_war", &[82, 88, 100, 120, 140, 170]);
}

#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_bot_decides_from_its_view_only() {
    check_bot_over_games("trap_stones", &[4, 6, 10, 16, 24, 40]);
}

/// tarokk war's resampling draws a consistent game afresh at every decision:
/// the opponent's shown soldiers kept, its hidden ones, the undrawn pile and the
/// hands not dealt yet redrawn. It falls back to the true state only when no
/// consistent game was drawn, which along random games never happens: at every
/// decision some of 8 resamples differs from the true state.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_resamples_at_every_decision() {
    let game = load("tarokk_war").unwrap();
    let mut states = 0;
    for seed in 0..4 {
        let mut s = game.new_initial_state();
        let mut rng = tabletop::rng::SplitMix64::seed_from_u64(seed);
        while !s.is_terminal() {
            if let Turn::Player(p) = s.current_player() {
                states += 1;
                for viewer in [p, 1 - p] {
                    let moved = (0..8).any(|_| s.resample_from_infostate(viewer, &mut rng) != s);
                    assert!(
                        moved,
                        "seed {seed}: no resample for {viewer} at {:?}",
                        s.history()
                    );
                }
            }
            s.playout_step(&mut rng);
        }
    }
    assert!(states > 100, "{states} decisions");
}
