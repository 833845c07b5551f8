//! Memory: copies, moves, fills and comparisons (memcpy/memmove/memset/memcmp), volatile
//! accesses, mutable statics with and without initialisers, and unaligned multi-byte access.

use super::common::{Rng, Sum};
use core::hint::black_box;
use core::ptr::{read_volatile, write_volatile};

static mut COUNTERS: [u16; 4] = [1, 2, 3, 4];
static mut ZEROED: [u32; 8] = [0; 8];
static mut FLAG: u8 = 0;
/// Room for copies and fills longer than 256 bytes (the runtime counts them in rounds of 256).
static mut BIG: [u8; 600] = [0; 600];

#[inline(never)]
fn bump(i: usize, by: u16) -> u16 {
    // SAFETY: single-threaded test program.
    unsafe {
        let c = &mut *core::ptr::addr_of_mut!(COUNTERS);
        c[i % 4] = c[i % 4].wrapping_add(by);
        c[i % 4]
    }
}

#[inline(never)]
fn volatile_roundtrip(v: u32) -> u32 {
    // SAFETY: addresses of live statics.
    unsafe {
        let z = core::ptr::addr_of_mut!(ZEROED) as *mut u32;
        write_volatile(z.add(3), v);
        write_volatile(core::ptr::addr_of_mut!(FLAG), v as u8);
        let a = read_volatile(z.add(3));
        let b = read_volatile(core::ptr::addr_of!(FLAG));
        a ^ u32::from(b) << 24 ^ read_volatile(z)
    }
}

#[inline(never)]
fn copies(buf: &mut [u8; 64], seed: u8) -> u32 {
    for (i, b) in buf.iter_mut().enumerate() {
        *b = seed.wrapping_add((i as u8).wrapping_mul(7));
    }
    let mut other = [0u8; 64];
    other.copy_from_slice(buf);
    buf.copy_within(3..40, 9);
    buf[50..60].fill(0xEE);
    let mut s = Sum::new();
    for (a, b) in buf.iter().zip(other.iter()) {
        s.add(u32::from(*a) << 8 | u32::from(*b));
    }
    s.add((buf[..] == other[..]) as u32);
    s.add((buf[..3] == other[..3]) as u32);
    s.add(match buf[..].cmp(&other[..]) {
        core::cmp::Ordering::Less => 1,
        core::cmp::Ordering::Equal => 2,
        core::cmp::Ordering::Greater => 3,
    });
    s.get()
}

/// A fill and two copies (one overlapping) of `len` bytes at `at`, lengths known only at run
/// time, then a checksum of the whole buffer: a byte too many or too few shows.
#[inline(never)]
fn copy_and_fill_lengths(len: usize, at: usize, value: u8) -> u32 {
    // SAFETY: single-threaded test program.
    let big = unsafe { &mut *core::ptr::addr_of_mut!(BIG) };
    for (i, b) in big.iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(13);
    }
    big[at..at + len].fill(value);
    let (low, high) = big.split_at_mut(300);
    let copied = len.min(300 - at);
    high[at..at + copied].copy_from_slice(&low[at..at + copied]);
    big.copy_within(at..at + len / 2, at + 1);
    let mut s = Sum::new();
    for &b in big.iter() {
        s.add(u32::from(b));
    }
    s.get()
}

#[inline(never)]
fn unaligned(bytes: &[u8; 16], at: usize) -> u32 {
    let at = at % 9;
    let w = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let h = u16::from_be_bytes([bytes[at + 4], bytes[at + 5]]);
    let q = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    w ^ u32::from(h) << 3 ^ (q >> 29) as u32
}

#[inline(never)]
fn fill_words(buf: &mut [u16; 20], v: u16) -> u32 {
    buf.fill(v);
    buf.iter().map(|&x| u32::from(x)).sum()
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let mut rng = Rng::new(99);
    let mut s = Sum::new();
    for i in 0..10 {
        s.add(u32::from(bump(i, rng.u16())));
    }
    out(s.get());
    out(volatile_roundtrip(black_box(0x89AB_CDEF)));
    let mut buf = [0u8; 64];
    out(copies(&mut buf, black_box(3)));
    let mut bytes = [0u8; 16];
    for b in bytes.iter_mut() {
        *b = rng.u8();
    }
    let mut s = Sum::new();
    for at in 0..9 {
        s.add(unaligned(black_box(&bytes), at));
    }
    out(s.get());
    let mut words = [0u16; 20];
    out(fill_words(&mut words, black_box(0x1234)));
    out(fill_words(&mut words, black_box(0)));
    for (i, len) in [0usize, 1, 2, 7, 8, 9, 15, 16, 17, 255, 256, 257, 264, 270].into_iter().enumerate() {
        out(copy_and_fill_lengths(black_box(len), black_box(i % 5), black_box(0xA5)));
    }
}
