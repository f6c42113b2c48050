#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(not(any(
    feature = "go",
    feature = "o_an_quan",
    feature = "hoop_race",
    feature = "trap_stones",
    feature = "tarokk_war"
)))]
compile_error!(
    "tabletop needs at least one game: enable one of the features go, o_an_quan, hoop_race, trap_stones, tarokk_war"
);

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod action;
#[cfg(feature = "std")]
pub mod batch;
#[cfg(feature = "std")]
pub mod bot;
pub mod games;
#[cfg(feature = "gtp")]
pub mod gtp;
mod info;
mod interface;
pub mod params;
mod prob;
#[cfg(feature = "referee")]
pub mod referee;
mod registry;
pub mod rng;
mod serial;
#[cfg(feature = "std")]
pub mod suite;
mod turn;

pub use action::{Action, ActionError, ActionList, NotationError};
pub use info::{ChanceMode, GameInfo, Information, Utility};
pub use interface::{Game, MAX_PLAYERS, PerPlayer, State, StateError};
pub use params::{Param, ParamSpec, Params};
pub use prob::Prob;
pub use registry::{AnyGame, AnyState, LoadError, NAMES, load, load_with, param_specs, presets};
pub use turn::Turn;

/// How a game's fixed description is shared by its states: `Arc` where the
/// target has atomic pointers (states may then move between threads), `Rc` on
/// targets without (`thumbv6m-none-eabi`).
#[cfg(target_has_atomic = "ptr")]
pub(crate) type Shared<T> = alloc::sync::Arc<T>;
#[cfg(not(target_has_atomic = "ptr"))]
pub(crate) type Shared<T> = alloc::rc::Rc<T>;
