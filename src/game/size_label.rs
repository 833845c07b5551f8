//! The board size as every screen writes it: "9x9" or "15x15" ('x' is the font's times sign),
//! alone or followed by the level: "15x15 MEDIUM".

use super::clock::two_digits;
use crate::puzzles::level::Difficulty;

pub struct SizeLabel {
    /// The label, then spaces up to the longest label's length.
    padded: [u8; 5],
    /// Digits in one side of the label (1 or 2).
    digits: usize,
}

impl SizeLabel {
    /// The label of an n x n board (n below 100).
    pub fn new(size: u8) -> SizeLabel {
        let both = two_digits(size);
        let number = if size < 10 { &both[1..] } else { &both[..] };
        let digits = number.len();
        let mut padded = [b' '; 5];
        padded[..digits].copy_from_slice(number);
        padded[digits] = b'x';
        padded[digits + 1..2 * digits + 1].copy_from_slice(number);
        SizeLabel { padded, digits }
    }

    /// "9x9" or "15x15".
    pub fn text(&self) -> &[u8] {
        &self.padded[..2 * self.digits + 1]
    }

    /// The label padded with spaces to five bytes, so it erases a longer one drawn before.
    pub fn padded(&self) -> &[u8; 5] {
        &self.padded
    }
}

/// A game's size and level on one line: "9x9 EASY", at most "15x15 MEDIUM".
pub struct GameLabel {
    bytes: [u8; 12],
    len: usize,
}

impl GameLabel {
    pub fn new(size: u8, difficulty: Difficulty) -> GameLabel {
        // Two slice copies: a chain of byte iterators cost 15k cycles on the console, enough
        // to push the frame that opens the pause menu past VBlank.
        let (size, name) = (SizeLabel::new(size), difficulty.name().as_bytes());
        let (size, mut bytes) = (size.text(), [b' '; 12]);
        let len = size.len() + 1 + name.len();
        bytes[..size.len()].copy_from_slice(size);
        bytes[size.len() + 1..len].copy_from_slice(name);
        GameLabel { bytes, len }
    }

    pub fn text(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_one_and_two_digit_sizes() {
        let nine = SizeLabel::new(9);
        assert_eq!((nine.text(), nine.padded()), (&b"9x9"[..], b"9x9  "));
        let fifteen = SizeLabel::new(15);
        assert_eq!((fifteen.text(), fifteen.padded()), (&b"15x15"[..], b"15x15"));
        assert_eq!(GameLabel::new(15, Difficulty::Medium).text(), b"15x15 medium");
        assert_eq!(GameLabel::new(9, Difficulty::Easy).text(), b"9x9 easy");
    }

    #[test]
    fn the_longest_game_label_fills_its_bytes() {
        assert_eq!(GameLabel::new(15, Difficulty::Medium).text(), b"15x15 medium");
        assert_eq!(GameLabel::new(9, Difficulty::Easy).text(), b"9x9 easy");
    }
}
