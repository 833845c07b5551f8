//! The generator: solution first, then trees until the level's deductions (and not the level
//! below's) find that solution.
//!
//! 1. Random trees, then one lizard in every row segment where one still fits, in random order
//!    and at a random safe cell. A row segment where none fits (every cell seen) becomes trees,
//!    so every row segment holds exactly one lizard and the puzzle's count is the row segments'
//!    count: the players' first foothold ("each row segment holds one") and the deductions'.
//! 2. The requested level's closure. Complete: the closure is the only solution (every deduction
//!    holds in every solution); kept when the level below's closure is not complete, else a new
//!    candidate. Incomplete: an open cell without the solution's lizard becomes a tree together
//!    with the rest of its row segment on the side away from that segment's lizard (so every row
//!    segment still holds one), and the closure runs again; after [`FIXES`] trees, a new candidate.

use super::deduce::Deducer;
use super::grid::{Board, CellSet, Dir, MAX_SIZE, MIN_SIZE, Segments};
use super::solve::{Search, SegmentSight, Sight};
use crate::puzzles::level::Difficulty;
use crate::puzzles::rng::Rng;

/// A generated puzzle with its one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub board: Board,
    /// The lizards to place.
    pub lizards: u8,
    /// Where they go.
    pub solution: CellSet,
    pub difficulty: Difficulty,
    pub seed: u32,
}

impl Default for Puzzle {
    fn default() -> Self {
        Puzzle::new()
    }
}

impl Puzzle {
    pub const fn new() -> Puzzle {
        Puzzle { board: Board::blank(MIN_SIZE), lizards: 0, solution: CellSet::EMPTY, difficulty: Difficulty::Easy, seed: 0 }
    }

    /// An order-sensitive 16-bit hash of the size, the count, every tree and every lizard: a
    /// cheap fingerprint to check that the console and the host generate the same puzzle.
    pub fn digest(&self) -> u16 {
        let mut hash = u16::from(self.board.size()) * 31 + u16::from(self.lizards);
        for cell in 0..self.board.cells() {
            let value = u16::from(self.board.is_tree(cell)) | u16::from(self.solution.contains(cell)) << 1;
            hash = hash.wrapping_mul(31).wrapping_add(value);
        }
        hash
    }
}

/// Trees added to an incomplete candidate before giving it up.
const FIXES: u8 = 12;

/// Working memory for generating, solving, grading and hints (one static on the console).
pub struct Engine {
    pub(crate) segments: Segments,
    pub(crate) search: Search,
    pub(crate) sight: SegmentSight,
    pub(crate) deducer: Deducer,
    /// Candidates tried by the last generation (for the benchmarks).
    pub candidates_tried: u16,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub const fn new() -> Engine {
        Engine {
            segments: Segments::new(),
            search: Search::new(),
            sight: SegmentSight::new(),
            deducer: Deducer::new(),
            candidates_tried: 0,
        }
    }

    /// The puzzle of (size, level, seed); `None` unless 6 <= size <= 12.
    pub fn generate(&mut self, size: u8, level: Difficulty, seed: u32) -> Option<Puzzle> {
        let mut puzzle = Puzzle::new();
        self.generate_into(size, level, seed, &mut puzzle).then_some(puzzle)
    }

    /// [`Engine::generate`] into a caller-owned puzzle; false when the size is out of range.
    pub fn generate_into(&mut self, size: u8, level: Difficulty, seed: u32, puzzle: &mut Puzzle) -> bool {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return false;
        }
        let mut rng = Rng::new(seed ^ (u32::from(size) << 24) ^ ((level as u32) << 30));
        self.candidates_tried = 0;
        loop {
            self.candidates_tried = self.candidates_tried.wrapping_add(1);
            self.candidate(size, &mut rng, puzzle);
            if self.settle(level, &mut rng, puzzle) {
                puzzle.difficulty = level;
                puzzle.seed = seed;
                return true;
            }
        }
    }

    /// Step 1: random trees and a lizard in every row segment.
    fn candidate(&mut self, n: u8, rng: &mut Rng, puzzle: &mut Puzzle) {
        let board = &mut puzzle.board;
        board.clear(n);
        for _ in 0..tree_count(n) {
            let cell = board.cell_at(rng.below(n), rng.below(n));
            board.set_tree(cell);
        }
        self.segments.build(board);
        let segments = &self.segments;
        let rows = segments.count(Dir::Row);
        self.sight.clear();
        let mut solution = CellSet::EMPTY;
        // Row segments holding a lizard, by id.
        let mut held = CellSet::EMPTY;
        // Random segments first, then every one left in order.
        for pick in 0..rows * 2 {
            let row = if pick < rows { rng.below(rows) } else { pick - rows };
            if held.contains(row) {
                continue;
            }
            let start = segments.row_start(row);
            let safe = |cell: u8| cell < board.cells() && segments.id(Dir::Row, cell) == row;
            let fits = |sight: &SegmentSight, cell: u8| sight.safe(board, segments, cell, 0, 0);
            let count = (start..).take_while(|&cell| safe(cell)).filter(|&cell| fits(&self.sight, cell)).count() as u8;
            if count == 0 {
                continue;
            }
            let choice = rng.below(count);
            let cell = (start..).take_while(|&cell| safe(cell)).filter(|&cell| fits(&self.sight, cell)).nth(choice as usize);
            let Some(cell) = cell else { continue };
            self.sight.place(segments, cell);
            solution.insert(cell);
            held.insert(row);
        }
        // Row segments without a lizard: every cell is seen, so they become trees.
        let mut filled = false;
        for row in 0..rows {
            if !held.contains(row) {
                let mut at = Some(self.segments.row_start(row));
                while let Some(cell) = at {
                    board.set_tree(cell);
                    at = self.segments.next_in_segment(Dir::Row, cell, true);
                }
                filled = true;
            }
        }
        if filled {
            self.segments.build(board);
        }
        puzzle.lizards = solution.len();
        puzzle.solution = solution;
    }

    /// Step 2: trees until the level's closure is complete; true when the puzzle is kept.
    fn settle(&mut self, level: Difficulty, rng: &mut Rng, puzzle: &mut Puzzle) -> bool {
        for _ in 0..FIXES {
            let (segments, deducer) = (&self.segments, &mut self.deducer);
            deducer.reset(&puzzle.board, segments, puzzle.lizards);
            if deducer.closure(segments, level).is_err() {
                // Sound rules on a board with a solution meet no contradiction.
                debug_assert!(false, "contradiction on a solvable board");
                return false;
            }
            if deducer.is_complete() {
                debug_assert_eq!(deducer.lizards(), &puzzle.solution);
                let Some(below) = level_below(level) else { return true };
                deducer.reset(&puzzle.board, segments, puzzle.lizards);
                let _ = deducer.closure(segments, below);
                return !deducer.is_complete();
            }
            // Two solutions: a tree on a lizard of the other one. One: the puzzle needs more
            // than the level, so a tree on any cell the deductions left open.
            let choices = if self.search.count(&mut self.sight, &puzzle.board, &self.segments, puzzle.lizards, 2) == 2 {
                let other = self.search.solution();
                let other = if *other == puzzle.solution { self.search.second_solution() } else { other };
                other.minus(&puzzle.solution)
            } else {
                self.deducer.open().minus(&puzzle.solution)
            };
            let undecided = choices;
            let count = undecided.len();
            if count == 0 {
                return false;
            }
            let Some(cell) = undecided.iter().nth(rng.below(count) as usize) else { return false };
            self.plant_from(&mut puzzle.board, &puzzle.solution, cell);
            self.segments.build(&puzzle.board);
        }
        false
    }

    /// Trees on `cell` and on the cells of its row segment beyond it, away from the
    /// segment's lizard.
    fn plant_from(&self, board: &mut Board, solution: &CellSet, cell: u8) {
        let segments = &self.segments;
        let mut lizard_after = false;
        let mut at = cell;
        while let Some(next) = segments.next_in_segment(Dir::Row, at, true) {
            lizard_after |= solution.contains(next);
            at = next;
        }
        let mut at = Some(cell);
        while let Some(here) = at {
            board.set_tree(here);
            at = segments.next_in_segment(Dir::Row, here, !lizard_after);
        }
    }
}

/// Trees sown at random before the lizards (some land twice): about one cell in eight.
fn tree_count(n: u8) -> u8 {
    n * n / 8
}

fn level_below(level: Difficulty) -> Option<Difficulty> {
    Difficulty::from_index((level as u8).checked_sub(1)?)
}
