//! The invariant suite on every game, under every preset and several option mixes.
//! Games per configuration from `TABLETOP_SUITE_GAMES` (default 4; CI keeps it
//! small, raise it locally).

use tabletop::suite::{self, Config};
use tabletop::{Game, load};

fn games() -> usize {
    std::env::var("TABLETOP_SUITE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4)
}

fn run(game_string: &str, config: Config) {
    let game = load(game_string).unwrap_or_else(|e| panic!("{game_string}: {e}"));
    match suite::check(&game, &config) {
        Ok(summary) => eprintln!(
            "{}: {} games, {} decisions, {} chance nodes, {} uniformity tests, {} differing resamples",
            game.info().game_string(),
            summary.games,
            summary.decisions,
            summary.chance_nodes,
            summary.uniformity_tests,
            summary.resamples_differing
        ),
        Err(v) => panic!("{v}"),
    }
}

fn config() -> Config {
    Config {
        games: games(),
        ..Config::default()
    }
}

#[cfg(feature = "hoop_race")]
#[test]
fn hoop_race_passes_the_suite() {
    for g in [
        "hoop_race",
        "hoop_race(rules=yut_nori)",
        "hoop_race(players=3,play_for_places=true)",
        "hoop_race(rules=yut_nori,players=4)",
        "hoop_race(rules=yut_nori,exit=reach,bonus_on_rethrow=false,horses=2)",
        // Games stopped by the interface's cap, at a throw or a move.
        "hoop_race(max_actions=25)",
        r#"hoop_race(rules=yut_nori,throw_model={"table":{"weights":[3,5,4,1,1,2]}})"#,
    ] {
        run(g, config());
    }
}

#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_passes_the_suite() {
    // Small boards: the whole action space (every va-bank group) checked at every step.
    for g in [
        "trap_stones(width=4,height=4)",
        "trap_stones(rules=blitz,width=5,height=3)",
        "trap_stones(rules=corners,width=4,height=5)",
        "trap_stones(width=3,height=3,scarecrows_anchor=false,stake=compulsory)",
        "trap_stones(width=4,height=3,stake=optional)",
    ] {
        run(g, config());
    }
    // The presets on their own boards: the space checked every tenth step.
    for g in [
        "trap_stones",
        "trap_stones(rules=blitz)",
        "trap_stones(rules=blitz3)",
        "trap_stones(rules=corners)",
    ] {
        run(
            g,
            Config {
                full_check_every: 10,
                ..config()
            },
        );
    }
}

#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_passes_the_suite() {
    for g in ["tarokk_war", "tarokk_war(rules=numeral_scoring)"] {
        run(g, config());
    }
}

#[cfg(feature = "o_an_quan")]
#[test]
fn o_an_quan_passes_the_suite() {
    for g in [
        "o_an_quan",
        "o_an_quan(rules=common)",
        "o_an_quan(players=3,young_quan=5)",
        "o_an_quan(rules=common,players=4,row=3)",
        "o_an_quan(end_rule=quan_squares_empty,move_limit=300)",
    ] {
        run(g, config());
    }
}

#[cfg(feature = "go")]
#[test]
fn go_passes_the_suite() {
    for g in [
        "go(board_size=5)",
        "go(board_size=4,rules=chinese)",
        "go(board_size=3,rules=japanese,max_moves=60)",
        "go(board_size=6,ko=simple,suicide=forbidden)",
        "go(board_size=9,handicap=2,rules=aga)",
        "go(board_size=9)",
    ] {
        run(g, config());
    }
}
