//! The Hitori puzzle engine: a pure game model (new game, check, solve, hint, play) with no
//! drawing or input. `no_std`, no allocation, no floats; all state is fixed-size and owned by
//! the caller, sized for an 8-bit CPU (cells are `u8`, cell sets are `u16` bit rows).

pub mod board;
pub mod code;
pub mod difficulty;
pub mod dual;
pub mod flood;
pub mod generate;
pub mod latin;
pub mod play;
pub mod rng;
pub mod rules;
pub mod solve;
