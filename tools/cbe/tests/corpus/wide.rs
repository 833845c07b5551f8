//! 64- and 128-bit integers (byte arrays and runtime helpers on the console): arithmetic,
//! division, shifts, comparisons, overflow and saturation, bit counting, and the wyrand-style
//! 128-bit multiply-high.

use super::common::{Rng, Sum};
use core::hint::black_box;

macro_rules! wide_ops {
    ($name:ident, $t:ty, $ut:ty, $add:ident) => {
        #[inline(never)]
        fn $name(a: $t, b: $t, s: &mut Sum) {
            s.$add(a.wrapping_add(b) as $ut);
            s.$add(a.wrapping_sub(b) as $ut);
            s.$add(a.wrapping_mul(b) as $ut);
            if b != 0 {
                s.$add(a.wrapping_div(b) as $ut);
                s.$add(a.wrapping_rem(b) as $ut);
            }
            s.$add((a & b) as $ut);
            s.$add((a | !b) as $ut);
            s.$add((a ^ b) as $ut);
            let sh = (b as u32) % <$t>::BITS;
            s.$add(a.wrapping_shl(sh) as $ut);
            s.$add(a.wrapping_shr(sh) as $ut);
            s.$add(a.rotate_left(sh) as $ut);
            s.add(((a < b) as u32) | ((a <= b) as u32) << 1 | ((a > b) as u32) << 2 | ((a == b) as u32) << 3);
            s.add(match a.checked_add(b) { Some(v) => v as u32, None => 0xEEEE });
            s.add(match a.checked_sub(b) { Some(v) => v as u32, None => 0xDDDD });
            s.add(match a.checked_mul(b) { Some(v) => v as u32, None => 0xCCCC });
            s.$add(a.saturating_add(b) as $ut);
            s.$add(a.saturating_sub(b) as $ut);
            s.add(a.leading_zeros() ^ a.trailing_zeros() << 8 ^ a.count_ones() << 16);
            s.$add(a.swap_bytes() as $ut);
            s.$add(a.min(b) as $ut);
            s.$add(a.max(b) as $ut);
            s.add(a as u8 as u32 ^ (a as u16 as u32) << 8);
            s.add(a as i8 as i32 as u32);
            s.$add(a as i32 as $t as $ut);
            s.$add(a as u32 as $t as $ut);
        }
    };
}

wide_ops!(u64_ops, u64, u64, add64);
wide_ops!(i64_ops, i64, u64, add64);
wide_ops!(u128_ops, u128, u128, add128);
wide_ops!(i128_ops, i128, u128, add128);

/// wyrand: the 128-bit product's halves.
#[inline(never)]
fn wymum(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ ((r >> 64) as u64)
}

#[inline(never)]
fn widening(a: u32, b: u32) -> u64 {
    u64::from(a) * u64::from(b)
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut rng = Rng::new(0x5EED);
    let mut s = Sum::new();
    for _ in 0..12 {
        let (a, b) = match rng.next() % 4 {
            0 => (rng.u64(), rng.u64() >> (rng.next() % 64)),
            1 => (u64::MAX - u64::from(rng.next() % 3), rng.u64()),
            2 => (u64::from(rng.next()), u64::from(rng.next() % 1000)),
            _ => (rng.u64(), rng.u64()),
        };
        u64_ops(a, b, &mut s);
        i64_ops(a as i64, b as i64, &mut s);
    }
    out(s.get());
    let mut s = Sum::new();
    for _ in 0..6 {
        let (a, b) = match rng.next() % 4 {
            0 => (rng.u128(), rng.u128() >> (rng.next() % 128)),
            1 => (u128::MAX - u128::from(rng.next() % 3), rng.u128()),
            2 => (u128::from(rng.u64()), u128::from(rng.next() % 100_000)),
            _ => (rng.u128(), rng.u128()),
        };
        u128_ops(a, b, &mut s);
        i128_ops(a as i128, b as i128, &mut s);
    }
    out(s.get());
    let mut seed = black_box(0x0123_4567_89AB_CDEFu64);
    let mut s = Sum::new();
    for _ in 0..8 {
        seed = seed.wrapping_add(0xa076_1d64_78bd_642f);
        s.add64(wymum(seed, seed ^ 0xe703_7ed1_a0b4_28db));
    }
    out(s.get());
    let mut s = Sum::new();
    s.add64(widening(black_box(0xFFFF_FFFF), black_box(0xFFFF_FFFF)));
    s.add64(widening(black_box(123_456), black_box(654_321)));
    let x = black_box(-5i128);
    s.add128((x * x * x) as u128);
    s.add128((x / 3) as u128);
    s.add128((x % 3) as u128);
    s.add128((x >> 100) as u128);
    s.add128(i128::MIN.wrapping_div(black_box(-1)) as u128);
    out(s.get());
}
