//! The generator: a solution first, then trees until the level's deductions find it, then
//! away with the trees they do not need.
//!
//! 1. Random trees (one cell in eight), then a lizard in every row segment where one still
//!    fits, in random order and at a random safe cell. A row segment where none fits (every
//!    cell seen) gets one behind a new tree that blocks its only onlooker, the tree at an end of
//!    its own row segment; failing that the segment becomes trees. So every row segment holds
//!    exactly one lizard and the puzzle's count is the row segments' count: the players' first
//!    foothold ("each row segment holds one") and the deductions'.
//! 2. Trees until the level's closure is complete (then the closure is the only solution:
//!    every deduction holds in every solution). While there are two solutions, a tree goes on a
//!    lizard of the other one; once there is one, on a cell the deductions left open. Each new
//!    tree takes the rest of its row segment on the side away from that segment's lizard (every
//!    row segment still holds one), and of the choices one nearest a segment's end is taken (the
//!    fewest trees). After [`FIXES`] trees, a new candidate.
//! 3. Every tree in a random order, taken away when that keeps the solution one (its lizards
//!    see no other, every row segment holds one) and the level's closure complete; a cleared
//!    tree's neighbour along the row is tried next, peeling runs of trees. Kept when the level
//!    below's closure is not complete, else a new candidate.

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
            if self.add_trees(level, &mut rng, puzzle) && self.clear_trees(level, &mut rng, puzzle) {
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
            let in_row = |cell: u8| cell < board.cells() && segments.id(Dir::Row, cell) == row;
            let fits = |sight: &SegmentSight, cell: u8| sight.safe(board, segments, cell, 0, 0);
            let count = (start..).take_while(|&cell| in_row(cell)).filter(|&cell| fits(&self.sight, cell)).count() as u8;
            if count == 0 {
                continue;
            }
            let choice = rng.below(count) as usize;
            let Some(cell) = (start..).take_while(|&cell| in_row(cell)).filter(|&cell| fits(&self.sight, cell)).nth(choice) else {
                continue;
            };
            self.sight.place(segments, cell);
            solution.insert(cell);
            held.insert(row);
        }
        // Row segments without a lizard (every cell seen): a lizard there behind a new tree
        // that blocks its one onlooker, else the segment becomes trees.
        loop {
            let segments = &self.segments;
            let Some(row) = (0..segments.count(Dir::Row)).find(|&row| {
                let mut at = Some(segments.row_start(row));
                while let Some(cell) = at {
                    if solution.contains(cell) {
                        return false;
                    }
                    at = segments.next_in_segment(Dir::Row, cell, true);
                }
                true
            }) else {
                break;
            };
            let start = segments.row_start(row);
            match shield(board, segments, &solution, start) {
                Some((lizard, tree)) => {
                    board.set_tree(tree);
                    solution.insert(lizard);
                }
                None => {
                    let mut at = Some(start);
                    while let Some(cell) = at {
                        board.set_tree(cell);
                        at = segments.next_in_segment(Dir::Row, cell, true);
                    }
                }
            }
            self.segments.build(board);
        }
        puzzle.lizards = solution.len();
        puzzle.solution = solution;
    }

    /// Step 2: trees until the level's closure is complete; false after [`FIXES`] of them.
    fn add_trees(&mut self, level: Difficulty, rng: &mut Rng, puzzle: &mut Puzzle) -> bool {
        for _ in 0..FIXES {
            if self.solves(&puzzle.board, puzzle.lizards, level) {
                return true;
            }
            // Two solutions: a tree on a lizard of the other one. One: the puzzle needs more
            // than the level, so a tree on a cell the deductions left open.
            let choices = if self.search.count(&mut self.sight, &puzzle.board, &self.segments, puzzle.lizards, 2) == 2 {
                let other = self.search.solution();
                let other = if *other == puzzle.solution { self.search.second_solution() } else { other };
                other.minus(&puzzle.solution)
            } else {
                self.deducer.open().minus(&puzzle.solution)
            };
            // The fewest new trees: a random one of the choices nearest their row segment's end.
            let Some(fewest) = choices.iter().map(|cell| self.planting(&puzzle.solution, cell).1).min() else {
                return false;
            };
            let mut nearest = CellSet::EMPTY;
            for cell in choices.iter().filter(|&cell| self.planting(&puzzle.solution, cell).1 == fewest) {
                nearest.insert(cell);
            }
            let Some(cell) = nearest.iter().nth(rng.below(nearest.len()) as usize) else { return false };
            let (forward, _) = self.planting(&puzzle.solution, cell);
            let beyond = self.segments.next_in_segment(Dir::Row, cell, forward);
            puzzle.board.set_tree(cell);
            self.segments.build(&puzzle.board);
            // The cells beyond the tree are a row segment without a lizard: one where a lizard
            // fits, else trees.
            if let Some(start) = beyond {
                let sight = &mut self.sight;
                sight.clear();
                for lizard in puzzle.solution.iter() {
                    sight.place(&self.segments, lizard);
                }
                let mut safe = CellSet::EMPTY;
                let mut at = Some(start);
                while let Some(here) = at {
                    if sight.safe(&puzzle.board, &self.segments, here, 0, 0) {
                        safe.insert(here);
                    }
                    at = self.segments.next_in_segment(Dir::Row, here, forward);
                }
                match safe.iter().nth(rng.below(safe.len().max(1)) as usize) {
                    Some(lizard) => {
                        puzzle.solution.insert(lizard);
                        puzzle.lizards += 1;
                    }
                    None => {
                        self.plant_run(&mut puzzle.board, start, forward);
                        self.segments.build(&puzzle.board);
                    }
                }
            }
        }
        false
    }

    /// Trees on `cell` and on the cells of its row segment beyond it (`forward`: to its end).
    fn plant_run(&self, board: &mut Board, cell: u8, forward: bool) {
        let mut at = Some(cell);
        while let Some(here) = at {
            board.set_tree(here);
            at = self.segments.next_in_segment(Dir::Row, here, forward);
        }
    }

    /// Which way from `cell` leads away from its row segment's lizard (forward: to the
    /// segment's end), and the cells that way, `cell` included.
    fn planting(&self, solution: &CellSet, cell: u8) -> (bool, u8) {
        let segments = &self.segments;
        let (mut lizard_after, mut after, mut before) = (false, 0, 0);
        let mut at = cell;
        while let Some(next) = segments.next_in_segment(Dir::Row, at, true) {
            lizard_after |= solution.contains(next);
            after += 1;
            at = next;
        }
        let mut at = cell;
        while let Some(next) = segments.next_in_segment(Dir::Row, at, false) {
            before += 1;
            at = next;
        }
        if lizard_after { (false, before + 1) } else { (true, after + 1) }
    }

    /// Step 3: every tree in a random order, taken away when the puzzle stays one of the
    /// level's (see the module doc); true when the result is not one of the level below's.
    fn clear_trees(&mut self, level: Difficulty, rng: &mut Rng, puzzle: &mut Puzzle) -> bool {
        let board = &mut puzzle.board;
        let cells = board.cells();
        // A random order: a random start and a step coprime to the cell count.
        let step = loop {
            let step = STEPS[rng.below(STEPS.len() as u8) as usize];
            if board.size() % step != 0 {
                break step;
            }
        };
        let mut cell = rng.below(cells);
        for _ in 0..cells {
            cell = if cell + step >= cells { cell + step - cells } else { cell + step };
            // A cleared tree makes the next one along its row clearable: peel the run.
            let mut at = Some(board.row_col(cell));
            while let Some((r, c)) = at {
                let here = board.cell_at(r, c);
                if !board.is_tree(here) || !clearable(board, &puzzle.solution, here) {
                    break;
                }
                board.remove_tree(here);
                self.segments.build(board);
                if !self.solves(board, puzzle.lizards, level) {
                    board.set_tree(here);
                    break;
                }
                // Away from the free neighbour the tree joined.
                let forward = board.step(r, c, Dir::Row, false).is_some_and(|(r, c)| !board.is_tree(board.cell_at(r, c)));
                at = board.step(r, c, Dir::Row, forward);
            }
        }
        self.segments.build(board);
        self.solves(board, puzzle.lizards, level)
            && level_below(level).is_none_or(|below| !self.solves(board, puzzle.lizards, below))
    }

    /// Whether the closure of `level` solves `board` (whose segments are built).
    fn solves(&mut self, board: &Board, lizards: u8, level: Difficulty) -> bool {
        self.deducer.reset(board, &self.segments, lizards);
        self.deducer.closure(&self.segments, level).is_ok() && self.deducer.is_complete()
    }
}

/// Trees added to a candidate before giving it up. 24 left 12x12 easy puzzles 44 candidates
/// each (host, 10 seeds); 64, one.
const FIXES: u8 = 64;
/// Steps of the tree order: primes, one of them coprime to every size.
const STEPS: [u8; 4] = [5, 7, 11, 13];

/// Whether the tree on `cell` can go with the solution still one: its lizards see no other,
/// and every row segment holds one of them. So `cell` joins exactly one row segment (a free
/// neighbour on one side, a tree or the edge on the other: two free sides would join two
/// lizards, none would make a row segment without one), and on no column or diagonal does it
/// join two segments that each hold a lizard.
fn clearable(board: &Board, solution: &CellSet, cell: u8) -> bool {
    let (r, c) = board.row_col(cell);
    let free = |at: Option<(u8, u8)>| at.is_some_and(|(r, c)| !board.is_tree(board.cell_at(r, c)));
    if free(board.step(r, c, Dir::Row, true)) == free(board.step(r, c, Dir::Row, false)) {
        return false;
    }
    [Dir::Column, Dir::Diagonal, Dir::AntiDiagonal].into_iter().all(|dir| {
        [true, false].into_iter().any(|forward| {
            let mut at = (r, c);
            while let Some((r2, c2)) = board.step(at.0, at.1, dir, forward) {
                let next = board.cell_at(r2, c2);
                if board.is_tree(next) {
                    return true;
                }
                if solution.contains(next) {
                    return false;
                }
                at = (r2, c2);
            }
            true
        })
    })
}

/// For the row segment starting at `start`, which holds no lizard: a cell of it that one
/// lizard alone sees, and a cell between them where a tree blocks the view without making a
/// row segment (it is at an end of its own row segment).
fn shield(board: &Board, segments: &Segments, lizards: &CellSet, start: u8) -> Option<(u8, u8)> {
    let mut at = Some(start);
    while let Some(cell) = at {
        at = segments.next_in_segment(Dir::Row, cell, true);
        let (r, c) = board.row_col(cell);
        let mut blocker = None;
        let mut onlookers = 0;
        for dir in [Dir::Column, Dir::Diagonal, Dir::AntiDiagonal] {
            for forward in [true, false] {
                let (mut pos, mut end_cell) = ((r, c), None);
                while let Some((r2, c2)) = board.step(pos.0, pos.1, dir, forward) {
                    let next = board.cell_at(r2, c2);
                    if board.is_tree(next) {
                        break;
                    }
                    if lizards.contains(next) {
                        onlookers += 1;
                        blocker = end_cell;
                        break;
                    }
                    let row_end = c2 == 0 || c2 + 1 == board.size() || board.is_tree(next - 1) || board.is_tree(next + 1);
                    if row_end && end_cell.is_none() {
                        end_cell = Some(next);
                    }
                    pos = (r2, c2);
                }
            }
        }
        if let (1, Some(tree)) = (onlookers, blocker) {
            return Some((cell, tree));
        }
    }
    None
}

/// Trees sown at random before the lizards (some land twice): about one cell in eight.
/// Measured at 9x9 and 12x12 (host, 20 seeds a level): one in four gave more trees and lizards,
/// one in sixteen fewer trees but two to five times the candidates.
fn tree_count(n: u8) -> u8 {
    n * n / 8
}

fn level_below(level: Difficulty) -> Option<Difficulty> {
    Difficulty::from_index((level as u8).checked_sub(1)?)
}
