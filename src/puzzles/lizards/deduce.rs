//! Deductions with levels, grading and the next step for hints.
//!
//! The state is the lizards placed, the cells still open (neither lizard nor empty) and, per
//! direction and segment, the open cells left and whether a lizard holds it. A segment *must
//! hold* a lizard when, in its direction, the segments that still can (no lizard yet, an open
//! cell) are exactly as many as the lizards still to place: each of them takes one, since no
//! segment takes two. The generator gives every puzzle as many lizards as row segments, so at
//! the start every row segment must hold one; other directions become tight as cells close.
//!
//! Rules, easiest first (each only adds marks, so a level's closure does not depend on the
//! order they apply in; grading is the closure at Easy, then Medium, then Hard):
//! - Easy: *sight* (a lizard's four lines stay empty; applied with every lizard placed) and
//!   *last cell* (a segment that must hold a lizard has one open cell).
//! - Medium: *pair* (a lizard on this cell would see both open cells of a must-hold segment,
//!   leaving it empty).
//! - Hard: *block* (the same for a must-hold segment with three or more open cells) and
//!   *pigeonhole* (two must-hold segments of one direction whose open cells lie in two segments
//!   of another direction: those two take both lizards, so their other cells stay empty).
//!
//! Not a rule: "a must-hold segment's open cells all lie in one other segment" (Star Battle's
//! region lock). Two cells share at most one line, so with two or more open cells it never
//! happens, and with one it is a last cell.

use super::grid::{Board, CellSet, Dir, MAX_SEGMENTS, NO_SEGMENT, Segments};
use super::solve::SEGMENT_SET_BYTES;
use crate::puzzles::level::Difficulty;

const BIT: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// A cell's mark, in the solver and in play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Unknown = 0,
    Lizard = 1,
    /// Marked as holding no lizard.
    Empty = 2,
}

/// A reason to mark a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rule {
    /// A lizard sees this cell along a row, column or diagonal.
    Sight,
    /// A segment that must hold a lizard has this one open cell.
    LastCell,
    /// A lizard here would see both open cells of a segment that must hold a lizard.
    Pair,
    /// A lizard here would see every open cell (three or more) of a segment that must hold one.
    Block,
    /// Two must-hold segments' open cells lie in two other segments, whose lizards are theirs.
    Pigeonhole,
}

impl Rule {
    /// The level that first allows this rule.
    pub fn level(self) -> Difficulty {
        match self {
            Rule::Sight | Rule::LastCell => Difficulty::Easy,
            Rule::Pair => Difficulty::Medium,
            Rule::Block | Rule::Pigeonhole => Difficulty::Hard,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::Sight => "sight",
            Rule::LastCell => "last cell",
            Rule::Pair => "pair",
            Rule::Block => "block",
            Rule::Pigeonhole => "pigeonhole",
        }
    }
}

/// A segment named by one of its cells and its direction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Line {
    pub dir: Dir,
    pub cell: u8,
}

/// One forced mark: `cell` must be `mark` because of `rule`, read from the segments `lines`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Deduction {
    pub rule: Rule,
    pub cell: u8,
    pub mark: Mark,
    lines: [Line; 4],
    line_count: u8,
}

impl Deduction {
    pub(super) fn with_lines(rule: Rule, cell: u8, mark: Mark, lines: &[Line]) -> Deduction {
        let mut d = Deduction { rule, cell, mark, lines: [Line { dir: Dir::Row, cell }; 4], line_count: lines.len() as u8 };
        d.lines[..lines.len()].copy_from_slice(lines);
        d
    }

    /// The segments the deduction reads (sight: the lizard's; last cell, pair, block: the
    /// must-hold segment; pigeonhole: the two must-hold segments and the two they fill).
    pub fn lines(&self) -> &[Line] {
        &self.lines[..self.line_count as usize]
    }

    /// The cells to light up: the cell and every cell of the segments it is read from.
    pub fn lit(&self, board: &Board) -> CellSet {
        let mut set = CellSet::EMPTY;
        set.insert(self.cell);
        for line in self.lines() {
            set = set.union(&board.segment_cells(line.cell, line.dir));
        }
        set
    }
}

/// The marks so far cannot be completed to a solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction;

/// What a rule does with a deduction it finds: applies it and goes on (closures), or keeps the
/// first and stops (hints).
enum Sink {
    Apply { changed: bool },
    Find(Option<Deduction>),
}

impl Sink {
    /// Whether deductions need their lines (a hint shows them; a closure only applies them).
    fn explains(&self) -> bool {
        matches!(self, Sink::Find(_))
    }
}

/// In the pigeonhole scratch: no target segment seen yet, or more than two.
const NONE: u8 = NO_SEGMENT;
const MANY: u8 = 0xFE;

/// Caller-owned deduction state for one board; the board's [`Segments`] are passed to every
/// call (the engine keeps one copy for the solver and the deductions).
#[derive(Clone)]
pub struct Deducer {
    open: CellSet,
    lizards: CellSet,
    /// Lizards still to place.
    left: u8,
    /// Per direction, the segments holding a lizard (bit per id).
    held: [[u8; SEGMENT_SET_BYTES]; 4],
    /// Per direction and segment, its open cells.
    open_count: [[u8; MAX_SEGMENTS]; 4],
    /// Per direction, the segments that can still take a lizard (none yet, an open cell).
    live: [u8; 4],
    /// Pigeonhole scratch, per segment of the source direction: the first and second
    /// segments of the target direction its open cells lie in ([`NONE`], [`MANY`]).
    first_target: [u8; MAX_SEGMENTS],
    second_target: [u8; MAX_SEGMENTS],
}

impl Default for Deducer {
    fn default() -> Self {
        Deducer::new()
    }
}

impl Deducer {
    pub const fn new() -> Deducer {
        Deducer {
            open: CellSet::EMPTY,
            lizards: CellSet::EMPTY,
            left: 0,
            held: [[0; SEGMENT_SET_BYTES]; 4],
            open_count: [[0; MAX_SEGMENTS]; 4],
            live: [0; 4],
            first_target: [0; MAX_SEGMENTS],
            second_target: [0; MAX_SEGMENTS],
        }
    }

    /// Every free cell open, `lizards` to place.
    pub fn reset(&mut self, board: &Board, segments: &Segments, lizards: u8) {
        self.open = CellSet::EMPTY;
        self.lizards = CellSet::EMPTY;
        self.left = lizards;
        self.held = [[0; SEGMENT_SET_BYTES]; 4];
        self.open_count = [[0; MAX_SEGMENTS]; 4];
        for cell in 0..board.cells() {
            if board.is_tree(cell) {
                continue;
            }
            self.open.insert(cell);
            for dir in Dir::ALL {
                self.open_count[dir as usize][segments.id(dir, cell) as usize] += 1;
            }
        }
        for dir in Dir::ALL {
            self.live[dir as usize] = segments.count(dir);
        }
    }

    pub fn lizards(&self) -> &CellSet {
        &self.lizards
    }

    pub fn is_open(&self, cell: u8) -> bool {
        self.open.contains(cell)
    }

    pub fn open(&self) -> &CellSet {
        &self.open
    }

    /// Every cell decided and every lizard placed.
    pub fn is_complete(&self) -> bool {
        self.left == 0 && self.open.is_empty()
    }

    fn holds(&self, dir: Dir, id: u8) -> bool {
        self.held[dir as usize][(id >> 3) as usize] & BIT[(id & 7) as usize] != 0
    }

    /// Whether every segment along `dir` that can take a lizard must.
    fn tight(&self, dir: Dir) -> bool {
        self.left > 0 && self.live[dir as usize] == self.left
    }

    fn check_counts(&self) -> Result<(), Contradiction> {
        if self.live.iter().any(|&live| live < self.left) { Err(Contradiction) } else { Ok(()) }
    }

    /// Marks the open `cell` empty; true if it was open.
    pub fn cross(&mut self, segments: &Segments, cell: u8) -> Result<bool, Contradiction> {
        if self.lizards.contains(cell) {
            return Err(Contradiction);
        }
        if !self.open.contains(cell) {
            return Ok(false);
        }
        self.open.remove(cell);
        for dir in Dir::ALL {
            let id = segments.id(dir, cell);
            let count = &mut self.open_count[dir as usize][id as usize];
            *count -= 1;
            if *count == 0 && !self.holds(dir, id) {
                self.live[dir as usize] -= 1;
            }
        }
        self.check_counts()?;
        Ok(true)
    }

    /// Puts a lizard on the open `cell` and marks every cell it sees empty; true if new.
    pub fn place(&mut self, segments: &Segments, cell: u8) -> Result<bool, Contradiction> {
        if self.lizards.contains(cell) {
            return Ok(false);
        }
        if !self.open.contains(cell) || self.left == 0 {
            return Err(Contradiction);
        }
        self.open.remove(cell);
        self.lizards.insert(cell);
        self.left -= 1;
        for dir in Dir::ALL {
            let id = segments.id(dir, cell);
            // The cell was open and unseen, so its segment was live and held no lizard.
            self.held[dir as usize][(id >> 3) as usize] |= BIT[(id & 7) as usize];
            self.open_count[dir as usize][id as usize] -= 1;
            self.live[dir as usize] -= 1;
        }
        for dir in Dir::ALL {
            for forward in [true, false] {
                let mut at = cell;
                while let Some(next) = segments.next_in_segment(dir, at, forward) {
                    self.cross(segments, next)?;
                    at = next;
                }
            }
        }
        self.check_counts()?;
        Ok(true)
    }

    /// Applies a deduction; true if it changed anything.
    pub fn apply(&mut self, segments: &Segments, d: &Deduction) -> Result<bool, Contradiction> {
        match d.mark {
            Mark::Lizard => self.place(segments, d.cell),
            Mark::Empty => self.cross(segments, d.cell),
            Mark::Unknown => Ok(false),
        }
    }

    /// Hands `d` to the sink; false when the sink wants no more.
    /// Deductions are built with their lines only for a hint: `explains` says when.
    fn take(&mut self, segments: &Segments, sink: &mut Sink, d: Deduction) -> Result<bool, Contradiction> {
        match sink {
            Sink::Apply { changed } => {
                if self.apply(segments, &d)? {
                    *changed = true;
                }
                Ok(true)
            }
            Sink::Find(slot) => {
                *slot = Some(d);
                Ok(false)
            }
        }
    }

    /// Applies the rules of `level` and below until none applies.
    pub fn closure(&mut self, segments: &Segments, level: Difficulty) -> Result<(), Contradiction> {
        loop {
            let mut sink = Sink::Apply { changed: false };
            self.run_rules(segments, level, &mut sink)?;
            if !matches!(sink, Sink::Apply { changed: true }) {
                return Ok(());
            }
        }
    }

    /// The easiest deduction of `level` or below that applies now (sight excepted: it is
    /// applied with every lizard), without applying it.
    pub fn next(&mut self, segments: &Segments, level: Difficulty) -> Result<Option<Deduction>, Contradiction> {
        let mut sink = Sink::Find(None);
        self.run_rules(segments, level, &mut sink)?;
        Ok(match sink {
            Sink::Find(found) => found,
            Sink::Apply { .. } => None,
        })
    }

    /// The rules in order, each only when the easier ones found nothing: the closure then
    /// spends its time on cheap rules, and a hint is the easiest one.
    fn run_rules(&mut self, segments: &Segments, level: Difficulty, sink: &mut Sink) -> Result<(), Contradiction> {
        let found = |sink: &Sink| matches!(sink, Sink::Apply { changed: true } | Sink::Find(Some(_)));
        self.last_cells(segments, sink)?;
        if found(sink) || level < Difficulty::Medium {
            return Ok(());
        }
        self.blocks(segments, sink, Rule::Pair)?;
        if found(sink) || level < Difficulty::Hard {
            return Ok(());
        }
        self.blocks(segments, sink, Rule::Block)?;
        if found(sink) {
            return Ok(());
        }
        self.pigeonholes(segments, sink)
    }

    fn last_cells(&mut self, segments: &Segments, sink: &mut Sink) -> Result<(), Contradiction> {
        for dir in Dir::ALL {
            // A direction that tightens during the scan is scanned in the closure's next pass.
            if !self.tight(dir) {
                continue;
            }
            for cell in 0..segments.size() * segments.size() {
                if !self.open.contains(cell) {
                    continue;
                }
                let id = segments.id(dir, cell);
                if self.open_count[dir as usize][id as usize] == 1 {
                    let d = Deduction::with_lines(Rule::LastCell, cell, Mark::Lizard, &[Line { dir, cell }]);
                    if !self.take(segments, sink, d)? {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// Pigeonholes from every tight direction into every other one.
    fn pigeonholes(&mut self, segments: &Segments, sink: &mut Sink) -> Result<(), Contradiction> {
        let cells = segments.size() * segments.size();
        for from in Dir::ALL {
            for to in Dir::ALL {
                if to == from || !self.tight(from) {
                    continue;
                }
                self.gather_targets(segments, from, to);
                for a in 0..segments.count(from) {
                    let (t1, t2) = (self.first_target[a as usize], self.second_target[a as usize]);
                    if t1 == NONE || t2 == NONE || t2 == MANY {
                        continue;
                    }
                    for b in a + 1..segments.count(from) {
                        let (u1, u2) = (self.first_target[b as usize], self.second_target[b as usize]);
                        if !((u1 == t1 && u2 == t2) || (u1 == t2 && u2 == t1)) {
                            continue;
                        }
                        for cell in 0..cells {
                            let target = segments.id(to, cell);
                            let source = segments.id(from, cell);
                            if self.open.contains(cell) && (target == t1 || target == t2) && source != a && source != b {
                                let d = if sink.explains() {
                                    let lines = [
                                        self.line_of(segments, from, a),
                                        self.line_of(segments, from, b),
                                        self.line_of(segments, to, t1),
                                        self.line_of(segments, to, t2),
                                    ];
                                    Deduction::with_lines(Rule::Pigeonhole, cell, Mark::Empty, &lines)
                                } else {
                                    Deduction::with_lines(Rule::Pigeonhole, cell, Mark::Empty, &[])
                                };
                                if !self.take(segments, sink, d)? {
                                    return Ok(());
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// For every segment along `from` that holds no lizard: the first two segments along `to`
    /// its open cells lie in (`first_target`, `second_target`).
    fn gather_targets(&mut self, segments: &Segments, from: Dir, to: Dir) {
        let count = segments.count(from) as usize;
        self.first_target[..count].fill(NONE);
        self.second_target[..count].fill(NONE);
        for cell in 0..segments.size() * segments.size() {
            if !self.open.contains(cell) {
                continue;
            }
            let source = segments.id(from, cell) as usize;
            let target = segments.id(to, cell);
            let (first, second) = (&mut self.first_target[source], &mut self.second_target[source]);
            if *first == NONE {
                *first = target;
            } else if *first != target && *second != target {
                *second = if *second == NONE { target } else { MANY };
            }
        }
    }

    /// A line naming segment `id` along `dir` by one of its open cells (the first), or any
    /// cell of it.
    fn line_of(&self, segments: &Segments, dir: Dir, id: u8) -> Line {
        let cells = segments.size() * segments.size();
        let cell = (0..cells)
            .find(|&cell| segments.id(dir, cell) == id && self.open.contains(cell))
            .or_else(|| (0..cells).find(|&cell| segments.id(dir, cell) == id))
            .unwrap_or(0);
        Line { dir, cell }
    }

    /// For every must-hold segment with two open cells (pairs) or more (blocks), the cells
    /// that see them all: found along the lines of its first open cell.
    /// Pairs (`rule` [`Rule::Pair`]: segments with two open cells) or blocks (three or more).
    fn blocks(&mut self, segments: &Segments, sink: &mut Sink, rule: Rule) -> Result<(), Contradiction> {
        let cells = segments.size() * segments.size();
        for dir in Dir::ALL {
            // Reading order meets every segment's cells first to last in each direction.
            if !self.tight(dir) {
                continue;
            }
            let mut met = [0u8; SEGMENT_SET_BYTES];
            for first in 0..cells {
                if !self.open.contains(first) {
                    continue;
                }
                let id = segments.id(dir, first);
                let bit = BIT[(id & 7) as usize];
                if met[(id >> 3) as usize] & bit != 0 {
                    continue;
                }
                met[(id >> 3) as usize] |= bit;
                let open = self.open_count[dir as usize][id as usize];
                if open < 2 || (open == 2) != (rule == Rule::Pair) {
                    continue;
                }
                for across in Dir::ALL {
                    if across == dir {
                        continue;
                    }
                    for forward in [true, false] {
                        let mut at = first;
                        while let Some(cell) = segments.next_in_segment(across, at, forward) {
                            at = cell;
                            if self.open.contains(cell) && self.sees_all_open(segments, cell, dir, first) {
                                let lines = [Line { dir, cell: first }];
                                let d = Deduction::with_lines(rule, cell, Mark::Empty, &lines);
                                if !self.take(segments, sink, d)? {
                                    return Ok(());
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether a lizard on `cell` would see every open cell of the segment along `dir` whose
    /// first open cell is `first` (forward from it).
    fn sees_all_open(&self, segments: &Segments, cell: u8, dir: Dir, first: u8) -> bool {
        let mut at = Some(first);
        while let Some(other) = at {
            if self.open.contains(other) && !segments.sees(cell, other) {
                return false;
            }
            at = segments.next_in_segment(dir, other, true);
        }
        true
    }
}

/// The grade of a puzzle: the lowest level whose deductions solve it (the complete closure is
/// then its only solution), or `None`.
pub fn grade(deducer: &mut Deducer, board: &Board, segments: &Segments, lizards: u8) -> Option<Difficulty> {
    deducer.reset(board, segments, lizards);
    for level in Difficulty::ALL {
        deducer.closure(segments, level).ok()?;
        if deducer.is_complete() {
            return Some(level);
        }
    }
    None
}
