//! What LLVM turns into intrinsics: overflow checks, saturation, bit counting, byte swaps,
//! rotates (funnel shifts), min/max, abs and three-way comparison, at every native width.

use super::common::{Rng, Sum};
use core::cmp::Ordering;

fn ord(o: Ordering) -> u32 {
    match o {
        Ordering::Less => 1,
        Ordering::Equal => 2,
        Ordering::Greater => 3,
    }
}

fn opt<T: Into<i64>>(v: Option<T>) -> u32 {
    match v {
        Some(x) => (x.into() as u32) ^ 0x5000_0000,
        None => 0xFFFF_0001,
    }
}

macro_rules! unsigned_ops {
    ($name:ident, $t:ty) => {
        #[inline(never)]
        fn $name(a: $t, b: $t, s: &mut Sum) {
            s.add(opt(a.checked_add(b)));
            s.add(opt(a.checked_sub(b)));
            s.add(opt(a.checked_mul(b)));
            let (v, o) = a.overflowing_mul(b);
            s.add(v as u32 ^ (o as u32) << 31);
            s.add(a.saturating_add(b) as u32);
            s.add(a.saturating_sub(b) as u32);
            s.add(a.leading_zeros());
            s.add(a.trailing_zeros());
            s.add(a.count_ones());
            s.add(a.swap_bytes() as u32);
            s.add(a.reverse_bits() as u32);
            s.add(a.rotate_left(3) as u32);
            s.add(a.rotate_right(b as u32) as u32);
            s.add(a.min(b) as u32);
            s.add(a.max(b) as u32);
            s.add(ord(a.cmp(&b)));
            s.add(a.abs_diff(b) as u32);
            s.add(a.checked_next_power_of_two().map_or(7, |x| x as u32));
        }
    };
}

macro_rules! signed_ops {
    ($name:ident, $t:ty) => {
        #[inline(never)]
        fn $name(a: $t, b: $t, s: &mut Sum) {
            s.add(opt(a.checked_add(b)));
            s.add(opt(a.checked_sub(b)));
            s.add(opt(a.checked_mul(b)));
            s.add(opt(a.checked_div(b)));
            s.add(opt(a.checked_neg()));
            let (v, o) = a.overflowing_add(b);
            s.add(v as u32 ^ (o as u32) << 31);
            let (v, o) = a.overflowing_sub(b);
            s.add(v as u32 ^ (o as u32) << 30);
            s.add(a.saturating_add(b) as u32);
            s.add(a.saturating_sub(b) as u32);
            s.add(a.saturating_mul(b) as u32);
            s.add(a.wrapping_abs() as u32);
            s.add(a.unsigned_abs() as u32);
            s.add(a.min(b) as u32);
            s.add(a.max(b) as u32);
            s.add(ord(a.cmp(&b)));
            s.add(a.signum() as u32);
            s.add(a.leading_zeros());
            s.add(a.count_zeros());
        }
    };
}

unsigned_ops!(u8_ops, u8);
unsigned_ops!(u16_ops, u16);
unsigned_ops!(u32_ops, u32);
signed_ops!(i8_ops, i8);
signed_ops!(i16_ops, i16);
signed_ops!(i32_ops, i32);

/// Every byte's bit count, and those of words whose two bytes differ: the runtime counts
/// bits in assembly, with no loop to get right only for some values.
#[inline(never)]
fn bit_counts(s: &mut Sum) {
    for b in 0..=255u8 {
        let b = core::hint::black_box(b);
        s.add(b.count_ones());
        let word = u16::from_le_bytes([b, b.rotate_left(3) ^ 0x5A]);
        s.add(word.count_ones() << 8 | u32::from(word));
        s.add((u32::from(word) << 16 | u32::from(!word)).count_ones());
    }
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut s = Sum::new();
    bit_counts(&mut s);
    out(s.get());
    let mut rng = Rng::new(0xBEEF);
    let mut s = Sum::new();
    for _ in 0..24 {
        let (a, b) = (rng.edgy32(), rng.edgy32());
        u8_ops(a as u8, b as u8, &mut s);
        i8_ops(a as i8, b as i8, &mut s);
    }
    out(s.get());
    let mut s = Sum::new();
    for _ in 0..24 {
        let (a, b) = (rng.edgy32(), rng.edgy32());
        u16_ops(a as u16, b as u16, &mut s);
        i16_ops(a as i16, b as i16, &mut s);
    }
    out(s.get());
    let mut s = Sum::new();
    for _ in 0..24 {
        let (a, b) = (rng.edgy32(), rng.edgy32());
        u32_ops(a, b, &mut s);
        i32_ops(a as i32, b as i32, &mut s);
    }
    out(s.get());
}
