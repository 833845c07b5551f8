//! The board size as every screen writes it: "9x9" or "15x15" ('x' is the font's times sign).

use super::clock::two_digits;

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

    /// The number alone: "9" or "15".
    pub fn number(&self) -> &[u8] {
        &self.padded[..self.digits]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_one_and_two_digit_sizes() {
        let nine = SizeLabel::new(9);
        assert_eq!((nine.number(), nine.text(), nine.padded()), (&b"9"[..], &b"9x9"[..], b"9x9  "));
        let fifteen = SizeLabel::new(15);
        assert_eq!((fifteen.number(), fifteen.text(), fifteen.padded()), (&b"15"[..], &b"15x15"[..], b"15x15"));
    }
}
