//! Battery-backed saves: the best times and the game in progress, as two records in
//! cartridge SRAM, each with a signature, a version and a checksum. A record that fails any
//! check reads as missing and is rewritten fresh, so a corrupt or never-written SRAM (random
//! at power-on) costs at most what it held and never a crash.
//!
//! Records are plain byte layouts (little-endian), encoded and checked here, on any host.

use crate::engine::board::{CellSet, MAX_SIZE, MIN_SIZE, cell_at};
use crate::engine::difficulty::Difficulty;
use crate::engine::generate::Puzzle;
use crate::engine::play::Play;

/// Where the records sit in SRAM bank 0.
pub const BEST_OFFSET: u16 = 0x000;
pub const GAME_OFFSET: u16 = 0x100;

const BEST_MAGIC: [u8; 4] = *b"HBST";
const GAME_MAGIC: [u8; 4] = *b"HGAM";
const VERSION: u8 = 1;
const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;
const LEVELS: usize = Difficulty::ALL.len();
const HEADER: usize = 5;
const ROWS: usize = MAX_SIZE as usize;

pub const BEST_LEN: usize = HEADER + SIZES * LEVELS * 2 + 2;
/// size, difficulty, seed (4), seconds (2), numbers (15 x 15), solution, shaded and circled
/// rows (3 x 15 x 2), checksum.
pub const GAME_LEN: usize = HEADER + 2 + 4 + 2 + ROWS * ROWS + 3 * ROWS * 2 + 2;

/// No time recorded yet.
const NO_TIME: u16 = u16::MAX;

/// The storage the records live in: cartridge SRAM on the console, a byte array in tests.
pub trait Storage {
    fn read(&mut self, offset: u16, buffer: &mut [u8]);
    fn write(&mut self, offset: u16, bytes: &[u8]);
}

/// Best solving time per size and difficulty, in seconds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BestTimes {
    seconds: [u16; SIZES * LEVELS],
}

impl Default for BestTimes {
    fn default() -> Self {
        Self::new()
    }
}

impl BestTimes {
    pub const fn new() -> BestTimes {
        BestTimes { seconds: [NO_TIME; SIZES * LEVELS] }
    }

    fn slot(size: u8, difficulty: Difficulty) -> usize {
        usize::from(size.clamp(MIN_SIZE, MAX_SIZE) - MIN_SIZE) * LEVELS + difficulty as usize
    }

    pub fn get(&self, size: u8, difficulty: Difficulty) -> Option<u16> {
        let t = self.seconds[Self::slot(size, difficulty)];
        (t != NO_TIME).then_some(t)
    }

    /// Records a finished game; true when it beats (or is the first) time for its kind.
    pub fn record(&mut self, size: u8, difficulty: Difficulty, seconds: u16) -> bool {
        let slot = &mut self.seconds[Self::slot(size, difficulty)];
        let seconds = seconds.min(NO_TIME - 1);
        if seconds < *slot {
            *slot = seconds;
            true
        } else {
            false
        }
    }

    pub fn encode(&self) -> [u8; BEST_LEN] {
        let mut out = [0u8; BEST_LEN];
        let mut w = Writer::new(&mut out, BEST_MAGIC);
        for &t in &self.seconds {
            w.u16(t);
        }
        w.finish();
        out
    }

    /// The times in `bytes`, or `None` when they are not a valid record.
    pub fn decode(bytes: &[u8; BEST_LEN]) -> Option<BestTimes> {
        let mut r = Reader::new(bytes, BEST_MAGIC)?;
        let mut best = BestTimes::new();
        for t in best.seconds.iter_mut() {
            *t = r.u16();
        }
        Some(best)
    }

    /// Reads the record, replacing a missing or corrupt one by an empty table.
    pub fn load(storage: &mut impl Storage) -> BestTimes {
        let mut bytes = [0u8; BEST_LEN];
        storage.read(BEST_OFFSET, &mut bytes);
        BestTimes::decode(&bytes).unwrap_or_else(|| {
            let fresh = BestTimes::new();
            fresh.save(storage);
            fresh
        })
    }

    pub fn save(&self, storage: &mut impl Storage) {
        storage.write(BEST_OFFSET, &self.encode());
    }
}

/// The game in progress: the whole puzzle (so resuming needs no regeneration), the marks
/// (not the undo history) and the time played.
pub fn encode_game(puzzle: &Puzzle, play: &Play, seconds: u16, out: &mut [u8; GAME_LEN]) {
    let mut w = Writer::new(out, GAME_MAGIC);
    w.u8(puzzle.board.size());
    w.u8(puzzle.difficulty as u8);
    for b in puzzle.seed.to_le_bytes() {
        w.u8(b);
    }
    w.u16(seconds);
    let n = puzzle.board.size();
    for r in 0..MAX_SIZE {
        for c in 0..MAX_SIZE {
            w.u8(if r < n && c < n { puzzle.board.number(cell_at(r, c)) } else { 0 });
        }
    }
    for set in [&puzzle.solution, play.shaded(), play.circled()] {
        for r in 0..MAX_SIZE {
            w.u16(set.row(r));
        }
    }
    w.finish();
}

/// Reads a game record into `puzzle` and `play`; returns the seconds played, or `None` (and
/// leaves both unspecified) when the record is missing, corrupt or inconsistent.
pub fn decode_game(bytes: &[u8; GAME_LEN], puzzle: &mut Puzzle, play: &mut Play) -> Option<u16> {
    let mut r = Reader::new(bytes, GAME_MAGIC)?;
    let size = r.u8();
    let difficulty = Difficulty::from_index(r.u8())?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return None;
    }
    let seed = u32::from_le_bytes([r.u8(), r.u8(), r.u8(), r.u8()]);
    let seconds = r.u16();
    puzzle.board.clear(size);
    for row in 0..MAX_SIZE {
        for col in 0..MAX_SIZE {
            let v = r.u8();
            let inside = row < size && col < size;
            if inside != (1..=size).contains(&v) {
                return None;
            }
            if inside {
                puzzle.board.set_number(cell_at(row, col), v);
            }
        }
    }
    let board_cells = CellSet::full(size);
    let mut sets = [CellSet::EMPTY; 3];
    for set in sets.iter_mut() {
        for row in 0..MAX_SIZE {
            set.set_row(row, r.u16());
        }
        if !set.minus(&board_cells).is_empty() {
            return None;
        }
    }
    puzzle.solution = sets[0];
    puzzle.difficulty = difficulty;
    puzzle.seed = seed;
    play.restore(&sets[1], &sets[2]);
    Some(seconds)
}

/// Marks the game record as gone (the game was solved or abandoned).
pub fn erase_game(storage: &mut impl Storage) {
    storage.write(GAME_OFFSET, &[0; HEADER]);
}

/// Fletcher-style sums modulo 256: two adds per byte on the SM83, and they catch changed,
/// lost and swapped bytes (unlike a plain sum).
fn checksum(bytes: &[u8]) -> u16 {
    let (mut a, mut b) = (0x5Au8, 0xA5u8);
    for &byte in bytes {
        a = a.wrapping_add(byte);
        b = b.wrapping_add(a);
    }
    u16::from_le_bytes([a, b])
}

struct Writer<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl<'a> Writer<'a> {
    fn new(out: &'a mut [u8], magic: [u8; 4]) -> Writer<'a> {
        let mut w = Writer { out, at: 0 };
        for b in magic {
            w.u8(b);
        }
        w.u8(VERSION);
        w
    }

    fn u8(&mut self, v: u8) {
        self.out[self.at] = v;
        self.at += 1;
    }

    fn u16(&mut self, v: u16) {
        let [lo, hi] = v.to_le_bytes();
        self.u8(lo);
        self.u8(hi);
    }

    /// Appends the checksum of everything before it (the record must end right after).
    fn finish(mut self) {
        let sum = checksum(&self.out[..self.at]);
        self.u16(sum);
        debug_assert_eq!(self.at, self.out.len());
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader past the header, if signature, version and checksum are right.
    fn new(bytes: &'a [u8], magic: [u8; 4]) -> Option<Reader<'a>> {
        let (body, sum) = bytes.split_at(bytes.len() - 2);
        let valid = body[..4] == magic && body[4] == VERSION && checksum(body) == u16::from_le_bytes([sum[0], sum[1]]);
        valid.then_some(Reader { bytes: body, at: HEADER })
    }

    fn u8(&mut self) -> u8 {
        let v = self.bytes[self.at];
        self.at += 1;
        v
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::Generator;
    use crate::engine::solve::Mark;

    struct Sram(std::vec::Vec<u8>);

    impl Storage for Sram {
        fn read(&mut self, offset: u16, buffer: &mut [u8]) {
            let at = usize::from(offset);
            buffer.copy_from_slice(&self.0[at..at + buffer.len()]);
        }
        fn write(&mut self, offset: u16, bytes: &[u8]) {
            let at = usize::from(offset);
            self.0[at..at + bytes.len()].copy_from_slice(bytes);
        }
    }

    fn sample() -> (Puzzle, Play) {
        let puzzle = Generator::new().generate(7, Difficulty::Medium, 99).unwrap();
        let mut play = Play::new();
        play.set_mark(cell_at(0, 0), Mark::Shaded);
        play.set_mark(cell_at(3, 6), Mark::Unshaded);
        (puzzle, play)
    }

    #[test]
    fn game_round_trips() {
        let (puzzle, play) = sample();
        let mut bytes = [0u8; GAME_LEN];
        encode_game(&puzzle, &play, 754, &mut bytes);
        let (mut back, mut back_play) = (Puzzle::new(), Play::new());
        assert_eq!(decode_game(&bytes, &mut back, &mut back_play), Some(754));
        assert_eq!(back.board, puzzle.board);
        assert_eq!(back.solution, puzzle.solution);
        assert_eq!((back.difficulty, back.seed), (puzzle.difficulty, puzzle.seed));
        assert_eq!(back_play.shaded(), play.shaded());
        assert_eq!(back_play.circled(), play.circled());
        assert!(back_play.undo().is_none(), "restored marks come without history");
    }

    #[test]
    fn every_single_byte_corruption_of_a_game_is_rejected() {
        let (puzzle, play) = sample();
        let mut good = [0u8; GAME_LEN];
        encode_game(&puzzle, &play, 1, &mut good);
        for at in 0..GAME_LEN {
            for flip in [0x01u8, 0x80, 0xFF] {
                let mut bad = good;
                bad[at] ^= flip;
                let (mut p, mut q) = (Puzzle::new(), Play::new());
                assert_eq!(decode_game(&bad, &mut p, &mut q), None, "byte {at} ^ {flip:#x} accepted");
            }
        }
    }

    #[test]
    fn random_sram_reads_as_no_save_and_is_reset() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..200 {
            let mut sram = Sram((0..0x2000).map(|_| rng.u8(..)).collect());
            let best = BestTimes::load(&mut sram);
            assert_eq!(best, BestTimes::new());
            // The reset record now reads back as valid.
            assert_eq!(BestTimes::load(&mut sram), BestTimes::new());
            let mut bytes = [0u8; GAME_LEN];
            sram.read(GAME_OFFSET, &mut bytes);
            assert_eq!(decode_game(&bytes, &mut Puzzle::new(), &mut Play::new()), None);
        }
    }

    #[test]
    fn best_times_keep_the_minimum_and_survive_storage() {
        let mut best = BestTimes::new();
        assert_eq!(best.get(9, Difficulty::Easy), None);
        assert!(best.record(9, Difficulty::Easy, 300));
        assert!(!best.record(9, Difficulty::Easy, 301));
        assert!(best.record(9, Difficulty::Easy, 200));
        assert!(best.record(15, Difficulty::Hard, 5000));
        let mut sram = Sram(vec![0; 0x2000]);
        best.save(&mut sram);
        let back = BestTimes::load(&mut sram);
        assert_eq!(back.get(9, Difficulty::Easy), Some(200));
        assert_eq!(back.get(15, Difficulty::Hard), Some(5000));
        assert_eq!(back.get(9, Difficulty::Hard), None);
    }

    #[test]
    fn an_erased_game_reads_as_missing() {
        let (puzzle, play) = sample();
        let mut sram = Sram(vec![0; 0x2000]);
        let mut bytes = [0u8; GAME_LEN];
        encode_game(&puzzle, &play, 5, &mut bytes);
        sram.write(GAME_OFFSET, &bytes);
        erase_game(&mut sram);
        sram.read(GAME_OFFSET, &mut bytes);
        assert_eq!(decode_game(&bytes, &mut Puzzle::new(), &mut Play::new()), None);
    }
}
