//! Hardware layer for the Game Boy (the DMG, and the Color's additions in [`cgb`]), in the
//! style of the `gba` crate: register addresses are typed constants ([`mmio::VolAddress`]),
//! register values are small newtypes or `bitflags` types, and each hardware concern has its
//! own module. Doc comments name the Pan Docs section each one follows.
//!
//! Console builds target AVR (16-bit pointers) and go through our C back end to SDCC (see
//! docs/ARCHITECTURE.md), so the crate keeps to the console-path rules: `no_std`, no
//! allocation, no floats, no `core::fmt`, `u8`/`u16` arithmetic. Everything that is not a raw
//! register access (bit packing, address math, the VRAM queue, input handling, palettes) is
//! unit-tested on the host with `cargo test -p gb-hal`.
//!
//! The instructions Rust cannot emit on this route (`halt`, `ei`, `di`, OAM DMA) come from
//! `linker/crt0.s`; on the host their wrappers panic with an explanation (see `crt0.rs`).
#![no_std]

pub mod cgb;
mod crt0;
pub mod interrupts;
pub mod joypad;
pub mod lcd;
pub mod mmio;
pub mod oam;
pub mod serial;
pub mod sound;
pub mod sound_effects;
pub mod sram;
pub mod timer;
pub mod video;
pub mod worker;
