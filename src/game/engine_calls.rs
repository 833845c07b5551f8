//! The engine as the game calls it: a few entry points that live in switchable ROM banks on the
//! console, so the engine's code (over 20 KB) stays out of the fixed bank 0: the generator in
//! bank 1, the checks and hints used during play in bank 2. The back end places the code only
//! these entries reach in their bank and calls the entries through the bank-switching
//! trampoline (docs/ARCHITECTURE.md, "ROM banks"). On the host they are plain calls. The
//! engine marks a few entries of its own: the solver (bank 5, shared by generator and hints),
//! the generator's numbering (bank 7, for room in bank 1) and the hints' next deduction (bank
//! 11, for room in bank 5).

use crate::puzzles::hitori::board::{Board, CellSet};
use crate::puzzles::level::Difficulty;
use crate::puzzles::hitori::generate::{Generator, Puzzle};
use crate::puzzles::hitori::play::{CheckPart, Hint, Marks, Move, Play};
use crate::puzzles::hitori::rules::ViolationMap;

/// Generates the puzzle of (size, difficulty, seed) into `puzzle` (seconds on the console).
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank1"))]
#[inline(never)]
pub fn generate(generator: &mut Generator, size: u8, difficulty: Difficulty, seed: u32, puzzle: &mut Puzzle) -> bool {
    generator.generate_into(size, difficulty, seed, puzzle)
}

/// Brings the cells to highlight up to date after `moved` (every rule when `None`), as far
/// as `part` goes; returns the part to do next, if any. The last part leaves the cells whose
/// highlight changed in `changed`.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank2"))]
#[inline(never)]
pub fn update_violations(
    play: &Play,
    board: &Board,
    moved: Option<Move>,
    out: &mut ViolationMap,
    part: CheckPart,
    changed: &mut CellSet,
) -> Option<CheckPart> {
    play.update_violations_part(board, moved, out, part, changed)
}

/// The next hint for the player's marks, using the generator's idle solver.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank2"))]
#[inline(never)]
pub fn hint(marks: &Marks, puzzle: &Puzzle, generator: &mut Generator, out: &mut Hint) {
    *out = marks.hint(&puzzle.board, &puzzle.solution, generator.solver());
}
