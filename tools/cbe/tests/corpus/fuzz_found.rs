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

/// Seed 3044, shrunk: for `v6` (an `i8` shifted right by a variable amount) SDCC 4.2 had the
/// value in A and the amount in C and swapped them wrongly (`ld a, c; push af; ld c, a; pop af`),
/// so it shifted the amount by itself (bug 4; the back end now calls `cbe_ashr8`).
#[inline(never)]
fn seed_3044(v0: u32, v1: u32) -> u32 {
    let mut sum = 0u32;
    let v2: u16 = v1 as u16;
    sum = sum.rotate_left(5) ^ (v2 as u32);
    let v3: i32 = v2 as i32;
    sum = sum.rotate_left(5) ^ (v3 as u32);
    let v4: i16 = v0 as i16;
    sum = sum.rotate_left(5) ^ (v4 as u32);
    let v5: i8 = v0 as i8;
    sum = sum.rotate_left(5) ^ (v5 as u32);
    let v6: i8 = v5 >> (v2 as u32 % 8);
    sum = sum.rotate_left(5) ^ (v6 as u32);
    let v7: u8 = v6 as u8;
    sum = sum.rotate_left(5) ^ (v7 as u32);
    let v8: i64 = v3 as i64;
    sum = sum.rotate_left(5) ^ (v8 as u32);
    sum = sum.rotate_left(5) ^ ((v8 >> 32) as u32);
    let v9: i64 = v8.rotate_left(v5 as u32 % 64);
    sum = sum.rotate_left(5) ^ (v9 as u32);
    sum.rotate_left(5) ^ ((v9 >> 32) as u32)
}

/// Seeds 4034 and 4039, shrunk: `i32` right shifts by a variable amount. They failed when such
/// shifts called a runtime function taking the amount on the stack: SDCC 4.2 pushed a wrong
/// byte for it (bug 5, docs/cbe-notes.md); 32-bit right shifts stay inline since.
#[inline(never)]
fn seed_4034(v0: u32, _v1: u32) -> u32 {
    let mut sum = 0u32;
    let v2: i64 = v0 as i64;
    sum = sum.rotate_left(5) ^ (v2 as u32);
    sum = sum.rotate_left(5) ^ ((v2 >> 32) as u32);
    let v3: i32 = v0 as i32;
    sum = sum.rotate_left(5) ^ (v3 as u32);
    let v4: i32 = v3 >> (v2 as u32 % 32);
    sum = sum.rotate_left(5) ^ (v4 as u32);
    let v5: i32 = if v3 == 0 { v4 } else { v4.wrapping_div(v3) };
    sum = sum.rotate_left(5) ^ (v5 as u32);
    sum
}

#[inline(never)]
fn seed_4039(_v0: u32, v1: u32) -> u32 {
    let mut sum = 0u32;
    let v2: i64 = v1 as i64;
    sum = sum.rotate_left(5) ^ (v2 as u32);
    sum = sum.rotate_left(5) ^ ((v2 >> 32) as u32);
    let v3: i64 = v2.min(v2);
    sum = sum.rotate_left(5) ^ (v3 as u32);
    sum = sum.rotate_left(5) ^ ((v3 >> 32) as u32);
    let v4: i32 = v1 as i32;
    sum = sum.rotate_left(5) ^ (v4 as u32);
    let v5: i32 = v4 >> (v3 as u32 % 32);
    sum = sum.rotate_left(5) ^ (v5 as u32);
    let v6: u64 = v4 as u64;
    sum = sum.rotate_left(5) ^ (v6 as u32);
    sum = sum.rotate_left(5) ^ ((v6 >> 32) as u32);
    sum
}

/// Seed 5030, shrunk: SDCC 4.2 kept the 8-bit quotient `v7` in A from `__divuchar` while the
/// phi edge after it copied a 32-bit value byte by byte through A, then stored A as the
/// quotient (bug 6, docs/cbe-notes.md).
#[inline(never)]
fn seed_5030(v0: u32, v1: u32) -> u32 {
    let mut sum = 0u32;
    let v2: u64 = v0 as u64;
    sum = sum.rotate_left(5) ^ (v2 as u32);
    sum = sum.rotate_left(5) ^ ((v2 >> 32) as u32);
    let v3: u8 = v2 as u8;
    sum = sum.rotate_left(5) ^ (v3 as u32);
    let v4: u32 = if v0 == 0 { v1 } else { v1.wrapping_rem(v0) };
    sum = sum.rotate_left(5) ^ v4;
    let v5: u8 = v3 & v3;
    sum = sum.rotate_left(5) ^ (v5 as u32);
    let v6: u8 = v5.wrapping_mul(v3);
    sum = sum.rotate_left(5) ^ (v6 as u32);
    let v7: u8 = if v5 == 0 { v6 } else { v6.wrapping_div(v5) };
    sum.rotate_left(5) ^ (v7 as u32)
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
    let seed_3044_inputs: [(u32, u32); 4] =
        [(3107745830, 3231106702), (4294934527, 65535), (520178988, 895306523), (2147483648, 2234184569)];
    for (a, b) in seed_3044_inputs {
        // SAFETY: reads of a local: only keeps the optimiser from folding the calls.
        let (a, b) = unsafe { (core::ptr::read_volatile(&a), core::ptr::read_volatile(&b)) };
        out(seed_3044(a, b));
    }
    for _ in 0..16 {
        out(seed_3044(rng.next(), rng.next()));
    }
    let seed_4034_inputs: [(u32, u32); 4] = [(4294967295, 1300535897), (4283172519, 3353045956), (4294967294, 2748359593), (3473457529, 4294967294)];
    let seed_4039_inputs: [(u32, u32); 4] = [(3171040387, 1927904161), (4294934528, 4294967167), (3948265118, 3795906767), (3120104381, 128)];
    for ((a, b), (c, d)) in seed_4034_inputs.into_iter().zip(seed_4039_inputs) {
        // SAFETY: reads of locals: only keeps the optimiser from folding the calls.
        let (a, b, c, d) = unsafe {
            (
                core::ptr::read_volatile(&a),
                core::ptr::read_volatile(&b),
                core::ptr::read_volatile(&c),
                core::ptr::read_volatile(&d),
            )
        };
        out(seed_4034(a, b));
        out(seed_4039(c, d));
    }
    let seed_5030_inputs: [(u32, u32); 4] = [(1825590771, 4294967040), (2850337580, 4294967295), (2, 32767), (2691413759, 4294934528)];
    for (a, b) in seed_5030_inputs {
        // SAFETY: reads of locals: only keeps the optimiser from folding the calls.
        let (a, b) = unsafe { (core::ptr::read_volatile(&a), core::ptr::read_volatile(&b)) };
        out(seed_5030(a, b));
    }
}
