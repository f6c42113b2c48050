//! Measures random playouts (the policies of the benchmarks) without criterion:
//!
//! ```text
//! cargo run --release -p tabletop-benches --example playout_speed -- [SIZE] [PLAYOUTS]              # Go, SIZE×SIZE
//! cargo run --release -p tabletop-benches --example playout_speed -- o_an_quan [PLAYERS] [PLAYOUTS]  # Ô ăn quan
//! cargo run --release -p tabletop-benches --example playout_speed -- hoop_race [PLAYERS] [GAMES]     # hoop race
//! ```
//! Go: [`go_core::LightPlayout`]; `GAME=1` plays them with `Game::play_out`
//! instead; `SIMPLE_KO=1` or `CHINESE=1` change the rules; `LIBEGO=1` plays
//! libego's playouts (Tromp–Taylor's board, the playouts' own simple ko, a lone
//! stone's suicide refused, the scan draw:
//! `LightPlayout::set_ko`, `set_draw`; games cut at twice the area). Ô ăn quan: `COMMON=1` plays
//! the common preset. Hoop race: `YUT=1` plays yut nori.

use std::time::Instant;

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num =
        |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    if args.first().map(String::as_str) == Some("o_an_quan") {
        o_an_quan_speed(num(1, 2) as u8, num(2, 200_000));
    } else if args.first().map(String::as_str) == Some("hoop_race") {
        hoop_race_speed(num(1, 2) as u8, num(2, 300_000));
    } else {
        go_speed(num(0, 9) as u8, num(1, 20_000));
    }
}

fn go_speed(size: u8, playouts: usize) {
    use go_core::{Game, Rules};
    let libego = std::env::var_os("LIBEGO").is_some();
    let rules = if std::env::var_os("SIMPLE_KO").is_some() {
        Rules::chinese_ogs().with_ko(go_core::KoRule::Simple)
    } else if std::env::var_os("CHINESE").is_some() {
        Rules::chinese_ogs()
    } else {
        Rules::tromp_taylor()
    };
    let start = Game::new(rules, go_core::Setup::new(size, size)).expect("a board size 1..=25");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let t = Instant::now();
    let mut moves = 0;
    if std::env::var_os("GAME").is_some() {
        let mut game = start.clone();
        for _ in 0..playouts {
            game.clone_from(&start);
            moves += game.play_out(&mut rng, 10_000);
        }
    } else {
        let mut light = go_core::LightPlayout::new(&start);
        // libego cuts a game at twice the board's area.
        let mut cap = 10_000;
        if libego {
            light.set_ko(Some(go_core::KoRule::Simple));
            light.set_draw(go_core::Draw::Scan);
            cap = 2 * usize::from(size) * usize::from(size);
        }
        let mut cut = 0;
        for _ in 0..playouts {
            moves += light.run(&mut rng, cap);
            cut += usize::from(!light.is_over());
        }
        if cut > 0 {
            println!("{cut} of {playouts} playouts cut at {cap} moves");
        }
    }
    report(&format!("go {size}x{size}"), playouts, moves, t);
}

fn o_an_quan_speed(players: u8, playouts: usize) {
    use o_an_quan::{Game, Rules, Setup};
    let rules = if std::env::var_os("COMMON").is_some() {
        Rules::common()
    } else {
        Rules::default()
    }
    .with_players(players);
    let mut game = Game::new(rules, Setup::standard(&rules)).expect("2 to 4 players");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let t = Instant::now();
    let mut moves = 0;
    for _ in 0..playouts {
        game.restart();
        moves += game.play_out(&mut rng, 100_000);
    }
    report(&format!("o_an_quan {players} players"), playouts, moves, t);
}

fn hoop_race_speed(players: u8, games: usize) {
    use hoop_race::{Game, Rules, Setup};
    let rules = if std::env::var_os("YUT").is_some() {
        Rules::yut_nori()
    } else {
        Rules::default()
    };
    // Each game settles its order of play by throws, then plays with random
    // throws and uniformly random moves.
    let mut game =
        Game::new(rules.with_players(players), Setup::default()).expect("2 to 4 players");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let t = Instant::now();
    let mut actions = 0;
    for _ in 0..games {
        game.restart();
        actions += game.play_out(&mut rng, 1_000_000);
    }
    report(
        &format!("hoop_race {players} players (throws and moves)"),
        games,
        actions,
        t,
    );
}

fn report(what: &str, playouts: usize, moves: usize, t: Instant) {
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{what}: {playouts} playouts, {:.0} playouts/s, {:.1} moves each, {:.1} ns a move ({:.1} M moves/s)",
        playouts as f64 / secs,
        moves as f64 / playouts as f64,
        secs * 1e9 / moves as f64,
        moves as f64 / secs / 1e6
    );
}
