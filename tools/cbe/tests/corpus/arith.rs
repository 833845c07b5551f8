//! Native-width integer arithmetic: every operator, every comparison, at 8/16/32 bits,
//! signed and unsigned, with wrap-around, shifts by variable amounts, and casts.

use super::common::{Rng, Sum};
use core::hint::black_box;

macro_rules! exercise {
    ($name:ident, $t:ty, $bits:expr) => {
        #[inline(never)]
        fn $name(a: $t, b: $t, s: &mut Sum) {
            s.add(a.wrapping_add(b) as u32);
            s.add(a.wrapping_sub(b) as u32);
            s.add(a.wrapping_mul(b) as u32);
            if b != 0 {
                s.add(a.wrapping_div(b) as u32);
                s.add(a.wrapping_rem(b) as u32);
            }
            s.add((a & b) as u32);
            s.add((a | b) as u32);
            s.add((a ^ b) as u32);
            s.add((!a) as u32);
            let sh = (b as u32 % $bits) as u32;
            s.add(a.wrapping_shl(sh) as u32);
            s.add(a.wrapping_shr(sh) as u32);
            s.add(a.rotate_left(sh) as u32);
            s.add(a.rotate_right(sh) as u32);
            s.add(a.wrapping_neg() as u32);
            s.add(((a < b) as u32) | ((a <= b) as u32) << 1 | ((a > b) as u32) << 2 | ((a >= b) as u32) << 3);
            s.add(((a == b) as u32) | ((a != b) as u32) << 1);
            s.add(if a > b { a } else { b } as u32);
            s.add(a as i8 as u32);
            s.add(a as i16 as u32);
            s.add(a as i32 as u32);
            s.add(a as u8 as u32);
            s.add(a as u16 as u32);
        }
    };
}

exercise!(ops_u8, u8, 8);
exercise!(ops_i8, i8, 8);
exercise!(ops_u16, u16, 16);
exercise!(ops_i16, i16, 16);
exercise!(ops_u32, u32, 32);
exercise!(ops_i32, i32, 32);

/// Constant shifts and masks that LLVM turns into odd-width operations.
#[inline(never)]
fn bit_fields(x: u32, s: &mut Sum) {
    let lo24 = x & 0x00FF_FFFF;
    s.add(lo24.wrapping_mul(3) & 0x00FF_FFFF);
    s.add(((x >> 7) & 0x3FF) * 5);
    s.add((((x as i32) << 5) >> 9) as u32);
    let b = x.to_le_bytes();
    s.add(u32::from_le_bytes([b[0], b[1], b[2], 0]));
    s.add(u32::from(u16::from_be_bytes([b[3], b[1]])));
    s.add((x as u8 as i8 >> 3) as u32);
    s.add(u32::from((x as u16) >> 3));
    s.add(((x as i16) >> 11) as u32);
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut rng = Rng::new(0xA5A5_1234);
    let mut s = Sum::new();
    for _ in 0..24 {
        let (a, b) = (rng.edgy32(), rng.edgy32());
        ops_u8(a as u8, b as u8, &mut s);
        ops_i8(a as i8, b as i8, &mut s);
    }
    out(s.get());
    let mut s = Sum::new();
    for _ in 0..24 {
        let (a, b) = (rng.edgy32(), rng.edgy32());
        ops_u16(a as u16, b as u16, &mut s);
        ops_i16(a as i16, b as i16, &mut s);
    }
    out(s.get());
    let mut s = Sum::new();
    for _ in 0..24 {
        let (a, b) = (rng.edgy32(), rng.edgy32());
        ops_u32(a, b, &mut s);
        ops_i32(a as i32, b as i32, &mut s);
    }
    out(s.get());
    let mut s = Sum::new();
    for _ in 0..24 {
        bit_fields(rng.next(), &mut s);
    }
    out(s.get());
    // Division edge cases that are defined in Rust.
    let m = black_box(i32::MIN);
    out(m.wrapping_div(black_box(-1)) as u32);
    out(m.wrapping_rem(black_box(-1)) as u32);
    out((black_box(i8::MIN)).wrapping_div(black_box(-1)) as u32);
    out((black_box(-7i16) / black_box(2)) as u32);
    out((black_box(-7i16) % black_box(2)) as u32);
}
