//! Puzzles kept ready in battery RAM, so that a new game with a random seed starts at once:
//! the background worker generates them in the frames' idle time (`super::work`) and writes
//! each into a slot of its own; starting a game takes one out. Twenty slots from
//! `save::UNUSED_FROM`, each a puzzle record of the save's layout with the signature `HRDY`
//! and, as its sequence number, a stamp that orders the slots by age (docs/save-format.md,
//! "Ready puzzles").
//!
//! A slot is written like every save (first byte cleared first and written last) and taken by
//! clearing its first byte before the game it starts is saved: a power cut leaves it whole,
//! or invalid and generated again. It never touches the saved game's records.

use super::save::{self, HEADER, PUZZLE_LEN, Storage, UNUSED_FROM, VERSION};
use crate::engine::board::{MAX_SIZE, MIN_SIZE};
use crate::engine::difficulty::Difficulty;
use crate::engine::generate::Puzzle;

pub const READY_SLOTS: usize = 20;
/// Bytes from one slot to the next (a puzzle record takes `PUZZLE_LEN`).
const SLOT_BYTES: u16 = 0x140;
const READY_MAGIC: [u8; 4] = *b"HRDY";
const _: () = assert!(
    PUZZLE_LEN <= SLOT_BYTES as usize && UNUSED_FROM as usize + READY_SLOTS * SLOT_BYTES as usize <= 0x2000
);

/// A size and level: what a ready puzzle is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kind {
    pub size: u8,
    pub difficulty: Difficulty,
}

impl Kind {
    /// Never 0 (sizes start at 5): 0 marks an empty slot.
    fn pack(self) -> u8 {
        self.size << 2 | self.difficulty as u8
    }
}

/// Where a ready puzzle is written and its stamp.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Claim {
    pub slot: u8,
    pub stamp: u16,
}

fn offset(slot: u8) -> u16 {
    UNUSED_FROM + u16::from(slot) * SLOT_BYTES
}

/// Which slots hold a puzzle of which kind: their headers, read at boot, and what was written
/// and taken since. (A slot's checksum is checked when its puzzle is taken.)
pub struct ReadyPuzzles {
    /// `Kind::pack` of each slot's puzzle, 0 for none.
    kinds: [u8; READY_SLOTS],
    stamps: [u16; READY_SLOTS],
    next_stamp: u16,
}

impl Default for ReadyPuzzles {
    fn default() -> Self {
        Self::new()
    }
}

impl ReadyPuzzles {
    pub const fn new() -> ReadyPuzzles {
        ReadyPuzzles { kinds: [0; READY_SLOTS], stamps: [0; READY_SLOTS], next_stamp: 0 }
    }

    /// Reads every slot's header (nine bytes each).
    pub fn load(&mut self, storage: &mut impl Storage) {
        *self = ReadyPuzzles::new();
        for slot in 0..READY_SLOTS as u8 {
            let mut head = [0u8; HEADER + 2];
            storage.read(offset(slot), &mut head);
            let [m0, m1, m2, m3, version, seq0, seq1, size, level] = head;
            let stamp = u16::from_le_bytes([seq0, seq1]);
            let valid = [m0, m1, m2, m3] == READY_MAGIC && version == VERSION && (MIN_SIZE..=MAX_SIZE).contains(&size);
            if let (true, Some(difficulty)) = (valid, Difficulty::from_index(level)) {
                self.kinds[usize::from(slot)] = Kind { size, difficulty }.pack();
                self.stamps[usize::from(slot)] = stamp;
                if !save::newer(self.next_stamp, stamp) {
                    self.next_stamp = stamp.wrapping_add(1);
                }
            }
        }
    }

    /// The slot holding a puzzle of `kind`, if any.
    pub fn slot_of(&self, kind: Kind) -> Option<u8> {
        self.kinds.iter().position(|&k| k == kind.pack()).map(|slot| slot as u8)
    }

    /// Where the next ready puzzle goes: an empty slot, else the one written longest ago.
    /// The slot is forgotten at once, as the worker is about to overwrite it.
    pub fn claim(&mut self) -> Claim {
        let mut slot = 0;
        for s in 0..READY_SLOTS {
            if self.kinds[s] == 0 {
                slot = s;
                break;
            }
            if save::newer(self.stamps[slot], self.stamps[s]) {
                slot = s;
            }
        }
        self.kinds[slot] = 0;
        let stamp = self.next_stamp;
        self.next_stamp = stamp.wrapping_add(1);
        Claim { slot: slot as u8, stamp }
    }

    /// The worker has written a puzzle of `kind` as `claim` said.
    pub fn kept(&mut self, claim: Claim, kind: Kind) {
        self.kinds[usize::from(claim.slot)] = kind.pack();
        self.stamps[usize::from(claim.slot)] = claim.stamp;
    }

    /// Takes the puzzle of `kind` out of `slot` into `puzzle`, leaving the slot empty: false
    /// (and the slot forgotten) when its copy is not a valid puzzle of that kind.
    #[inline(never)] // as `keep`: its buffer overlays the saves' own
    pub fn take(&mut self, slot: u8, kind: Kind, storage: &mut impl Storage, puzzle: &mut Puzzle) -> bool {
        self.kinds[usize::from(slot)] = 0;
        let mut bytes = [0u8; PUZZLE_LEN];
        storage.read(offset(slot), &mut bytes);
        // Invalid from here on, before the game it starts is saved: a cut in between loses
        // the ready puzzle, never plays it twice.
        storage.write(offset(slot), &[0]);
        save::decode_puzzle(&bytes, READY_MAGIC, puzzle).is_some()
            && puzzle.board.size() == kind.size
            && puzzle.difficulty == kind.difficulty
    }
}

/// Writes `puzzle` into the slot `claim` names (the worker does, in the background). Not
/// inlined: its record buffer then shares static frame space with the generator's, which has
/// returned by then.
#[inline(never)]
pub fn keep(puzzle: &Puzzle, claim: Claim, storage: &mut impl Storage) {
    let mut out = [0u8; PUZZLE_LEN];
    save::encode_puzzle(puzzle, READY_MAGIC, claim.stamp, &mut out);
    save::write_slot(storage, offset(claim.slot), &out);
}
