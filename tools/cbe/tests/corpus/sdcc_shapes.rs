//! Shapes that SDCC 4.2 (sm83) miscompiled in C the back end once wrote, found by hand
//! (docs/cbe-notes.md names each bug and the back end's guard).

use super::common::Rng;

/// Bug 7: a 16-bit rotate by one written `(x << 1) | (x >> 15)` was done on `x`'s own
/// variable, so the later readers of `x` saw the rotated value. The back end joins the halves
/// with `^`.
#[inline(never)]
fn rotate_then_reuse(x: u16, y: u16) -> u32 {
    let r = x.rotate_left(1);
    let s = r.wrapping_add(y);
    let t = x.rotate_right(1) ^ y;
    (u32::from(s) << 16) ^ u32::from(x.wrapping_mul(3)) ^ u32::from(t).rotate_left(7)
}

/// The same with bytes and with other amounts, and a byte swap (a rotate by eight).
#[inline(never)]
fn rotates_then_reuse(x: u16, b: u8) -> u32 {
    let a = x.rotate_left(3).wrapping_add(x);
    let c = b.rotate_left(1).wrapping_add(b);
    let d = x.swap_bytes().wrapping_sub(x);
    (u32::from(a) << 16) ^ (u32::from(c) << 8) ^ u32::from(d) ^ u32::from(b)
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut rng = Rng::new(7);
    for (x, y) in [(0x8001u16, 0u16), (0xFFFF, 1), (0x1234, 0x8000), (0, 0xFFFF)] {
        // SAFETY: reads of locals: only keeps the optimiser from folding the calls.
        let (x, y) = unsafe { (core::ptr::read_volatile(&x), core::ptr::read_volatile(&y)) };
        out(rotate_then_reuse(x, y));
        out(rotates_then_reuse(x, y as u8));
    }
    for _ in 0..16 {
        let v = rng.next();
        out(rotate_then_reuse(v as u16, (v >> 16) as u16));
        out(rotates_then_reuse((v >> 8) as u16, v as u8));
    }
}
