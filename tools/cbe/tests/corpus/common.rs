//! Helpers shared by the corpus programs.

use core::hint::black_box;

/// xorshift32: inputs that the optimiser cannot see through.
pub struct Rng(u32);

impl Rng {
    pub fn new(seed: u32) -> Rng {
        Rng(black_box(seed) | 1)
    }
    pub fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    pub fn u8(&mut self) -> u8 {
        self.next() as u8
    }
    pub fn u16(&mut self) -> u16 {
        self.next() as u16
    }
    pub fn u64(&mut self) -> u64 {
        (u64::from(self.next()) << 32) | u64::from(self.next())
    }
    pub fn u128(&mut self) -> u128 {
        (u128::from(self.u64()) << 64) | u128::from(self.u64())
    }
    /// Small values and edge cases show up often.
    pub fn edgy32(&mut self) -> u32 {
        match self.next() % 8 {
            0 => 0,
            1 => u32::MAX,
            2 => 0x8000_0000,
            3 => 0x7FFF_FFFF,
            4 => self.next() % 16,
            _ => self.next(),
        }
    }
}

/// A running checksum that notices order.
pub struct Sum(u32);

impl Sum {
    pub fn new() -> Sum {
        Sum(0x1234_5678)
    }
    #[inline(never)]
    pub fn add(&mut self, v: u32) {
        self.0 = (self.0 ^ v).rotate_left(5).wrapping_mul(0x9E37_79B1);
    }
    #[inline(never)]
    pub fn add64(&mut self, v: u64) {
        self.add(v as u32);
        self.add((v >> 32) as u32);
    }
    #[inline(never)]
    pub fn add128(&mut self, v: u128) {
        self.add64(v as u64);
        self.add64((v >> 64) as u64);
    }
    pub fn get(&self) -> u32 {
        self.0
    }
}
