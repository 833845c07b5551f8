//! Divider and timer registers, and seeds for the puzzle generator from the divider.
//!
//! Pan Docs "Timer and Divider Registers": `DIV` (0xFF04) counts up at 16384 Hz and any write
//! resets it; `TIMA` (0xFF05) counts at the rate `TAC` (0xFF07) selects and reloads from `TMA`
//! (0xFF06) on overflow, requesting the timer interrupt.
//!
//! Entropy: `DIV` goes round once every 15.6 ms, a bit less than a frame, so its value at the
//! moment a person presses a key is close to uniformly random. [`EntropyPool`] stirs such
//! samples into a 16-bit seed.

use crate::mmio::VolAddress;

/// The rate at which `TIMA` counts (`TAC` bits 0-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum TimerClock {
    /// CPU clock / 1024.
    Hz4096 = 0b00,
    /// CPU clock / 16.
    Hz262144 = 0b01,
    /// CPU clock / 64.
    Hz65536 = 0b10,
    /// CPU clock / 256.
    Hz16384 = 0b11,
}

/// A `TAC` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct TimerControl(u8);

impl TimerControl {
    const ENABLE: u8 = 1 << 2;

    /// `TIMA` does not count.
    pub const STOPPED: TimerControl = TimerControl(0);

    /// `TIMA` counts at `clock`.
    pub const fn running(clock: TimerClock) -> TimerControl {
        TimerControl(Self::ENABLE | clock as u8)
    }

    /// Whether `TIMA` counts.
    pub const fn is_running(self) -> bool {
        self.0 & Self::ENABLE != 0
    }

    /// The selected rate (counting or not).
    pub const fn clock(self) -> TimerClock {
        match self.0 & 0b11 {
            0b00 => TimerClock::Hz4096,
            0b01 => TimerClock::Hz262144,
            0b10 => TimerClock::Hz65536,
            _ => TimerClock::Hz16384,
        }
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

// SAFETY: the DMG timer registers, one byte each; every byte is a valid `u8`/`TimerControl`.
/// `DIV`: upper byte of the 16384 Hz divider; writing any value resets it to 0.
pub const DIV: VolAddress<u8> = unsafe { VolAddress::new(0xFF04) };
/// `TIMA`: the timer counter.
pub const TIMA: VolAddress<u8> = unsafe { VolAddress::new(0xFF05) };
/// `TMA`: the value `TIMA` reloads on overflow.
pub const TMA: VolAddress<u8> = unsafe { VolAddress::new(0xFF06) };
/// `TAC`: timer enable and rate.
pub const TAC: VolAddress<TimerControl> = unsafe { VolAddress::new(0xFF07) };

/// The current `DIV` value.
pub fn divider() -> u8 {
    DIV.read()
}

/// Starts `TIMA` counting from `start` at `clock`, reloading `reload` on each overflow.
pub fn start(clock: TimerClock, start: u8, reload: u8) {
    TAC.write(TimerControl::STOPPED);
    TIMA.write(start);
    TMA.write(reload);
    TAC.write(TimerControl::running(clock));
}

/// Stops `TIMA`.
pub fn stop() {
    TAC.write(TimerControl::STOPPED);
}

/// Collects timing noise (see the module docs) into a 16-bit seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntropyPool {
    state: u16,
}

impl Default for EntropyPool {
    fn default() -> Self {
        Self::new()
    }
}

impl EntropyPool {
    /// Returned by [`EntropyPool::seed`] in place of 0, which xorshift-style generators cannot
    /// leave.
    pub const ZERO_REPLACEMENT: u16 = 0xACE1;

    /// An empty pool.
    pub const fn new() -> EntropyPool {
        EntropyPool { state: 0 }
    }

    /// Stirs in one sample. Every step is a bijection of the state for a fixed sample, so no
    /// earlier entropy is lost, and the odd constant keeps even a run of zero samples moving.
    /// Only shifts, xors and an add: cheap on the SM83.
    pub fn mix(&mut self, sample: u8) {
        let mut state = self.state ^ u16::from(sample);
        state = state.rotate_left(5);
        state ^= state >> 7;
        self.state = state.wrapping_add(0x9E37);
    }

    /// Stirs in the current `DIV` value; call it when the player presses a key.
    pub fn mix_divider(&mut self) {
        self.mix(divider());
    }

    /// The seed so far, never 0.
    pub const fn seed(&self) -> u16 {
        if self.state == 0 { Self::ZERO_REPLACEMENT } else { self.state }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_register_packing() {
        assert_eq!(TimerControl::running(TimerClock::Hz4096).bits(), 0b100);
        assert_eq!(TimerControl::running(TimerClock::Hz16384).bits(), 0b111);
        assert!(TimerControl::running(TimerClock::Hz65536).is_running());
        assert!(!TimerControl::STOPPED.is_running());
        assert_eq!(TimerControl::running(TimerClock::Hz262144).clock(), TimerClock::Hz262144);
    }

    #[test]
    fn register_addresses() {
        assert_eq!(DIV.address(), 0xFF04);
        assert_eq!(TAC.address(), 0xFF07);
    }

    fn pool_after(samples: &[u8]) -> EntropyPool {
        let mut pool = EntropyPool::new();
        for &sample in samples {
            pool.mix(sample);
        }
        pool
    }

    #[test]
    fn same_samples_same_seed() {
        assert_eq!(pool_after(&[3, 200, 17]).seed(), pool_after(&[3, 200, 17]).seed());
    }

    #[test]
    fn every_first_sample_gives_a_different_seed() {
        let mut seen = [false; 65536];
        for sample in 0..=255u8 {
            let seed = pool_after(&[sample]).seed();
            assert!(!seen[usize::from(seed)], "sample {sample} repeats a seed");
            seen[usize::from(seed)] = true;
        }
    }

    #[test]
    fn order_of_samples_matters() {
        assert_ne!(pool_after(&[1, 2]).seed(), pool_after(&[2, 1]).seed());
    }

    #[test]
    fn later_samples_still_change_the_seed() {
        let base = [9u8; 20];
        let mut changed = base;
        changed[19] = 10;
        assert_ne!(pool_after(&base).seed(), pool_after(&changed).seed());
    }

    #[test]
    fn zero_samples_keep_the_state_moving() {
        let seeds: [u16; 3] = [pool_after(&[0]).seed(), pool_after(&[0, 0]).seed(), pool_after(&[0, 0, 0]).seed()];
        assert_ne!(seeds[0], seeds[1]);
        assert_ne!(seeds[1], seeds[2]);
    }

    #[test]
    fn seed_is_never_zero() {
        assert_eq!(EntropyPool::new().seed(), EntropyPool::ZERO_REPLACEMENT);
        // A state that mixing reaches 0 from: undo the last step for sample 0.
        let before_zero = EntropyPool { state: undo_mix(0, 0) };
        let mut pool = before_zero;
        pool.mix(0);
        assert_eq!(pool.state, 0);
        assert_eq!(pool.seed(), EntropyPool::ZERO_REPLACEMENT);
        assert_eq!(EntropyPool { state: 5 }.seed(), 5);
    }

    /// The state that `mix(sample)` turns into `after` (mixing is a bijection).
    fn undo_mix(after: u16, sample: u8) -> u16 {
        let mut state = after.wrapping_sub(0x9E37);
        // Undo `state ^= state >> 7`: two rounds recover all 16 bits.
        state ^= state >> 7;
        state ^= state >> 14;
        state = state.rotate_right(5);
        state ^ u16::from(sample)
    }
}
