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
//!
//! On the console every statement costs tens of cycles, so nothing here scans the board when
//! it can follow a change: segment lengths come from [`Segments`], the last cells are noted as
//! counts fall to one (and when a direction becomes tight), and the pairs and blocks are found
//! where a line through a segment's first open cell meets one through its second.

use super::grid::{Board, CellSet, Dir, MAX_SEGMENTS, NO_SEGMENT, Segments, SlotSet, row_col};
use crate::puzzles::level::Difficulty;

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

/// In an open count: a lizard holds the segment (its other cells are crossed as it is placed).
const HELD: u8 = 0x80;

/// In the pigeonhole scratch: no target segment seen yet, or more than two.
const NONE: u8 = NO_SEGMENT;
const MANY: u8 = 0xFE;

/// Caller-owned deduction state for one board; the board's [`Segments`] are passed to every
/// call (the engine keeps one copy for the solver and the deductions).
#[derive(Clone)]
pub struct Deducer {
    open: CellSet,
    lizards: CellSet,
    /// Cells noted as the one open cell of a must-hold segment: the last-cell rule's lizards
    /// (some may have been placed since). The generator's builder, which runs before the
    /// deductions and never with them, keeps its own notes here (`Engine::last_cell`).
    pub(super) last_cells: CellSet,
    /// Cells of must-hold segments noted when they came down to two open cells: where the
    /// pair rule may apply (each is checked along its four directions).
    pairs: CellSet,
    /// The same for segments left with three open cells or more: the block rule's.
    blocks: CellSet,
    /// Lizards still to place.
    left: u8,
    /// Per slot and direction, the segment's open cells, with [`HELD`] set once a lizard
    /// holds it (slot-major like [`Segments::lengths`]).
    open_count: [[u8; 4]; MAX_SEGMENTS],
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
            last_cells: CellSet::EMPTY,
            pairs: CellSet::EMPTY,
            blocks: CellSet::EMPTY,
            left: 0,
            open_count: [[0; 4]; MAX_SEGMENTS],
            live: [0; 4],
            first_target: [0; MAX_SEGMENTS],
            second_target: [0; MAX_SEGMENTS],
        }
    }

    /// Every free cell open, `lizards` to place.
    pub fn reset(&mut self, board: &Board, segments: &Segments, lizards: u8) {
        self.open = board.trees().complement_below(segments.cells());
        self.lizards = CellSet::EMPTY;
        self.last_cells = CellSet::EMPTY;
        self.pairs = CellSet::EMPTY;
        self.blocks = CellSet::EMPTY;
        self.left = lizards;
        self.open_count = *segments.lengths();
        self.live = *segments.counts();
        for dir in Dir::ALL {
            if self.tight(dir) {
                self.note_last_cells(segments, dir);
            }
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

    /// Whether every segment along `dir` that can take a lizard must.
    fn tight(&self, dir: Dir) -> bool {
        self.left > 0 && self.live[dir as usize] == self.left
    }

    fn check_counts(&self) -> Result<(), Contradiction> {
        if self.live.iter().any(|&live| live < self.left) { Err(Contradiction) } else { Ok(()) }
    }

    /// The open cells of `cell`'s segment along `dir` if it must hold a lizard (else 0): one
    /// is the last-cell rule's business, two the pair rule's, more the block rule's.
    #[inline(always)]
    fn must_hold_open(&self, segments: &Segments, dir: Dir, cell: u8) -> u8 {
        let count = self.open_count[segments.id(dir, cell) as usize][dir as usize];
        if self.tight(dir) && count & HELD == 0 { count } else { 0 }
    }

    /// Notes every must-hold segment along `dir`, which has just become tight (or is at the
    /// start): its last cell, or for the pair or block rule its first open cell of each run
    /// (an open cell after an open one is in a segment already noted).
    fn note_last_cells(&mut self, segments: &Segments, dir: Dir) {
        let mut at = 0;
        while let Some(cell) = self.open.next_from(at) {
            at = cell + 1;
            match self.must_hold_open(segments, dir, cell) {
                0 => {}
                1 => self.last_cells.insert(cell),
                _ if segments.next_in_segment(dir, cell, false).is_some_and(|before| self.open.contains(before)) => {}
                2 => self.pairs.insert(cell),
                _ => self.blocks.insert(cell),
            }
        }
    }

    /// The open `cell` is no longer open: one fewer in its segment along `dir`, and what that
    /// makes (a segment that can take no lizard, a last cell, a direction now tight). Inlined
    /// with a constant direction at each call (the tables are per direction).
    #[inline(always)]
    fn uncount(&mut self, segments: &Segments, dir: Dir, cell: u8) {
        let count = &mut self.open_count[segments.id(dir, cell) as usize][dir as usize];
        *count -= 1;
        let open = *count;
        if open & HELD != 0 {
            return;
        }
        if open == 0 {
            self.live[dir as usize] -= 1;
            // One fewer live segment: if that makes them as many as the lizards, the direction
            // has just become tight (placing a lizard takes one of each, keeping the gap).
            if self.tight(dir) {
                self.note_last_cells(segments, dir);
            }
        } else if self.tight(dir) {
            match open {
                1 => self.note_last_in_segment(segments, dir, cell),
                2 => self.pairs.insert(cell),
                _ => self.blocks.insert(cell),
            }
        }
    }

    /// Notes the one open cell left in the segment of `cell` along `dir`.
    fn note_last_in_segment(&mut self, segments: &Segments, dir: Dir, cell: u8) {
        if let Some(last) = self.open_along(segments, dir, cell, true).or_else(|| self.open_along(segments, dir, cell, false)) {
            self.last_cells.insert(last);
        }
    }

    /// The first open cell after `cell` (`forward`, or before it) in its segment along `dir`.
    #[inline]
    fn open_along(&self, segments: &Segments, dir: Dir, cell: u8, forward: bool) -> Option<u8> {
        let mut at = cell;
        while let Some(next) = segments.next_in_segment(dir, at, forward) {
            if self.open.contains(next) {
                return Some(next);
            }
            at = next;
        }
        None
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
        self.uncount(segments, Dir::Row, cell);
        self.uncount(segments, Dir::Column, cell);
        self.uncount(segments, Dir::Diagonal, cell);
        self.uncount(segments, Dir::AntiDiagonal, cell);
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
        self.hold(segments, Dir::Row, cell);
        self.hold(segments, Dir::Column, cell);
        self.hold(segments, Dir::Diagonal, cell);
        self.hold(segments, Dir::AntiDiagonal, cell);
        for dir in Dir::ALL {
            self.cross_line(segments, dir, cell, true)?;
            self.cross_line(segments, dir, cell, false)?;
        }
        self.check_counts()?;
        Ok(true)
    }

    /// The segment of the new lizard on `cell` along `dir` holds it. (The cell was open and
    /// unseen, so that segment was live and held no lizard.) Inlined like [`Deducer::uncount`].
    #[inline(always)]
    fn hold(&mut self, segments: &Segments, dir: Dir, cell: u8) {
        let count = &mut self.open_count[segments.id(dir, cell) as usize][dir as usize];
        *count = (*count - 1) | HELD;
        self.live[dir as usize] -= 1;
    }

    /// Crosses the cells after `cell` (`forward`, or before it) in its segment along `dir`.
    fn cross_line(&mut self, segments: &Segments, dir: Dir, cell: u8, forward: bool) -> Result<(), Contradiction> {
        let mut at = cell;
        while let Some(next) = segments.next_in_segment(dir, at, forward) {
            self.cross(segments, next)?;
            at = next;
        }
        Ok(())
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

    /// Applies the rules of `level` and below until none applies. On the console an entry of
    /// ROM bank 13 with the rules' code: the generator in bank 8 and the rules passed its
    /// 16 KiB (a banked call costs 172 cycles; a 12x12 puzzle runs about 75 closures).
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank13"), inline(never))]
    pub fn closure(&mut self, segments: &Segments, level: Difficulty) -> Result<(), Contradiction> {
        loop {
            while let Some(cell) = self.last_cells.next_from(0) {
                self.last_cells.remove(cell);
                self.place(segments, cell)?;
            }
            let mut sink = Sink::Apply { changed: false };
            self.harder_rules(segments, level, &mut sink)?;
            if !matches!(sink, Sink::Apply { changed: true }) {
                return Ok(());
            }
        }
    }

    /// The easiest deduction of `level` or below that applies now (sight excepted: it is
    /// applied with every lizard), without applying it.
    pub fn next(&mut self, segments: &Segments, level: Difficulty) -> Result<Option<Deduction>, Contradiction> {
        let mut at = 0;
        while let Some(cell) = self.last_cells.next_from(at) {
            at = cell + 1;
            if let Some(dir) = Dir::ALL.into_iter().find(|&dir| self.open.contains(cell) && self.must_hold_open(segments, dir, cell) == 1) {
                return Ok(Some(Deduction::with_lines(Rule::LastCell, cell, Mark::Lizard, &[Line { dir, cell }])));
            }
        }
        let mut sink = Sink::Find(None);
        self.harder_rules(segments, level, &mut sink)?;
        Ok(match sink {
            Sink::Find(found) => found,
            Sink::Apply { .. } => None,
        })
    }

    /// The rules above last cells, in order, each only when the easier ones found nothing:
    /// the closure then spends its time on cheap rules, and a hint is the easiest one.
    fn harder_rules(&mut self, segments: &Segments, level: Difficulty, sink: &mut Sink) -> Result<(), Contradiction> {
        let found = |sink: &Sink| matches!(sink, Sink::Apply { changed: true } | Sink::Find(Some(_)));
        if level < Difficulty::Medium {
            return Ok(());
        }
        self.noted_segments(segments, sink, Rule::Pair)?;
        if found(sink) || level < Difficulty::Hard {
            return Ok(());
        }
        self.noted_segments(segments, sink, Rule::Block)?;
        if found(sink) {
            return Ok(());
        }
        self.pigeonholes(segments, sink)
    }

    /// Pigeonholes from every tight direction into every other one.
    fn pigeonholes(&mut self, segments: &Segments, sink: &mut Sink) -> Result<(), Contradiction> {
        for from in Dir::ALL {
            for to in Dir::ALL {
                if to == from || !self.tight(from) {
                    continue;
                }
                self.gather_targets(segments, from, to);
                for a in 0..segments.slot_end(from) {
                    let (t1, t2) = (self.first_target[a as usize], self.second_target[a as usize]);
                    if t1 == NONE || t2 == NONE || t2 == MANY {
                        continue;
                    }
                    for b in a + 1..segments.slot_end(from) {
                        let (u1, u2) = (self.first_target[b as usize], self.second_target[b as usize]);
                        if !((u1 == t1 && u2 == t2) || (u1 == t2 && u2 == t1)) {
                            continue;
                        }
                        let mut at = 0;
                        while let Some(cell) = self.open.next_from(at) {
                            at = cell + 1;
                            let target = segments.id(to, cell);
                            let source = segments.id(from, cell);
                            if (target == t1 || target == t2) && source != a && source != b {
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
        let count = segments.slot_end(from) as usize;
        self.first_target[..count].fill(NONE);
        self.second_target[..count].fill(NONE);
        let mut at = 0;
        while let Some(cell) = self.open.next_from(at) {
            at = cell + 1;
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
        let cells = segments.cells();
        let cell = (0..cells)
            .find(|&cell| segments.id(dir, cell) == id && self.open.contains(cell))
            .or_else(|| (0..cells).find(|&cell| segments.id(dir, cell) == id))
            .unwrap_or(0);
        Line { dir, cell }
    }

    /// The pair rule (`rule` [`Rule::Pair`]) or the block rule where a must-hold segment was
    /// noted with two open cells ([`Deducer::pairs`]) or three or more ([`Deducer::blocks`]).
    /// Neither can find more in a segment until it loses another open cell (the cells they
    /// would cross only close) or its direction becomes tight, and both of those note it
    /// again, so a closure forgets each note once checked.
    fn noted_segments(&mut self, segments: &Segments, sink: &mut Sink, rule: Rule) -> Result<(), Contradiction> {
        let mut checked = [SlotSet::EMPTY; 4];
        let mut at = 0;
        loop {
            let notes = if rule == Rule::Pair { &mut self.pairs } else { &mut self.blocks };
            let Some(noted) = notes.next_from(at) else { return Ok(()) };
            at = noted + 1;
            if !sink.explains() {
                notes.remove(noted);
            }
            for dir in Dir::ALL {
                let open = self.must_hold_open(segments, dir, noted);
                let id = segments.id(dir, noted);
                if open < 2 || (open == 2) != (rule == Rule::Pair) || checked[dir as usize].contains(id) {
                    continue;
                }
                checked[dir as usize].insert(id);
                let first = self.first_open(segments, dir, noted);
                let Some(second) = self.open_along(segments, dir, first, true) else { continue };
                if !self.seen_with(segments, sink, rule, dir, first, second)? {
                    return Ok(());
                }
            }
        }
    }

    /// The first open cell, in reading order, of the segment through `cell` along `dir`
    /// (which has one).
    fn first_open(&self, segments: &Segments, dir: Dir, cell: u8) -> u8 {
        let mut first = cell;
        let mut at = cell;
        while let Some(before) = segments.next_in_segment(dir, at, false) {
            if self.open.contains(before) {
                first = before;
            }
            at = before;
        }
        if first == cell && !self.open.contains(cell) {
            self.open_along(segments, dir, cell, true).unwrap_or(cell)
        } else {
            first
        }
    }

    /// Hands the sink every open cell that would see all the open cells of the must-hold
    /// segment along `dir` whose first two open cells are `first` and `second` (`rule`: pair
    /// or block). Such a cell sees those two along two other directions, so it is where a line
    /// through the first meets a line through the second: six places to look at, not every
    /// cell of the lines. False when the sink wants no more.
    fn seen_with(&mut self, segments: &Segments, sink: &mut Sink, rule: Rule, dir: Dir, first: u8, second: u8) -> Result<bool, Contradiction> {
        let n = segments.size();
        let ((r1, c1), (r2, c2)) = (row_col(n, first), row_col(n, second));
        for across in Dir::ALL {
            for along in Dir::ALL {
                if across == dir || along == dir || across == along {
                    continue;
                }
                let (k1, k2) = (line_constant(across, r1, c1), line_constant(along, r2, c2));
                let Some(cell) = meet(segments, across, k1, along, k2) else { continue };
                if self.open.contains(cell)
                    && segments.id(across, cell) == segments.id(across, first)
                    && segments.id(along, cell) == segments.id(along, second)
                    && self.sees_all_open(segments, cell, dir, second)
                {
                    let lines = [Line { dir, cell: first }];
                    let d = Deduction::with_lines(rule, cell, Mark::Empty, &lines);
                    if !self.take(segments, sink, d)? {
                        return Ok(false);
                    }
                }
            }
        }
        Ok(true)
    }

    /// Whether a lizard on `cell` would see the open cells of the segment along `dir` from
    /// `from` on (forward).
    fn sees_all_open(&self, segments: &Segments, cell: u8, dir: Dir, from: u8) -> bool {
        let mut at = Some(from);
        while let Some(other) = at {
            if self.open.contains(other) && !segments.sees(cell, other) {
                return false;
            }
            at = segments.next_in_segment(dir, other, true);
        }
        true
    }
}

/// The constant of the line along `dir` through (r, c): `r` for a row, `c` for a column,
/// `c - r` for a diagonal, `r + c` for an anti-diagonal.
fn line_constant(dir: Dir, r: u8, c: u8) -> i8 {
    let (r, c) = (r as i8, c as i8);
    match dir {
        Dir::Row => r,
        Dir::Column => c,
        Dir::Diagonal => c - r,
        Dir::AntiDiagonal => r + c,
    }
}

/// The cell where the line along `a` with constant `ka` meets the line along `b` with
/// constant `kb` ([`line_constant`]), if the directions differ and it is on the board.
/// Scalars only: LLVM packs small tuples into wide integers, which the console pays for with
/// runtime calls.
#[inline]
fn meet(segments: &Segments, a: Dir, ka: i8, b: Dir, kb: i8) -> Option<u8> {
    let (a, ka, b, kb) = if (a as u8) < (b as u8) { (a, ka, b, kb) } else { (b, kb, a, ka) };
    let (r, c) = match (a, b) {
        (Dir::Row, Dir::Column) => (ka, kb),
        (Dir::Row, Dir::Diagonal) => (ka, kb + ka),
        (Dir::Row, Dir::AntiDiagonal) => (ka, kb - ka),
        (Dir::Column, Dir::Diagonal) => (ka - kb, ka),
        (Dir::Column, Dir::AntiDiagonal) => (kb - ka, ka),
        (Dir::Diagonal, Dir::AntiDiagonal) if (ka + kb) & 1 == 0 => ((kb - ka) >> 1, (ka + kb) >> 1),
        _ => return None,
    };
    let n = segments.size() as i8;
    (r >= 0 && c >= 0 && r < n && c < n).then(|| segments.cell_at(r as u8, c as u8))
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
