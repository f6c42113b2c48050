//! The tour: one complete game of each rules crate between simple bots, with the
//! board at a few moments, the notable events and the final score.
//!
//! ```text
//! cargo run --release --example tour -- [--seed N] [--game NAME]
//! ```
//! The same seed gives the same output. Games: go, o_an_quan, hoop_race,
//! trap_stones, tarokk_war.

use std::time::Instant;

use go_core::{Color, Game, Move, Rules};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop_examples::bots;

/// Plays one game's tour from a seed.
type Tour = fn(u64) -> Summary;

/// One line per game for the closing summary.
struct Summary {
    game: &'static str,
    line: String,
}

fn main() {
    let mut seed = 2026u64;
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--seed", Some(n)) => {
                seed = n
                    .parse()
                    .unwrap_or_else(|_| usage("--seed takes a whole number"))
            }
            ("--game", Some(g)) => only = Some(g),
            _ => usage(&format!("unexpected argument {a}")),
        }
    }
    let games: [(&str, Tour); 5] = [
        ("go", go_tour),
        ("o_an_quan", o_an_quan_tour),
        ("hoop_race", hoop_race_tour),
        ("trap_stones", trap_stones_tour),
        ("tarokk_war", tarokk_war_tour),
    ];
    if let Some(name) = &only
        && !games.iter().any(|(g, _)| g == name)
    {
        usage(&format!("unknown game {name}"));
    }
    let start = Instant::now();
    let mut summaries = Vec::new();
    for (name, tour) in games {
        if only.as_deref().is_none_or(|o| o == name) {
            summaries.push(tour(seed));
        }
    }
    println!("== summary (seed {seed}) ==");
    for s in &summaries {
        println!("{:<12} {}", s.game, s.line);
    }
    eprintln!("({:.2} s)", start.elapsed().as_secs_f64());
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "tour: {problem}\nusage: tour [--seed N] [--game go|o_an_quan|hoop_race|trap_stones|tarokk_war]"
    );
    std::process::exit(2);
}

fn go_tour(seed: u64) -> Summary {
    let rules = Rules::default();
    println!(
        "== go_core: Go on 9x9, Tromp–Taylor rules (the source's), komi {} ==",
        rules.komi()
    );
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::new(rules, go_core::Setup::new(9, 9)).expect("a 9x9 game");
    let mut captures = 0;
    let mut biggest = 0;
    let mut ko_moments = 0;
    while !game.is_over() && game.move_count() < 400 {
        let mv = bots::go(&game, &mut rng);
        let report = game.play(mv).expect("the bot plays legal moves");
        let n = game.move_count();
        if report.captured > 0 || report.self_captured > 0 {
            captures += 1;
            biggest = biggest.max(report.captured);
            let points: Vec<String> = game.last_captures().map(|p| p.to_string()).collect();
            let what = if report.self_captured > 0 {
                "self-captures"
            } else {
                "captures"
            };
            println!(
                "  move {n:>3}: {} {} {what} {} ({})",
                report.color,
                mv,
                points.len(),
                points.join(" ")
            );
        }
        // Ko: a recapture that superko refuses repeats an earlier board (a lone
        // suicide would only repeat the current one).
        if game.board().points().any(|p| {
            matches!(game.check(Move::Play(p)), Err(go_core::IllegalMove::PositionalSuperko { repeats, .. }) if repeats < n)
        }) {
            ko_moments += 1;
        }
        if n == 30 || n == 60 {
            println!("after move {n}:\n{}", game.board());
        }
    }
    let score = game.score();
    println!(
        "final position after {} moves:\n{}",
        game.move_count(),
        game.board()
    );
    println!(
        "  area: black {} (stones {} + territory {}), white {} (stones {} + territory {}), komi {}",
        score.points(Color::Black),
        score.stones[0],
        score.territory[0],
        score.points(Color::White),
        score.stones[1],
        score.territory[1],
        score.komi
    );
    let result = game
        .result()
        .map(|r| r.to_string())
        .unwrap_or_else(|| "unfinished".into());
    println!("  result: {result}\n");
    Summary {
        game: "go_core",
        line: format!(
            "{} moves, {captures} captures (largest {biggest}), prisoners B {} W {}, {ko_moments} positions with a ko recapture barred by superko, result {result}",
            game.move_count(),
            game.prisoners(Color::Black),
            game.prisoners(Color::White)
        ),
    }
}

// ----- Ô ăn quan -----

/// One move's trace in a line: pick-ups and drops, captures, where it stopped.
fn o_an_quan_steps(events: &[o_an_quan::Event]) -> String {
    use o_an_quan::Event;
    let mut out = Vec::new();
    let mut drops: Vec<String> = Vec::new();
    let flush = |drops: &mut Vec<String>, out: &mut Vec<String>| {
        if !drops.is_empty() {
            out.push(format!("drop {}", drops.join(" ")));
            drops.clear();
        }
    };
    for e in events {
        match e {
            Event::Drop { square } => drops.push(square.to_string()),
            other => {
                flush(&mut drops, &mut out);
                match other {
                    Event::PickUp { square, stones } => {
                        out.push(format!("pick up {square} ({stones})"))
                    }
                    Event::Capture {
                        square,
                        stones,
                        quan,
                    } => out.push(format!(
                        "capture {square} ({stones}{})",
                        if *quan { " + quan" } else { "" }
                    )),
                    Event::Stop { at, reason } => out.push(format!("stop at {at}: {reason:?}")),
                    Event::Borrow {
                        borrower,
                        lender,
                        stones,
                    } => out.push(format!("{borrower} borrows {stones} from {lender}")),
                    Event::Refill {
                        player,
                        square,
                        stones,
                    } => out.push(format!("{player} refills {square} ({stones})")),
                    Event::GameOver { reason } => out.push(format!("game over: {reason}")),
                    Event::Collect {
                        player,
                        square,
                        stones,
                    } => out.push(format!("{player} collects {square} ({stones})")),
                    Event::Drop { .. } => {}
                }
            }
        }
    }
    flush(&mut drops, &mut out);
    out.join(" -> ")
}

fn o_an_quan_tour(seed: u64) -> Summary {
    use o_an_quan::{Event, Game, Player, Rules, Setup};
    // Under the source's rules the standard opening hands each side a quan at once;
    // the young-quan option (ruling Q6) is how many players keep a game going.
    let rules = Rules::common().with_young_quan(Some(5));
    println!(
        "== o_an_quan: Ô ăn quan, 2 players, common rules (refill {} per square) with young quan (Q6) ==",
        rules.refill_per_square()
    );
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x0A0A);
    let mut game = Game::new(rules, Setup::standard(&rules)).expect("valid rules");
    print!("{}", game.board());
    let mut longest: Option<(usize, o_an_quan::Report, Vec<Event>)> = None;
    let (mut relays, mut captures, mut refills) = (0, 0, 0);
    while !game.is_over() && game.move_count() < 500 {
        let mv = bots::o_an_quan(&game, &mut rng);
        let mut events = Vec::new();
        let r = game
            .play_traced(mv, &mut |e| events.push(e))
            .expect("the bot plays legal moves");
        let n = game.move_count();
        relays += r.pick_ups - 1;
        captures += r.captures;
        let taken: Vec<String> = events
            .iter()
            .filter_map(|e| match *e {
                Event::Capture {
                    square: sq,
                    stones,
                    quan,
                } => Some(format!(
                    "{sq} ({stones}{})",
                    if quan { " + quan" } else { "" }
                )),
                _ => None,
            })
            .collect();
        let mut notes = Vec::new();
        if !taken.is_empty() {
            notes.push(format!("captures {}", taken.join(", ")));
        }
        for e in &events {
            if let Event::Borrow {
                borrower,
                lender,
                stones,
            } = e
            {
                notes.push(format!("{borrower} borrows {stones} from {lender}"));
            }
        }
        if r.refill {
            refills += 1;
            notes.push(format!("{} refills an empty row", game.to_move()));
        }
        if r.stop == o_an_quan::Stop::YoungQuan {
            notes.push("a young quan is spared".into());
        }
        if !notes.is_empty() {
            println!(
                "  move {n:>2}: {} {mv} ({} sown, {} relays): {}",
                r.player,
                r.sown,
                r.pick_ups - 1,
                notes.join("; ")
            );
        }
        if longest
            .as_ref()
            .is_none_or(|(len, _, _)| events.len() > *len)
        {
            longest = Some((events.len(), r, events));
        }
        if n == 12 {
            println!("after move {n}:\n{}", game.position());
        }
    }
    if let Some((_, report, events)) = &longest {
        println!(
            "the longest move, step by step (move by {}: {}):\n  {}",
            report.player,
            report.mv,
            o_an_quan_steps(events)
        );
    }
    println!("final position after {} moves:\n{game}", game.move_count());
    let score = game.score();
    let describe = |g: &Game| match g.outcome() {
        Some(o) => match o.winner() {
            Some(w) => format!("{w} wins ({})", o.reason()),
            None => format!("draw ({})", o.reason()),
        },
        None => "unfinished".into(),
    };
    let result = describe(&game);
    let totals: Vec<String> = [Player::A, Player::B]
        .iter()
        .map(|&p| {
            let i = p.index();
            format!(
                "{p} {} (captured {}, quan {} x {}, collected {}, loans {})",
                score.total(p),
                score.captured[i],
                score.quan[i],
                score.quan_value,
                score.collected[i],
                score.loans[i]
            )
        })
        .collect();
    println!("  score: {}\n  result: {result}", totals.join("; "));
    // The same bots under the source's rules, and a 4-player game at random.
    let mut source = Game::new(Rules::default(), Setup::default()).expect("valid rules");
    while !source.is_over() {
        let mv = bots::o_an_quan(&source, &mut rng);
        source.play(mv).expect("legal");
    }
    println!(
        "  the source's rules, same bots: {} moves, {}: {}",
        source.move_count(),
        describe(&source),
        source.score()
    );
    let four_rules = Rules::common().with_players(4);
    let mut four = Game::new(four_rules, Setup::standard(&four_rules)).expect("valid rules");
    four.play_out(&mut rng, 10_000);
    println!(
        "a 4-player game (common rules, random play) after {} moves:\n{four}",
        four.move_count()
    );
    Summary {
        game: "o_an_quan",
        line: format!(
            "{} moves, {relays} relays, {captures} captures, {refills} refills, score {}, {result}",
            game.move_count(),
            score
        ),
    }
}

// ----- hoop race -----

fn hoop_race_tour(seed: u64) -> Summary {
    use hoop_race::{Awaiting, Game, Place, Rules, Setup};
    let rules = Rules::default();
    println!("== hoop_race: the stick-dice race, 2 players, 4 horses each, the source's rules ==");
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x40_0B);
    let mut game = Game::new(rules, Setup::default()).expect("valid rules");
    let mut order_throws = Vec::new();
    while game.is_settling_order() {
        let p = game.to_move();
        let r = game.throw_random(&mut rng).expect("a throw is awaited");
        order_throws.push(format!("{p} {}", r.throw));
    }
    let order: Vec<String> = game.order().map(|p| p.to_string()).collect();
    println!(
        "  order of play (H9): throws {} -> {}",
        order_throws.join(", "),
        order.join(" then ")
    );
    let (mut turns, mut catches, mut shortcuts, mut exits) = (0, 0, 0, 0);
    // A turn is everything one player does before the next one throws: throws,
    // re-throws, bonus throws and the moves that spend them.
    let mut current = None;
    let mut line = String::new();
    let mut notable = false;
    let flush = |line: &mut String, notable: &mut bool| {
        if *notable {
            println!("{line}");
        }
        line.clear();
        *notable = false;
    };
    while game.awaiting() != Awaiting::Over {
        let player = game.to_move();
        if current != Some(player) {
            flush(&mut line, &mut notable);
            if turns == 20 {
                println!("before turn 21:\n{game}");
            }
            turns += 1;
            current = Some(player);
            line = format!("  turn {turns:>2}, {player}:");
        }
        if let Awaiting::Chance = game.awaiting() {
            let r = game.throw_random(&mut rng).expect("a throw is awaited");
            line += &format!(" throws {}", r.throw);
            if r.voided > 0 {
                line += " (void)";
            }
            continue;
        }
        let mv = bots::hoop_race(&game, &mut rng);
        let r = game.play(mv).expect("the bot plays legal moves");
        line += &format!("; {mv}");
        if let Place::On { route, .. } = r.to
            && route != hoop_race::Route::Circle
            && !matches!(r.from, Place::On { route: f, .. } if f != hoop_race::Route::Circle)
        {
            shortcuts += 1;
            notable = true;
            line += &format!(" takes the {} diameter", route.name());
        }
        if r.joined > 0 {
            notable = true;
            line += &format!(" joins its team ({} horses)", r.moved + r.joined);
        }
        let caught: Vec<String> = r.caught().map(|h| h.to_string()).collect();
        if !caught.is_empty() {
            catches += 1;
            notable = true;
            line += &format!(" catches {} (bonus throw)", caught.join(" "));
        }
        if r.exited > 0 {
            exits += u32::from(r.exited);
            notable = true;
            line += &format!(" brings {} out", r.exited);
        }
        if turns >= 1000 {
            break;
        }
    }
    flush(&mut line, &mut notable);
    println!("final position after {turns} turns:\n{game}");
    let outcome = game.outcome();
    let score = game.score();
    let result = match outcome.and_then(|o| o.winner()) {
        Some(winner) => format!("{winner} wins"),
        None => "unfinished".into(),
    };
    println!(
        "  score: horses out A {} B {}; points still needed A {} B {}\n  result: {result}",
        score.out[0], score.out[1], score.remaining[0], score.remaining[1]
    );
    // Yut nori and four players in partnerships, played out at random.
    let mut yut =
        Game::new(Rules::yut_nori().with_players(4), Setup::default()).expect("valid rules");
    yut.play_out(&mut rng, 1_000_000);
    println!(
        "  yut nori, 4 players in partnerships (A+C against B+D), random play: {} wins after {} throws and moves\n",
        yut.outcome()
            .and_then(|o| o.winner())
            .map_or("nobody".into(), |w| w.to_string()),
        yut.actions().len()
    );
    Summary {
        game: "hoop_race",
        line: format!(
            "{turns} turns, {catches} catches, {shortcuts} shortcuts taken, {exits} horses out, {result}"
        ),
    }
}

// ----- trap stones -----

fn trap_stones_tour(seed: u64) -> Summary {
    use trap_stones::{Game, Move, Rules, Secret, Side, SideGame};
    let rules = Rules::default().with_stake(trap_stones::Stake::Optional);
    println!(
        "== trap_stones: the hidden-trap game, 9x9, one trap each, double the stake on offer =="
    );
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x7_4A95);
    let mut game = Game::random(rules, &mut rng).expect("valid rules");
    let setup = *game.setup();
    let homes = game.homes();
    println!(
        "  draws: {} first, axis stone {:?}, side stone {:?} -> side 1 opens from {:?} with {:?} stones, side 2 from {:?} with {:?}",
        setup.draws.first,
        setup.draws.axis,
        setup.draws.side,
        homes[0],
        game.color(Side::One),
        homes[1],
        game.color(Side::Two)
    );
    println!(
        "  secret traps (only the referee sees both): side 1 {}, side 2 {}",
        setup.traps[0].cells()[0],
        setup.traps[1].cells()[0]
    );
    // The same game without a referee: each side commits to its traps first.
    let (s1, s2) = (
        Secret::new(setup.traps[0], &mut rng),
        Secret::new(setup.traps[1], &mut rng),
    );
    println!(
        "  commitments: side 1 {}..., side 2 {}...",
        &s1.commitment().to_string()[..16],
        &s2.commitment().to_string()[..16]
    );
    let mut one =
        SideGame::new(rules, setup.draws, Side::One, s1, s2.commitment()).expect("valid traps");
    let mut two =
        SideGame::new(rules, setup.draws, Side::Two, s2, s1.commitment()).expect("valid traps");
    let mut scarecrows = 0;
    while !game.is_over() {
        let mv = bots::trap_stones(&game, &mut rng);
        let report = game.play(mv).expect("the bot plays legal moves");
        let (mover, other) = if one.to_move().side == Side::One {
            (&mut one, &mut two)
        } else {
            (&mut two, &mut one)
        };
        mover
            .play(mv)
            .expect("the same move is legal in each side's copy");
        if mv != Move::Decline {
            let said = other.opponent_move(mv).expect("legal");
            mover.announcement(said).expect("an honest announcement");
        } else {
            other.opponent_move(mv).expect("legal");
        }
        if matches!(mv, Move::Scarecrow(_)) {
            scarecrows += 1;
            println!(
                "  turn {:>2}: {} drops a scarecrow on {}",
                game.turns(),
                report.player.side,
                &mv.to_string()[1..]
            );
        }
        if game.turns() == 10
            && !game.is_over()
            && matches!(mv, Move::Stone(_) | Move::Scarecrow(_))
        {
            println!("after 10 turns (x dark, o light, capitals scarecrows, * both):\n{game}");
        }
        if let Some(hit) = report.hit {
            println!(
                "  turn {:>2}: {} plays {mv}: {hit} is a trap!",
                game.turns(),
                report.player.side
            );
        }
        if report.stake_offered {
            println!("  the winner may stake the win on one more stone (double or draw)");
        }
    }
    println!(
        "final board, with both traps (^):\n{}",
        game.referee_picture()
    );
    let o = game.outcome().expect("games end");
    let result = match o.winner() {
        Some(w) => format!(
            "{w} wins {} points ({}; {})",
            o.score()[w],
            o.reason(),
            o.stake()
        ),
        None => format!("draw ({}; {})", o.reason(), o.stake()),
    };
    println!("  result after {} turns: {result}", o.turns());
    let verified = one.verify(&two.reveal()).is_ok() && two.verify(&one.reveal()).is_ok();
    println!(
        "  without a referee: both sides reach the same result ({}) and each reveal matches its commitment: {verified}\n",
        if one.outcome() == game.outcome() && two.outcome() == game.outcome() {
            "yes"
        } else {
            "NO"
        }
    );
    Summary {
        game: "trap_stones",
        line: format!(
            "{} turns, {scarecrows} scarecrows, {result}; no-referee check {}",
            o.turns(),
            if verified { "passed" } else { "FAILED" }
        ),
    }
}

// ----- tarokk war -----

fn tarokk_war_tour(seed: u64) -> Summary {
    use tarokk_war::{Event, Game, Player, Rules};
    println!("== tarokk_war: the two-phase Hungarian-deck battle, shown as each player sees it ==");
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x7A_2022);
    let mut game = Game::random(Rules::default(), &mut rng).expect("valid rules");
    let name = |p: Player| if p == Player::One { "P1" } else { "P2" };
    let mut hands_won = [0, 0];
    let mut battles = 0;
    let show = |e: &Event, p: Player| -> Option<String> {
        match e.seen_by(p) {
            Event::Drew {
                player,
                card: Some(c),
            } if player == p => Some(format!("you drew {c}")),
            Event::Drew { player, card: None } => Some(format!("{} drew a soldier", name(player))),
            Event::Laid {
                player,
                card: Some(c),
            } if player == p => Some(format!("you lay {c} face down")),
            Event::Laid { player, card: None } => {
                Some(format!("{} lays a soldier face down", name(player)))
            }
            _ => None,
        }
    };
    while let Some(mv) = (!game.is_over()).then(|| bots::tarokk_war(&game, &mut rng)) {
        let mut events = vec![];
        game.play_traced(mv, &mut |e| events.push(e))
            .expect("the bot plays legal moves");
        for e in &events {
            match *e {
                Event::HandWon { player, by } => {
                    hands_won[player.index()] += 1;
                    let (a, b) = (
                        events
                            .iter()
                            .filter_map(|e| show(e, Player::One))
                            .collect::<Vec<_>>(),
                        events
                            .iter()
                            .filter_map(|e| show(e, Player::Two))
                            .collect::<Vec<_>>(),
                    );
                    println!(
                        "  hand won by {} ({:?}) | P1 sees: {} | P2 sees: {}",
                        name(player),
                        by,
                        a.join(", "),
                        b.join(", ")
                    );
                }
                Event::TokVIII { player, location } => {
                    println!(
                        "  {} drew the tök VIII: buried, and takes {location} (public)",
                        name(player)
                    );
                }
                Event::Front { defender, location } => {
                    println!("  front: {location}, defended by {}", name(defender));
                }
                Event::Battle {
                    attacker,
                    defender,
                    winner,
                } => {
                    battles += 1;
                    println!(
                        "    battle: {attacker} attacks {defender} -> {} wins",
                        name(winner)
                    );
                }
                Event::Unopposed { player, card } => {
                    println!("    {} takes the front unopposed with {card}", name(player));
                }
                Event::Conquered { player } => {
                    println!("  {} has no location left: conquered", name(player))
                }
                _ => {}
            }
        }
    }
    let o = game.outcome().expect("games end");
    let v1 = game.view(Player::One);
    println!(
        "  P1's view at the end: holdings {:?}, graveyard {} face up / {} face down",
        v1.holdings[0]
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        v1.graveyard.len(),
        v1.graveyard_face_down
    );
    let result = match o.winner() {
        Some(w) => format!(
            "{} wins {}–{}",
            name(w),
            o.score().of(w),
            o.score().of(w.other())
        ),
        None => format!("a draw {}", o.score()),
    };
    println!("  result: {result}\n");
    Summary {
        game: "tarokk_war",
        line: format!(
            "hands P1 {} P2 {}, {battles} battles, {result}{}",
            hands_won[0],
            hands_won[1],
            if o.conquered().is_some() {
                " (conquest)"
            } else {
                ""
            }
        ),
    }
}
