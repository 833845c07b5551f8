//! The game-facing state: the player's marks on a puzzle, moves with undo and redo, live rule
//! violations, the solved test and hints.

use super::board::{Board, CellSet, MAX_SIZE};
use super::rules::ViolationMap;
use super::solve::{Deduction, Mark, Solver};
use crate::puzzles::level::Difficulty;
use super::generate::Puzzle;
use super::Hitori;
use crate::puzzles::play::{CellMarks, CellMove, MarkBits};

/// One change of one cell's mark.
pub type Move = CellMove<Mark>;

/// The parts of [`Play::update_violations`], in order: the moved cell's twins (the cells
/// rules 1 and 4 look at again), rule 1 (repeats among kept cells), rule 2 (touching shaded
/// cells), rule 3 (regions cut off: a search that may go on over more parts,
/// [`CheckPart::MoreRegions`]), rule 4 (unjustified shading), then the cells to highlight
/// from all four. Each fits a frame on the console; all of them together do not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CheckPart {
    Twins,
    Kept,
    Touching,
    Regions,
    MoreRegions,
    Justified,
    Flags,
}

impl CheckPart {
    pub const FIRST: CheckPart = CheckPart::Twins;
}

/// What a hint tells the player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    /// This mark disagrees with the solution.
    Mistake(u8),
    /// The next logical step.
    Deduction(Deduction),
    /// No rule applies (only for puzzles beyond Hard): the solution's mark of this cell.
    Reveal(u8, Mark),
    /// Every cell is marked correctly.
    Solved,
}

/// The player's marks on a Hitori puzzle and the moves that made them.
pub type Play = crate::puzzles::play::Play<Hitori>;

impl MarkBits for Mark {
    fn bits(self) -> u8 {
        self as u8
    }

    fn from_bits(bits: u8) -> Mark {
        match bits {
            1 => Mark::Shaded,
            2 => Mark::Unshaded,
            _ => Mark::Unknown,
        }
    }
}

impl Play {
    pub fn shaded(&self) -> &CellSet {
        &self.marks().shaded
    }

    pub fn circled(&self) -> &CellSet {
        &self.marks().circled
    }

    /// The usual one-button cycle: unknown, shaded, circled, unknown.
    pub fn cycle(&mut self, cell: u8) {
        let next = match self.mark(cell) {
            Mark::Unknown => Mark::Shaded,
            Mark::Shaded => Mark::Unshaded,
            Mark::Unshaded => Mark::Unknown,
        };
        self.set_mark(cell, next);
    }

    /// Put back marks saved earlier (cells marked both ways stay unmarked), with no history.
    pub fn restore(&mut self, shaded: &CellSet, circled: &CellSet) {
        self.restore_with(|marks| {
            *marks = Marks { shaded: *shaded, circled: *circled };
            marks.unmark_both_ways();
        });
    }

    /// Cells to highlight now: repeats among circled cells, touching shaded cells, regions cut
    /// off by shaded cells (unmarked cells count as open), shaded cells with no twin left open.
    pub fn violations(&self, board: &Board) -> ViolationMap {
        ViolationMap::build(board, &self.marks().shaded, &self.marks().circled)
    }

    /// Brings `map` (the violations before `moved`) up to date after `moved`, redoing only the
    /// rules the move can change: a circle added or taken away changes the repeats, a shade
    /// the other three rules. `None` (any other change, such as a restart) redoes them all.
    pub fn update_violations(&self, board: &Board, moved: Option<Move>, map: &mut ViolationMap) {
        let (mut part, mut changed) = (Some(CheckPart::FIRST), CellSet::EMPTY);
        while let Some(now) = part {
            part = self.update_violations_part(board, moved, map, now, &mut changed);
        }
    }

    /// One part of [`Play::update_violations`] (the console does one a frame); returns the
    /// part to do next, if any. The last part leaves in the board's rows of `changed` the
    /// cells whose highlight the check changed.
    pub fn update_violations_part(
        &self,
        board: &Board,
        moved: Option<Move>,
        map: &mut ViolationMap,
        part: CheckPart,
        changed: &mut CellSet,
    ) -> Option<CheckPart> {
        let touches = |mark: Mark| moved.is_none_or(|m| m.from == mark || m.to == mark);
        let (kept, shaded) = (touches(Mark::Unshaded), touches(Mark::Shaded));
        let toggled = moved.map(|m| m.cell);
        match part {
            CheckPart::Twins => {
                if let Some(cell) = toggled {
                    map.find_twins(board, cell);
                }
                Some(CheckPart::Kept)
            }
            CheckPart::Kept => {
                if kept {
                    map.check_kept(board, &self.marks().circled, toggled);
                }
                Some(CheckPart::Touching)
            }
            CheckPart::Touching => {
                if shaded {
                    map.check_touching(board, &self.marks().shaded, toggled);
                }
                Some(CheckPart::Regions)
            }
            CheckPart::Regions => {
                let found = !shaded || map.check_regions(board, &self.marks().shaded, toggled);
                Some(if found { CheckPart::Justified } else { CheckPart::MoreRegions })
            }
            CheckPart::MoreRegions => {
                let found = map.continue_regions(board, &self.marks().shaded);
                Some(if found { CheckPart::Justified } else { CheckPart::MoreRegions })
            }
            CheckPart::Justified => {
                if shaded {
                    map.check_justified(board, &self.marks().shaded, toggled);
                }
                Some(CheckPart::Flags)
            }
            CheckPart::Flags => {
                map.flag(board, changed);
                None
            }
        }
    }

    /// Whether the marks solve `puzzle`: its one solution is shaded (unmarked cells count as
    /// unshaded). Generated puzzles have exactly one shading that keeps all four rules, so this
    /// equality is the rules check, at the cost of comparing two sets.
    pub fn is_solved(&self, puzzle: &Puzzle) -> bool {
        // Row by row, to the first difference: `==` on the sets became SDCC's `memcmp`, about
        // 11k cycles a move on the console (`make bench-rom`).
        let shaded = &self.marks().shaded;
        (0..puzzle.board.size()).all(|r| shaded.row(r) == puzzle.solution.row(r))
    }

    /// The next hint for these marks (see [`Marks::hint`]).
    pub fn hint(&self, board: &Board, solution: &CellSet, solver: &mut Solver) -> Hint {
        self.marks().hint(board, solution, solver)
    }
}

/// The player's marks without their history: 60 bytes, what a hint job carries to the
/// background worker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Marks {
    pub shaded: CellSet,
    pub circled: CellSet,
}

impl CellMarks for Marks {
    type Mark = Mark;
    const NONE: Marks = Marks::NONE;

    fn mark(&self, cell: u8) -> Mark {
        Marks::mark(self, cell)
    }
}

impl Marks {
    /// No cell marked.
    pub const NONE: Marks = Marks { shaded: CellSet::EMPTY, circled: CellSet::EMPTY };

    /// Unmarks the cells marked both ways (a damaged save's), in place, a row at a time.
    pub fn unmark_both_ways(&mut self) {
        for r in 0..MAX_SIZE {
            let both = self.shaded.row(r) & self.circled.row(r);
            self.shaded.set_row(r, self.shaded.row(r) & !both);
            self.circled.set_row(r, self.circled.row(r) & !both);
        }
    }

    pub fn mark(&self, cell: u8) -> Mark {
        mark_in(&self.shaded, &self.circled, cell)
    }

    /// Gives `cell` the mark `mark` (its old mark goes).
    pub fn put(&mut self, cell: u8, mark: Mark) {
        self.shaded.remove(cell);
        self.circled.remove(cell);
        match mark {
            Mark::Shaded => self.shaded.insert(cell),
            Mark::Unshaded => self.circled.insert(cell),
            Mark::Unknown => {}
        }
    }

    /// The next hint: a wrong mark first, else the easiest deduction from the marks.
    pub fn hint(&self, board: &Board, solution: &CellSet, solver: &mut Solver) -> Hint {
        let n = board.size();
        for cell in CellSet::full(n).iter() {
            let wrong = match self.mark(cell) {
                Mark::Shaded => !solution.contains(cell),
                Mark::Unshaded => solution.contains(cell),
                Mark::Unknown => false,
            };
            if wrong {
                return Hint::Mistake(cell);
            }
        }
        solver.reset(board);
        for cell in CellSet::full(n).iter() {
            let mark = self.mark(cell);
            if mark != Mark::Unknown && solver.assign(board, cell, mark).is_err() {
                // Marks that agree with a solution never contradict; a board without one
                // (not generated here) gets the cell shown.
                return reveal(cell, solution);
            }
        }
        if solver.is_complete() {
            return Hint::Solved;
        }
        match solver.next_deduction(board, Difficulty::Hard) {
            Ok(Some(d)) => Hint::Deduction(d),
            _ => match CellSet::full(n).minus(&self.shaded).minus(&self.circled).first() {
                Some(cell) => reveal(cell, solution),
                None => Hint::Solved,
            },
        }
    }
}

fn mark_in(shaded: &CellSet, circled: &CellSet, cell: u8) -> Mark {
    if shaded.contains(cell) {
        Mark::Shaded
    } else if circled.contains(cell) {
        Mark::Unshaded
    } else {
        Mark::Unknown
    }
}

fn reveal(cell: u8, solution: &CellSet) -> Hint {
    Hint::Reveal(cell, if solution.contains(cell) { Mark::Shaded } else { Mark::Unshaded })
}
