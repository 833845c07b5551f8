#![cfg_attr(not(test), no_std)]

pub mod assets;
pub mod engine;

#[cfg(target_arch = "avr")]
mod console;
