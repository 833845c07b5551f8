//! Battery-backed saves that survive a power cut at any instant (docs/save-format.md has the
//! layout and what it guarantees). Each puzzle has an area of its own with three records: the
//! best times (with the number of the last game finished), the puzzle of the saved game, and
//! the progress on it, so playing one puzzle never touches another's game. Each record has two
//! slots in cartridge SRAM and a save writes the slot that does not hold the newest valid
//! copy, so that copy stays whole until the new one is; a sequence number in each copy tells
//! which is newest. A game commits with its progress record, which names the puzzle copy it
//! belongs to, and a game ends with the best-times record that names it finished: each save is
//! one record written, so a cut leaves either all of it or none of it.
//!
//! Records are plain byte layouts (little-endian), encoded and checked here, on any host; each
//! puzzle lays out its own puzzle and marks in a record's body (`puzzles::record::Record`).

use crate::puzzles::hitori::Hitori;
use crate::puzzles::lizards::Lizards;
use crate::puzzles::level::Difficulty;
use crate::puzzles::numberlink::Numberlink;
use crate::puzzles::record::{self, Record};
use crate::puzzles::sudoku::Sudoku;
use crate::puzzles::Kind;

/// Where one puzzle's records lie in SRAM bank 0: two slots each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Area {
    pub best: [u16; 2],
    pub progress: [u16; 2],
    pub puzzle: [u16; 2],
}

/// Each puzzle's area (docs/save-format.md, "Layout"). Hitori's is where version 3 kept its
/// records, so that version's games carry over as they are.
pub const fn area(kind: Kind) -> Area {
    match kind {
        Kind::Hitori => Area { best: [0x000, 0x080], progress: [0x100, 0x180], puzzle: [0x200, 0x400] },
        Kind::Lizards => Area { best: [0x600, 0x680], progress: [0x700, 0x800], puzzle: [0x900, 0xA40] },
        Kind::Sudoku => Area { best: [0xB80, 0xC00], progress: [0xC80, 0xD80], puzzle: [0xE80, 0xFC0] },
        Kind::Numberlink => Area { best: [0x1100, 0x1180], progress: [0x1200, 0x1300], puzzle: [0x1400, 0x1540] },
    }
}

/// The areas of the four puzzles the layout is planned for end here; the ready puzzles
/// (`super::ready`) lie from here to the end of the bank.
pub const AREAS_END: u16 = 0x1680;

/// The first byte of each of a puzzle's signatures.
const fn letter(kind: Kind) -> u8 {
    match kind {
        Kind::Hitori => b'H',
        Kind::Lizards => b'L',
        Kind::Sudoku => b'S',
        Kind::Numberlink => b'N',
    }
}

/// A puzzle's signature for a record: its letter and `tag` (`BST`, `PRG`, `PUZ`, `RDY`).
pub(super) const fn magic(kind: Kind, tag: [u8; 3]) -> [u8; 4] {
    [letter(kind), tag[0], tag[1], tag[2]]
}

/// 4: an area per puzzle and the ready puzzles after them (version 3 had Hitori's records,
/// laid out as they still are, and 20 ready slots from 0x600).
pub(super) const VERSION: u8 = 4;
/// Hitori's records of version 3 read as version 4's.
const READS_VERSIONS: [u8; 2] = [3, VERSION];
const LEVELS: usize = Difficulty::ALL.len();
/// Signature (4), version, sequence number (2).
pub(super) const HEADER: usize = 7;
/// Checksum.
const TRAILER: usize = 2;

/// Best times a puzzle keeps: one per size and level.
const fn times(kind: Kind) -> usize {
    let (min, max) = kind.sizes();
    (max - min + 1) as usize * LEVELS
}

/// The most best times any puzzle keeps (what [`BestTimes`] holds in RAM).
const MAX_TIMES: usize = {
    let (mut most, mut i) = (0, 0);
    while i < Kind::ALL.len() {
        if times(Kind::ALL[i]) > most {
            most = times(Kind::ALL[i]);
        }
        i += 1;
    }
    most
};

/// The times (2 each), the number of the last game finished (2), checksum.
const fn best_len(kind: Kind) -> usize {
    HEADER + times(kind) * 2 + 2 + TRAILER
}
const MAX_BEST_LEN: usize = HEADER + MAX_TIMES * 2 + 2 + TRAILER;

/// The puzzle's body; its sequence number is the game's number.
pub(super) const fn puzzle_len<P: Record>() -> usize {
    HEADER + P::PUZZLE_BYTES + TRAILER
}
/// The longest puzzle record of any puzzle (buffers are this long).
pub const MAX_PUZZLE_LEN: usize = puzzle_len::<Hitori>();

/// The puzzle's slot, the game's number (2), the puzzle record's checksum (2), seconds (2),
/// the marks, checksum.
const fn progress_len<P: Record>() -> usize {
    HEADER + 1 + 2 + 2 + 2 + P::MARKS_BYTES + TRAILER
}
/// The longest progress record of any puzzle (buffers are this long): Sudoku's, whose marks
/// take a 16-bit word a cell.
const MAX_PROGRESS_LEN: usize = progress_len::<Sudoku>();

/// Every record of every area fits its slot, and the areas keep apart.
const fn area_fits<P: Record>() -> bool {
    let a = area(P::KIND);
    let (best, progress, puzzle) = (best_len(P::KIND) as u16, progress_len::<P>() as u16, puzzle_len::<P>() as u16);
    a.best[0] + best <= a.best[1]
        && a.best[1] + best <= a.progress[0]
        && a.progress[0] + progress <= a.progress[1]
        && a.progress[1] + progress <= a.puzzle[0]
        && a.puzzle[0] + puzzle <= a.puzzle[1]
        && a.puzzle[1] + puzzle <= AREAS_END
        && puzzle_len::<P>() <= MAX_PUZZLE_LEN
        && progress_len::<P>() <= MAX_PROGRESS_LEN
}
const _: () = assert!(area_fits::<Hitori>() && area_fits::<Lizards>() && area_fits::<Sudoku>() && area_fits::<Numberlink>());

/// Where each copy of puzzle `P`'s records lies and how long it is: best times, progress,
/// puzzle, two copies each (for tests and tools that look into SRAM).
pub const fn record_copies<P: Record>() -> [(u16, usize); 6] {
    let (a, best, progress, puzzle) = (area(P::KIND), best_len(P::KIND), progress_len::<P>(), puzzle_len::<P>());
    [(a.best[0], best), (a.best[1], best), (a.progress[0], progress), (a.progress[1], progress), (a.puzzle[0], puzzle), (a.puzzle[1], puzzle)]
}

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

/// One puzzle's best solving time per size and difficulty, in seconds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BestTimes {
    kind: Kind,
    seconds: [u16; MAX_TIMES],
}

impl Default for BestTimes {
    fn default() -> Self {
        Self::new(Kind::Hitori)
    }
}

impl BestTimes {
    pub const fn new(kind: Kind) -> BestTimes {
        BestTimes { kind, seconds: [NO_TIME; MAX_TIMES] }
    }

    fn slot(&self, size: u8, difficulty: Difficulty) -> usize {
        let (min, max) = self.kind.sizes();
        usize::from(size.clamp(min, max) - min) * LEVELS + difficulty as usize
    }

    pub fn get(&self, size: u8, difficulty: Difficulty) -> Option<u16> {
        let t = self.seconds[self.slot(size, difficulty)];
        (t != NO_TIME).then_some(t)
    }

    /// Records a finished game; true when it beats (or is the first) time for its kind.
    pub fn record(&mut self, size: u8, difficulty: Difficulty, seconds: u16) -> bool {
        let slot = self.slot(size, difficulty);
        let slot = &mut self.seconds[slot];
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
pub fn write_new_puzzle<P: Record>(puzzle: &P::Puzzle, place: NewGamePlace, storage: &mut impl Storage) -> u16 {
    let mut out = [0u8; MAX_PUZZLE_LEN];
    let out = &mut out[..puzzle_len::<P>()];
    let sum = encode_puzzle::<P>(puzzle, magic(P::KIND, *b"PUZ"), place.number, out);
    write_slot(storage, area(P::KIND).puzzle[usize::from(place.slot)], out);
    sum
}

/// What SRAM holds of one puzzle's area, as far as saving needs to know: where the newest
/// valid copy of each record is (the next copy goes into the other slot) and which game is
/// saved. [`Saves::load`] reads it; every save keeps it up to date.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Saves {
    kind: Kind,
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
        Saves { kind: Kind::Hitori, best: Newest::NONE, finished: None, progress: Newest::NONE, game: None }
    }

    /// Reads puzzle `P`'s area: the best times into `best` (none when no valid copy), and the
    /// game to continue into `puzzle` and `marks`, returning its seconds. `None` (leaving both
    /// unspecified) when there is no such game: none saved, the saved one finished, or its
    /// records not valid and consistent. (Not inlined: on the console its copies of the
    /// records then take a static frame of their own, shared with the generator's, instead
    /// of growing that of `Game::update`, which the generator runs under.)
    #[inline(never)]
    pub fn load<P: Record>(&mut self, storage: &mut impl Storage, best: &mut BestTimes, puzzle: &mut P::Puzzle, marks: &mut P::Marks) -> Option<u16> {
        *self = Saves { kind: P::KIND, ..Saves::new() };
        self.load_best(storage, best);
        // The marks are checked against the board's size once the puzzle is read.
        let (game, seconds) = self.load_progress::<P>(storage, Some(&mut *marks))?;
        read_puzzle::<P>(storage, game, puzzle)?;
        P::marks_fit(puzzle, marks).then_some(seconds)
    }

    /// What a new game of `P` needs of its area, for a switch of puzzles: the best times
    /// into `best`, and where the saved game is ([`Saves::new_game_place`]), but not the game
    /// itself. Its puzzle took [`Saves::load`] four frames more on the console, in the frame
    /// Start was pressed in.
    pub fn load_places<P: Record>(&mut self, storage: &mut impl Storage, best: &mut BestTimes) {
        *self = Saves { kind: P::KIND, ..Saves::new() };
        self.load_best(storage, best);
        self.load_progress::<P>(storage, None);
    }

    /// The progress part of [`Saves::load`]: the saved game unless it is finished, with its
    /// seconds, and its marks into `marks` if asked for. Apart, so that its copies share
    /// static frame space with the puzzle's buffer and the best times' copies on the console:
    /// kept in `load`'s own frame, they came on top of those, and Sudoku's progress records
    /// (178 bytes against Hitori's 76) took 204 bytes of the game ROM's stack room.
    #[inline(never)]
    fn load_progress<P: Record>(&mut self, storage: &mut impl Storage, marks: Option<&mut P::Marks>) -> Option<(SavedGame, u16)> {
        let mut copies = [[0u8; MAX_PROGRESS_LEN]; 2];
        let copies = copies.each_mut().map(|copy| &mut copy[..progress_len::<P>()]);
        let (newest, mut progress) = read_newest(storage, area(P::KIND).progress, magic(P::KIND, *b"PRG"), copies)?;
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
        if let Some(marks) = marks {
            P::read_marks(&mut progress, marks)?;
        }
        Some((game, seconds))
    }

    /// The best-times part of [`Saves::load`]; apart, so that its copies share static frame
    /// space with the puzzle's buffer on the console.
    #[inline(never)]
    fn load_best(&mut self, storage: &mut impl Storage, best: &mut BestTimes) {
        let mut copies = [[0u8; MAX_BEST_LEN]; 2];
        let len = best_len(self.kind);
        let copies = copies.each_mut().map(|copy| &mut copy[..len]);
        *best = BestTimes::new(self.kind);
        (self.best, self.finished) = match read_newest(storage, area(self.kind).best, magic(self.kind, *b"BST"), copies) {
            Some((newest, mut r)) => {
                for t in best.seconds[..times(self.kind)].iter_mut() {
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
    pub fn commit_new_game<P: Record>(&mut self, place: NewGamePlace, puzzle_sum: u16, marks: &P::Marks, seconds: u16, storage: &mut impl Storage) {
        self.game = Some(SavedGame { puzzle_slot: place.slot, number: place.number, puzzle_sum });
        self.save_progress::<P>(marks, seconds, storage);
    }

    /// A new game saved at once (both parts of it, as a game's start does them).
    #[cfg(test)]
    pub fn save_new_game<P: Record>(&mut self, puzzle: &P::Puzzle, marks: &P::Marks, seconds: u16, storage: &mut impl Storage) {
        let place = self.new_game_place();
        let sum = write_new_puzzle::<P>(puzzle, place, storage);
        self.commit_new_game::<P>(place, sum, marks, seconds, storage);
    }

    /// Saves the progress on the saved game (there is one while a game is played).
    pub fn save_progress<P: Record>(&mut self, marks: &P::Marks, seconds: u16, storage: &mut impl Storage) {
        let Some(game) = self.game else { return };
        let next = self.progress.next();
        let mut out = [0u8; MAX_PROGRESS_LEN];
        let out = &mut out[..progress_len::<P>()];
        let mut w = start_record(out, magic(P::KIND, *b"PRG"), next.seq);
        w.u8(game.puzzle_slot);
        w.u16(game.number);
        w.u16(game.puzzle_sum);
        w.u16(seconds);
        P::write_marks(marks, &mut w);
        let out = finish_record(w);
        write_slot(storage, area(P::KIND).progress[usize::from(next.slot)], out);
        self.progress = next;
    }

    /// Saves `best` and that the saved game is finished (no longer offered) in one record, so a
    /// cut leaves both as they were or both done.
    pub fn save_finished(&mut self, best: &BestTimes, storage: &mut impl Storage) {
        let Some(game) = self.game else { return };
        let next = self.best.next();
        let mut out = [0u8; MAX_BEST_LEN];
        let out = &mut out[..best_len(self.kind)];
        let mut w = start_record(out, magic(self.kind, *b"BST"), next.seq);
        for &t in &best.seconds[..times(self.kind)] {
            w.u16(t);
        }
        w.u16(game.number);
        let out = finish_record(w);
        write_slot(storage, area(self.kind).best[usize::from(next.slot)], out);
        self.best = next;
        self.finished = Some(game.number);
    }
}

/// Reads both slots of a record into `copies`; the newest valid copy, if any, with a reader
/// past its header. Inlined: on the console a frame of its own came after its callers' record
/// copies, deepening the static frames of the main loop's longest call chain.
#[inline(always)]
fn read_newest<'a>(
    storage: &mut impl Storage,
    slots: [u16; 2],
    magic: [u8; 4],
    copies: [&'a mut [u8]; 2],
) -> Option<(Newest, record::Reader<'a>)> {
    let [first, second] = copies;
    storage.read(slots[0], first);
    storage.read(slots[1], second);
    let (slot, (seq, _, body)) = match (check_record(first, magic), check_record(second, magic)) {
        (Some(a), Some(b)) if newer(b.0, a.0) => (1, b),
        (Some(a), _) => (0, a),
        (None, b) => (1, b?),
    };
    Some((Newest { slot, seq }, record::Reader::new(body)))
}

/// Reads the puzzle of `game` into `puzzle`; `None` when its slot holds no valid copy of it.
#[inline(never)] // see `Saves::load`
fn read_puzzle<P: Record>(storage: &mut impl Storage, game: SavedGame, puzzle: &mut P::Puzzle) -> Option<()> {
    let mut bytes = [0u8; MAX_PUZZLE_LEN];
    let bytes = &mut bytes[..puzzle_len::<P>()];
    storage.read(area(P::KIND).puzzle[usize::from(game.puzzle_slot)], bytes);
    let (seq, sum) = decode_puzzle::<P>(bytes, magic(P::KIND, *b"PUZ"), puzzle)?;
    (seq == game.number && sum == game.puzzle_sum).then_some(())
}

/// Encodes `puzzle` as a puzzle record (signature `magic`, sequence number `seq`) into
/// `out`, `puzzle_len::<P>()` long; returns its checksum. Ready puzzles (`super::ready`) use
/// the same layout.
pub(super) fn encode_puzzle<P: Record>(puzzle: &P::Puzzle, magic: [u8; 4], seq: u16, out: &mut [u8]) -> u16 {
    let mut w = start_record(out, magic, seq);
    P::write_puzzle(puzzle, &mut w);
    let out = finish_record(w);
    u16::from_le_bytes([out[out.len() - 2], out[out.len() - 1]])
}

/// Decodes a puzzle record with signature `magic` into `puzzle`: its sequence number and
/// checksum, or `None` (leaving `puzzle` unspecified) when the copy is not valid. In ROM bank
/// 16 on the console, each puzzle's copy (its body's checks, Numberlink's the longest): in
/// bank 12, the saves', they passed 16 KiB with Numberlink's.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank16"))]
#[inline(never)]
pub(super) fn decode_puzzle<P: Record>(bytes: &[u8], magic: [u8; 4], puzzle: &mut P::Puzzle) -> Option<(u16, u16)> {
    let (seq, sum, body) = check_record(bytes, magic)?;
    P::read_puzzle(&mut record::Reader::new(body), puzzle)?;
    Some((seq, sum))
}

/// The settings record's two slots, after the ready puzzles (`super::ready` ends before them).
pub const SETTINGS: [u16; 2] = [0x1F40, 0x1F60];
/// The settings' signature: not one puzzle's, so `G` (the game's) and `SET`.
const SETTINGS_MAGIC: [u8; 4] = *b"GSET";
/// Header, the settings byte, checksum.
pub const SETTINGS_LEN: usize = HEADER + 1 + TRAILER;
const _: () = assert!(SETTINGS_LEN <= (SETTINGS[1] - SETTINGS[0]) as usize && SETTINGS[1] as usize + SETTINGS_LEN <= 0x2000);
/// The settings byte's bit set when the sound is off; the others hold the puzzle last played.
/// (Records written before the sound setting have it clear: sound on.)
const SOUND_OFF: u8 = 0x80;

/// What the cartridge keeps beside the puzzles' areas: the puzzle last played, whose game the
/// title's CONTINUE offers, and whether the sound is on. One record in two slots, written as
/// every record is (a cut leaves the old or the new settings); a save without it (never
/// written, or version 4 before it existed) reads as Hitori last played, sound on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    newest: Newest,
    pub last_played: Kind,
    pub sound_on: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self::new()
    }
}

impl Settings {
    pub const fn new() -> Settings {
        Settings { newest: Newest::NONE, last_played: Kind::Hitori, sound_on: true }
    }

    /// Reads the newest valid copy (the defaults when there is none).
    pub fn load(&mut self, storage: &mut impl Storage) {
        let [mut first, mut second] = [[0u8; SETTINGS_LEN]; 2];
        *self = match read_newest(storage, SETTINGS, SETTINGS_MAGIC, [&mut first, &mut second]) {
            Some((newest, mut r)) => {
                let byte = r.u8();
                let last_played = Kind::from_index(byte & !SOUND_OFF).unwrap_or(Kind::Hitori);
                Settings { newest, last_played, sound_on: byte & SOUND_OFF == 0 }
            }
            None => Settings::new(),
        };
    }

    /// Keeps `kind` as the puzzle last played: a record written when that changes.
    pub fn played(&mut self, kind: Kind, storage: &mut impl Storage) {
        if kind != self.last_played {
            self.write(Settings { last_played: kind, ..*self }, storage);
        }
    }

    /// Keeps the sound on or off: a record written.
    pub fn set_sound(&mut self, on: bool, storage: &mut impl Storage) {
        self.write(Settings { sound_on: on, ..*self }, storage);
    }

    /// Writes `new` into the slot after the newest copy's and keeps it.
    fn write(&mut self, new: Settings, storage: &mut impl Storage) {
        let next = self.newest.next();
        let mut out = [0u8; SETTINGS_LEN];
        let mut w = start_record(&mut out, SETTINGS_MAGIC, next.seq);
        w.u8(new.last_played as u8 | if new.sound_on { 0 } else { SOUND_OFF });
        let out = finish_record(w);
        write_slot(storage, SETTINGS[usize::from(next.slot)], out);
        *self = Settings { newest: next, ..new };
    }
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

/// Fletcher-style sums modulo 256 (`gb_hal::sram::running_sums`): two adds per byte on the
/// SM83, and they catch changed, lost and swapped bytes (unlike a plain sum).
fn checksum(bytes: &[u8]) -> u16 {
    gb_hal::sram::running_sums(bytes, u16::from_le_bytes([0x5A, 0xA5]))
}

/// A writer for the body of a record `out.len()` long, after its header.
fn start_record(out: &mut [u8], magic: [u8; 4], seq: u16) -> record::Writer<'_> {
    let mut w = record::Writer::new(out);
    w.bytes(&magic);
    w.u8(VERSION);
    w.u16(seq);
    w
}

/// Appends the checksum of everything before it (the record must end right after); the
/// whole record.
fn finish_record(w: record::Writer<'_>) -> &mut [u8] {
    let len = w.len();
    let out = w.into_inner();
    let sum = checksum(&out[..len]);
    out[len..len + TRAILER].copy_from_slice(&sum.to_le_bytes());
    debug_assert_eq!(len + TRAILER, out.len());
    out
}

/// A record's sequence number, checksum and body (between header and checksum), if its
/// signature, version and checksum are right.
fn check_record(bytes: &[u8], magic: [u8; 4]) -> Option<(u16, u16, &[u8])> {
    let (head, sum) = bytes.split_at(bytes.len() - TRAILER);
    let sum = u16::from_le_bytes([sum[0], sum[1]]);
    let valid = head[..4] == magic && READS_VERSIONS.contains(&head[4]) && checksum(head) == sum;
    valid.then(|| (u16::from_le_bytes([head[5], head[6]]), sum, &head[HEADER..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::hitori::board::{Board, CellSet, cell_at};
    use crate::puzzles::hitori::generate::{Generator, Puzzle};
    use crate::puzzles::hitori::play::{Marks, Play};
    use crate::puzzles::hitori::solve::Mark;
    use crate::puzzles::record::Record;

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
        let (mut best, mut puzzle, mut marks) = (BestTimes::new(Kind::Hitori), Puzzle::new(), Marks::NONE);
        let seconds = Saves::new().load::<Hitori>(&mut image, &mut best, &mut puzzle, &mut marks);
        let game = seconds.map(|s| (puzzle.board, puzzle.solution, puzzle.difficulty, puzzle.seed, marks.shaded, marks.circled, s));
        Found { best, game }
    }

    /// The saves of `image` as a boot reads them.
    fn saves_of(image: &Image) -> Saves {
        let mut saves = Saves::new();
        saves.load::<Hitori>(&mut image.clone(), &mut BestTimes::new(Kind::Hitori), &mut Puzzle::new(), &mut Marks::NONE.clone());
        saves
    }

    fn puzzle(seed: u32) -> Puzzle {
        Generator::new().generate(7, Difficulty::Medium, seed).unwrap()
    }

    fn play_with(cells: &[(u8, u8, Mark)]) -> Marks {
        let mut play = Play::new();
        for &(r, c, mark) in cells {
            play.set_mark(cell_at(r, c), mark);
        }
        *play.marks()
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

    /// The puzzle last played and the sound setting a boot finds.
    fn settings_of(image: &Image) -> (Kind, bool) {
        let mut settings = Settings::new();
        settings.load(&mut image.clone());
        (settings.last_played, settings.sound_on)
    }

    /// Settings saves (the puzzle last played, the sound setting), each with the power cut at
    /// every byte it writes (whole or garbled): a boot finds the settings before or the new
    /// ones, the game saved beside them as it was, and after a cut the next save lands. A
    /// save of the puzzle already kept writes nothing.
    #[test]
    fn a_cut_settings_save_leaves_the_old_or_the_new_settings() {
        let mut image = image_with_history();
        let game = found(&image);
        assert_eq!(settings_of(&image), (Kind::Hitori, true), "no settings record: Hitori, sound on");
        // The first record goes to slot 0, the next to slot 1, the third over slot 0 again.
        let steps = [(Kind::Lizards, true), (Kind::Lizards, false), (Kind::Sudoku, false), (Kind::Sudoku, true), (Kind::Hitori, true)];
        let mut from = settings_of(&image);
        for to in steps {
            let save = |image: &mut Image, cut_at: usize, garble: bool| {
                let mut settings = Settings::new();
                settings.load(image);
                let mut storage = PowerCut { image, cut_at, garble, writes: 0 };
                if to.1 != settings.sound_on {
                    settings.set_sound(to.1, &mut storage);
                }
                settings.played(to.0, &mut storage);
                storage.writes
            };
            let mut after = image;
            let writes = save(&mut after, usize::MAX, false);
            assert_eq!(writes, SETTINGS_LEN + 1, "the record, its first byte twice (cleared first, written last)");
            assert_eq!(settings_of(&after), to);
            let mut seen_old = false;
            for cut_at in 0..writes {
                for garble in [false, true] {
                    let mut cut = image;
                    save(&mut cut, cut_at, garble);
                    let now = settings_of(&cut);
                    assert!(now == from || now == to, "cut at byte {cut_at} (garbled: {garble}): {now:?}");
                    seen_old |= now == from;
                    assert_eq!(found(&cut), game, "the saved game, untouched");
                    save(&mut cut, usize::MAX, false);
                    assert_eq!(settings_of(&cut), to, "saved again after a cut at byte {cut_at}");
                }
            }
            assert!(seen_old, "a cut keeps the old settings");
            image = after;
            from = to;
            assert_eq!(save(&mut after, usize::MAX, false), 0, "the same settings again: nothing written");
        }
    }

    fn blank() -> Image {
        [0xFF; 0x2000]
    }

    /// A game in progress with two progress saves (both progress slots hold copies) and a best
    /// time from an earlier game.
    fn image_with_history() -> Image {
        let mut image = blank();
        let mut saves = saves_of(&image);
        saves.save_new_game::<Hitori>(&puzzle(1), &Marks::NONE, 0, &mut image);
        let mut best = BestTimes::new(Kind::Hitori);
        best.record(7, Difficulty::Medium, 200);
        saves.save_finished(&best, &mut image);
        saves.save_new_game::<Hitori>(&puzzle(2), &Marks::NONE, 0, &mut image);
        saves.save_progress::<Hitori>(&play_with(&[(0, 0, Mark::Shaded)]), 30, &mut image);
        saves.save_progress::<Hitori>(&play_with(&[(0, 0, Mark::Shaded), (3, 6, Mark::Unshaded)]), 40, &mut image);
        image
    }

    #[test]
    fn a_game_round_trips_and_later_progress_replaces_the_earlier() {
        let image = image_with_history();
        let game = found(&image).game.expect("a game to continue");
        let p = puzzle(2);
        assert_eq!((game.0, game.1, game.2, game.3), (p.board, p.solution, p.difficulty, p.seed));
        assert_eq!((game.4, game.5, game.6), (play_with(&[(0, 0, Mark::Shaded), (3, 6, Mark::Unshaded)]).shaded, {
            let mut circled = CellSet::EMPTY;
            circled.insert(cell_at(3, 6));
            circled
        }, 40));
        assert_eq!(found(&image).best.get(7, Difficulty::Medium), Some(200));
        let mut back = Play::new();
        back.restore(&game.4, &game.5);
        assert!(back.undo().is_none(), "restored marks come without history");
    }

    /// A version 3 image as that version's layout (docs/save-format.md, up to session 13) puts
    /// it, byte by byte: the records written here, not by this module's writer.
    fn version_3_image(p: &Puzzle, shaded: &CellSet, seconds: u16, best: (u8, Difficulty, u16)) -> Image {
        fn record(image: &mut Image, at: usize, magic: &[u8; 4], seq: u16, body: &[u8]) -> u16 {
            let mut bytes = magic.to_vec();
            bytes.push(3);
            bytes.extend(seq.to_le_bytes());
            bytes.extend(body);
            let (mut a, mut b) = (0x5Au8, 0xA5u8);
            for &byte in &bytes {
                a = a.wrapping_add(byte);
                b = b.wrapping_add(a);
            }
            bytes.extend([a, b]);
            image[at..at + bytes.len()].copy_from_slice(&bytes);
            u16::from_le_bytes([a, b])
        }
        let rows = |set: &CellSet| (0..15).flat_map(|r| set.row(r).to_le_bytes()).collect::<Vec<u8>>();
        let mut image = blank();
        let mut times = vec![0xFFu8; 33 * 2];
        let at = (usize::from(best.0) - 5) * 3 + best.1 as usize;
        times[2 * at..2 * at + 2].copy_from_slice(&best.2.to_le_bytes());
        times.extend(4u16.to_le_bytes()); // last game finished: number 4
        record(&mut image, 0x080, b"HBST", 9, &times);
        let n = p.board.size();
        let mut body = vec![n, p.difficulty as u8];
        body.extend(p.seed.to_le_bytes());
        for r in 0..15 {
            body.extend((0..15).map(|c| if r < n && c < n { p.board.number(cell_at(r, c)) } else { 0 }));
        }
        body.extend(rows(&p.solution));
        let game = 5;
        let sum = record(&mut image, 0x400, b"HPUZ", game, &body);
        let mut progress = vec![1];
        progress.extend(game.to_le_bytes());
        progress.extend(sum.to_le_bytes());
        progress.extend(seconds.to_le_bytes());
        progress.extend(rows(shaded));
        progress.extend(rows(&CellSet::EMPTY));
        record(&mut image, 0x100, b"HPRG", 12, &progress);
        image
    }

    #[test]
    fn a_version_3_save_carries_its_best_times_and_game_over() {
        let p = puzzle(6);
        let shaded = play_with(&[(2, 3, Mark::Shaded)]).shaded;
        let image = version_3_image(&p, &shaded, 77, (12, Difficulty::Hard, 345));
        let now = found(&image);
        assert_eq!(now.best.get(12, Difficulty::Hard), Some(345));
        assert_eq!(now.game, Some((p.board.clone(), p.solution, p.difficulty, p.seed, shaded, CellSet::EMPTY, 77)));
        // Played on: the next saves write version 4 copies into the other slots.
        let mut image = image;
        let mut saves = saves_of(&image);
        saves.save_progress::<Hitori>(&play_with(&[(2, 3, Mark::Shaded), (0, 0, Mark::Unshaded)]), 80, &mut image);
        assert_eq!(image[0x180 + 4], VERSION);
        assert_eq!(found(&image).game.map(|g| g.6), Some(80));
        assert!(saves.new_game_place().number > 5, "new games are numbered after the carried-over one");
    }

    /// What a boot finds of puzzle `P`'s game in `image`: its puzzle, marks and seconds.
    fn found_game<P: Record<Puzzle: Default, Marks: Default>>(image: &Image) -> Option<(P::Puzzle, P::Marks, u16)> {
        let (mut puzzle, mut marks) = (P::Puzzle::default(), P::Marks::default());
        let seconds = Saves::new().load::<P>(&mut image.clone(), &mut BestTimes::new(P::KIND), &mut puzzle, &mut marks)?;
        Some((puzzle, marks, seconds))
    }

    /// Saves a new game of `puzzle` in `before`, which holds no game of `P`, then the move
    /// that leaves `moved` with the power cut at every byte write: the boot finds `P`'s old or
    /// new progress, and no byte outside `P`'s area changes. The image after the move.
    fn keeps_its_own_game<P>(before: Image, puzzle: &P::Puzzle, moved: &P::Marks) -> Image
    where
        P: Record<Puzzle: Default + PartialEq + core::fmt::Debug, Marks: Default + PartialEq + core::fmt::Debug>,
    {
        let a = area(P::KIND);
        let own = usize::from(a.best[0])..usize::from(a.puzzle[1]) + puzzle_len::<P>();
        let others_untouched = |image: &Image| {
            (0..image.len()).filter(|at| !own.contains(at)).all(|at| image[at] == before[at])
        };
        let unmarked = P::Marks::default();
        let mut image = before;
        let mut saves = Saves::new();
        assert_eq!(found_game::<P>(&image), None);
        saves.load::<P>(&mut image, &mut BestTimes::new(P::KIND), &mut puzzle.clone(), &mut unmarked.clone());
        saves.save_new_game::<P>(puzzle, &unmarked, 3, &mut image);
        assert_eq!(found_game::<P>(&image), Some((puzzle.clone(), unmarked, 3)));
        assert!(others_untouched(&image));
        let (old, new) = (found_game::<P>(&image), Some((puzzle.clone(), moved.clone(), 9)));
        for cut_at in 0..=P::MARKS_BYTES + 16 {
            let mut cut = image;
            let mut at = saves.clone();
            at.save_progress::<P>(moved, 9, &mut PowerCut { image: &mut cut, cut_at, garble: true, writes: 0 });
            let now = found_game::<P>(&cut);
            assert!(now == old || now == new, "cut at byte write {cut_at}");
            assert!(others_untouched(&cut), "cut at byte write {cut_at}");
        }
        saves.save_progress::<P>(moved, 9, &mut image);
        assert_eq!(found_game::<P>(&image), new);
        image
    }

    #[test]
    fn each_puzzle_keeps_its_own_game_and_a_cut_in_one_leaves_the_others_alone() {
        let hitori = image_with_history();
        let lizards = crate::puzzles::lizards::generate::Engine::new().generate(8, Difficulty::Medium, 5).unwrap();
        let mut lizard_marks = crate::puzzles::lizards::Marks::new();
        lizard_marks.lizards.insert(lizards.solution.iter().next().unwrap());
        let image = keeps_its_own_game::<Lizards>(hitori, &lizards, &lizard_marks);
        // Sudoku's marks: a digit in one open cell, pencil marks in another.
        let sudoku = crate::puzzles::sudoku::generate::Generator::new().generate(Difficulty::Easy, 5);
        let mut open = (0..81).filter(|&cell| sudoku.givens[cell] == 0);
        let (digit_at, pencil_at) = (open.next().unwrap(), open.next().unwrap());
        let mut sudoku_marks = crate::puzzles::sudoku::play::Marks::EMPTY;
        sudoku_marks.set_digit(digit_at, sudoku.solution[digit_at]);
        sudoku_marks.toggle_pencil(pencil_at, 0b1_0000_0101);
        let image = keeps_its_own_game::<Sudoku>(image, &sudoku, &sudoku_marks);
        assert_eq!(found(&image), found(&hitori), "Hitori's game and best times untouched");
    }

    #[test]
    fn a_cut_while_saving_a_move_keeps_the_old_or_the_new_progress() {
        let moved = play_with(&[(0, 0, Mark::Shaded), (3, 6, Mark::Unshaded), (5, 5, Mark::Shaded)]);
        check_every_cut(&image_with_history(), |saves, sram| saves.save_progress::<Hitori>(&moved, 55, sram));
    }

    #[test]
    fn a_cut_while_saving_a_new_game_keeps_the_old_game_or_the_whole_new_one() {
        let new = puzzle(3);
        let save = |saves: &mut Saves, sram: &mut PowerCut| saves.save_new_game::<Hitori>(&new, &Marks::NONE, 0, sram);
        // Over a game in progress, over a finished game, over nothing.
        let image = check_every_cut(&image_with_history(), save);
        // And again: the new puzzle goes into the other slot, keeping the one just saved.
        let other = puzzle(4);
        check_every_cut(&image, |saves, sram| saves.save_new_game::<Hitori>(&other, &Marks::NONE, 0, sram));
        let mut finished = image_with_history();
        saves_of(&finished).save_finished(&BestTimes::new(Kind::Hitori), &mut finished);
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

    /// A switch of puzzles reads only where a new game goes: the same saves and best times as
    /// reading the whole area, with a game in progress, a finished one, none, or a puzzle
    /// record lost.
    #[test]
    fn reading_where_a_new_game_goes_finds_what_reading_the_game_does() {
        let finished = {
            let mut image = image_with_history();
            saves_of(&image).save_finished(&BestTimes::new(Kind::Hitori), &mut image);
            image
        };
        let puzzle_lost = {
            let mut image = image_with_history();
            let game = saves_of(&image).game.expect("a saved game");
            image[usize::from(area(Kind::Hitori).puzzle[usize::from(game.puzzle_slot)]) + HEADER] ^= 1;
            image
        };
        for (what, image) in [("history", image_with_history()), ("finished", finished), ("blank", blank()), ("puzzle lost", puzzle_lost)] {
            let (mut whole, mut whole_best) = (Saves::new(), BestTimes::new(Kind::Hitori));
            let offered = whole.load::<Hitori>(&mut image.clone(), &mut whole_best, &mut Puzzle::new(), &mut Marks::NONE.clone());
            assert_eq!(offered.is_some(), what == "history", "{what}");
            let (mut places, mut places_best) = (Saves::new(), BestTimes::new(Kind::Hitori));
            places.load_places::<Hitori>(&mut image.clone(), &mut places_best);
            assert_eq!((&places, &places_best), (&whole, &whole_best), "{what}");
            assert_eq!(places.new_game_place(), whole.new_game_place(), "{what}");
        }
    }

    #[test]
    fn the_same_puzzle_played_again_is_a_new_game() {
        // A typed seed code gives the same puzzle: finishing the first game must not hide the second.
        let mut image = blank();
        let mut saves = saves_of(&image);
        saves.save_new_game::<Hitori>(&puzzle(1), &Marks::NONE, 0, &mut image);
        saves.save_finished(&BestTimes::new(Kind::Hitori), &mut image);
        assert_eq!(found(&image).game, None);
        saves.save_new_game::<Hitori>(&puzzle(1), &Marks::NONE, 0, &mut image);
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
        let mut best = BestTimes::new(Kind::Hitori);
        for round in 0..0x10002u32 {
            let new = if round % 2 == 0 { &first } else { &second };
            let seconds = (round % 1000) as u16;
            best.record(7, Difficulty::Medium, 1000 - seconds);
            if [0x7FFF, 0x8000, 0xFFFF, 0x10000].contains(&round) {
                image = check_every_cut(&image, |saves, sram| saves.save_new_game::<Hitori>(new, &Marks::NONE, 0, sram));
                image = check_every_cut(&image, |saves, sram| saves.save_progress::<Hitori>(&moved, seconds, sram));
                image = check_every_cut(&image, |saves, sram| saves.save_finished(&best, sram));
                saves = saves_of(&image);
            } else {
                saves.save_new_game::<Hitori>(new, &Marks::NONE, 0, &mut image);
                saves.save_progress::<Hitori>(&moved, seconds, &mut image);
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
            assert_eq!(found(&image), Found { best: BestTimes::new(Kind::Hitori), game: None });
            let mut saves = saves_of(&image);
            saves.save_new_game::<Hitori>(&puzzle(1), &Marks::NONE, 9, &mut image);
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
        let mut best = BestTimes::new(Kind::Hitori);
        let steps: [&dyn Fn(&mut Saves, &mut Image, &mut BestTimes); 6] = [
            &|s, i, _| s.save_new_game::<Hitori>(&puzzle(1), &Marks::NONE, 0, i),
            &|s, i, _| s.save_progress::<Hitori>(&play_with(&[(2, 2, Mark::Shaded)]), 12, i),
            &|s, i, b| {
                b.record(7, Difficulty::Medium, 300);
                s.save_finished(b, i)
            },
            &|s, i, _| s.save_new_game::<Hitori>(&puzzle(2), &Marks::NONE, 0, i),
            &|s, i, _| s.save_progress::<Hitori>(&play_with(&[(4, 1, Mark::Unshaded)]), 20, i),
            &|s, i, _| s.save_progress::<Hitori>(&play_with(&[(4, 1, Mark::Unshaded), (6, 6, Mark::Shaded)]), 31, i),
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
        let mut best = BestTimes::new(Kind::Hitori);
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
