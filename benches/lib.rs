//! The package's root: the benchmarks are the files beside it, one per crate
//! (`cargo bench -p tabletop-benches --bench NAME`). What it holds is shared by
//! the interface benchmark (`tabletop.rs`) and the interleaved timing of the same
//! loops (`interface_speed.rs`): whole random games of each game, through its
//! crate and through `tabletop`, with the same policies.

use rand_pcg::Pcg64Mcg;
use tabletop::{Game as _, State as _};

/// The five games, as the interface names them, and tarokk war from a dealt
/// position (`tarokk_war/dealt`: the playouts of a search, which deals by
/// resampling, not by stepping through the deal's 80 chance nodes).
pub const GAMES: [&str; 6] = [
    "go",
    "o_an_quan",
    "hoop_race",
    "trap_stones",
    "tarokk_war",
    "tarokk_war/dealt",
];

/// The deal of `tarokk_war/dealt`: the one `Game::random` draws from seed 7.
fn tarokk_dealt() -> tarokk_war::Game {
    use rand_core::SeedableRng;
    tarokk_war::Game::random(
        tarokk_war::Rules::default(),
        &mut Pcg64Mcg::seed_from_u64(7),
    )
    .expect("valid")
}

/// The interface's game string for each of [`GAMES`] (Go at 9×9 with light
/// playouts, the crate's own playout policy).
pub fn game_string(game: &str) -> &str {
    match game {
        "go" => "go(board_size=9,playouts=light)",
        "tarokk_war/dealt" => "tarokk_war",
        other => other,
    }
}

/// Plays `n` whole random games of `game` (one of [`GAMES`]) through its own
/// crate, with the policy the interface's playouts use; returns the moves
/// played. Trap stones and tarokk war draw their setups by chance as the
/// interface does (`Game::random`).
pub fn native_games(game: &str, n: usize, rng: &mut Pcg64Mcg) -> usize {
    let mut moves = 0;
    match game {
        "go" => {
            let start =
                go_core::Game::new(go_core::Rules::tromp_taylor(), go_core::Setup::new(9, 9))
                    .expect("9x9");
            for _ in 0..n {
                let mut g = start.clone();
                moves += g.play_out(rng, usize::MAX);
            }
        }
        "o_an_quan" => {
            let rules = o_an_quan::Rules::default().with_move_limit(Some(5000));
            let start =
                o_an_quan::Game::new(rules, o_an_quan::Setup::standard(&rules)).expect("valid");
            for _ in 0..n {
                let mut g = start.clone();
                moves += g.play_out(rng, usize::MAX);
            }
        }
        "hoop_race" => {
            let start =
                hoop_race::Game::new(hoop_race::Rules::default(), hoop_race::Setup::default())
                    .expect("valid");
            for _ in 0..n {
                let mut g = start.clone();
                moves += g.play_out(rng, usize::MAX);
            }
        }
        "trap_stones" => {
            for _ in 0..n {
                let mut g =
                    trap_stones::Game::random(trap_stones::Rules::default(), rng).expect("valid");
                while let Some(mv) = g.playout_move(rng) {
                    g.play(mv).expect("the policy's move is legal");
                    moves += 1;
                }
            }
        }
        "tarokk_war" => {
            for _ in 0..n {
                let mut g =
                    tarokk_war::Game::random(tarokk_war::Rules::default(), rng).expect("valid");
                moves += g.play_out(rng, usize::MAX);
            }
        }
        "tarokk_war/dealt" => {
            let start = tarokk_dealt();
            for _ in 0..n {
                let mut g = start.clone();
                moves += g.play_out(rng, usize::MAX);
            }
        }
        other => panic!("no game {other}"),
    }
    moves
}

/// Plays `n` whole random games from `start` through the interface (the generic
/// loop every program uses: `State::play_out`, chance by its probabilities,
/// decisions by the game's playout policy); returns the actions taken.
pub fn interface_games(start: &tabletop::AnyState, n: usize, rng: &mut Pcg64Mcg) -> usize {
    let mut actions = 0;
    for _ in 0..n {
        let mut s = start.clone();
        actions += s.play_out(rng, usize::MAX);
    }
    actions
}

/// The initial state of one of [`GAMES`] through the interface (for
/// `tarokk_war/dealt`, the state once [`native_games`]' deal is dealt).
pub fn interface_start(game: &str) -> tabletop::AnyState {
    let mut state = tabletop::load(game_string(game))
        .expect("a game string")
        .new_initial_state();
    if game == "tarokk_war/dealt" {
        let dealt = tarokk_dealt();
        let setup = dealt.setup();
        let deal = std::iter::once(setup.first_dealer.index() as u32)
            .chain(setup.soldiers.iter().map(|c| c.index() as u32))
            .chain(setup.hands.iter().flatten().map(|c| c.index() as u32));
        for action in deal {
            state.apply_action(action).expect("the deal's cards");
        }
    }
    state
}
