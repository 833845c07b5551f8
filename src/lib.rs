#![cfg_attr(not(test), no_std)]

pub mod engine;
