//! Seed codes: (puzzle, size, difficulty, seed) as 8 characters a player can read and type.
//!
//! 40 bits in Crockford's base 32 (digits and capitals without I, L, O, U): 32 bits of seed, a
//! 4-bit size field, a 2-bit level field and a 2-bit check. Hitori's codes, the first there
//! were, use the level field for the level (0..=2), the size field for size - 5 and all 32 seed
//! bits. Every other puzzle sets the level field to 3 and spends the seed's top four bits on its
//! kind (two bits) and level (two bits), leaving a 28-bit seed; its size field is size - 4.
//! Reading is forgiving: any case, and O, I, L are taken as 0, 1, 1.

use super::Kind;
use super::level::Difficulty;

pub const CODE_LEN: usize = 8;
/// The 32 symbols of a code, in value order.
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// What a seed code stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SeedCode {
    pub kind: Kind,
    pub size: u8,
    pub difficulty: Difficulty,
    pub seed: u32,
}

impl SeedCode {
    /// The code's characters (ASCII); `None` for a size the puzzle does not have, or a seed
    /// past [`SeedCode::max_seed`]. On the console in ROM bank 7, the new-game screen's (the
    /// play screen's bank 4, which starts a game with its code, has no room).
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank7"), inline(never))]
    pub fn encode(&self) -> Option<[u8; CODE_LEN]> {
        let (min, max) = self.kind.sizes();
        if !(min..=max).contains(&self.size) || self.seed > Self::max_seed(self.kind) {
            return None;
        }
        let mut bytes = [0u8; 5];
        let (seed, header) = match self.kind {
            Kind::Hitori => (self.seed, ((self.size - HITORI_SIZE_BASE) << 4) | ((self.difficulty as u8) << 2)),
            kind => {
                let top = ((kind as u32) << 2 | self.difficulty as u32) << SHORT_SEED_BITS;
                (self.seed | top, ((self.size - SIZE_BASE) << 4) | (OTHER_PUZZLE << 2))
            }
        };
        bytes[..4].copy_from_slice(&seed.to_be_bytes());
        bytes[4] = header | check_bits(&bytes[..4], header);
        // Five bits a character, most significant first, from a window the bytes are shifted
        // into: a bit at a time (a variable shift each on the console) took about 24k cycles,
        // in the frame a game starts.
        let mut code = [0u8; CODE_LEN];
        let (mut window, mut bits, mut next) = (0u16, 0u8, 0);
        for ch in code.iter_mut() {
            if bits < 5 {
                window = window << 8 | u16::from(bytes[next]);
                next += 1;
                bits += 8;
            }
            bits -= 5;
            *ch = ALPHABET[usize::from((window >> bits) as u8 & 31)];
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
        let seed = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let code = match (header >> 2) & 3 {
            OTHER_PUZZLE => {
                let top = (seed >> SHORT_SEED_BITS) as u8;
                let kind = Kind::from_index(top >> 2).filter(|&kind| kind != Kind::Hitori)?;
                let difficulty = Difficulty::from_index(top & 3)?;
                SeedCode { kind, size: (header >> 4) + SIZE_BASE, difficulty, seed: seed & Self::max_seed(kind) }
            }
            level => SeedCode {
                kind: Kind::Hitori,
                size: (header >> 4) + HITORI_SIZE_BASE,
                difficulty: Difficulty::from_index(level)?,
                seed,
            },
        };
        let (min, max) = code.kind.sizes();
        (min..=max).contains(&code.size).then_some(code)
    }

    /// The largest seed a code of `kind` holds: every u32 for Hitori, 28 bits for the others.
    pub const fn max_seed(kind: Kind) -> u32 {
        match kind {
            Kind::Hitori => u32::MAX,
            _ => (1 << SHORT_SEED_BITS) - 1,
        }
    }
}

/// The level field's value that marks a puzzle other than Hitori.
const OTHER_PUZZLE: u8 = 3;
const SHORT_SEED_BITS: u32 = 28;
/// What the size field counts from: Hitori's 5x5 and the others' 4x4 are 0.
const HITORI_SIZE_BASE: u8 = 5;
const SIZE_BASE: u8 = 4;

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
