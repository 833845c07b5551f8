//! Aggregates: structs and tuples returned and passed by value, Option/Result layouts,
//! arrays returned by value, trait objects (vtables), function pointers, statics that point
//! at statics and functions, and deep struct/array addressing.

use super::common::{Rng, Sum};
use core::hint::black_box;

#[derive(Clone, Copy)]
struct Triple {
    a: u16,
    b: u32,
    c: u8,
}

#[inline(never)]
fn make_triple(x: u32) -> Triple {
    Triple { a: x as u16, b: x.rotate_left(7), c: (x >> 24) as u8 }
}

#[inline(never)]
fn mix_triples(p: Triple, q: Triple) -> (u32, u16, bool) {
    (p.b ^ q.b, p.a.wrapping_add(q.a), p.c > q.c)
}

#[inline(never)]
fn array_by_value(seed: u8) -> [u8; 7] {
    let mut a = [0u8; 7];
    for (i, v) in a.iter_mut().enumerate() {
        *v = seed.wrapping_mul(i as u8 + 3) ^ 0x5A;
    }
    a
}

#[inline(never)]
fn sum_array(a: [u8; 7]) -> u32 {
    a.iter().enumerate().map(|(i, &v)| u32::from(v) << (i % 4 * 8)).fold(0, |x, y| x ^ y)
}

#[inline(never)]
fn checked_quotient(a: u32, b: u32) -> Option<(u32, u32)> {
    if b == 0 { None } else { Some((a / b, a % b)) }
}

#[inline(never)]
fn parse_digit(c: u8) -> Result<u8, u16> {
    if c.is_ascii_digit() { Ok(c - b'0') } else { Err(u16::from(c) * 3) }
}

trait Shape {
    fn area(&self) -> u32;
    fn scale(&mut self, k: u16);
    fn tag(&self) -> u8 {
        0
    }
}

struct Square(u16);
struct Rect {
    w: u16,
    h: u32,
}
struct Tri {
    base: u8,
    height: u8,
}

impl Shape for Square {
    fn area(&self) -> u32 {
        u32::from(self.0) * u32::from(self.0)
    }
    fn scale(&mut self, k: u16) {
        self.0 = self.0.wrapping_mul(k);
    }
}
impl Shape for Rect {
    fn area(&self) -> u32 {
        u32::from(self.w).wrapping_mul(self.h)
    }
    fn scale(&mut self, k: u16) {
        self.w = self.w.wrapping_add(k);
        self.h ^= u32::from(k) << 9;
    }
    fn tag(&self) -> u8 {
        2
    }
}
impl Shape for Tri {
    fn area(&self) -> u32 {
        u32::from(self.base) * u32::from(self.height) / 2
    }
    fn scale(&mut self, k: u16) {
        self.base = self.base.wrapping_add(k as u8);
    }
    fn tag(&self) -> u8 {
        3
    }
}

#[inline(never)]
fn total_area(shapes: &mut [&mut dyn Shape], k: u16) -> u32 {
    let mut t = 0u32;
    for s in shapes.iter_mut() {
        s.scale(k);
        t = t.wrapping_mul(31).wrapping_add(s.area()) ^ u32::from(s.tag());
    }
    t
}

fn double(x: u32) -> u32 {
    x.wrapping_mul(2)
}
fn square(x: u32) -> u32 {
    x.wrapping_mul(x)
}
fn flip(x: u32) -> u32 {
    !x
}

static OPS: [fn(u32) -> u32; 3] = [double, square, flip];

#[inline(never)]
fn apply_all(x: u32, pick: &[u8]) -> u32 {
    let mut v = x;
    for &p in pick {
        v = OPS[usize::from(p % 3)](v);
    }
    v
}

/// Statics pointing into statics, with offsets.
static WORDS: [u16; 6] = [10, 20, 30, 40, 50, 60];
static SLICES: [&[u16]; 3] = [&WORDS, &[7, 8, 9], &[]];
struct Entry {
    name: &'static [u8],
    value: &'static u16,
    next: Option<&'static Entry>,
}
static LAST: Entry = Entry { name: b"last", value: &WORDS[5], next: None };
static MIDDLE: Entry = Entry { name: b"middle", value: &WORDS[2], next: Some(&LAST) };
static FIRST: Entry = Entry { name: b"first!", value: &WORDS[0], next: Some(&MIDDLE) };

#[inline(never)]
fn walk(e: &'static Entry) -> u32 {
    let mut h = 0u32;
    let mut at = Some(e);
    while let Some(entry) = at {
        for &c in entry.name {
            h = h.wrapping_mul(33) ^ u32::from(c);
        }
        h = h.wrapping_add(u32::from(*entry.value));
        at = entry.next;
    }
    h
}

/// Deep addressing: arrays of structs of arrays.
#[derive(Clone, Copy)]
struct Cell {
    flags: u8,
    pos: [u16; 2],
}
#[derive(Clone, Copy)]
struct Row {
    id: u8,
    cells: [Cell; 5],
}
struct Grid {
    rows: [Row; 4],
    total: u32,
}

#[inline(never)]
fn fill_grid(g: &mut Grid, seed: u32) {
    for (r, row) in g.rows.iter_mut().enumerate() {
        row.id = r as u8;
        for (c, cell) in row.cells.iter_mut().enumerate() {
            cell.flags = (seed >> (r + c)) as u8;
            cell.pos = [r as u16 * 100 + c as u16, (seed as u16) ^ c as u16];
        }
    }
    g.total = seed;
}

#[inline(never)]
fn probe_grid(g: &Grid, r: u8, c: u8, k: u8) -> u32 {
    let cell = &g.rows[usize::from(r % 4)].cells[usize::from(c % 5)];
    u32::from(cell.pos[usize::from(k % 2)]) ^ u32::from(cell.flags) << 16 ^ g.total
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut rng = Rng::new(4242);
    let mut s = Sum::new();
    for _ in 0..8 {
        let p = make_triple(rng.next());
        let q = make_triple(rng.next());
        let (x, y, z) = mix_triples(black_box(p), black_box(q));
        s.add(x);
        s.add(u32::from(y) | (z as u32) << 31);
    }
    out(s.get());
    let a = array_by_value(black_box(17));
    out(sum_array(black_box(a)));
    out(match checked_quotient(black_box(1000), black_box(7)) {
        Some((q, r)) => q << 8 | r,
        None => 1,
    });
    out(checked_quotient(black_box(5), black_box(0)).map_or(0xABCD, |(q, _)| q));
    let mut s = Sum::new();
    for c in [b'0', b'7', b'x', b'9', 0xFF] {
        s.add(match parse_digit(black_box(c)) {
            Ok(d) => u32::from(d),
            Err(e) => u32::from(e) << 8,
        });
    }
    out(s.get());
    let mut sq = Square(black_box(12));
    let mut rect = Rect { w: 3, h: black_box(100_000) };
    let mut tri = Tri { base: 9, height: black_box(7) };
    let mut shapes: [&mut dyn Shape; 3] = [&mut sq, &mut rect, &mut tri];
    out(total_area(&mut shapes, black_box(3)));
    out(total_area(&mut shapes, black_box(250)));
    let picks = [0u8, 1, 2, 1, 5, 3];
    out(apply_all(black_box(0x1357), black_box(&picks)));
    let mut s = Sum::new();
    for sl in SLICES.iter() {
        s.add(sl.len() as u32);
        for &w in sl.iter() {
            s.add(u32::from(w));
        }
    }
    out(s.get());
    out(walk(black_box(&FIRST)));
    let mut grid = Grid { rows: [Row { id: 0, cells: [Cell { flags: 0, pos: [0; 2] }; 5] }; 4], total: 0 };
    fill_grid(&mut grid, black_box(0xC0FF_EE11));
    let mut s = Sum::new();
    for i in 0..20u8 {
        s.add(probe_grid(&grid, rng.u8(), rng.u8(), i));
        s.add(u32::from(grid.rows[usize::from(i % 4)].id));
    }
    out(s.get());
}
