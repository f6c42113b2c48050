#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "arbitrary")]
mod arbitrary;
mod benson;
mod board;
mod chance;
mod error;
mod estimate;
mod game;
pub mod handicap;
mod heavy;
mod katago;
mod light;
mod moves;
mod outcome;
pub mod player;
mod playout;
mod point;
mod positions;
mod random;
mod record;
mod report;
mod rules;
mod score;
mod setup;
pub mod sgf;
mod zobrist;

pub use benson::PassAlive;
pub use board::Board;
pub use chance::below;
pub use error::{
    DiagramProblem, GameError, IllegalMove, ParseError, RulesError, ScoreError, SetupError,
    SgfError, SgfErrorKind, UndoError,
};
pub use estimate::DeadEstimate;
pub use game::Game;
pub use heavy::{HeavyPolicy, MoveHints, PATTERNS};
pub use light::{Draw, LightPlayout};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use outcome::{End, Outcome};
pub use player::Color;
pub use point::{MAX_SIDE, Point, SgfPoint};
pub use record::Record;
pub use report::{Event, Report};
pub use rules::{HandicapBonus, KoRule, Komi, Rules, Scoring, Suicide, Tax};
pub use score::{GameResult, Margin, Score};
pub use setup::Setup;
