//! The generator: a random Latin square, a random shading kept legal by the island guard, then
//! numbers under the shaded cells copied from unshaded cells of their row or column. A
//! candidate is kept when it grades at the requested level and the complete search finds
//! exactly one solution; otherwise new numbers, a new shading, or a new square are tried.

use super::board::{Board, CellSet, MAX_SIZE, MIN_SIZE, cell_at, col_of, row_of};
use super::difficulty::{Difficulty, grade};
use super::latin::{fill_latin_square, shuffle};
use super::rng::Rng;
use super::solve::{Mark, Solver};

/// A generated puzzle with its unique solution.
#[derive(Clone)]
pub struct Puzzle {
    pub board: Board,
    /// The shaded cells of the only solution.
    pub solution: CellSet,
    pub difficulty: Difficulty,
    pub seed: u32,
}

/// Number choices tried per shading, and shadings per Latin square, before starting over.
const NUMBERINGS_PER_SHADING: u8 = 4;
const SHADINGS_PER_SQUARE: u8 = 4;

/// The generator's working memory, owned by the caller (a static on the console).
pub struct Generator {
    solver: Solver,
    order: [u8; 225],
    /// Candidates tried by the last call (for the benchmark).
    pub candidates_tried: u16,
}

impl Default for Generator {
    fn default() -> Self {
        Self::new()
    }
}

impl Generator {
    pub fn new() -> Generator {
        Generator { solver: Solver::new(MAX_SIZE), order: [0; 225], candidates_tried: 0 }
    }

    /// The puzzle of (size, difficulty, seed); `None` unless 5 <= size <= 15.
    pub fn generate(&mut self, size: u8, difficulty: Difficulty, seed: u32) -> Option<Puzzle> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let mut rng = Rng::new(seed ^ ((size as u32) << 24) ^ ((difficulty as u32) << 30));
        let mut board = Board::new(size)?;
        self.candidates_tried = 0;
        loop {
            fill_latin_square(&mut board, &mut rng);
            let square = board.clone();
            for _ in 0..SHADINGS_PER_SQUARE {
                let shading = self.random_shading(&square, &mut rng);
                for _ in 0..NUMBERINGS_PER_SHADING {
                    self.candidates_tried = self.candidates_tried.wrapping_add(1);
                    board.clone_from(&square);
                    number_shaded_cells(&mut board, &shading, &mut rng);
                    if grade(&board, &mut self.solver) != Some(difficulty) {
                        continue;
                    }
                    // Grading solved it by sound deductions; the complete search proves it.
                    if self.solver.count_solutions(&board, 2) == 1 {
                        let solution = *self.solver.solution();
                        return Some(Puzzle { board, solution, difficulty, seed });
                    }
                }
            }
        }
    }

    /// A maximal set of cells, taken in random order, that can be shaded without touching or
    /// splitting the unshaded region.
    fn random_shading(&mut self, square: &Board, rng: &mut Rng) -> CellSet {
        let n = square.size();
        let mut count = 0usize;
        for cell in CellSet::full(n).iter() {
            self.order[count] = cell;
            count += 1;
        }
        shuffle(&mut self.order[..count], rng);
        self.solver.reset(n);
        for &cell in &self.order[..count] {
            // A refused mark (touching or splitting) leaves the solver as it was.
            let _ = self.solver.assign(square, cell, Mark::Shaded);
        }
        *self.solver.shaded()
    }
}

/// Give each shaded cell the number of a random unshaded cell of its row or column, so that
/// shading it is justified and the unshaded cells keep their Latin property.
fn number_shaded_cells(board: &mut Board, shading: &CellSet, rng: &mut Rng) {
    let n = board.size();
    for cell in shading.iter() {
        let (r, c) = (row_of(cell), col_of(cell));
        // Candidates: the unshaded cells of the row, then of the column.
        let mut choices = [0u8; 2 * MAX_SIZE as usize];
        let mut count = 0;
        for i in 0..n {
            for other in [cell_at(r, i), cell_at(i, c)] {
                if other != cell && !shading.contains(other) {
                    choices[count] = board.number(other);
                    count += 1;
                }
            }
        }
        let pick = rng.below(count as u8) as usize;
        board.set_number(cell, choices[pick]);
    }
}
