//! The five games behind the interface, each in its own module: the game crate's
//! typed moves beside dense action ids, its chance as explicit nodes, its views as
//! strings and tensors.

#[cfg(feature = "go")]
pub mod go;
#[cfg(feature = "hoop_race")]
pub mod hoop_race;
#[cfg(feature = "o_an_quan")]
pub mod o_an_quan;
#[cfg(feature = "tarokk_war")]
pub mod tarokk_war;
#[cfg(feature = "trap_stones")]
pub mod trap_stones;

mod rules;
