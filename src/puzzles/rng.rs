//! The engine's random source: Marsaglia's xorshift on two 16-bit words (period 2^32 - 1).
//! Only 16-bit shifts and xors, which the SM83 does in a few instructions per step.

#[derive(Clone, Debug)]
pub struct Rng {
    x: u16,
    y: u16,
}

impl Rng {
    /// A generator whose whole sequence is a function of `seed`.
    pub fn new(seed: u32) -> Rng {
        let mut x = seed as u16;
        let mut y = (seed >> 16) as u16;
        if x == 0 && y == 0 {
            // The all-zero state is the one fixed point of xorshift.
            y = 0x2545;
        }
        // Mix so that neighbouring seeds (S, S + 1, ...) start far apart.
        x ^= 0x9E37;
        y = y.rotate_left(5) ^ 0x79B9;
        if x == 0 && y == 0 {
            x = 1;
        }
        let mut rng = Rng { x, y };
        for _ in 0..8 {
            rng.next_u16();
        }
        rng
    }

    pub fn next_u16(&mut self) -> u16 {
        let t = self.x ^ (self.x << 5);
        self.x = self.y;
        self.y = (self.y ^ (self.y >> 1)) ^ (t ^ (t >> 3));
        self.y
    }

    /// A number in 0..bound (bound >= 1), by rejection so every value is equally likely.
    pub fn below(&mut self, bound: u8) -> u8 {
        debug_assert!(bound > 0);
        // Mask to the next power of two above bound - 1, then reject: no division needed.
        let mut mask = bound - 1;
        mask |= mask >> 1;
        mask |= mask >> 2;
        mask |= mask >> 4;
        loop {
            let v = (self.next_u16() >> 4) as u8 & mask;
            if v < bound {
                return v;
            }
        }
    }
}
