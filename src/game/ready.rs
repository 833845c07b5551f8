//! Puzzles kept ready in battery RAM, so that a new game with a random seed starts at once:
//! the background worker generates them in the frames' idle time (`super::work`) and writes
//! each into a slot of its own; starting a game takes one out. Seven slots after the saves'
//! areas (`save::AREAS_END`) and before the settings (`save::SETTINGS`), each a puzzle record
//! of its puzzle's layout with its signature (`HRDY` for Hitori's) and, as its sequence
//! number, a stamp that orders the slots by age (docs/save-format.md, "Ready puzzles").
//!
//! A slot is written like every save (first byte cleared first and written last) and taken by
//! clearing its first byte before the game it starts is saved: a power cut leaves it whole,
//! or invalid and generated again. It never touches the saved game's records.

use super::save::{self, AREAS_END, HEADER, MAX_PUZZLE_LEN, Storage, puzzle_len};
use crate::puzzles::Kind;
use crate::puzzles::level::Difficulty;
use crate::puzzles::record::Record;

pub const READY_SLOTS: usize = 7;
/// Bytes from one slot to the next (the longest puzzle record fits).
const SLOT_BYTES: u16 = 0x140;
const _: () = assert!(
    MAX_PUZZLE_LEN <= SLOT_BYTES as usize
        && AREAS_END as usize + READY_SLOTS * SLOT_BYTES as usize <= save::SETTINGS[0] as usize
);

/// A puzzle, size and level: what a ready puzzle is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Variant {
    pub puzzle: Kind,
    pub size: u8,
    pub difficulty: Difficulty,
}

impl Variant {
    /// Never 0 (every size is at least 4): 0 marks an empty slot.
    fn pack(self) -> u8 {
        (self.puzzle as u8) << 6 | self.size << 2 | self.difficulty as u8
    }
}

/// Where a ready puzzle is written and its stamp.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Claim {
    pub slot: u8,
    pub stamp: u16,
}

fn offset(slot: u8) -> u16 {
    AREAS_END + u16::from(slot) * SLOT_BYTES
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
            // Every puzzle's body begins with its size and level (`Record`).
            let puzzle = Kind::ALL.into_iter().find(|&kind| [m0, m1, m2, m3] == save::magic(kind, *b"RDY"));
            let fits = |kind: Kind| (kind.sizes().0..=kind.sizes().1).contains(&size) && version == save::VERSION;
            if let (Some(puzzle), Some(difficulty)) = (puzzle.filter(|&kind| fits(kind)), Difficulty::from_index(level)) {
                self.kinds[usize::from(slot)] = Variant { puzzle, size, difficulty }.pack();
                self.stamps[usize::from(slot)] = stamp;
                if !save::newer(self.next_stamp, stamp) {
                    self.next_stamp = stamp.wrapping_add(1);
                }
            }
        }
    }

    /// The slot holding a puzzle of `kind`, if any.
    pub fn slot_of(&self, kind: Variant) -> Option<u8> {
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
    pub fn kept(&mut self, claim: Claim, kind: Variant) {
        self.kinds[usize::from(claim.slot)] = kind.pack();
        self.stamps[usize::from(claim.slot)] = claim.stamp;
    }

    /// Empties `slot`: its copy is made invalid before the game its puzzle starts is saved, so
    /// a cut in between loses the ready puzzle and never plays it twice.
    pub fn drop_slot(&mut self, slot: u8, storage: &mut impl Storage) {
        self.kinds[usize::from(slot)] = 0;
        storage.write(offset(slot), &[0]);
    }
}

/// Reads the puzzle of `variant` in `slot` into `puzzle` (the worker does, for a game about
/// to start): false when its copy is not a valid puzzle of that variant. The game then drops
/// the slot ([`ReadyPuzzles::drop_slot`]) before it saves the new game.
#[inline(never)] // as `keep`: its buffer overlays the generator's static frame
pub fn read<P: Record>(slot: u8, variant: Variant, storage: &mut impl Storage, puzzle: &mut P::Puzzle) -> bool {
    let mut bytes = [0u8; MAX_PUZZLE_LEN];
    let bytes = &mut bytes[..puzzle_len::<P>()];
    storage.read(offset(slot), bytes);
    variant.puzzle == P::KIND
        && save::decode_puzzle::<P>(bytes, save::magic(P::KIND, *b"RDY"), puzzle).is_some()
        && P::size_and_level(puzzle) == (variant.size, variant.difficulty)
}

/// Writes `puzzle` into the slot `claim` names (the worker does, in the background). Not
/// inlined: its record buffer then shares static frame space with the generator's, which has
/// returned by then.
#[inline(never)]
pub fn keep<P: Record>(puzzle: &P::Puzzle, claim: Claim, storage: &mut impl Storage) {
    let mut out = [0u8; MAX_PUZZLE_LEN];
    let out = &mut out[..puzzle_len::<P>()];
    save::encode_puzzle::<P>(puzzle, save::magic(P::KIND, *b"RDY"), claim.stamp, out);
    save::write_slot(storage, offset(claim.slot), out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::hitori::Hitori;
    use crate::puzzles::hitori::generate::{Generator, Puzzle};

    type Image = [u8; 0x2000];

    fn puzzle(size: u8, difficulty: Difficulty, seed: u32) -> Puzzle {
        Generator::new().generate(size, difficulty, seed).unwrap()
    }

    fn kind_of(p: &Puzzle) -> Variant {
        Variant { puzzle: Kind::Hitori, size: p.board.size(), difficulty: p.difficulty }
    }

    #[test]
    fn kept_puzzles_are_found_after_power_off_and_taken_once() {
        let mut image: Image = [0xFF; 0x2000];
        let mut ready = ReadyPuzzles::new();
        ready.load(&mut image);
        let kept: Vec<Puzzle> = [(9, Difficulty::Easy), (15, Difficulty::Hard), (5, Difficulty::Medium)]
            .iter()
            .map(|&(size, level)| puzzle(size, level, 7))
            .collect();
        for p in &kept {
            let claim = ready.claim();
            keep::<Hitori>(p, claim, &mut image);
            ready.kept(claim, kind_of(p));
        }
        // Power off: a new index from the headers alone.
        let mut after = ReadyPuzzles::new();
        after.load(&mut image);
        for p in &kept {
            let slot = after.slot_of(kind_of(p)).expect("kept");
            let mut taken = Puzzle::new();
            assert!(read::<Hitori>(slot, kind_of(p), &mut image, &mut taken));
            assert_eq!((taken.board.clone(), taken.solution, taken.seed), (p.board.clone(), p.solution, p.seed));
            after.drop_slot(slot, &mut image);
            assert_eq!(after.slot_of(kind_of(p)), None, "taken once");
        }
        let mut again = ReadyPuzzles::new();
        again.load(&mut image);
        assert!(kept.iter().all(|p| again.slot_of(kind_of(p)).is_none()), "taken slots stay empty after power-off");
    }

    #[test]
    fn a_claim_takes_an_empty_slot_else_the_oldest() {
        let mut image: Image = [0; 0x2000];
        let mut ready = ReadyPuzzles::new();
        let p = puzzle(5, Difficulty::Easy, 1);
        let mut slots = Vec::new();
        for _ in 0..READY_SLOTS {
            let claim = ready.claim();
            keep::<Hitori>(&p, claim, &mut image);
            ready.kept(claim, kind_of(&p));
            slots.push(claim.slot);
        }
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), READY_SLOTS, "every slot used before any is written over");
        // Full: the next claims go to the slots written first, in order, also after a reload.
        let first = ready.claim();
        assert_eq!(first.slot, 0);
        ready.load(&mut image);
        assert_eq!(ready.claim().slot, 0);
    }

    #[test]
    fn a_cut_at_any_write_of_a_ready_puzzle_leaves_it_whole_or_invalid() {
        let p = puzzle(12, Difficulty::Medium, 3);
        let claim = Claim { slot: 4, stamp: 9 };
        let mut whole: Image = [0xA5; 0x2000];
        keep::<Hitori>(&p, claim, &mut whole);
        /// SRAM that stops taking writes after `left` of them (each call one write).
        struct Cut<'a> {
            image: &'a mut Image,
            left: usize,
        }
        impl Storage for Cut<'_> {
            fn read(&mut self, offset: u16, buffer: &mut [u8]) {
                self.image.read(offset, buffer);
            }
            fn write(&mut self, offset: u16, bytes: &[u8]) {
                if self.left > 0 {
                    self.left -= 1;
                    self.image.write(offset, bytes);
                }
            }
        }
        for left in 0..=3 {
            let mut image: Image = [0xA5; 0x2000];
            keep::<Hitori>(&p, claim, &mut Cut { image: &mut image, left });
            let mut ready = ReadyPuzzles::new();
            ready.load(&mut image);
            let mut taken = Puzzle::new();
            match ready.slot_of(kind_of(&p)) {
                Some(slot) => {
                    assert!(read::<Hitori>(slot, kind_of(&p), &mut image, &mut taken), "cut after {left} writes");
                    assert_eq!(taken.board, p.board);
                }
                None => assert!(left < 3, "whole after its three writes"),
            }
        }
    }

    #[test]
    fn a_corrupt_slot_is_not_taken() {
        let p = puzzle(9, Difficulty::Easy, 2);
        let mut image: Image = [0; 0x2000];
        let mut ready = ReadyPuzzles::new();
        let claim = ready.claim();
        keep::<Hitori>(&p, claim, &mut image);
        image[usize::from(offset(claim.slot)) + 40] ^= 0x10;
        ready.load(&mut image);
        let slot = ready.slot_of(kind_of(&p)).expect("the header is whole");
        assert!(!read::<Hitori>(slot, kind_of(&p), &mut image, &mut Puzzle::new()));
    }
}
