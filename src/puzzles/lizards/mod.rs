//! Baby Lizards: an `n` x `n` nursery with trees; place the given number of lizards on free
//! cells so that no lizard sees another along its row, its column or either diagonal (a tree
//! between two lizards blocks the view). Every puzzle has exactly one solution.
//!
//! The unit of the puzzle is the *segment*: a maximal tree-free run of cells along a row, a
//! column or a diagonal. "No lizard sees another" is exactly "every segment holds at most one
//! lizard", so the engine numbers each cell's four segments once per board ([`grid::Segments`])
//! and every question after that is a table load: the search's "is this cell safe" is three
//! taken flags ([`solve`]), the deductions count open cells per segment ([`deduce`]). The
//! generator gives each puzzle as many lizards as row segments, so every row segment must hold
//! one: the counting the easy rules start from ([`generate`]).
//!
//! A pure game model: no drawing, no input. The frame calls the [`Backend`] functions, plus
//! [`Lizards::conflicts`] and [`Marks::placed`] for the live errors.

pub mod deduce;
pub mod generate;
pub mod grid;
pub mod play;
pub mod record;
pub mod solve;

use deduce::{Deduction, Line, Mark, Rule};
use generate::{Engine, Puzzle};
use grid::{Board, CellSet, Dir};
use solve::WalkingSight;

use super::level::Difficulty;
use super::{Backend, Kind};

/// Baby Lizards behind the frame's interface.
pub struct Lizards;

/// The player's marks: lizards and cells marked empty.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Marks {
    pub lizards: CellSet,
    pub empty: CellSet,
}

impl Marks {
    pub const fn new() -> Marks {
        Marks { lizards: CellSet::EMPTY, empty: CellSet::EMPTY }
    }

    pub fn mark(&self, cell: u8) -> Mark {
        if self.lizards.contains(cell) {
            Mark::Lizard
        } else if self.empty.contains(cell) {
            Mark::Empty
        } else {
            Mark::Unknown
        }
    }

    /// Lizards placed (the status line sets them against the puzzle's count).
    pub fn placed(&self) -> u8 {
        self.lizards.len()
    }
}

/// One change of one cell's mark.
pub type Move = super::play::CellMove<Mark>;

/// What a hint tells the player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    /// This mark disagrees with the solution.
    Mistake(u8),
    /// The next logical step: light up [`Deduction::lit`], name [`Deduction::rule`].
    Deduction(Deduction),
    /// No rule applies (only for boards not generated here): the solution's mark of this cell.
    Reveal(u8, Mark),
    /// Every lizard is placed.
    Solved,
}

/// Lizards that see each other, for the live errors.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Conflicts {
    /// Every lizard that sees another.
    pub lizards: CellSet,
    /// The cells strictly between two lizards that see each other.
    pub between: CellSet,
}

impl Lizards {
    /// Which of `lizards` see each other on `board`, and the cells of the lines between them.
    /// Walks each lizard's four lines forward to the next tree, edge or lizard: at most
    /// 4 n steps a lizard, no tables, so the frame can call it after every move.
    pub fn conflicts(board: &Board, lizards: &CellSet) -> Conflicts {
        let mut found = Conflicts::default();
        for r in 0..board.size() {
            for c in 0..board.size() {
                let cell = board.cell_at(r, c);
                if !lizards.contains(cell) {
                    continue;
                }
                for dir in Dir::ALL {
                    let (mut at, mut between) = ((r, c), CellSet::EMPTY);
                    while let Some((r2, c2)) = board.step(at.0, at.1, dir, true) {
                        let next = board.cell_at(r2, c2);
                        if board.is_tree(next) {
                            break;
                        }
                        if lizards.contains(next) {
                            found.lizards.insert(cell);
                            found.lizards.insert(next);
                            found.between = found.between.union(&between);
                            break;
                        }
                        between.insert(next);
                        at = (r2, c2);
                    }
                }
            }
        }
        found
    }
}

/// The engine's entry points. The game ROM keeps the engine in one ROM bank (8 for now; the
/// frame's banks are docs/ARCHITECTURE.md, "ROM banks"): calls from outside come in here,
/// through the bank-switching trampoline, while the engine's own code calls what is behind
/// them directly.
impl Engine {
    /// The puzzle of (size, level, seed) into `out`; false when the size is out of range.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank8"), inline(never))]
    pub fn generate_puzzle(&mut self, size: u8, level: Difficulty, seed: u32, out: &mut Puzzle) -> bool {
        self.generate_into(size, level, seed, out)
    }

    /// Solutions of `lizards` lizards on `board`, counted up to `limit` by the segment search;
    /// the first is then [`Engine::solution`].
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank8"), inline(never))]
    pub fn count_solutions(&mut self, board: &Board, lizards: u8, limit: u8) -> u8 {
        self.segments.build(board);
        self.search.count(&mut self.sight, board, &mut self.segments, lizards, limit, &CellSet::ALL)
    }

    /// The same count by the plain solver, which walks the lines instead of reading segment
    /// flags (the benchmarks' reference).
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank8"), inline(never))]
    pub fn count_solutions_walking(&mut self, board: &Board, lizards: u8, limit: u8) -> u8 {
        self.segments.build(board);
        self.search.count(&mut WalkingSight::new(), board, &mut self.segments, lizards, limit, &CellSet::ALL)
    }

    /// The lowest level whose deductions solve the board, or `None`.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank8"), inline(never))]
    pub fn grade(&mut self, board: &Board, lizards: u8) -> Option<Difficulty> {
        self.segments.build(board);
        deduce::grade(&mut self.deducer, board, &self.segments, lizards)
    }

    /// The next hint for `marks`: a wrong mark first, else the easiest deduction from them.
    /// In bank 13 with the deductions' closure (bank 8, the generator's, has no room for them).
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank13"), inline(never))]
    pub fn hint(&mut self, puzzle: &Puzzle, marks: &Marks) -> Hint {
        self.next_hint(puzzle, marks)
    }

    /// The first solution the last count met.
    pub fn solution(&self) -> &CellSet {
        self.search.solution()
    }

    /// Search nodes (lizards tried) of the last count.
    pub fn search_nodes(&self) -> u16 {
        self.search.nodes
    }

    fn next_hint(&mut self, puzzle: &Puzzle, marks: &Marks) -> Hint {
        let board = &puzzle.board;
        for cell in 0..board.cells() {
            let wrong = match marks.mark(cell) {
                Mark::Lizard => !puzzle.solution.contains(cell),
                Mark::Empty => puzzle.solution.contains(cell),
                Mark::Unknown => false,
            };
            if wrong {
                return Hint::Mistake(cell);
            }
        }
        if marks.lizards == puzzle.solution {
            return Hint::Solved;
        }
        self.segments.build(board);
        let (segments, deducer) = (&self.segments, &mut self.deducer);
        deducer.reset(board, segments, puzzle.lizards);
        for cell in 0..board.cells() {
            let marked = match marks.mark(cell) {
                Mark::Lizard => deducer.place(segments, cell),
                Mark::Empty => deducer.cross(segments, cell),
                Mark::Unknown => Ok(false),
            };
            if marked.is_err() {
                // Marks that agree with the solution never contradict; a board without one
                // (not generated here) gets the cell shown.
                return reveal(cell, &puzzle.solution);
            }
        }
        // Sight first: the cells the player's lizards see and the player has not marked.
        for cell in 0..board.cells() {
            let seen = !board.is_tree(cell) && !deducer.is_open(cell) && !deducer.lizards().contains(cell);
            if seen && !marks.empty.contains(cell) {
                for dir in Dir::ALL {
                    if let Some(lizard) = lizard_in_segment(segments, &marks.lizards, dir, cell) {
                        let line = Line { dir, cell: lizard };
                        return Hint::Deduction(Deduction::sight(cell, line));
                    }
                }
            }
        }
        match deducer.next(segments, Difficulty::Hard) {
            Ok(Some(d)) => Hint::Deduction(d),
            _ => match deducer.open().iter().next() {
                Some(cell) => reveal(cell, &puzzle.solution),
                None => Hint::Solved,
            },
        }
    }
}

/// A lizard of `lizards` in the segment of `cell` along `dir`.
fn lizard_in_segment(segments: &grid::Segments, lizards: &CellSet, dir: Dir, cell: u8) -> Option<u8> {
    for forward in [true, false] {
        let mut at = cell;
        while let Some(next) = segments.next_in_segment(dir, at, forward) {
            if lizards.contains(next) {
                return Some(next);
            }
            at = next;
        }
    }
    None
}

fn reveal(cell: u8, solution: &CellSet) -> Hint {
    Hint::Reveal(cell, if solution.contains(cell) { Mark::Lizard } else { Mark::Empty })
}

impl Deduction {
    /// A lizard sees `cell` along `line`: mark it empty.
    fn sight(cell: u8, line: Line) -> Deduction {
        Deduction::with_lines(Rule::Sight, cell, Mark::Empty, &[line])
    }
}

impl Backend for Lizards {
    const KIND: Kind = Kind::Lizards;
    const MIN_SIZE: u8 = grid::MIN_SIZE;
    const MAX_SIZE: u8 = grid::MAX_SIZE;
    type Puzzle = Puzzle;
    type Engine = Engine;
    type Marks = Marks;
    type Move = Move;
    type Hint = Hint;

    fn generate_into(engine: &mut Engine, size: u8, level: Difficulty, seed: u32, out: &mut Puzzle) -> bool {
        engine.generate_puzzle(size, level, seed, out)
    }

    fn count_solutions(engine: &mut Engine, puzzle: &Puzzle, limit: u8) -> u8 {
        engine.count_solutions(&puzzle.board, puzzle.lizards, limit)
    }

    fn grade(engine: &mut Engine, puzzle: &Puzzle) -> Option<Difficulty> {
        engine.grade(&puzzle.board, puzzle.lizards)
    }

    fn apply(marks: &mut Marks, mv: Move) {
        marks.lizards.remove(mv.cell);
        marks.empty.remove(mv.cell);
        match mv.to {
            Mark::Lizard => marks.lizards.insert(mv.cell),
            Mark::Empty => marks.empty.insert(mv.cell),
            Mark::Unknown => {}
        }
    }

    fn inverse(mv: Move) -> Move {
        mv.inverse()
    }

    fn is_solved(puzzle: &Puzzle, marks: &Marks) -> bool {
        marks.lizards == puzzle.solution
    }

    fn hint(engine: &mut Engine, puzzle: &Puzzle, marks: &Marks) -> Hint {
        engine.hint(puzzle, marks)
    }
}
