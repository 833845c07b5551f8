//! Battery-backed saves that survive a power cut at any instant (docs/save-format.md has the
//! layout and what it guarantees). Three records: the best times (with the number of the last
//! game finished), the puzzle of the saved game, and the progress on it. Each record has two
//! slots in cartridge SRAM and a save writes the slot that does not hold the newest valid
//! copy, so that copy stays whole until the new one is; a sequence number in each copy tells
//! which is newest. A game commits with its progress record, which names the puzzle copy it
//! belongs to, and a game ends with the best-times record that names it finished: each save is
//! one record written, so a cut leaves either all of it or none of it.
//!
//! Records are plain byte layouts (little-endian), encoded and checked here, on any host.

use crate::puzzles::hitori::board::{CellSet, MAX_SIZE, MIN_SIZE};
use crate::puzzles::level::Difficulty;
use crate::puzzles::hitori::generate::Puzzle;
use crate::puzzles::hitori::play::Play;

/// Where the two slots of each record sit in SRAM bank 0.
pub const BEST_SLOTS: [u16; 2] = [0x000, 0x080];
pub const PROGRESS_SLOTS: [u16; 2] = [0x100, 0x180];
pub const PUZZLE_SLOTS: [u16; 2] = [0x200, 0x400];
/// No record lies from here to the end of the bank: room for the puzzles a background
/// generator could keep ready.
pub const UNUSED_FROM: u16 = 0x600;

const BEST_MAGIC: [u8; 4] = *b"HBST";
const PUZZLE_MAGIC: [u8; 4] = *b"HPUZ";
const PROGRESS_MAGIC: [u8; 4] = *b"HPRG";
/// 3: two slots per record, with sequence numbers (version 2 kept one copy, rewritten in place).
pub(super) const VERSION: u8 = 3;
const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;
const LEVELS: usize = Difficulty::ALL.len();
/// Signature (4), version, sequence number (2).
pub(super) const HEADER: usize = 7;
const ROWS: usize = MAX_SIZE as usize;

/// The times (2 each), the number of the last game finished (2), checksum.
pub const BEST_LEN: usize = HEADER + SIZES * LEVELS * 2 + 2 + 2;
/// Size, difficulty, seed (4), numbers (15 x 15), solution rows (15 x 2), checksum. Its
/// sequence number is the game's number.
pub const PUZZLE_LEN: usize = HEADER + 2 + 4 + ROWS * ROWS + ROWS * 2 + 2;
/// The puzzle's slot, the game's number (2), the puzzle record's checksum (2), seconds (2),
/// shaded and circled rows (2 x 15 x 2), checksum.
pub const PROGRESS_LEN: usize = HEADER + 1 + 2 + 2 + 2 + 2 * ROWS * 2 + 2;
const _: () = assert!(
    BEST_SLOTS[0] as usize + BEST_LEN <= BEST_SLOTS[1] as usize
        && BEST_SLOTS[1] as usize + BEST_LEN <= PROGRESS_SLOTS[0] as usize
        && PROGRESS_SLOTS[0] as usize + PROGRESS_LEN <= PROGRESS_SLOTS[1] as usize
        && PROGRESS_SLOTS[1] as usize + PROGRESS_LEN <= PUZZLE_SLOTS[0] as usize
        && PUZZLE_SLOTS[0] as usize + PUZZLE_LEN <= PUZZLE_SLOTS[1] as usize
        && PUZZLE_SLOTS[1] as usize + PUZZLE_LEN <= UNUSED_FROM as usize
);

/// No time recorded yet.
const NO_TIME: u16 = u16::MAX;

/// The storage the records live in: cartridge SRAM on the console, a byte array in tests.
pub trait Storage {
    fn read(&mut self, offset: u16, buffer: &mut [u8]);
    fn write(&mut self, offset: u16, bytes: &[u8]);
}

/// An SRAM image in host memory (tests and tools read saves from the emulator's this way).
impl<const N: usize> Storage for [u8; N] {
    fn read(&mut self, offset: u16, buffer: &mut [u8]) {
        let at = usize::from(offset);
        buffer.copy_from_slice(&self[at..at + buffer.len()]);
    }

    fn write(&mut self, offset: u16, bytes: &[u8]) {
        let at = usize::from(offset);
        self[at..at + bytes.len()].copy_from_slice(bytes);
    }
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
}

/// The newest valid copy of a record: its slot (0 or 1) and sequence number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Newest {
    slot: u8,
    seq: u16,
}

impl Newest {
    /// No valid copy: as if slot 1 held number 0xFFFF, so the first copy goes into slot 0 with
    /// number 0. (A plain value rather than an `Option`: the SM83 then moves no 32-bit word
    /// for it.)
    const NONE: Newest = Newest { slot: 1, seq: u16::MAX };

    /// Where the next copy goes: the other slot, with the next sequence number.
    fn next(self) -> Newest {
        Newest { slot: self.slot ^ 1, seq: self.seq.wrapping_add(1) }
    }
}

/// Whether sequence number `a` was written after `b`, counting modulo 2^16 (serial number
/// arithmetic, RFC 1982): 0 comes after 0xFFFF. The two copies of a record differ by one;
/// numbers 0x8000 apart (never written so) read as not newer either way, so the choice between
/// them is still fixed (slot 0).
pub(super) fn newer(a: u16, b: u16) -> bool {
    (a.wrapping_sub(b) as i16) > 0
}

/// The game the newest progress record belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct SavedGame {
    puzzle_slot: u8,
    /// Numbers tell games apart, also two games of the same puzzle (a typed seed code).
    number: u16,
    /// The puzzle record's checksum: the progress never pairs with another copy.
    puzzle_sum: u16,
}

/// Where a new game's puzzle record goes and the game's number ([`Saves::new_game_place`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NewGamePlace {
    slot: u8,
    number: u16,
}

/// Writes a new game's puzzle record at `place`, returning its checksum for
/// [`Saves::commit_new_game`]. It touches no record of the saved game, so the background
/// worker does it while the main loop goes on.
#[inline(never)]
pub fn write_new_puzzle(puzzle: &Puzzle, place: NewGamePlace, storage: &mut impl Storage) -> u16 {
    let mut out = [0u8; PUZZLE_LEN];
    let sum = encode_puzzle(puzzle, PUZZLE_MAGIC, place.number, &mut out);
    write_slot(storage, PUZZLE_SLOTS[usize::from(place.slot)], &out);
    sum
}

/// What SRAM holds, as far as saving needs to know: where the newest valid copy of each record
/// is (the next copy goes into the other slot) and which game is saved. [`Saves::load`] reads
/// it at boot; every save keeps it up to date.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Saves {
    best: Newest,
    /// The last game finished, as the newest best-times record says: never offered again.
    finished: Option<u16>,
    progress: Newest,
    /// The game of the newest progress record (finished or not).
    game: Option<SavedGame>,
}

impl Default for Saves {
    fn default() -> Self {
        Self::new()
    }
}

impl Saves {
    /// Before [`Saves::load`]: nothing known.
    pub const fn new() -> Saves {
        Saves { best: Newest::NONE, finished: None, progress: Newest::NONE, game: None }
    }

    /// Reads the saves: the best times into `best` (none when no valid copy), and the game to
    /// continue into `puzzle` and `play`, returning its seconds. `None` (leaving both
    /// unspecified) when there is no such game: none saved, the saved one finished, or its
    /// records not valid and consistent. (Not inlined: on the console its copies of the
    /// records then take a static frame of their own, shared with the generator's, instead
    /// of growing that of `Game::update`, which the generator runs under.)
    #[inline(never)]
    pub fn load(&mut self, storage: &mut impl Storage, best: &mut BestTimes, puzzle: &mut Puzzle, play: &mut Play) -> Option<u16> {
        self.load_best(storage, best);
        let mut copies = [[0u8; PROGRESS_LEN]; 2];
        (self.progress, self.game) = (Newest::NONE, None);
        let (newest, mut progress) = read_newest(storage, PROGRESS_SLOTS, PROGRESS_MAGIC, &mut copies)?;
        self.progress = newest;
        let game = SavedGame { puzzle_slot: progress.u8(), number: progress.u16(), puzzle_sum: progress.u16() };
        if game.puzzle_slot > 1 {
            return None;
        }
        self.game = Some(game);
        if self.finished == Some(game.number) {
            return None;
        }
        let seconds = progress.u16();
        // The marks are checked against the board's size once the puzzle is read: read
        // them first, so that the progress copies are dead while the puzzle is read (its
        // buffer then takes the same static frame space on the console).
        let (shaded, circled) = (progress.rows(&CellSet::full(MAX_SIZE))?, progress.rows(&CellSet::full(MAX_SIZE))?);
        read_puzzle(storage, game, puzzle)?;
        let board_cells = CellSet::full(puzzle.board.size());
        if !shaded.minus(&board_cells).is_empty() || !circled.minus(&board_cells).is_empty() {
            return None;
        }
        play.restore(&shaded, &circled);
        Some(seconds)
    }

    /// The best-times part of [`Saves::load`]; apart, so that its copies share static frame
    /// space with the puzzle's buffer on the console.
    #[inline(never)]
    fn load_best(&mut self, storage: &mut impl Storage, best: &mut BestTimes) {
        let mut copies = [[0u8; BEST_LEN]; 2];
        *best = BestTimes::new();
        (self.best, self.finished) = match read_newest(storage, BEST_SLOTS, BEST_MAGIC, &mut copies) {
            Some((newest, mut r)) => {
                for t in best.seconds.iter_mut() {
                    *t = r.u16();
                }
                (newest, Some(r.u16()))
            }
            None => (Newest::NONE, None),
        };
    }

    /// Whether a game is saved and not finished (what [`Saves::load`] would offer).
    pub fn has_game_to_continue(&self) -> bool {
        self.game.is_some_and(|game| self.finished != Some(game.number))
    }

    /// Where the next new game's puzzle goes: the puzzle slot the saved game does not use,
    /// where no progress record points yet, and the game's number.
    pub fn new_game_place(&self) -> NewGamePlace {
        let slot = self.game.map_or(0, |game| game.puzzle_slot ^ 1);
        // After both the saved game's number and the last finished one's, so it is neither.
        let last = match (self.game, self.finished) {
            (Some(game), Some(finished)) if newer(finished, game.number) => Some(finished),
            (Some(game), _) => Some(game.number),
            (None, finished) => finished,
        };
        NewGamePlace { slot, number: last.map_or(0, |n| n.wrapping_add(1)) }
    }

    /// Saves a new game, whose puzzle [`write_new_puzzle`] wrote at `place` (its checksum
    /// `puzzle_sum`), as one unit: the game is saved once its first progress record names it.
    /// A cut before then leaves the saved game. Nothing else may be saved in between.
    #[inline(never)] // `make bench-rom` times it by name
    pub fn commit_new_game(&mut self, place: NewGamePlace, puzzle_sum: u16, play: &Play, seconds: u16, storage: &mut impl Storage) {
        self.game = Some(SavedGame { puzzle_slot: place.slot, number: place.number, puzzle_sum });
        self.save_progress(play, seconds, storage);
    }

    /// A new game saved at once (both parts of it, as a game's start does them).
    #[cfg(test)]
    pub fn save_new_game(&mut self, puzzle: &Puzzle, play: &Play, seconds: u16, storage: &mut impl Storage) {
        let place = self.new_game_place();
        let sum = write_new_puzzle(puzzle, place, storage);
        self.commit_new_game(place, sum, play, seconds, storage);
    }

    /// Saves the progress on the saved game (there is one while a game is played).
    pub fn save_progress(&mut self, play: &Play, seconds: u16, storage: &mut impl Storage) {
        let Some(game) = self.game else { return };
        let next = self.progress.next();
        let mut out = [0u8; PROGRESS_LEN];
        let mut w = Writer::new(&mut out, PROGRESS_MAGIC, next.seq);
        w.u8(game.puzzle_slot);
        w.u16(game.number);
        w.u16(game.puzzle_sum);
        w.u16(seconds);
        w.rows(play.shaded());
        w.rows(play.circled());
        w.finish();
        write_slot(storage, PROGRESS_SLOTS[usize::from(next.slot)], &out);
        self.progress = next;
    }

    /// Saves `best` and that the saved game is finished (no longer offered) in one record, so a
    /// cut leaves both as they were or both done.
    pub fn save_finished(&mut self, best: &BestTimes, storage: &mut impl Storage) {
        let Some(game) = self.game else { return };
        let next = self.best.next();
        let mut out = [0u8; BEST_LEN];
        let mut w = Writer::new(&mut out, BEST_MAGIC, next.seq);
        for &t in &best.seconds {
            w.u16(t);
        }
        w.u16(game.number);
        w.finish();
        write_slot(storage, BEST_SLOTS[usize::from(next.slot)], &out);
        self.best = next;
        self.finished = Some(game.number);
    }
}

/// Reads both slots of a record into `copies`; the newest valid copy, if any, with a reader
/// past its header.
fn read_newest<'a, const N: usize>(
    storage: &mut impl Storage,
    slots: [u16; 2],
    magic: [u8; 4],
    copies: &'a mut [[u8; N]; 2],
) -> Option<(Newest, Reader<'a>)> {
    for (copy, &offset) in copies.iter_mut().zip(&slots) {
        storage.read(offset, copy);
    }
    let [first, second] = &*copies;
    let newest = match (Reader::new(first, magic), Reader::new(second, magic)) {
        (Some(a), Some(b)) if newer(b.seq, a.seq) => (1, b),
        (Some(a), _) => (0, a),
        (None, b) => (1, b?),
    };
    Some((Newest { slot: newest.0, seq: newest.1.seq }, newest.1))
}

/// Reads the puzzle of `game` into `puzzle`; `None` when its slot holds no valid copy of it.
#[inline(never)] // see `Saves::load`
fn read_puzzle(storage: &mut impl Storage, game: SavedGame, puzzle: &mut Puzzle) -> Option<()> {
    let mut bytes = [0u8; PUZZLE_LEN];
    storage.read(PUZZLE_SLOTS[usize::from(game.puzzle_slot)], &mut bytes);
    let (seq, sum) = decode_puzzle(&bytes, PUZZLE_MAGIC, puzzle)?;
    (seq == game.number && sum == game.puzzle_sum).then_some(())
}

/// Encodes `puzzle` as a puzzle record (signature `magic`, sequence number `seq`) into
/// `out`; returns its checksum. Ready puzzles (`super::ready`) use the same layout.
pub(super) fn encode_puzzle(puzzle: &Puzzle, magic: [u8; 4], seq: u16, out: &mut [u8; PUZZLE_LEN]) -> u16 {
    let mut w = Writer::new(out, magic, seq);
    w.u8(puzzle.board.size());
    w.u8(puzzle.difficulty as u8);
    w.bytes(&puzzle.seed.to_le_bytes());
    // A row of 15 numbers at a time, 0 past the board's size as the board keeps them: a
    // byte at a time took about 150k cycles on the console.
    for r in 0..MAX_SIZE {
        w.bytes(puzzle.board.row_numbers(r));
    }
    w.rows(&puzzle.solution);
    w.finish()
}

/// Decodes a puzzle record with signature `magic` into `puzzle`: its sequence number and
/// checksum, or `None` (leaving `puzzle` unspecified) when the copy is not valid.
pub(super) fn decode_puzzle(bytes: &[u8; PUZZLE_LEN], magic: [u8; 4], puzzle: &mut Puzzle) -> Option<(u16, u16)> {
    let mut r = Reader::new(bytes, magic)?;
    let size = r.u8();
    let difficulty = Difficulty::from_index(r.u8())?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return None;
    }
    let seed = u32::from_le_bytes([r.u8(), r.u8(), r.u8(), r.u8()]);
    puzzle.board.clear(size);
    for row in 0..MAX_SIZE {
        let numbers = r.bytes(usize::from(MAX_SIZE));
        // Numbers 1..=size on the board, 0 past it.
        let width = if row < size { size } else { 0 };
        let (inside, outside) = numbers.split_at(usize::from(width));
        if inside.iter().any(|&v| v == 0 || v > size) || outside.iter().any(|&v| v != 0) {
            return None;
        }
        puzzle.board.set_row_numbers(row, inside);
    }
    puzzle.solution = r.rows(&CellSet::full(size))?;
    puzzle.difficulty = difficulty;
    puzzle.seed = seed;
    Some((r.seq, r.sum))
}

/// Writes `record` into the slot at `offset` so that the slot reads as invalid from the first
/// byte written until the last: its first byte (the signature's) is cleared first and written
/// last. (A torn copy, new bytes before the cut and old ones after, could otherwise pass its
/// checksum by chance: one time in 65,536.)
pub(super) fn write_slot(storage: &mut impl Storage, offset: u16, record: &[u8]) {
    storage.write(offset, &[0]);
    storage.write(offset + 1, &record[1..]);
    storage.write(offset, &record[..1]);
}

/// Fletcher-style sums modulo 256: two adds per byte on the SM83, and they catch changed,
/// lost and swapped bytes (unlike a plain sum). Not inlined: alone, SDCC keeps both sums in
/// registers (inlined into its callers it kept them on the stack, 220 cycles a byte).
#[inline(never)]
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
    fn new(out: &'a mut [u8], magic: [u8; 4], seq: u16) -> Writer<'a> {
        let mut w = Writer { out, at: 0 };
        w.bytes(&magic);
        w.u8(VERSION);
        w.u16(seq);
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
        // One 16-bit copy a row (both ends are little-endian), not two byte stores: a move's
        // save took 8k cycles more on the console.
        for (pair, r) in out.chunks_exact_mut(2).zip(0..MAX_SIZE) {
            pair.copy_from_slice(&set.row(r).to_le_bytes());
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
    /// The record's sequence number and checksum.
    seq: u16,
    sum: u16,
}

impl<'a> Reader<'a> {
    /// A reader past the header, if signature, version and checksum are right.
    fn new(bytes: &'a [u8], magic: [u8; 4]) -> Option<Reader<'a>> {
        let (body, sum) = bytes.split_at(bytes.len() - 2);
        let sum = u16::from_le_bytes([sum[0], sum[1]]);
        let valid = body[..4] == magic && body[4] == VERSION && checksum(body) == sum;
        valid.then_some(Reader { bytes: body, at: HEADER, seq: u16::from_le_bytes([body[5], body[6]]), sum })
    }

    fn u8(&mut self) -> u8 {
        let v = self.bytes[self.at];
        self.at += 1;
        v
    }

    /// The next `count` bytes.
    fn bytes(&mut self, count: usize) -> &'a [u8] {
        let bytes = &self.bytes[self.at..self.at + count];
        self.at += count;
        bytes
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
    use crate::puzzles::hitori::board::{Board, cell_at};
    use crate::puzzles::hitori::generate::Generator;
    use crate::puzzles::hitori::solve::Mark;

    type Image = [u8; 0x2000];

    /// What a boot finds in an image: the best times, and the game offered (its puzzle, marks
    /// and seconds).
    #[derive(Clone, PartialEq, Eq, Debug)]
    struct Found {
        best: BestTimes,
        game: Option<(Board, CellSet, Difficulty, u32, CellSet, CellSet, u16)>,
    }

    fn found(image: &Image) -> Found {
        let mut image = *image;
        let (mut best, mut puzzle, mut play) = (BestTimes::new(), Puzzle::new(), Play::new());
        let seconds = Saves::new().load(&mut image, &mut best, &mut puzzle, &mut play);
        let game = seconds.map(|s| (puzzle.board, puzzle.solution, puzzle.difficulty, puzzle.seed, *play.shaded(), *play.circled(), s));
        Found { best, game }
    }

    /// The saves of `image` as a boot reads them.
    fn saves_of(image: &Image) -> Saves {
        let mut saves = Saves::new();
        saves.load(&mut image.clone(), &mut BestTimes::new(), &mut Puzzle::new(), &mut Play::new());
        saves
    }

    fn puzzle(seed: u32) -> Puzzle {
        Generator::new().generate(7, Difficulty::Medium, seed).unwrap()
    }

    fn play_with(cells: &[(u8, u8, Mark)]) -> Play {
        let mut play = Play::new();
        for &(r, c, mark) in cells {
            play.set_mark(cell_at(r, c), mark);
        }
        play
    }

    /// SRAM whose power fails during the byte write number `cut_at` (counting from 0): the
    /// writes before it happen, that one leaves its byte garbled (neither the old value nor,
    /// in general, the new) when `garble` is set and untouched otherwise, and none after it.
    struct PowerCut<'a> {
        image: &'a mut Image,
        cut_at: usize,
        garble: bool,
        /// Byte writes asked for so far.
        writes: usize,
    }

    impl Storage for PowerCut<'_> {
        fn read(&mut self, offset: u16, buffer: &mut [u8]) {
            self.image.read(offset, buffer);
        }

        fn write(&mut self, offset: u16, bytes: &[u8]) {
            for (at, &byte) in (usize::from(offset)..).zip(bytes) {
                if self.writes < self.cut_at {
                    self.image[at] = byte;
                } else if self.writes == self.cut_at && self.garble {
                    self.image[at] = !byte;
                }
                self.writes += 1;
            }
        }
    }

    /// Runs `save` (on the saves a boot reads from `before`) with the power cut at every byte
    /// it writes, whole or garbled, and checks that a boot then finds exactly the state before
    /// the save or the state after it, and that the save made again after that boot gives the
    /// state after it. Returns the image after the save.
    fn check_every_cut(before: &Image, save: impl Fn(&mut Saves, &mut PowerCut)) -> Image {
        let mut after = *before;
        let mut whole = PowerCut { image: &mut after, cut_at: usize::MAX, garble: false, writes: 0 };
        save(&mut saves_of(before), &mut whole);
        let writes = whole.writes;
        let (old, new) = (found(before), found(&after));
        assert_ne!(old, new, "the save changes what a boot finds");
        let mut kept = 0;
        for cut_at in 0..=writes {
            for garble in [false, true] {
                let mut image = *before;
                save(&mut saves_of(before), &mut PowerCut { image: &mut image, cut_at, garble, writes: 0 });
                let now = found(&image);
                assert!(now == old || now == new, "cut at byte write {cut_at} of {writes} (garbled: {garble}): neither old nor new:\n{now:?}");
                kept += usize::from(now == old);
                // The next boot saves again over what the cut left.
                save(&mut saves_of(&image), &mut PowerCut { image: &mut image, cut_at: usize::MAX, garble: false, writes: 0 });
                assert_eq!(found(&image), new, "saving again after a cut at byte write {cut_at}");
            }
        }
        assert!(kept > 0 && kept < 2 * (writes + 1), "both old and new states are seen across the cuts");
        after
    }

    fn blank() -> Image {
        [0xFF; 0x2000]
    }

    /// A game in progress with two progress saves (both progress slots hold copies) and a best
    /// time from an earlier game.
    fn image_with_history() -> Image {
        let mut image = blank();
        let mut saves = saves_of(&image);
        saves.save_new_game(&puzzle(1), &Play::new(), 0, &mut image);
        let mut best = BestTimes::new();
        best.record(7, Difficulty::Medium, 200);
        saves.save_finished(&best, &mut image);
        saves.save_new_game(&puzzle(2), &Play::new(), 0, &mut image);
        saves.save_progress(&play_with(&[(0, 0, Mark::Shaded)]), 30, &mut image);
        saves.save_progress(&play_with(&[(0, 0, Mark::Shaded), (3, 6, Mark::Unshaded)]), 40, &mut image);
        image
    }

    #[test]
    fn a_game_round_trips_and_later_progress_replaces_the_earlier() {
        let image = image_with_history();
        let game = found(&image).game.expect("a game to continue");
        let p = puzzle(2);
        assert_eq!((game.0, game.1, game.2, game.3), (p.board, p.solution, p.difficulty, p.seed));
        assert_eq!((game.4, game.5, game.6), (*play_with(&[(0, 0, Mark::Shaded), (3, 6, Mark::Unshaded)]).shaded(), {
            let mut circled = CellSet::EMPTY;
            circled.insert(cell_at(3, 6));
            circled
        }, 40));
        assert_eq!(found(&image).best.get(7, Difficulty::Medium), Some(200));
        let mut back = Play::new();
        Saves::new().load(&mut image.clone(), &mut BestTimes::new(), &mut Puzzle::new(), &mut back);
        assert!(back.undo().is_none(), "restored marks come without history");
    }

    #[test]
    fn a_cut_while_saving_a_move_keeps_the_old_or_the_new_progress() {
        let moved = play_with(&[(0, 0, Mark::Shaded), (3, 6, Mark::Unshaded), (5, 5, Mark::Shaded)]);
        check_every_cut(&image_with_history(), |saves, sram| saves.save_progress(&moved, 55, sram));
    }

    #[test]
    fn a_cut_while_saving_a_new_game_keeps_the_old_game_or_the_whole_new_one() {
        let new = puzzle(3);
        let save = |saves: &mut Saves, sram: &mut PowerCut| saves.save_new_game(&new, &Play::new(), 0, sram);
        // Over a game in progress, over a finished game, over nothing.
        let image = check_every_cut(&image_with_history(), save);
        // And again: the new puzzle goes into the other slot, keeping the one just saved.
        let other = puzzle(4);
        check_every_cut(&image, |saves, sram| saves.save_new_game(&other, &Play::new(), 0, sram));
        let mut finished = image_with_history();
        saves_of(&finished).save_finished(&BestTimes::new(), &mut finished);
        check_every_cut(&finished, save);
        check_every_cut(&blank(), save);
    }

    #[test]
    fn a_cut_while_finishing_keeps_the_game_or_records_its_time_and_drops_it() {
        let image = image_with_history();
        let mut best = found(&image).best;
        assert!(best.record(7, Difficulty::Medium, 100));
        let after = check_every_cut(&image, |saves, sram| saves.save_finished(&best, sram));
        assert_eq!(found(&after), Found { best, game: None });
    }

    #[test]
    fn the_same_puzzle_played_again_is_a_new_game() {
        // A typed seed code gives the same puzzle: finishing the first game must not hide the second.
        let mut image = blank();
        let mut saves = saves_of(&image);
        saves.save_new_game(&puzzle(1), &Play::new(), 0, &mut image);
        saves.save_finished(&BestTimes::new(), &mut image);
        assert_eq!(found(&image).game, None);
        saves.save_new_game(&puzzle(1), &Play::new(), 0, &mut image);
        assert!(found(&image).game.is_some());
    }

    #[test]
    fn sequence_and_game_numbers_wrap_around() {
        // Each round: a new game (a progress record), a move (another), the game finished (a
        // best-times record). Progress numbers wrap at round 0x8000, game and best-times
        // numbers at 0x10000; every save around them is cut at every byte.
        let (first, second) = (puzzle(1), puzzle(2));
        let moved = play_with(&[(1, 1, Mark::Shaded)]);
        let mut image = blank();
        let mut saves = saves_of(&image);
        let mut best = BestTimes::new();
        for round in 0..0x10002u32 {
            let new = if round % 2 == 0 { &first } else { &second };
            let seconds = (round % 1000) as u16;
            best.record(7, Difficulty::Medium, 1000 - seconds);
            if [0x7FFF, 0x8000, 0xFFFF, 0x10000].contains(&round) {
                image = check_every_cut(&image, |saves, sram| saves.save_new_game(new, &Play::new(), 0, sram));
                image = check_every_cut(&image, |saves, sram| saves.save_progress(&moved, seconds, sram));
                image = check_every_cut(&image, |saves, sram| saves.save_finished(&best, sram));
                saves = saves_of(&image);
            } else {
                saves.save_new_game(new, &Play::new(), 0, &mut image);
                saves.save_progress(&moved, seconds, &mut image);
                assert_eq!(found(&image).game.map(|g| (g.0, g.6)), Some((new.board.clone(), seconds)), "round {round}");
                saves.save_finished(&best, &mut image);
            }
            assert_eq!(found(&image), Found { best: best.clone(), game: None }, "round {round}");
            assert_eq!(saves, saves_of(&image), "round {round}: what the saves know is what a boot reads");
        }
    }

    #[test]
    fn random_zeroed_and_erased_sram_reads_as_no_save_and_saves_work_on_it() {
        let mut rng = fastrand::Rng::with_seed(3);
        let random = (0..200).map(|_| core::array::from_fn(|_| rng.u8(..)));
        for mut image in [[0u8; 0x2000], [0xFF; 0x2000]].into_iter().chain(random) {
            assert_eq!(found(&image), Found { best: BestTimes::new(), game: None });
            let mut saves = saves_of(&image);
            saves.save_new_game(&puzzle(1), &Play::new(), 9, &mut image);
            assert_eq!(found(&image).game.map(|g| g.6), Some(9));
        }
    }

    #[test]
    fn a_bit_flipped_anywhere_reads_as_a_state_once_saved() {
        // A flipped bit in a copy of a record makes the boot read the other copy, or no record
        // when there is none (the first best times): the game offered and the best times are
        // each ones once saved, never a corrupt game.
        let mut image = blank();
        let mut states = vec![found(&image)];
        let mut saves = saves_of(&image);
        let mut best = BestTimes::new();
        let steps: [&dyn Fn(&mut Saves, &mut Image, &mut BestTimes); 6] = [
            &|s, i, _| s.save_new_game(&puzzle(1), &Play::new(), 0, i),
            &|s, i, _| s.save_progress(&play_with(&[(2, 2, Mark::Shaded)]), 12, i),
            &|s, i, b| {
                b.record(7, Difficulty::Medium, 300);
                s.save_finished(b, i)
            },
            &|s, i, _| s.save_new_game(&puzzle(2), &Play::new(), 0, i),
            &|s, i, _| s.save_progress(&play_with(&[(4, 1, Mark::Unshaded)]), 20, i),
            &|s, i, _| s.save_progress(&play_with(&[(4, 1, Mark::Unshaded), (6, 6, Mark::Shaded)]), 31, i),
        ];
        for step in steps {
            step(&mut saves, &mut image, &mut best);
            states.push(found(&image));
        }
        let newest = found(&image);
        let mut fell_back = 0;
        for bit in 0..image.len() * 8 {
            let mut flipped = image;
            flipped[bit / 8] ^= 1 << (bit % 8);
            let now = found(&flipped);
            assert!(states.iter().any(|s| s.game == now.game), "bit {bit} flipped: a game never saved:\n{now:?}");
            assert!(states.iter().any(|s| s.best == now.best), "bit {bit} flipped: best times never saved:\n{now:?}");
            fell_back += usize::from(now != newest);
        }
        assert!(fell_back > 0);
    }

    #[test]
    fn best_times_keep_the_minimum() {
        let mut best = BestTimes::new();
        assert_eq!(best.get(9, Difficulty::Easy), None);
        assert!(best.record(9, Difficulty::Easy, 300));
        assert!(!best.record(9, Difficulty::Easy, 301));
        assert!(best.record(9, Difficulty::Easy, 200));
        assert!(best.record(15, Difficulty::Hard, 5000));
        assert_eq!(best.get(9, Difficulty::Easy), Some(200));
        assert_eq!(best.get(15, Difficulty::Hard), Some(5000));
        assert_eq!(best.get(9, Difficulty::Hard), None);
    }

    #[test]
    fn sequence_numbers_compare_modulo_2_16() {
        assert!(newer(1, 0) && !newer(0, 1));
        assert!(newer(0, 0xFFFF) && !newer(0xFFFF, 0));
        assert!(!newer(5, 5));
        assert!(!newer(0x8000, 0) && !newer(0, 0x8000), "half-way apart: neither, so slot 0 is taken");
    }
}
