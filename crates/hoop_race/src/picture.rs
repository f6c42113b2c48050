//! The picture of a game: the board drawn as text with the horses on it.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::board::{Place, Station, grid};
use crate::chance::Throw;
use crate::game::{Awaiting, Game};
use crate::player::Player;
use crate::rules::MAX_PLAYERS;

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
            let mut line = String::new();
            for cell in row {
                let Some(st) = cell else {
                    line.push_str("   ");
                    continue;
                };
                let mut who = [0usize; MAX_PLAYERS];
                for h in self.horses_on(*st) {
                    who[h.owner.index()] += 1;
                }
                if who.iter().all(|&k| k == 0) {
                    line.push_str(if st.is_big() { " * " } else { " . " });
                    continue;
                }
                let mut t = String::new();
                for (p, &k) in Player::all(MAX_PLAYERS).zip(&who) {
                    match k {
                        0 => {}
                        1 => t.push(p.letter()),
                        2 => {
                            t.push(p.letter());
                            t.push(p.letter());
                        }
                        k => write!(t, "{p}{k}")?,
                    }
                }
                write!(line, "{t:^3}")?;
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        for player in Player::all(self.rules().players()) {
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
        let bank: Vec<String> = Throw::ALL
            .iter()
            .zip(&self.bank())
            .flat_map(|(t, &n)| core::iter::repeat_n(alloc::format!("{t}"), n as usize))
            .collect();
        if !bank.is_empty() {
            writeln!(f, "bank: {}", bank.join(" "))?;
        }
        match self.awaiting() {
            Awaiting::Chance if self.is_settling_order() => {
                writeln!(f, "{} throws for the order of play", self.to_move())
            }
            Awaiting::Chance => writeln!(f, "{} to throw", self.to_move()),
            Awaiting::Move(p) => writeln!(f, "{p} to move"),
            Awaiting::Over => match self.outcome().and_then(|o| o.winner()) {
                Some(w) => writeln!(f, "over: {w} wins"),
                None => writeln!(f, "over"),
            },
        }
    }
}
