//! Control flow: phi swaps and rotations (parallel-copy semantics), switches, loops with
//! several induction variables, early returns and recursion.

use super::common::{Rng, Sum};
use core::hint::black_box;

/// (a, b) = (b, a + b): both phis read the old values.
#[inline(never)]
fn fib_pair(n: u8) -> (u16, u16) {
    let (mut a, mut b) = (black_box(0u16), black_box(1u16));
    for _ in 0..n {
        let t = a;
        a = b;
        b = t.wrapping_add(b);
    }
    (a, b)
}

/// A three-way rotation of loop-carried values.
#[inline(never)]
fn rotate3(n: u32, x: u32) -> u32 {
    let (mut a, mut b, mut c) = (x, x ^ 0x55, x.wrapping_mul(3));
    let mut i = 0;
    while i < n {
        let t = a;
        a = b;
        b = c;
        c = t.wrapping_add(i);
        i += 1;
    }
    a ^ b.rotate_left(8) ^ c.rotate_left(16)
}

/// Swap when odd: phis fed by each other only on some edges.
#[inline(never)]
fn conditional_swaps(mut x: u16, mut y: u16, n: u8) -> u32 {
    for i in 0..n {
        if (x ^ u16::from(i)) & 1 == 1 {
            core::mem::swap(&mut x, &mut y);
        } else {
            x = x.wrapping_add(y >> 1);
        }
    }
    (u32::from(x) << 16) | u32::from(y)
}

#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Xor,
    Shl,
    Mul,
    Neg,
    Nop,
}

#[inline(never)]
fn decode(code: u8) -> Op {
    match code % 9 {
        0 => Op::Add,
        1 | 7 => Op::Sub,
        2 => Op::Xor,
        3 => Op::Shl,
        4 => Op::Mul,
        5 => Op::Neg,
        _ => Op::Nop,
    }
}

#[inline(never)]
fn interpret(program: &[u8], mut acc: u32) -> u32 {
    for (i, &code) in program.iter().enumerate() {
        let k = i as u32 + 1;
        acc = match decode(code) {
            Op::Add => acc.wrapping_add(k),
            Op::Sub => acc.wrapping_sub(k * 3),
            Op::Xor => acc ^ (k << 4),
            Op::Shl => acc << (k & 7),
            Op::Mul => acc.wrapping_mul(k | 1),
            Op::Neg => acc.wrapping_neg(),
            Op::Nop => acc,
        };
    }
    acc
}

/// A dense switch on u8 and a sparse one on u32.
#[inline(never)]
fn classify(x: u32) -> u32 {
    let dense = match x as u8 {
        0 => 10,
        1 => 11,
        2 => 13,
        3 => 17,
        4 => 19,
        5 => 23,
        6 => 29,
        7 => 31,
        _ => 1,
    };
    let sparse = match x {
        0 => 1,
        100 => 2,
        1000 => 3,
        65536 => 4,
        0xFFFF_FFFF => 5,
        _ => 0,
    };
    dense * 8 + sparse
}

#[inline(never)]
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[inline(never)]
fn find_first(haystack: &[u16], needle: u16) -> Option<u8> {
    for (i, &h) in haystack.iter().enumerate() {
        if h == needle {
            return Some(i as u8);
        }
    }
    None
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut rng = Rng::new(77);
    for n in [0u8, 1, 2, 9, 24] {
        let (a, b) = fib_pair(black_box(n));
        out((u32::from(a) << 16) | u32::from(b));
    }
    out(rotate3(black_box(10), 0x1234_5678));
    out(rotate3(black_box(0), 7));
    out(conditional_swaps(black_box(3), black_box(40000), 37));
    let mut program = [0u8; 40];
    for p in program.iter_mut() {
        *p = rng.u8();
    }
    out(interpret(black_box(&program), 0xDEAD_BEEF));
    let mut s = Sum::new();
    for x in [0u32, 1, 2, 3, 4, 5, 6, 7, 8, 100, 1000, 65536, 0xFFFF_FFFF, 0x1_0003] {
        s.add(classify(black_box(x)));
    }
    out(s.get());
    out(gcd(black_box(1_071_000), black_box(462_000)));
    let hay = [5u16, 9, 300, 9, 65535];
    out(match find_first(black_box(&hay), black_box(300)) {
        Some(i) => u32::from(i),
        None => 999,
    });
    out(match find_first(black_box(&hay), black_box(301)) {
        Some(i) => u32::from(i),
        None => 999,
    });
}
