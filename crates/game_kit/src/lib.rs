#![doc = include_str!("../README.md")]
#![no_std]

mod chance;
mod names;

pub use chance::below;
pub use names::{find_name, same_name};
