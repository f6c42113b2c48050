//! Play a game against the bots in the terminal.
//!
//! ```text
//! cargo run --release --example play -- GAME [--rules PRESET] [--seed N]
//! ```
//! GAME is `go` (9×9; you are Black), `o_an_quan` (you are A) or `hoop_race` (you
//! are A; the sticks are thrown for you) or `trap_stones` (you are player 1; only
//! your own trap is shown) or `tarokk_war` (you are player 1; you see only your own
//! cards). Type a move in the game's notation, or
//! `moves` for the legal ones, `undo` (Go and Ô ăn quan), `help`, `quit`. A bad or
//! illegal move gets a message and the game goes on. Colours are used when the
//! output is a terminal (set `NO_COLOR` to turn them off).

use std::io::{BufRead, IsTerminal, Write};

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop_examples::bots;

/// One game at the table: the human's seat against bots.
trait Table {
    /// The board and status lines.
    fn show(&self) -> String;
    /// Whether the human is to move now.
    fn human_to_move(&self) -> bool;
    /// The result, once the game is over.
    fn result(&self) -> Option<String>;
    /// The human's legal moves.
    fn legal(&self) -> Vec<String>;
    /// Plays the human's move; what happened, or why not.
    fn human(&mut self, input: &str) -> Result<String, String>;
    /// Lets the bots (and chance) act until the human is to move or the game ends.
    fn bots(&mut self, rng: &mut Pcg64Mcg) -> Vec<String>;
    /// Takes back the human's last move and the replies to it.
    fn undo(&mut self) -> Result<String, String>;
    /// How moves are written.
    fn notation(&self) -> &'static str;
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut game_name = None;
    let (mut rules, mut seed) = (None, 1u64);
    let mut k = 0;
    while k < args.len() {
        match (args[k].as_str(), args.get(k + 1)) {
            ("--rules", Some(r)) => {
                rules = Some(r.clone());
                k += 1;
            }
            ("--seed", Some(s)) => {
                seed = s
                    .parse()
                    .unwrap_or_else(|_| usage("--seed takes a whole number"));
                k += 1;
            }
            (g, _) if game_name.is_none() && !g.starts_with('-') => game_name = Some(g.to_string()),
            (other, _) => usage(&format!("unexpected argument {other}")),
        }
        k += 1;
    }
    let mut table: Box<dyn Table> = match game_name.as_deref() {
        Some("go") => Box::new(GoTable::new(rules.as_deref())),
        Some("o_an_quan") => Box::new(QuanTable::new(rules.as_deref())),
        Some("hoop_race") => Box::new(HoopTable::new(rules.as_deref(), seed)),
        Some("trap_stones") => Box::new(TrapTable::new(rules.as_deref(), seed)),
        Some("tarokk_war") => Box::new(TarokkTable::new(seed)),
        Some(other) => usage(&format!("unknown game {other}")),
        None => usage("which game?"),
    };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let painter = Painter::detect();
    println!(
        "You play against the bots. Moves: {}. Commands: moves, undo, help, quit.",
        table.notation()
    );
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines();
    loop {
        for line in table.bots(&mut rng) {
            println!("{line}");
        }
        println!("{}", painter.paint(&table.show()));
        if let Some(result) = table.result() {
            println!("game over: {result}");
            break;
        }
        if !table.human_to_move() {
            continue;
        }
        print!("your move> ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = input.next() else {
            println!();
            break; // end of input
        };
        match line.trim() {
            "" => {}
            "quit" | "q" | "exit" => {
                println!("bye");
                break;
            }
            "help" | "h" | "?" => println!(
                "Type a move ({}), or: moves (the legal moves), undo, quit.",
                table.notation()
            ),
            "moves" | "m" | "legal" => println!("legal moves: {}", table.legal().join(" ")),
            "undo" | "u" => match table.undo() {
                Ok(m) => println!("{m}"),
                Err(e) => println!("can't undo: {e}"),
            },
            mv => match table.human(mv) {
                Ok(m) => println!("{m}"),
                Err(e) => println!("can't play {mv:?}: {e} (type moves for the legal ones)"),
            },
        }
    }
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "play: {problem}\nusage: play GAME [--rules PRESET] [--seed N]; games: go, o_an_quan, hoop_race, trap_stones, tarokk_war"
    );
    std::process::exit(2);
}

/// Colours for a terminal: the players' pieces in their colours.
struct Painter {
    on: bool,
}

impl Painter {
    fn detect() -> Painter {
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        Painter {
            on: std::io::stdout().is_terminal() && !dumb && std::env::var_os("NO_COLOR").is_none(),
        }
    }

    /// Colours the pieces in the drawing's lines (rows of cells, not captions).
    fn paint(&self, text: &str) -> String {
        if !self.on {
            return text.to_string();
        }
        let mut out = String::new();
        for line in text.lines() {
            let board_row = line.trim_start().starts_with(|c: char| {
                c.is_ascii_digit() || c == '[' || c == '(' || c == '*' || c == '.'
            });
            for c in line.chars() {
                let code = match c {
                    'X' | 'A' if board_row => Some("1;34"),
                    'O' | 'B' if board_row => Some("1;31"),
                    'C' if board_row => Some("1;32"),
                    'D' if board_row => Some("1;35"),
                    'Q' if board_row => Some("1;33"),
                    _ => None,
                };
                match code {
                    Some(code) => out.push_str(&format!("\x1b[{code}m{c}\x1b[0m")),
                    None => out.push(c),
                }
            }
            out.push('\n');
        }
        out
    }
}

// ----- Go -----

struct GoTable {
    game: go_core::Game,
}

impl GoTable {
    fn new(rules: Option<&str>) -> GoTable {
        let rules = rules.map_or(Ok(go_core::Rules::default()), go_core::Rules::preset);
        let rules = rules.unwrap_or_else(|e| usage(&e.to_string()));
        let game = go_core::Game::new(rules, go_core::Setup::new(9, 9))
            .unwrap_or_else(|e| usage(&e.to_string()));
        GoTable { game }
    }
}

impl Table for GoTable {
    fn show(&self) -> String {
        format!(
            "{}prisoners: you (X) {}, bot (O) {}",
            self.game.board(),
            self.game.prisoners(go_core::Color::Black),
            self.game.prisoners(go_core::Color::White)
        )
    }

    fn human_to_move(&self) -> bool {
        self.game.to_move() == go_core::Color::Black
    }

    fn result(&self) -> Option<String> {
        self.game.result().map(|r| r.to_string())
    }

    fn legal(&self) -> Vec<String> {
        tabletop_examples::notation(&self.game.legal_moves())
    }

    fn human(&mut self, input: &str) -> Result<String, String> {
        let mv: go_core::Move = input
            .parse()
            .map_err(|e: go_core::ParseError| e.to_string())?;
        let r = self.game.play(mv).map_err(|e| e.to_string())?;
        Ok(format!("you play {} (captures {})", r.mv, r.captured))
    }

    fn bots(&mut self, rng: &mut Pcg64Mcg) -> Vec<String> {
        let mut lines = vec![];
        while !self.game.is_over() && !self.human_to_move() {
            let mv = bots::go(&self.game, rng);
            match self.game.play(mv) {
                Ok(r) => lines.push(format!("bot plays {} (captures {})", r.mv, r.captured)),
                Err(_) => break,
            }
        }
        lines
    }

    fn undo(&mut self) -> Result<String, String> {
        // Back to the human's last turn: the bot's reply and the human's move.
        let n = if self.human_to_move() { 2 } else { 1 };
        self.game.undo_many(n).map_err(|e| e.to_string())?;
        Ok(format!("took back {n} moves"))
    }

    fn notation(&self) -> &'static str {
        "a point such as D4 (no I), pass or resign"
    }
}

// ----- Ô ăn quan -----

struct QuanTable {
    game: o_an_quan::Game,
}

impl QuanTable {
    fn new(rules: Option<&str>) -> QuanTable {
        let rules = rules.map_or(Ok(o_an_quan::Rules::default()), o_an_quan::Rules::preset);
        let rules = rules.unwrap_or_else(|e| usage(&e.to_string()));
        let setup = o_an_quan::Setup::standard(&rules);
        let game = o_an_quan::Game::new(rules, setup).unwrap_or_else(|e| usage(&e.to_string()));
        QuanTable { game }
    }

    fn describe(r: o_an_quan::Report, events: &[o_an_quan::Event]) -> String {
        let mut s = format!(
            "{} plays {}: {} stones sown, {} relays",
            r.player,
            r.mv,
            r.sown,
            r.pick_ups - 1
        );
        let caps: Vec<String> = events
            .iter()
            .filter_map(|e| match *e {
                o_an_quan::Event::Capture {
                    square: sq,
                    stones: n,
                    quan: q,
                } => Some(format!("{sq} ({n}{})", if q { " + quan" } else { "" })),
                _ => None,
            })
            .collect();
        if !caps.is_empty() {
            s += &format!(", captures {}", caps.join(", "));
        }
        if r.refill {
            s += "; the next player refills";
        }
        s
    }
}

impl Table for QuanTable {
    fn show(&self) -> String {
        self.game.to_string().trim_end().to_string()
    }

    fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.game.to_move() == o_an_quan::Player::A
    }

    fn result(&self) -> Option<String> {
        self.game.outcome().map(|o| match o.winner() {
            Some(w) => format!("{w} wins ({}): {}", o.reason(), self.game.score()),
            None => format!("draw ({}): {}", o.reason(), self.game.score()),
        })
    }

    fn legal(&self) -> Vec<String> {
        tabletop_examples::notation(&self.game.legal_moves())
    }

    fn human(&mut self, input: &str) -> Result<String, String> {
        let mv = self.game.parse_move(input).map_err(|e| e.to_string())?;
        let mut events = Vec::new();
        let r = self
            .game
            .play_traced(mv, &mut |e| events.push(e))
            .map_err(|e| e.to_string())?;
        Ok(QuanTable::describe(r, &events))
    }

    fn bots(&mut self, rng: &mut Pcg64Mcg) -> Vec<String> {
        let mut lines = vec![];
        while !self.game.is_over() && !self.human_to_move() {
            let mv = bots::o_an_quan(&self.game, rng);
            let mut events = Vec::new();
            match self.game.play_traced(mv, &mut |e| events.push(e)) {
                Ok(r) => lines.push(QuanTable::describe(r, &events)),
                Err(_) => break,
            }
        }
        lines
    }

    fn undo(&mut self) -> Result<String, String> {
        // Back to before the human's last move: undo until it is A's turn again.
        let mut undone = 0;
        loop {
            self.game
                .undo()
                .map_err(|_| "you have not moved yet".to_string())?;
            undone += 1;
            if self.game.to_move() == o_an_quan::Player::A {
                return Ok(format!("took back {undone} moves"));
            }
        }
    }

    fn notation(&self) -> &'static str {
        "your square 1-5 counted from your left and a direction, such as 3R or 2L (or A3R)"
    }
}

// ----- hoop race -----

struct HoopTable {
    game: hoop_race::Game,
    chance: Pcg64Mcg,
}

impl HoopTable {
    fn new(rules: Option<&str>, seed: u64) -> HoopTable {
        let rules = rules.map_or(Ok(hoop_race::Rules::default()), hoop_race::Rules::preset);
        let rules = rules.unwrap_or_else(|e| usage(&e.to_string()));
        let game = hoop_race::Game::new(rules, hoop_race::Setup::default())
            .unwrap_or_else(|e| usage(&e.to_string()));
        HoopTable {
            game,
            chance: Pcg64Mcg::seed_from_u64(seed ^ 0x0571_7C45),
        }
    }

    fn describe(r: &hoop_race::Report) -> String {
        let mut s = format!("{} moves {}: {} -> {}", r.player, r.mv, r.from, r.to);
        if r.joined > 0 {
            s += &format!(", joins {}", r.joined);
        }
        let caught: Vec<String> = r.caught().map(|h| h.to_string()).collect();
        if !caught.is_empty() {
            s += &format!(", catches {} (bonus throw)", caught.join(" "));
        }
        if r.exited > 0 {
            s += &format!(", brings {} out", r.exited);
        }
        s
    }
}

impl Table for HoopTable {
    fn show(&self) -> String {
        self.game.to_string().trim_end().to_string()
    }

    fn human_to_move(&self) -> bool {
        matches!(
            self.game.awaiting(),
            hoop_race::Awaiting::Move(hoop_race::Player::A)
        )
    }

    fn result(&self) -> Option<String> {
        self.game
            .outcome()
            .and_then(|o| o.winner())
            .map(|w| format!("{w} wins"))
    }

    fn legal(&self) -> Vec<String> {
        tabletop_examples::notation(&self.game.legal_moves())
    }

    fn human(&mut self, input: &str) -> Result<String, String> {
        let mv: hoop_race::Move = input
            .parse()
            .map_err(|e: hoop_race::ParseError| e.to_string())?;
        let r = self.game.play(mv).map_err(|e| e.to_string())?;
        Ok(HoopTable::describe(&r))
    }

    fn bots(&mut self, rng: &mut Pcg64Mcg) -> Vec<String> {
        let mut lines = vec![];
        loop {
            match self.game.awaiting() {
                hoop_race::Awaiting::Chance => {
                    let p = self.game.to_move();
                    match self.game.throw_random(&mut self.chance) {
                        Ok(r) => lines.push(format!(
                            "{p} throws {}{}",
                            r.throw,
                            if r.voided > 0 { " (void)" } else { "" }
                        )),
                        Err(_) => break,
                    }
                }
                hoop_race::Awaiting::Move(hoop_race::Player::A) | hoop_race::Awaiting::Over => {
                    break;
                }
                hoop_race::Awaiting::Move(_) => {
                    let mv = bots::hoop_race(&self.game, rng);
                    match self.game.play(mv) {
                        Ok(r) => lines.push(HoopTable::describe(&r)),
                        Err(_) => break,
                    }
                }
            }
        }
        lines
    }

    fn undo(&mut self) -> Result<String, String> {
        Err("throws are chance events: hoop race has no undo".into())
    }

    fn notation(&self) -> &'static str {
        "a horse and a banked throw, such as A1+3 (A1-1 for back-do)"
    }
}

// ----- trap stones -----

struct TrapTable {
    game: trap_stones::Game,
}

impl TrapTable {
    fn new(rules: Option<&str>, seed: u64) -> TrapTable {
        let rules = rules.map_or(
            Ok(trap_stones::Rules::default()),
            trap_stones::Rules::preset,
        );
        let rules = rules.unwrap_or_else(|e| usage(&e.to_string()));
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x7A9);
        let game =
            trap_stones::Game::random(rules, &mut rng).unwrap_or_else(|e| usage(&e.to_string()));
        TrapTable { game }
    }

    fn describe(r: &trap_stones::Report) -> String {
        let mut s = format!("{} plays {}", r.player.side, r.mv);
        if let Some(cell) = r.hit {
            s += &format!(": {cell} was a trap!");
        }
        if r.stake_offered {
            s += " (the winner may stake the win)";
        }
        s
    }
}

impl Table for TrapTable {
    fn show(&self) -> String {
        let me = trap_stones::Side::One;
        let view = self.game.view(trap_stones::Player::solo(me));
        let traps: Vec<String> = view.traps[me.index()]
            .iter()
            .flat_map(|t| t.cells())
            .map(|c| c.to_string())
            .collect();
        format!(
            "{view}you play {:?} stones from the {:?} edge; your trap (^): {}; scarecrows left: {}",
            self.game.color(me),
            self.game.homes()[0],
            traps.join(" "),
            self.game.scarecrows_left(me)
        )
    }

    fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.game.to_move().side == trap_stones::Side::One
    }

    fn result(&self) -> Option<String> {
        self.game.outcome().map(|o| match o.winner() {
            Some(w) => format!(
                "{w} wins {} points: {}; {}",
                o.score()[w],
                o.reason(),
                o.stake()
            ),
            None => format!("a draw: {}; {}", o.reason(), o.stake()),
        })
    }

    fn legal(&self) -> Vec<String> {
        let legal = self.game.legal_moves();
        let mut v: Vec<String> = legal.stones().map(|c| c.to_string()).collect();
        if legal.is_stake() {
            v = legal.iter().map(|m| m.to_string()).collect();
        } else if legal.scarecrows().next().is_some() {
            v.push(format!(
                "(a scarecrow *CELL on {} cells)",
                legal.scarecrows().count()
            ));
        }
        if legal.va_bank_open() {
            v.push(format!(
                "(va-bank !CELL+CELL…, up to 4 joined cells: {} groups)",
                legal.va_bank_count()
            ));
        }
        v
    }

    fn human(&mut self, input: &str) -> Result<String, String> {
        let mv: trap_stones::Move = input
            .parse()
            .map_err(|e: trap_stones::ParseError| e.to_string())?;
        let r = self.game.play(mv).map_err(|e| e.to_string())?;
        Ok(TrapTable::describe(&r))
    }

    fn bots(&mut self, rng: &mut Pcg64Mcg) -> Vec<String> {
        let mut lines = vec![];
        while !self.game.is_over() && !self.human_to_move() {
            let mv = bots::trap_stones(&self.game, rng);
            match self.game.play(mv) {
                Ok(r) => lines.push(TrapTable::describe(&r)),
                Err(_) => break,
            }
        }
        lines
    }

    fn undo(&mut self) -> Result<String, String> {
        Err("a stone on a trap cannot be taken back: no undo".into())
    }

    fn notation(&self) -> &'static str {
        "a cell such as e2, *e5 for a scarecrow, !e5+f6 for va-bank, $e3 or decline to stake"
    }
}

// ----- tarokk war -----

struct TarokkTable {
    game: tarokk_war::Game,
}

impl TarokkTable {
    fn new(seed: u64) -> TarokkTable {
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x7A);
        let game = tarokk_war::Game::random(tarokk_war::Rules::default(), &mut rng)
            .unwrap_or_else(|e| usage(&e.to_string()));
        TarokkTable { game }
    }

    /// Events as the human (player 1) may see them.
    fn describe(events: &[tarokk_war::Event]) -> Vec<String> {
        use tarokk_war::{Event, Player};
        let who = |p: Player| if p == Player::One { "you" } else { "the bot" };
        events
            .iter()
            .filter_map(|e| match e.seen_by(Player::One) {
                Event::Played { player, card } => Some(format!("{} played {card}", who(player))),
                Event::Pot { cards } => Some(format!("equal values: {cards} cards in the pot")),
                Event::Took { player, cards } => {
                    Some(format!("{} took {cards} cards", who(player)))
                }
                Event::HandWon { player, by } => {
                    Some(format!("{} won the hand ({by:?})", who(player)))
                }
                Event::Drew {
                    player: Player::One,
                    card: Some(c),
                } => Some(format!("you drew {c}")),
                Event::Drew { .. } => Some("the bot drew a soldier".into()),
                Event::TokVIII { player, location } => Some(format!(
                    "{} drew the tök VIII and took {location}",
                    who(player)
                )),
                Event::Front { defender, location } => {
                    Some(format!("front: {location}, defended by {}", who(defender)))
                }
                Event::Laid { player, card: None } => {
                    Some(format!("{} laid a soldier face down", who(player)))
                }
                Event::Battle {
                    attacker,
                    defender,
                    winner,
                } => Some(format!(
                    "{attacker} attacked {defender}: {} won",
                    who(winner)
                )),
                Event::Unopposed { player, card } => Some(format!(
                    "{} took the front unopposed with {card}",
                    who(player)
                )),
                Event::Conquered { player } => Some(format!("{} lost every location", who(player))),
                _ => None,
            })
            .collect()
    }
}

impl Table for TarokkTable {
    fn show(&self) -> String {
        let v = self.game.view(tarokk_war::Player::One);
        let names = |cs: &[tarokk_war::Card]| {
            cs.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut s = String::new();
        if !v.phase_two {
            s += &format!(
                "phase I: your hand: {}; on the table: {}; pot {}; taken you {} / bot {}; soldier pile {}\n",
                names(&v.hand),
                v.led.map_or("nothing".into(), |c| c.to_string()),
                v.pot,
                v.taken[0],
                v.taken[1],
                v.soldier_pile
            );
        } else if let Some((front, defender)) = v.front {
            s += &format!(
                "phase II: front {front}, defended by {}; your reserve: {}; your holdings: {}\n",
                if defender == tarokk_war::Player::One {
                    "you"
                } else {
                    "the bot"
                },
                names(&v.reserve),
                names(&v.holdings[0])
            );
        }
        s += &format!(
            "your soldiers: {} (the bot has {})",
            names(&v.soldiers),
            v.opponent_soldiers
        );
        s
    }

    fn human_to_move(&self) -> bool {
        use tarokk_war::{Awaiting, Player};
        matches!(
            self.game.awaiting(),
            Awaiting::Play(Player::One)
                | Awaiting::Defend(Player::One)
                | Awaiting::Attack(Player::One)
        )
    }

    fn result(&self) -> Option<String> {
        self.game.outcome().map(|o| match o.winner() {
            Some(w) => format!("{w} wins, locations {}", o.score()),
            None => format!("a draw, {}", o.score()),
        })
    }

    fn legal(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| format!("{:#}", m.card()))
            .collect()
    }

    fn human(&mut self, input: &str) -> Result<String, String> {
        let mv = self.game.parse_move(input).map_err(|e| e.to_string())?;
        let mut events = vec![];
        self.game
            .play_traced(mv, &mut |e| events.push(e))
            .map_err(|e| e.to_string())?;
        Ok(TarokkTable::describe(&events).join("; "))
    }

    fn bots(&mut self, rng: &mut Pcg64Mcg) -> Vec<String> {
        let mut lines = vec![];
        while !self.game.is_over() && !self.human_to_move() {
            let mv = bots::tarokk_war(&self.game, rng);
            let mut events = vec![];
            match self.game.play_traced(mv, &mut |e| events.push(e)) {
                Ok(_) => lines.extend(TarokkTable::describe(&events)),
                Err(_) => break,
            }
        }
        lines
    }

    fn undo(&mut self) -> Result<String, String> {
        Err("cards once shown cannot be unseen: no undo".into())
    }

    fn notation(&self) -> &'static str {
        "a card by name or code, such as \"zöld VIII\", \"zold 8\" or Z8"
    }
}
