//! Ô ăn quan match play through the referee (ruling Q7): the crate's
//! [`o_an_quan::Match`] carries the holdings from game to game, sells the squares
//! a player cannot fill, and ends the match.
//!
//! The match is kept as it stood before the current game; what it would be with
//! the current game counted is worked out when asked, so that `undo` after the
//! last move of a game needs no undoing of the match.

use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use o_an_quan::{Match, Player, Sale};
use serde_json::{Value, json};

use crate::interface::State;
use crate::referee::Failure;
use crate::referee::fields::{fail, from_setup, only_fields};
use crate::registry::{AnyGame, AnyState};

/// A match in progress: the match before the current game, the game's first
/// player and the squares sold for it.
#[derive(Clone, Debug)]
pub(crate) struct Series {
    before: Match,
    first: Player,
    sales: Vec<Sale>,
}

/// An Ô ăn quan seat named in a request: `"A"` to `"D"`.
pub(crate) fn player(v: &Value) -> Result<Player, Failure> {
    from_setup(v).map_err(|_| {
        fail(
            "bad_setup",
            format!("a player is a seat letter A to D, not {v}"),
        )
    })
}

fn holdings_from(v: &Value, players: usize) -> Result<Vec<o_an_quan::Holding>, Failure> {
    let list: Vec<o_an_quan::Holding> = serde_json::from_value(v.clone()).map_err(|e| {
        fail(
            "bad_setup",
            format!("holdings are a list of {{\"stones\": N, \"quan\": N}}: {e}"),
        )
    })?;
    if list.len() != players {
        return Err(fail(
            "bad_setup",
            format!("holdings: {} given for {players} players", list.len()),
        ));
    }
    Ok(list)
}

impl Series {
    /// Starts a match under `game`'s rules and sets up its first game: `arg` is
    /// the `match` field of `new` (`true`, or `{"holdings": [...]}` to go on from
    /// given holdings), `first` the first player of the first game.
    pub(crate) fn start(
        game: &AnyGame,
        arg: &Value,
        first: Option<Player>,
    ) -> Result<(Series, AnyState), Failure> {
        let AnyGame::OAnQuan(g) = game else {
            return Err(fail(
                "bad_request",
                "match play is Ô ăn quan's (ruling Q7); other games are played one at a time",
            ));
        };
        let rules = *g.rules();
        let m = match arg {
            Value::Bool(true) => Match::new(rules),
            Value::Object(o) => {
                only_fields("match", o, &["holdings"])?;
                match o.get("holdings") {
                    Some(h) => Match::with_holdings(rules, &holdings_from(h, rules.players())?),
                    None => Match::new(rules),
                }
            }
            _ => {
                return Err(fail(
                    "bad_request",
                    "match is true or {\"holdings\": [{\"stones\": N, \"quan\": N}, ...]}",
                ));
            }
        }
        .map_err(|e| fail("bad_rules", e.to_string()))?;
        if let Some(outcome) = m.outcome() {
            return Err(fail(
                "bad_setup",
                format!(
                    "these holdings end the match before it starts: {}",
                    match_end_words(outcome.end)
                ),
            ));
        }
        let series = Series {
            before: m,
            first: Player::A,
            sales: Vec::new(),
        };
        series.next(game, first.unwrap_or(Player::A))
    }

    /// The match with the current game counted if it is over.
    fn now(&self, state: &AnyState) -> Match {
        let mut m = self.before.clone();
        // The game was set up by this match: once over, it counts.
        if let AnyState::OAnQuan(s) = state
            && s.game().is_over()
        {
            let _ = m.finish_game(s.game());
        }
        m
    }

    /// The match as JSON: holdings, games played, this game's sales, the end.
    pub(crate) fn json(&self, state: &AnyState) -> Value {
        let m = self.now(state);
        let rules = m.rules();
        let holdings: Vec<Value> = m
            .holdings()
            .iter()
            .map(|h| json!({"stones": h.stones, "quan": h.quan, "value": h.value(rules.quan_value())}))
            .collect();
        json!({
            "holdings": holdings,
            "games_played": m.games_played(),
            "game": self.before.games_played() + 1,
            "first": self.first.to_string(),
            "sales": sales_json(&self.sales),
            "outcome": m.outcome().map(|o| json!({
                "end": match_end(o.end),
                "leaders": o.leaders.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            })),
        })
    }

    /// Counts the finished current game and sets up the next one with `first` to
    /// move (by default the player after the last game's first).
    ///
    /// # Errors
    /// `game_not_over` while the current game goes on, `match_over` once the
    /// match has ended.
    pub(crate) fn next_game(
        &self,
        game: &AnyGame,
        state: &AnyState,
        first: Option<Player>,
    ) -> Result<(Series, AnyState), Failure> {
        if !state.is_terminal() {
            return Err(fail(
                "game_not_over",
                "the match's next game starts once this one is over",
            ));
        }
        let m = self.now(state);
        if let Some(o) = m.outcome() {
            return Err(fail(
                "match_over",
                format!("the match is over: {}", match_end_words(o.end)),
            ));
        }
        let n = m.rules().players();
        let series = Series {
            before: m,
            first: self.first,
            sales: Vec::new(),
        };
        series.next(game, first.unwrap_or(self.first.next(n)))
    }

    fn next(mut self, game: &AnyGame, first: Player) -> Result<(Series, AnyState), Failure> {
        let AnyGame::OAnQuan(g) = game else {
            return Err(fail("bad_request", "match play is Ô ăn quan's"));
        };
        let (next, sales) = self
            .before
            .next_game(first)
            .map_err(|e| fail("bad_setup", e.to_string()))?;
        let state = g
            .state_with_setup(next.setup().clone())
            .map_err(|e| fail("bad_setup", e))?;
        self.first = first;
        self.sales = sales;
        Ok((self, AnyState::OAnQuan(state)))
    }

    /// The event that opens a game of the match.
    pub(crate) fn opening_event(&self) -> Value {
        json!({"match_game": {
            "game": self.before.games_played() + 1,
            "first": self.first.to_string(),
            "holdings": self.before.holdings().iter()
                .map(|h| json!({"stones": h.stones, "quan": h.quan})).collect::<Vec<_>>(),
            "sales": sales_json(&self.sales),
        }})
    }
}

fn sales_json(sales: &[Sale]) -> Vec<Value> {
    sales
        .iter()
        .map(|s| {
            json!({"square": s.square.to_string(), "seller": s.seller.to_string(),
                   "buyer": s.buyer.to_string(), "price": s.price})
        })
        .collect()
}

/// Why a match ended, in words (ruling Q7).
fn match_end_words(end: o_an_quan::MatchEnd) -> String {
    match end {
        o_an_quan::MatchEnd::NoQuan(p) => format!("player {p} holds no quan (ruling Q7)"),
        o_an_quan::MatchEnd::CannotFill(p) => {
            format!("player {p} can fill no square (ruling Q7)")
        }
    }
}

fn match_end(end: o_an_quan::MatchEnd) -> Value {
    match end {
        o_an_quan::MatchEnd::NoQuan(p) => json!({"no_quan": p.to_string()}),
        o_an_quan::MatchEnd::CannotFill(p) => json!({"cannot_fill": p.to_string()}),
    }
}
