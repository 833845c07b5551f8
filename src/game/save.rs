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
pub const PUZZLE_OFFSET: u16 = 0x100;
pub const PROGRESS_OFFSET: u16 = 0x300;

const BEST_MAGIC: [u8; 4] = *b"HBST";
const PUZZLE_MAGIC: [u8; 4] = *b"HPUZ";
const PROGRESS_MAGIC: [u8; 4] = *b"HPRG";
const VERSION: u8 = 2;
const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;
const LEVELS: usize = Difficulty::ALL.len();
const HEADER: usize = 5;
const ROWS: usize = MAX_SIZE as usize;

pub const BEST_LEN: usize = HEADER + SIZES * LEVELS * 2 + 2;
/// size, difficulty, seed (4), numbers (15 x 15), solution rows (15 x 2), checksum.
pub const PUZZLE_LEN: usize = HEADER + 2 + 4 + ROWS * ROWS + ROWS * 2 + 2;
/// The puzzle record's checksum, seconds (2), shaded and circled rows (2 x 15 x 2), checksum.
pub const PROGRESS_LEN: usize = HEADER + 2 + 2 + 2 * ROWS * 2 + 2;
const _: () = assert!(
    BEST_OFFSET as usize + BEST_LEN <= PUZZLE_OFFSET as usize
        && PUZZLE_OFFSET as usize + PUZZLE_LEN <= PROGRESS_OFFSET as usize
);

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

/// The game in progress is two records: the whole puzzle (so resuming needs no
/// regeneration), written once when the game begins, and the progress on it (the marks, not the
/// undo history, and the time played), rewritten after moves. A progress record is about a
/// quarter of the puzzle's size, so saving a move fits in a frame on the console. It carries
/// the puzzle record's checksum: progress never pairs with another puzzle.
///
/// Writes the puzzle record; returns its checksum, for [`save_progress`].
pub fn save_puzzle(puzzle: &Puzzle, storage: &mut impl Storage) -> u16 {
    let mut out = [0u8; PUZZLE_LEN];
    let mut w = Writer::new(&mut out, PUZZLE_MAGIC);
    w.u8(puzzle.board.size());
    w.u8(puzzle.difficulty as u8);
    w.bytes(&puzzle.seed.to_le_bytes());
    let n = puzzle.board.size();
    for r in 0..MAX_SIZE {
        for c in 0..MAX_SIZE {
            w.u8(if r < n && c < n { puzzle.board.number(cell_at(r, c)) } else { 0 });
        }
    }
    w.rows(&puzzle.solution);
    let sum = w.finish();
    storage.write(PUZZLE_OFFSET, &out);
    sum
}

/// Writes the progress record of the puzzle whose record has checksum `puzzle_sum`.
pub fn save_progress(puzzle_sum: u16, play: &Play, seconds: u16, storage: &mut impl Storage) {
    let mut out = [0u8; PROGRESS_LEN];
    let mut w = Writer::new(&mut out, PROGRESS_MAGIC);
    w.u16(puzzle_sum);
    w.u16(seconds);
    w.rows(play.shaded());
    w.rows(play.circled());
    w.finish();
    storage.write(PROGRESS_OFFSET, &out);
}

/// A saved game, read back by [`load_game`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Resumed {
    pub seconds: u16,
    /// The puzzle record's checksum, for further [`save_progress`] calls.
    pub puzzle_sum: u16,
}

/// Reads the saved game into `puzzle` and `play`; `None` (leaving both unspecified) when
/// either record is missing, corrupt or inconsistent, or the progress is another puzzle's.
pub fn load_game(storage: &mut impl Storage, puzzle: &mut Puzzle, play: &mut Play) -> Option<Resumed> {
    let mut bytes = [0u8; PUZZLE_LEN];
    storage.read(PUZZLE_OFFSET, &mut bytes);
    let mut r = Reader::new(&bytes, PUZZLE_MAGIC)?;
    let size = r.u8();
    let difficulty = Difficulty::from_index(r.u8())?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return None;
    }
    let seed = u32::from_le_bytes([r.u8(), r.u8(), r.u8(), r.u8()]);
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
    puzzle.solution = r.rows(&board_cells)?;
    puzzle.difficulty = difficulty;
    puzzle.seed = seed;
    let puzzle_sum = r.sum;

    let mut bytes = [0u8; PROGRESS_LEN];
    storage.read(PROGRESS_OFFSET, &mut bytes);
    let mut r = Reader::new(&bytes, PROGRESS_MAGIC)?;
    if r.u16() != puzzle_sum {
        return None;
    }
    let seconds = r.u16();
    let shaded = r.rows(&board_cells)?;
    let circled = r.rows(&board_cells)?;
    play.restore(&shaded, &circled);
    Some(Resumed { seconds, puzzle_sum })
}

/// Marks the game as gone (solved or abandoned): its progress no longer reads as valid.
pub fn erase_game(storage: &mut impl Storage) {
    storage.write(PROGRESS_OFFSET, &[0; HEADER]);
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
    // Whole slices rather than a byte at a time: on the console each indexed store with its
    // bounds check and cursor update cost several hundred cycles.
    fn new(out: &'a mut [u8], magic: [u8; 4]) -> Writer<'a> {
        let mut w = Writer { out, at: 0 };
        w.bytes(&magic);
        w.u8(VERSION);
        w
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.out[self.at..self.at + bytes.len()].copy_from_slice(bytes);
        self.at += bytes.len();
    }

    fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }

    fn u16(&mut self, v: u16) {
        self.bytes(&v.to_le_bytes());
    }

    /// The 15 rows of `set`, whatever the board size.
    fn rows(&mut self, set: &CellSet) {
        let out = &mut self.out[self.at..self.at + 2 * usize::from(MAX_SIZE)];
        for (pair, r) in out.chunks_exact_mut(2).zip(0..MAX_SIZE) {
            let [lo, hi] = set.row(r).to_le_bytes();
            pair[0] = lo;
            pair[1] = hi;
        }
        self.at += out.len();
    }

    /// Appends the checksum of everything before it (the record must end right after) and
    /// returns it.
    fn finish(mut self) -> u16 {
        let sum = checksum(&self.out[..self.at]);
        self.u16(sum);
        debug_assert_eq!(self.at, self.out.len());
        sum
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    /// The record's checksum.
    sum: u16,
}

impl<'a> Reader<'a> {
    /// A reader past the header, if signature, version and checksum are right.
    fn new(bytes: &'a [u8], magic: [u8; 4]) -> Option<Reader<'a>> {
        let (body, sum) = bytes.split_at(bytes.len() - 2);
        let sum = u16::from_le_bytes([sum[0], sum[1]]);
        let valid = body[..4] == magic && body[4] == VERSION && checksum(body) == sum;
        valid.then_some(Reader { bytes: body, at: HEADER, sum })
    }

    fn u8(&mut self) -> u8 {
        let v = self.bytes[self.at];
        self.at += 1;
        v
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// 15 rows of a cell set, which must lie within `board`.
    fn rows(&mut self, board: &CellSet) -> Option<CellSet> {
        let mut set = CellSet::EMPTY;
        for row in 0..MAX_SIZE {
            set.set_row(row, self.u16());
        }
        set.minus(board).is_empty().then_some(set)
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

    fn saved(puzzle: &Puzzle, play: &Play, seconds: u16) -> Sram {
        let mut sram = Sram(vec![0; 0x2000]);
        let sum = save_puzzle(puzzle, &mut sram);
        save_progress(sum, play, seconds, &mut sram);
        sram
    }

    fn load(sram: &mut Sram) -> Option<Resumed> {
        load_game(sram, &mut Puzzle::new(), &mut Play::new())
    }

    #[test]
    fn game_round_trips() {
        let (puzzle, play) = sample();
        let mut sram = saved(&puzzle, &play, 754);
        let (mut back, mut back_play) = (Puzzle::new(), Play::new());
        let resumed = load_game(&mut sram, &mut back, &mut back_play).expect("saved game");
        assert_eq!(resumed.seconds, 754);
        assert_eq!(back.board, puzzle.board);
        assert_eq!(back.solution, puzzle.solution);
        assert_eq!((back.difficulty, back.seed), (puzzle.difficulty, puzzle.seed));
        assert_eq!(back_play.shaded(), play.shaded());
        assert_eq!(back_play.circled(), play.circled());
        assert!(back_play.undo().is_none(), "restored marks come without history");
        // Later progress on the same puzzle replaces the earlier.
        back_play.set_mark(cell_at(1, 1), Mark::Shaded);
        let shaded = *back_play.shaded();
        save_progress(resumed.puzzle_sum, &back_play, 800, &mut sram);
        let again = load_game(&mut sram, &mut back, &mut back_play).expect("saved game");
        assert_eq!((again.seconds, *back_play.shaded()), (800, shaded));
    }

    #[test]
    fn every_single_byte_corruption_of_a_game_is_rejected() {
        let (puzzle, play) = sample();
        let good = saved(&puzzle, &play, 1);
        let records = [(PUZZLE_OFFSET, PUZZLE_LEN), (PROGRESS_OFFSET, PROGRESS_LEN)];
        for (offset, len) in records {
            for at in usize::from(offset)..usize::from(offset) + len {
                for flip in [0x01u8, 0x80, 0xFF] {
                    let mut bad = Sram(good.0.clone());
                    bad.0[at] ^= flip;
                    assert_eq!(load(&mut bad), None, "byte {at:#x} ^ {flip:#x} accepted");
                }
            }
        }
    }

    #[test]
    fn progress_of_another_puzzle_is_rejected() {
        let (puzzle, play) = sample();
        let mut sram = saved(&puzzle, &play, 5);
        let other = Generator::new().generate(7, Difficulty::Medium, 100).unwrap();
        // A new puzzle written, and power lost before its first progress record.
        save_puzzle(&other, &mut sram);
        assert_eq!(load(&mut sram), None);
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
            assert_eq!(load(&mut sram), None);
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
        let mut sram = saved(&puzzle, &play, 5);
        assert!(load(&mut sram).is_some());
        erase_game(&mut sram);
        assert_eq!(load(&mut sram), None);
    }
}
