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

/// Per-direction tables indexed as the Lizards engine's are: a segment id per cell and a count
/// per segment, each table reached as `base + dir * 144` and `base + dir * 80`.
struct Tables {
    ids: [[u8; 144]; 4],
    counts: [[u8; 80]; 4],
}

/// Bug 8: a product by a constant was written `(d << 6) + (d << 4)`; SDCC kept the first term
/// in A while it shifted the second on the stack in a loop counted in A, so the first term was
/// lost and the stack pointer ended six bytes low.
#[inline(never)]
fn tally_by_direction(tables: &mut Tables, order: &[u8; 4], cells: u8) -> u32 {
    tables.counts = [[0; 80]; 4];
    for cell in 0..cells {
        for &dir in order {
            let id = tables.ids[usize::from(dir & 3)][usize::from(cell)];
            tables.counts[usize::from(dir & 3)][usize::from(id)] += 1;
        }
    }
    let mut sum = 0u32;
    for &dir in order {
        for cell in 0..cells {
            let id = tables.ids[usize::from(dir & 3)][usize::from(cell)];
            if tables.counts[usize::from(dir & 3)][usize::from(id)] == 1 {
                sum = sum.wrapping_mul(31).wrapping_add(u32::from(cell) << 8 | u32::from(dir));
            }
        }
    }
    sum
}

/// Folds each `x op K` for the constants listed into one checksum.
macro_rules! fold_constants {
    ($x:expr, $op:ident, $($k:expr),+) => {{
        let mut sum = 0u32;
        $(sum = sum.rotate_left(5) ^ u32::from($x.$op($k));)+
        sum
    }};
}

/// Products by constants and shifts by constants, which bug 8's guard writes as chains of
/// shifts by one (products summed by Horner's rule).
#[inline(never)]
fn products_and_shifts(x: u16, b: u8) -> u32 {
    let words = fold_constants!(x, wrapping_mul, 3, 5, 7, 9, 15, 20, 24, 80, 144, 160, 0x9000, 0x7FFF, 0x8001, 0x5555, 0xFFFF);
    let word_shifts = fold_constants!(x, wrapping_shl, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15);
    let bytes = fold_constants!(b, wrapping_mul, 3, 5, 6, 7, 10, 12, 20, 24, 96, 144, 0x81);
    let byte_shifts = fold_constants!(b, wrapping_shl, 1, 2, 3, 4, 5, 6, 7);
    words ^ word_shifts.rotate_left(8) ^ bytes.rotate_left(16) ^ byte_shifts.rotate_left(24)
}

/// Bug 9: a byte shifted left by a constant and compared, as in the Numberlink solver's box
/// around a link (`(bottom + 16).min((n - 1) << 4)`): SDCC 4.2 narrowed `(uint8_t)(x << 1)`
/// to a byte operation of the literal's type, `int`, and compared it as a signed byte, so
/// 0x90 came out smaller than 0x10. The back end writes every constant shift amount as an
/// unsigned literal (`<< 1u`).
#[inline(never)]
fn shifted_byte_min_max(row: u8, n: u8) -> u32 {
    let last = n.wrapping_sub(1) << 4;
    let low = (row & 0xF0).wrapping_add(16).min(last);
    let high = (row << 1).max(n << 3);
    let wide = ((u16::from(row) << 3) as u8).min(n);
    u32::from(low) | u32::from(high) << 8 | u32::from(wide) << 16 | u32::from(((row << 2) < n) as u8) << 24
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut rng = Rng::new(7);
    for (x, y) in [(0x8001u16, 0u16), (0xFFFF, 1), (0x1234, 0x8000), (0, 0xFFFF)] {
        // SAFETY: reads of locals: only keeps the optimiser from folding the calls.
        let (x, y) = unsafe { (core::ptr::read_volatile(&x), core::ptr::read_volatile(&y)) };
        out(rotate_then_reuse(x, y));
        out(rotates_then_reuse(x, y as u8));
    }
    let mut tables = Tables { ids: [[0; 144]; 4], counts: [[0; 80]; 4] };
    for round in 0..4u8 {
        for ids in tables.ids.iter_mut() {
            for id in ids.iter_mut() {
                *id = (rng.next() % 80) as u8;
            }
        }
        let order = [round & 3, (round + 1) & 3, (round + 2) & 3, (round + 3) & 3];
        out(tally_by_direction(&mut tables, &order, 36 + 36 * round));
    }
    for _ in 0..16 {
        let v = rng.next();
        out(rotate_then_reuse(v as u16, (v >> 16) as u16));
        out(products_and_shifts((v >> 3) as u16, (v >> 19) as u8));
        out(rotates_then_reuse((v >> 8) as u16, v as u8));
        out(shifted_byte_min_max(v as u8, (v >> 8) as u8 % 13));
    }
    for (row, n) in [(0x00u8, 10u8), (0x10, 12), (0x60, 10), (0x40, 9)] {
        // SAFETY: as above.
        let (row, n) = unsafe { (core::ptr::read_volatile(&row), core::ptr::read_volatile(&n)) };
        out(shifted_byte_min_max(row, n));
    }
}
