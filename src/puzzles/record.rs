//! How a puzzle and the player's marks on it are laid out in a save record's body. The frame
//! (`game::save`) owns the records themselves (header, checksum, the two slots, when to
//! write); each puzzle says only what its body holds, with the byte cursors here.

use super::Backend;
use super::level::Difficulty;

/// Appends to a record's body. Whole slices rather than a byte at a time: on the console each
/// indexed store with its bounds check and cursor update costs several hundred cycles.
pub struct Writer<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl<'a> Writer<'a> {
    pub fn new(out: &'a mut [u8]) -> Writer<'a> {
        Writer { out, at: 0 }
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.at
    }

    pub fn is_empty(&self) -> bool {
        self.at == 0
    }

    /// The next `count` bytes to fill in place (a row of 16-bit words copied whole, say).
    pub fn take(&mut self, count: usize) -> &mut [u8] {
        let at = self.at;
        self.at += count;
        &mut self.out[at..at + count]
    }

    pub fn bytes(&mut self, bytes: &[u8]) {
        self.take(bytes.len()).copy_from_slice(bytes);
    }

    pub fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }

    pub fn u16(&mut self, v: u16) {
        self.bytes(&v.to_le_bytes());
    }

    /// The whole buffer, written part and the rest.
    pub fn into_inner(self) -> &'a mut [u8] {
        self.out
    }
}

/// Reads a record's body in the order its [`Writer`] wrote it.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// The next `count` bytes.
    pub fn bytes(&mut self, count: usize) -> &'a [u8] {
        let bytes = &self.bytes[self.at..self.at + count];
        self.at += count;
        bytes
    }

    pub fn u8(&mut self) -> u8 {
        self.bytes(1)[0]
    }

    pub fn u16(&mut self) -> u16 {
        let b = self.bytes(2);
        u16::from_le_bytes([b[0], b[1]])
    }

    pub fn u32(&mut self) -> u32 {
        let b = self.bytes(4);
        u32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }
}

/// A puzzle's part in the saves: its puzzle and marks as record bodies of fixed lengths.
/// Reading checks what it reads: a body that no write of a valid puzzle or marks could have
/// made reads as `None`. A puzzle's body begins with its size and level, a byte each: the
/// index of ready puzzles reads just those.
pub trait Record: Backend {
    /// Bytes of [`Record::write_puzzle`]'s body.
    const PUZZLE_BYTES: usize;
    /// Bytes of [`Record::write_marks`]'s body.
    const MARKS_BYTES: usize;
    /// The puzzle's size and level (what best times and ready puzzles are kept by).
    fn size_and_level(puzzle: &Self::Puzzle) -> (u8, Difficulty);
    fn write_puzzle(puzzle: &Self::Puzzle, out: &mut Writer);
    fn read_puzzle(input: &mut Reader, puzzle: &mut Self::Puzzle) -> Option<()>;
    fn write_marks(marks: &Self::Marks, out: &mut Writer);
    /// Marks of any board of the puzzle's largest size; [`Record::marks_fit`] checks them
    /// against the puzzle once it is read (the saves read the marks first).
    fn read_marks(input: &mut Reader, marks: &mut Self::Marks) -> Option<()>;
    /// Whether `marks` lie on `puzzle`'s board.
    fn marks_fit(puzzle: &Self::Puzzle, marks: &Self::Marks) -> bool;
}
