//! Programs the differential fuzzer (tests/fuzz.rs) found failing, shrunk, kept as cases.

use super::common::Rng;

/// Seeds 1002 and 1006: a byte widened to 32 bits after a shift in 16-bit arithmetic,
/// `(uint32_t)((uint8_t)((uint16_t)x << 1))` in C, which SDCC 4.2 sign-extended (the back end
/// now masks such widenings).
#[inline(never)]
fn widened_doubled_byte(v0: u32) -> u32 {
    v0 ^ ((v0 as u8).wrapping_add(v0 as u8) as u32)
}

/// The shrunk program of seed 1006 itself.
#[inline(never)]
fn seed_1006(v0: u32) -> u32 {
    let mut sum = 0u32;
    let v2 = v0 as i16;
    sum = sum.rotate_left(5) ^ (v2 as u32);
    let v3 = v2 as u8;
    sum = sum.rotate_left(5) ^ (v3 as u32);
    let v4 = v3.wrapping_add(v3);
    sum.rotate_left(5) ^ (v4 as u32)
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut rng = Rng::new(1006);
    for input in [0xA68A_DAC6, 0x8FB4_7768, 0x0000_00FF, 0x8000_0080] {
        out(widened_doubled_byte(input));
        out(seed_1006(input));
    }
    for _ in 0..16 {
        let v = rng.next();
        out(widened_doubled_byte(v));
        out(seed_1006(v));
    }
}
