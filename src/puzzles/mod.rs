//! The puzzles on the cartridge, one backend each, and what they share.
//!
//! In the manner of Simon Tatham's collection: every puzzle is a pure model (`no_std`, no
//! allocation, no floats, fixed-size state owned by the caller) with the same shape — a new
//! puzzle from (size, level, seed), a check of the player's marks, a complete solver that
//! counts solutions up to 2, exact grading by named deductions, a hint that names its
//! deduction, moves with their inverses, solved or not. The game (`crate::game`) drives them
//! and never reaches inside one. What the backends share lives here: the levels, the random
//! source, seed codes.

pub mod code;
pub mod play;
pub mod hitori;
pub mod level;
pub mod lizards;
pub mod record;
pub mod numberlink;
pub mod rng;
pub mod sudoku;

use level::Difficulty;

/// Which puzzle: its place in the title's list, and its number in seed codes and saves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Hitori = 0,
    Lizards = 1,
    Sudoku = 2,
    Numberlink = 3,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Hitori, Kind::Lizards, Kind::Sudoku, Kind::Numberlink];

    /// The name the CLI's `--puzzle` takes and its output's first word.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Hitori => "hitori",
            Kind::Lizards => "lizards",
            Kind::Sudoku => "sudoku",
            Kind::Numberlink => "numberlink",
        }
    }

    /// The smallest and largest board sizes of this puzzle.
    pub const fn sizes(self) -> (u8, u8) {
        match self {
            Kind::Hitori => (hitori::Hitori::MIN_SIZE, hitori::Hitori::MAX_SIZE),
            Kind::Lizards => (lizards::Lizards::MIN_SIZE, lizards::Lizards::MAX_SIZE),
            Kind::Sudoku => (sudoku::Sudoku::MIN_SIZE, sudoku::Sudoku::MAX_SIZE),
            Kind::Numberlink => (numberlink::Numberlink::MIN_SIZE, numberlink::Numberlink::MAX_SIZE),
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| text.eq_ignore_ascii_case(kind.name()))
    }

    /// The kind whose number (its value, as in seed codes and saves) is `index`.
    pub fn from_index(index: u8) -> Option<Kind> {
        Kind::ALL.into_iter().find(|&kind| kind as u8 == index)
    }
}

/// What the frame (game screens, the CLI, the benches) needs from a puzzle. Every function is
/// a pure function of its arguments: the same (size, level, seed) gives the same puzzle on the
/// console and on the host.
pub trait Backend {
    const KIND: Kind;
    /// The smallest and largest sizes (a board is `size` x `size`).
    const MIN_SIZE: u8;
    const MAX_SIZE: u8;
    /// The givens and their one solution, fixed size.
    type Puzzle: Clone;
    /// Working memory for generating, solving, grading and hints: a static on the console,
    /// the one puzzle engine in WRAM at a time.
    type Engine;
    /// The player's marks, without history (the frame keeps the moves for undo).
    type Marks: Clone;
    /// One change the player makes, carrying what it replaced, so that its inverse undoes it.
    type Move: Copy;
    /// The next step for the player: the cells of a deduction and its named rule, a mistake,
    /// or solved.
    type Hint: Copy;

    /// The puzzle of (size, level, seed) into `out`; false when the size is out of range.
    fn generate_into(engine: &mut Self::Engine, size: u8, level: Difficulty, seed: u32, out: &mut Self::Puzzle) -> bool;
    /// The number of solutions of the puzzle's givens, counted up to `limit`.
    fn count_solutions(engine: &mut Self::Engine, puzzle: &Self::Puzzle, limit: u8) -> u8;
    /// The lowest level whose named deductions solve the givens, or `None` when none does.
    fn grade(engine: &mut Self::Engine, puzzle: &Self::Puzzle) -> Option<Difficulty>;
    /// Makes the move on the marks.
    fn apply(marks: &mut Self::Marks, mv: Self::Move);
    /// The move that undoes `mv`.
    fn inverse(mv: Self::Move) -> Self::Move;
    /// Whether the marks are the solution.
    fn is_solved(puzzle: &Self::Puzzle, marks: &Self::Marks) -> bool;
    /// The next hint for these marks.
    fn hint(engine: &mut Self::Engine, puzzle: &Self::Puzzle, marks: &Self::Marks) -> Self::Hint;
}
