//! ROM banking: functions marked `#[unsafe(link_section = ".bankN")]` are banked entry points,
//! called through crt0's trampoline on the console (docs/cbe-notes.md, "Banking"). Covers
//! bank 0 -> 1, 1 -> 2 -> back to 1, banked code calling bank-0 code, function pointers and
//! trait objects (which live in bank 0), arguments and results of 8/16/32/64 bits and
//! aggregates, and recursion across entry points. Natively the sections change nothing.
//!
//! `tests/corpus.rs` also checks where things landed, by these names: `leaf` (the first banked
//! call `run` makes), `bank2_only` (called only from bank 2), `shared` (called from banks 1
//! and 2 but also a function pointer, so in bank 0), `both_banks` and `both_leaf` (called
//! only from banks 1 and 2: one copy in each, `both_banks_b1` and `both_banks_b2`).

use super::common::Sum;
use core::hint::black_box;

/// Bank 0: called from both banks.
#[inline(never)]
fn shared(a: u16, b: u16) -> u16 {
    a.rotate_left(3) ^ b.wrapping_mul(31)
}

/// Called (directly) only from bank-1 and bank-2 code: copied into both banks, and so is
/// `both_leaf`; each copy calls its own bank's `both_leaf`.
#[inline(never)]
fn both_banks(x: u32, k: u8) -> u32 {
    (x ^ u32::from(k).wrapping_mul(0x0101_0101)).rotate_left(u32::from(k & 15)).wrapping_add(u32::from(both_leaf(x as u16, k)))
}

#[inline(never)]
fn both_leaf(x: u16, k: u8) -> u16 {
    x.wrapping_mul(u16::from(k) | 0x101) ^ 0x3C3C
}

/// Only bank-2 entry points call this: it goes in bank 2 with them.
#[inline(never)]
fn bank2_only(x: u32, k: u8) -> u32 {
    x.rotate_right(u32::from(k & 31)).wrapping_add(u32::from(shared(x as u16, u16::from(k)))) ^ both_banks(x, k)
}

/// Only bank-1 entry points call this.
#[inline(never)]
fn bank1_only(x: u16) -> u16 {
    x.wrapping_mul(0x9E37) ^ (x >> 7)
}

#[derive(Clone, Copy)]
pub struct Pair {
    a: u32,
    b: u16,
    c: [u8; 3],
}

trait Weigh {
    fn weigh(&self, x: u32) -> u32;
}
struct Light(u8);
struct Heavy(u32, u16);
impl Weigh for Light {
    fn weigh(&self, x: u32) -> u32 {
        x.wrapping_add(u32::from(self.0))
    }
}
impl Weigh for Heavy {
    fn weigh(&self, x: u32) -> u32 {
        (x ^ self.0).wrapping_mul(u32::from(self.1) | 1)
    }
}

/// A function pointer target (address-taken: bank 0).
#[inline(never)]
fn pointed(a: u16, b: u16) -> u16 {
    a.wrapping_sub(b).rotate_left(5)
}

/// The first banked call `run` makes (tests/corpus.rs times the trampoline on it).
#[unsafe(link_section = ".bank2")]
#[inline(never)]
fn leaf(x: u16) -> u16 {
    x ^ 0x5A5A
}

#[unsafe(link_section = ".bank1")]
#[inline(never)]
fn b1_u8(x: u8, y: u8) -> u8 {
    x.wrapping_mul(y) ^ (bank1_only(u16::from(x)) as u8)
}

#[unsafe(link_section = ".bank1")]
#[inline(never)]
fn b1_u16(x: u16, y: u8) -> u16 {
    bank1_only(x).wrapping_add(shared(x, u16::from(y))) ^ (both_banks(u32::from(x) << 3, y) as u16)
}

/// Bank 1 -> bank 2 -> bank 1 (`b2_back` calls `b1_u16`).
#[unsafe(link_section = ".bank1")]
#[inline(never)]
fn b1_u32(x: u32, y: u16) -> u32 {
    b2_back(x ^ u32::from(y)).wrapping_add(u32::from(b1_u16(y, 7)))
}

#[unsafe(link_section = ".bank2")]
#[inline(never)]
fn b2_back(x: u32) -> u32 {
    let low = b1_u16(x as u16, (x >> 16) as u8);
    bank2_only(x, low as u8) ^ (u32::from(low) << 16)
}

#[unsafe(link_section = ".bank1")]
#[inline(never)]
fn b1_u64(x: u64, y: u32) -> u64 {
    x.rotate_left(y & 63).wrapping_add(u64::from(b2_u32(y, 3)))
}

#[unsafe(link_section = ".bank2")]
#[inline(never)]
fn b2_u32(x: u32, k: u8) -> u32 {
    bank2_only(x, k).wrapping_mul(3)
}

/// Aggregates in and out.
#[unsafe(link_section = ".bank1")]
#[inline(never)]
fn b1_pair(p: Pair, k: u8) -> Pair {
    let q = b2_pair(p);
    Pair { a: q.a.wrapping_add(u32::from(k)), b: q.b ^ u16::from(k), c: [q.c[2], q.c[0], q.c[1].wrapping_add(k)] }
}

#[unsafe(link_section = ".bank2")]
#[inline(never)]
fn b2_pair(p: Pair) -> Pair {
    Pair { a: bank2_only(p.a, p.c[0]), b: p.b.rotate_left(1), c: [p.c[1], p.c[2], p.c[0] ^ 0xFF] }
}

/// Trait objects and function pointers called from a bank: their code is in bank 0.
#[unsafe(link_section = ".bank1")]
#[inline(never)]
fn b1_dyn(w: &dyn Weigh, f: fn(u16, u16) -> u16, x: u32) -> u32 {
    w.weigh(x) ^ u32::from(f(x as u16, (x >> 16) as u16))
}

/// The caller's closure (bank 0) called from bank 2.
#[unsafe(link_section = ".bank2")]
#[inline(never)]
fn b2_report(out: &mut dyn FnMut(u32), x: u32) {
    out(bank2_only(x, 9));
}

/// Mutual recursion across both banks' entry points.
#[unsafe(link_section = ".bank1")]
#[inline(never)]
fn b1_fact(n: u8) -> u32 {
    if n == 0 { 1 } else { u32::from(n).wrapping_mul(b2_fact(n - 1)) }
}

#[unsafe(link_section = ".bank2")]
#[inline(never)]
fn b2_fact(n: u8) -> u32 {
    if n == 0 { 1 } else { u32::from(n).wrapping_mul(b1_fact(n - 1)) ^ u32::from(n) }
}

/// Direct recursion through the trampoline (an entry calling itself), not in tail position.
#[unsafe(link_section = ".bank1")]
#[inline(never)]
fn b1_tree(depth: u8, seed: u16) -> u16 {
    if depth == 0 {
        return seed;
    }
    let left = b1_tree(depth - 1, seed.wrapping_mul(3));
    let right = b1_tree(depth - 1, seed ^ left);
    left.rotate_left(1) ^ right
}

/// xorshift32 from an odd seed. Not `common::Rng`: its `seed | 1` meets SDCC bug 2 in this
/// ROM's `run` (docs/cbe-notes.md), which has nothing to do with banking.
struct Xs(u32);
impl Xs {
    fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    fn u64(&mut self) -> u64 {
        (u64::from(self.next()) << 32) | u64::from(self.next())
    }
}

pub fn run(out: &mut dyn FnMut(u32)) {
    out(u32::from(leaf(black_box(0x1234))));
    let mut rng = Xs(black_box(0x2024_0C4B));
    let mut s = Sum::new();
    for _ in 0..6 {
        let v = rng.next();
        s.add(u32::from(b1_u8(v as u8, (v >> 8) as u8)));
        s.add(u32::from(b1_u16(v as u16, (v >> 24) as u8)));
        s.add(b1_u32(v, (v >> 11) as u16));
        s.add64(b1_u64(rng.u64(), v));
    }
    out(s.get());

    let mut p = Pair { a: black_box(0xDEAD_BEEF), b: black_box(0x1357), c: [1, 2, 3] };
    let mut s = Sum::new();
    for k in 0..4u8 {
        p = b1_pair(black_box(p), k);
        s.add(p.a);
        s.add(u32::from(p.b) | u32::from(p.c[0]) << 16 | u32::from(p.c[1]) << 24);
        s.add(u32::from(p.c[2]));
    }
    out(s.get());

    let light = Light(black_box(7));
    let heavy = Heavy(black_box(0x0F0F_0F0F), black_box(77));
    let weights: [&dyn Weigh; 2] = [&light, &heavy];
    let mut s = Sum::new();
    for i in 0..6u32 {
        let f: fn(u16, u16) -> u16 = if i % 3 == 0 { shared } else { pointed };
        s.add(b1_dyn(weights[(i % 2) as usize], black_box(f), rng.next()));
    }
    out(s.get());

    b2_report(out, black_box(0xCAFE_F00D));
    out(b1_fact(black_box(9)));
    out(b2_fact(black_box(12)));
    out(u32::from(b1_tree(black_box(5), black_box(0x2468))));
}
