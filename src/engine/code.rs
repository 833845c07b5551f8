//! Seed codes: (size, difficulty, seed) as 8 characters a player can read and type.
//!
//! 40 bits: the 32-bit seed, size - 5 (4 bits), difficulty (2 bits) and a 2-bit check, in
//! Crockford's base 32 (digits and capitals without I, L, O, U). Reading is forgiving: any case,
//! and O, I, L are taken as 0, 1, 1.

use super::board::{MAX_SIZE, MIN_SIZE};
use super::difficulty::Difficulty;

pub const CODE_LEN: usize = 8;
/// The 32 symbols of a code, in value order.
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// What a seed code stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SeedCode {
    pub size: u8,
    pub difficulty: Difficulty,
    pub seed: u32,
}

impl SeedCode {
    /// The code's characters (ASCII); `None` for a size outside 5..=15.
    pub fn encode(&self) -> Option<[u8; CODE_LEN]> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return None;
        }
        let mut bytes = [0u8; 5];
        bytes[..4].copy_from_slice(&self.seed.to_be_bytes());
        let header = ((self.size - MIN_SIZE) << 4) | ((self.difficulty as u8) << 2);
        bytes[4] = header | check_bits(&bytes[..4], header);
        let mut code = [0u8; CODE_LEN];
        for (i, ch) in code.iter_mut().enumerate() {
            *ch = ALPHABET[five_bits(&bytes, i) as usize];
        }
        Some(code)
    }

    /// Read a code; `None` if it is not one (wrong length, letter, range or check).
    pub fn decode(text: &[u8]) -> Option<SeedCode> {
        if text.len() != CODE_LEN {
            return None;
        }
        let mut bytes = [0u8; 5];
        for (i, &ch) in text.iter().enumerate() {
            let value = symbol_value(ch)?;
            // Group i covers bits 5i..5i+5 of the 40, most significant first.
            for b in 0..5 {
                if value & (0x10 >> b) != 0 {
                    let bit = i * 5 + b;
                    bytes[bit / 8] |= 0x80 >> (bit % 8);
                }
            }
        }
        let header = bytes[4] & !3;
        if bytes[4] & 3 != check_bits(&bytes[..4], header) {
            return None;
        }
        let size = (header >> 4) + MIN_SIZE;
        let difficulty = Difficulty::from_index((header >> 2) & 3)?;
        if size > MAX_SIZE {
            return None;
        }
        let seed = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        Some(SeedCode { size, difficulty, seed })
    }
}

/// Bits 5i..5i+5 of the 40-bit big-endian `bytes`.
fn five_bits(bytes: &[u8; 5], i: usize) -> u8 {
    let mut value = 0;
    for b in 0..5 {
        let bit = i * 5 + b;
        value = (value << 1) | ((bytes[bit / 8] >> (7 - bit % 8)) & 1);
    }
    value
}

fn check_bits(seed: &[u8], header: u8) -> u8 {
    let mut x = header;
    for (i, &b) in seed.iter().enumerate() {
        x ^= b.rotate_left(i as u32 + 1);
    }
    x ^= x >> 4;
    x ^= x >> 2;
    x & 3
}

fn symbol_value(ch: u8) -> Option<u8> {
    let upper = match ch.to_ascii_uppercase() {
        b'O' => b'0',
        b'I' | b'L' => b'1',
        other => other,
    };
    ALPHABET.iter().position(|&a| a == upper).map(|p| p as u8)
}
