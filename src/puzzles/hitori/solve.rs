//! The solver: deductions with levels, and a complete search that counts solutions up to a
//! limit.
//!
//! State is a trail of decided cells (in order), the unshaded set, and the island guard (which
//! holds the shaded set). Undo pops the trail, so search and look-ahead need no copies of the
//! state and no recursion. Every mark goes through [`Solver::assign`], which refuses marks that
//! break rules 1-3 at once; rule 4 is kept by the lone-number and last-twin deductions.

use super::board::{Board, CELL_SLOTS, CellSet, LineSet, MAX_SIZE, Twins, bit_of, cell_at, col_of, row_of};
use super::difficulty::Rule;
use crate::puzzles::level::Difficulty;
use super::dual::{APART_SHADING_LOG, IslandGuard};
use super::rules;

/// A cell's state in the solver and in play (`Unshaded` is shown circled).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Unknown = 0,
    Shaded = 1,
    Unshaded = 2,
}

/// The marks so far cannot be completed to a solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction;

/// One forced mark: `cell` must be `mark` because of `rule`, seen from the `reasons` cells.
///
/// Seven bytes, the unused reasons [`NO_REASON`]: at eight (with a count of reasons) LLVM
/// copied deductions as 64-bit integers, which the console builds with shifts in software, and
/// kept each copy in a static frame of its own (500 bytes of WRAM, session 14).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Deduction {
    pub rule: Rule,
    pub cell: u8,
    pub mark: Mark,
    reasons: [u8; 4],
}

/// Fills [`Deduction`]'s reasons after the last: no cell is numbered 0xFF (rows are below
/// [`MAX_SIZE`]).
const NO_REASON: u8 = 0xFF;

impl Deduction {
    fn new(rule: Rule, cell: u8, mark: Mark, reasons: &[u8]) -> Deduction {
        let mut d = Deduction { rule, cell, mark, reasons: [NO_REASON; 4] };
        d.reasons[..reasons.len()].copy_from_slice(reasons);
        d
    }

    /// The cells the deduction is read from (the circled twin, the pair, the offset pairs' four
    /// numbers, ...).
    pub fn reasons(&self) -> &[u8] {
        let len = self.reasons.iter().position(|&cell| cell == NO_REASON).unwrap_or(self.reasons.len());
        &self.reasons[..len]
    }
}

type Found = Result<Option<Deduction>, Contradiction>;

const TRAIL_CAP: usize = 225;
/// In [`Solver::marks`]: the mark is a search guess (tried shaded first).
const GUESS: u8 = 0x80;

/// Caller-owned solver state (about 1.5 KiB at any size). [`Solver::reset`] takes on a board;
/// every other method works on the board given to the last reset.
#[derive(Clone)]
pub struct Solver {
    /// Solver and generator shade cells that never touch (rule 2).
    guard: IslandGuard<APART_SHADING_LOG>,
    unshaded: LineSet,
    /// The numbers of the unshaded cells by row (bit v of `unshaded_in_row[r]`: number v is
    /// unshaded in row r) and by column: "has this cell an unshaded twin" without its twins.
    /// Each number is unshaded at most once per line, so undo clears the bit.
    unshaded_in_row: [u16; MAX_SIZE as usize],
    unshaded_in_col: [u16; MAX_SIZE as usize],
    /// The guard's shaded cells again, also by columns.
    shaded: LineSet,
    trail: [u8; TRAIL_CAP],
    trail_len: u8,
    /// Trail entries before this one have had their direct consequences applied.
    queue: u8,
    /// Whether cells were shaded since the island scan last ran.
    islands_stale: bool,
    /// Whether every cell has been checked for rule 4 since the last reset.
    justified_all: bool,
    /// The board has a solution that every mark so far belongs to (the generator's own
    /// shading): deductions hold in every solution, so then no deduced mark can break rules
    /// 1-3 and [`Solver::assign_mark`] skips those checks (its island query is 5.4k cycles on
    /// the console). Cleared by resets and by the search and the look-ahead, whose trial marks
    /// may be wrong.
    solvable: bool,
    /// `found` is the board's only solution, and every mark so far belongs to it (the
    /// generator's hard check, after the search): a look-ahead trial of `found`'s own mark
    /// cannot meet a contradiction, so only the other mark is tried. Cleared by resets.
    unique_found: bool,
    /// The number pattern deductions of levels below this are applied.
    patterns_done: u8,
    /// The first solution the search met.
    found: CellSet,
    /// Twin chains of the board: the low nibble of `links[cell]` is the column of the next cell
    /// of its row (cyclically) with the same number, the high nibble the row of the next one in
    /// its column. A cell without twins in a line links to itself. 240 bytes that turn finding
    /// a cell's twins from a scan of its row and column into a walk over the twins alone.
    links: [u8; CELL_SLOTS],
    /// Every cell's mark (as `Mark as u8`), as the guard's shaded set and `unshaded` also say,
    /// plus [`GUESS`] on the search's guesses: one load where the two sets took two 16-bit row
    /// lookups (1,300 cycles a call on the console, a tenth of generation).
    marks: [u8; CELL_SLOTS],
    /// Hard moments of the last Hard closure: look-ahead deductions met after the Medium rules
    /// had made progress (the first, and each one after a look-ahead whose closure marked more
    /// than its own cell). A hint walk's runs of contradiction steps, nearly (the walk's
    /// look-ahead may pick other cells).
    hard_moments: u8,
}

impl Solver {
    pub const fn new(n: u8) -> Solver {
        Solver {
            guard: IslandGuard::new(n),
            unshaded: LineSet::EMPTY,
            unshaded_in_row: [0; MAX_SIZE as usize],
            unshaded_in_col: [0; MAX_SIZE as usize],
            shaded: LineSet::EMPTY,
            trail: [0; TRAIL_CAP],
            trail_len: 0,
            queue: 0,
            islands_stale: true,
            justified_all: false,
            solvable: false,
            unique_found: false,
            patterns_done: 0,
            found: CellSet::EMPTY,
            links: [0; CELL_SLOTS],
            marks: [Mark::Unknown as u8; CELL_SLOTS],
            hard_moments: 0,
        }
    }

    /// Forget all marks and take on `board`.
    fn reset_state(&mut self, board: &Board) {
        self.clear_marks(board.size());
        self.link_twins(board);
    }

    /// The island guard, emptied for an `n` x `n` board, for the generator's random shading;
    /// the rest of the solver is stale until the next [`Solver::reset`]. Lending the guard
    /// saves a second one (904 bytes); shading through [`Solver::assign`] instead also kept
    /// the trail and the line sets, which the shading never reads.
    pub(crate) fn shading_guard(&mut self, n: u8) -> &mut IslandGuard<APART_SHADING_LOG> {
        self.guard.reset(n);
        &mut self.guard
    }

    /// No marks, on an `n` x `n` board (the guard keeps the size).
    fn clear_marks(&mut self, n: u8) {
        self.guard.reset(n);
        self.unshaded = LineSet::EMPTY;
        self.marks.fill(Mark::Unknown as u8);
        self.unshaded_in_row = [0; MAX_SIZE as usize];
        self.unshaded_in_col = [0; MAX_SIZE as usize];
        self.shaded = LineSet::EMPTY;
        self.trail_len = 0;
        self.queue = 0;
        self.islands_stale = true;
        self.justified_all = false;
        self.solvable = false;
        self.unique_found = false;
        self.patterns_done = 0;
    }

    fn link_twins(&mut self, board: &Board) {
        let n = self.guard.size();
        // Per number: where it was first and last seen along the line (NONE: not yet). Closing
        // a line's chains puts NONE back, so the tables are filled once, not once per line.
        const NONE: u8 = 0xFF;
        let mut first_in_row = [NONE; 16];
        let mut last_in_row = [NONE; 16];
        let mut first_in_col = [NONE; 16];
        let mut last_in_col = [NONE; 16];
        for line in 0..n {
            for i in 0..n {
                let across = cell_at(line, i);
                let v = board.number(across) as usize;
                if last_in_row[v] == NONE {
                    first_in_row[v] = i;
                } else {
                    let prev = cell_at(line, last_in_row[v]) as usize;
                    self.links[prev] = (self.links[prev] & 0xF0) | i;
                }
                last_in_row[v] = i;
                let down = cell_at(i, line);
                let v = board.number(down) as usize;
                if last_in_col[v] == NONE {
                    first_in_col[v] = i;
                } else {
                    let prev = cell_at(last_in_col[v], line) as usize;
                    self.links[prev] = (self.links[prev] & 0x0F) | (i << 4);
                }
                last_in_col[v] = i;
            }
            // Close each chain back to its first cell, at the chain's last cell: a second walk
            // over the line's n cells rather than over all 16 numbers.
            for i in 0..n {
                let across = cell_at(line, i);
                let v = board.number(across) as usize;
                if last_in_row[v] == i {
                    self.links[across as usize] = (self.links[across as usize] & 0xF0) | first_in_row[v];
                    last_in_row[v] = NONE;
                }
                let down = cell_at(i, line);
                let v = board.number(down) as usize;
                if last_in_col[v] == i {
                    self.links[down as usize] = (self.links[down as usize] & 0x0F) | (first_in_col[v] << 4);
                    last_in_col[v] = NONE;
                }
            }
        }
    }

    /// The twins of `cell`, from the chains.
    fn twins(&self, cell: u8) -> Twins {
        let (r, c) = (row_of(cell), col_of(cell));
        let mut in_row = 0u16;
        let mut k = self.links[cell as usize] & 15;
        while k != c {
            in_row |= bit_of(k);
            k = self.links[cell_at(r, k) as usize] & 15;
        }
        let mut in_col = 0u16;
        let mut k = self.links[cell as usize] >> 4;
        while k != r {
            in_col |= bit_of(k);
            k = self.links[cell_at(k, c) as usize] >> 4;
        }
        Twins { row: r, col: c, in_row, in_col }
    }

    pub fn mark(&self, cell: u8) -> Mark {
        match self.marks[usize::from(cell)] & !GUESS {
            1 => Mark::Shaded,
            2 => Mark::Unshaded,
            _ => Mark::Unknown,
        }
    }

    pub fn shaded(&self) -> &CellSet {
        self.guard.shaded()
    }

    pub fn is_complete(&self) -> bool {
        self.trail_len as u16 == self.guard.size() as u16 * self.guard.size() as u16
    }

    /// Whether the marks, all decided, are a solution. Every mark passed rules 1-3 as it was
    /// made (see [`Solver::assign`]), so only rule 4 is left: each shaded cell keeps an unshaded
    /// twin. One test per shaded cell, where `rules::is_solution` checks everything again
    /// (with a flood fill).
    pub fn complete_is_solution(&self, board: &Board) -> bool {
        self.is_complete() && self.guard.shaded().iter().all(|cell| self.has_unshaded_twin(board, cell))
    }

    /// The marks to come are deductions on a board that has a solution all marks so far
    /// belong to (see `solvable`), until the next reset, search or look-ahead.
    #[inline(always)]
    pub(crate) fn assume_solvable(&mut self) {
        self.solvable = true;
    }

    /// [`Solver::solution`] is the board's only solution and the marks so far belong to it
    /// (see `unique_found`), until the next reset.
    #[inline(always)]
    pub(crate) fn assume_unique(&mut self) {
        self.unique_found = true;
    }

    /// Mark `cell`, refusing a mark that contradicts the marks so far by rules 1-3 (unless
    /// `solvable` says none can; debug builds check that).
    fn assign_mark(&mut self, board: &Board, cell: u8, mark: Mark) -> Result<(), Contradiction> {
        let current = self.mark(cell);
        if current == mark {
            return Ok(());
        }
        let refused = |solver: &Solver| {
            current != Mark::Unknown
                || match mark {
                    Mark::Shaded => solver.guard.shaded().touches(solver.guard.size(), cell) || solver.guard.splits_if_shaded(cell),
                    Mark::Unshaded => solver.has_unshaded_twin(board, cell),
                    Mark::Unknown => true,
                }
        };
        if (!self.solvable || cfg!(debug_assertions)) && refused(self) {
            debug_assert!(!self.solvable, "a deduction broke a rule on a board with a solution");
            return Err(Contradiction);
        }
        match mark {
            Mark::Shaded => {
                self.guard.shade(cell);
                self.shaded.insert(cell);
                self.islands_stale = true;
            }
            Mark::Unshaded => {
                self.unshaded.insert(cell);
                let bit = bit_of(board.number(cell));
                self.unshaded_in_row[row_of(cell) as usize] |= bit;
                self.unshaded_in_col[col_of(cell) as usize] |= bit;
            }
            Mark::Unknown => return Err(Contradiction),
        }
        self.marks[usize::from(cell)] = mark as u8;
        self.trail[self.trail_len as usize] = cell;
        self.trail_len += 1;
        Ok(())
    }

    fn apply(&mut self, board: &Board, d: Deduction) -> Result<(), Contradiction> {
        self.assign_mark(board, d.cell, d.mark)
    }

    /// Whether a cell of `cell`'s row or column with its number is unshaded (for an unshaded
    /// `cell`: whether it is).
    fn has_unshaded_twin(&self, board: &Board, cell: u8) -> bool {
        let bit = bit_of(board.number(cell));
        (self.unshaded_in_row[row_of(cell) as usize] | self.unshaded_in_col[col_of(cell) as usize]) & bit != 0
    }

    /// Undo marks back to a trail length.
    fn undo_to(&mut self, board: &Board, len: u8) {
        while self.trail_len > len {
            self.trail_len -= 1;
            let cell = self.trail[self.trail_len as usize];
            let mark = core::mem::replace(&mut self.marks[usize::from(cell)], Mark::Unknown as u8);
            if mark & !GUESS == Mark::Shaded as u8 {
                self.guard.undo_shade(cell);
                self.shaded.remove(cell);
            } else {
                self.unshaded.remove(cell);
                let bit = bit_of(board.number(cell));
                self.unshaded_in_row[row_of(cell) as usize] &= !bit;
                self.unshaded_in_col[col_of(cell) as usize] &= !bit;
            }
        }
        if self.queue > len {
            self.queue = len;
        }
        self.islands_stale = true;
    }

    /// The first unknown cell forced by the decided `cell` itself: a circled cell's twins, a
    /// shaded cell's neighbours.
    fn direct_consequence(&self, board: &Board, cell: u8) -> Option<Deduction> {
        match self.mark(cell) {
            Mark::Shaded => board
                .neighbours(cell)
                .as_slice()
                .iter()
                .find(|&&nb| self.mark(nb) == Mark::Unknown)
                .map(|&nb| Deduction::new(Rule::ShadedNeighbour, nb, Mark::Unshaded, &[cell])),
            Mark::Unshaded => self
                .unknown_twins(&self.twins(cell))
                .first()
                .map(|twin| Deduction::new(Rule::CircledTwin, twin, Mark::Shaded, &[cell])),
            Mark::Unknown => None,
        }
    }

    fn unknown_twins(&self, twins: &Twins) -> Twins {
        twins.outside(&self.shaded).outside(&self.unshaded)
    }

    /// The undecided cells.
    pub fn unknown_cells(&self) -> CellSet {
        CellSet::full(self.guard.size()).minus(self.guard.shaded()).minus(self.unshaded.cells())
    }

    /// Rule 4 seen from one cell: an unknown cell with no twin that can stay unshaded must stay
    /// unshaded; a shaded cell with no unshaded twin needs its last possible one.
    fn justification(&self, cell: u8, twins: &Twins) -> Found {
        match self.mark(cell) {
            Mark::Unknown => {
                let open = twins.outside(&self.shaded);
                Ok(open.is_empty().then(|| Deduction::new(Rule::LoneNumber, cell, Mark::Unshaded, &[])))
            }
            Mark::Shaded => {
                if !twins.within(&self.unshaded).is_empty() {
                    return Ok(None);
                }
                let open = twins.outside(&self.shaded);
                match (open.count(), open.first()) {
                    (0, _) => Err(Contradiction),
                    (1, Some(last)) => Ok(Some(Deduction::new(Rule::LastTwin, last, Mark::Unshaded, &[cell]))),
                    _ => Ok(None),
                }
            }
            Mark::Unshaded => Ok(None),
        }
    }

    /// Apply every consequence of the trail entries not yet looked at.
    fn drain(&mut self, board: &Board) -> Result<(), Contradiction> {
        while self.queue < self.trail_len {
            let cell = self.trail[self.queue as usize];
            self.queue += 1;
            if self.guard.shaded().contains(cell) {
                let twins = self.twins(cell);
                for &nb in board.neighbours(cell).as_slice() {
                    self.assign_mark(board, nb, Mark::Unshaded)?;
                }
                // The cell and its twins lost an unshaded twin candidate.
                self.justify(cell, &twins, board)?;
                for twin in twins.cells() {
                    // A twin with an unshaded twin of its own is justified whatever its mark:
                    // one test instead of its chain walk.
                    if !self.has_unshaded_twin(board, twin) {
                        self.justify(twin, &self.twins(twin), board)?;
                    }
                }
            } else if self.links[cell as usize] != cell {
                // A circled cell's twins are shaded; a cell without twins (its chains link
                // to itself both ways) skips the chain walk.
                for twin in self.unknown_twins(&self.twins(cell)).cells() {
                    self.assign_mark(board, twin, Mark::Shaded)?;
                }
            }
        }
        Ok(())
    }

    fn justify(&mut self, cell: u8, twins: &Twins, board: &Board) -> Result<(), Contradiction> {
        while let Some(d) = self.justification(cell, twins)? {
            self.apply(board, d)?;
        }
        Ok(())
    }

    /// The unknown cells whose shading might split the unshaded region
    /// ([`IslandGuard::might_split`]): early in a look-ahead trial few cells are near a
    /// shaded one, and each left out is an island query saved.
    fn island_candidates(&self) -> CellSet {
        self.unknown_cells().intersection(&self.guard.might_split())
    }

    /// The unknown neighbour of a cell not shaded whose other neighbours all are: the island
    /// rule's simplest case, which hints name on its own (the closures leave it to the island
    /// rule).
    fn walled_cell(&self, board: &Board) -> Option<Deduction> {
        let open = CellSet::full(self.guard.size()).minus(self.guard.shaded());
        open.iter().find_map(|cell| {
            let neighbours = board.neighbours(cell);
            let mut ways_out = neighbours.as_slice().iter().copied().filter(|&nb| self.mark(nb) != Mark::Shaded);
            match (ways_out.next(), ways_out.next()) {
                (Some(only), None) if self.mark(only) == Mark::Unknown => {
                    Some(Deduction::new(Rule::WalledCell, only, Mark::Unshaded, &[cell]))
                }
                _ => None,
            }
        })
    }

    /// An unknown cell whose shading would split the unshaded region.
    fn island(&self) -> Option<Deduction> {
        let open = self.island_candidates();
        open.iter()
            .find(|&cell| self.guard.splits_if_shaded(cell))
            .map(|cell| Deduction::new(Rule::Island, cell, Mark::Unshaded, &[]))
    }

    /// Close the marks under the rules of `level` (without look-ahead).
    fn propagate(&mut self, board: &Board, level: Difficulty) -> Result<(), Contradiction> {
        loop {
            self.drain(board)?;
            if Rule::Island.level() > level || !self.islands_stale {
                return Ok(());
            }
            self.islands_stale = false;
            // Unshading never changes the faces, so one pass finds every island cell.
            let open = self.island_candidates();
            for cell in open.iter() {
                if self.guard.splits_if_shaded(cell) {
                    self.assign_mark(board, cell, Mark::Unshaded)?;
                }
            }
        }
    }

    /// Extend the marks to the closure under every rule of `level`.
    fn deduce_closure(&mut self, board: &Board, level: Difficulty) -> Result<(), Contradiction> {
        let closure_level = level.min(Difficulty::Medium);
        if !self.justified_all {
            // Later losses of twins are caught as cells get shaded (see `drain`).
            if self.guard.shaded().is_empty() {
                // Nothing shaded yet (always so after a reset): rule 4 then forces exactly the
                // cells without any twin, whose chains link to themselves. That test is one
                // load per cell instead of a chain walk.
                let n = self.guard.size();
                for r in 0..n {
                    for c in 0..n {
                        let cell = cell_at(r, c);
                        if self.links[cell as usize] == cell {
                            self.assign_mark(board, cell, Mark::Unshaded)?;
                        }
                    }
                }
            } else {
                for cell in CellSet::full(self.guard.size()).iter() {
                    self.justify(cell, &self.twins(cell), board)?;
                }
            }
            self.justified_all = true;
        }
        // Number patterns never change: each level's are applied once after a reset.
        let mut pattern_result = Ok(());
        let done = self.patterns_done;
        let from = Difficulty::from_index(done).unwrap_or(level);
        if done <= level as u8 {
            for_each_pattern(board, from, level, |d| {
                if pattern_result.is_ok() {
                    pattern_result = self.apply(board, d);
                }
                true
            });
        }
        pattern_result?;
        if done <= level as u8 && (from..=level).contains(&Rule::OffsetPair.level()) {
            // The offset pairs read the twin chains, which the marking closure cannot while it
            // holds the solver: their cells (all circled) are gathered first, marked after;
            // closures do not depend on the order of their marks.
            let mut circled = CellSet::EMPTY;
            for across in [true, false] {
                offset_pairs(board, &self.links, across, &mut |d: Deduction| {
                    circled.insert(d.cell);
                    true
                });
            }
            for cell in circled.iter() {
                self.assign_mark(board, cell, Mark::Unshaded)?;
            }
        }
        self.patterns_done = self.patterns_done.max(level as u8 + 1);
        self.propagate(board, closure_level)?;
        if level < Difficulty::Hard {
            return Ok(());
        }
        let mut moments: u8 = 0;
        let mut progressed = true;
        while let Some(d) = self.lookahead(board)? {
            moments += u8::from(progressed);
            let before = self.trail_len;
            self.apply(board, d)?;
            self.propagate(board, closure_level)?;
            progressed = self.trail_len > before + 1;
        }
        self.hard_moments = moments;
        Ok(())
    }

    /// One cell that cannot take one of its marks without the Medium rules finding a
    /// contradiction, with the other mark as the deduction.
    fn lookahead(&mut self, board: &Board) -> Found {
        self.solvable = false;
        let open = self.unknown_cells();
        for cell in open.iter() {
            for (trial, forced) in [(Mark::Shaded, Mark::Unshaded), (Mark::Unshaded, Mark::Shaded)] {
                if self.unique_found && (trial == Mark::Shaded) == self.found.contains(cell) {
                    continue;
                }
                let before = self.trail_len;
                let outcome = self
                    .assign(board, cell, trial)
                    .and_then(|_| self.propagate(board, Difficulty::Medium));
                self.undo_to(board, before);
                if outcome.is_err() {
                    return Ok(Some(Deduction::new(Rule::Contradiction, cell, forced, &[])));
                }
            }
        }
        Ok(None)
    }

    /// The easiest single deduction from the current marks, among the rules up to `level`.
    fn find_deduction(&mut self, board: &Board, level: Difficulty) -> Found {
        for i in 0..self.trail_len {
            if let Some(d) = self.direct_consequence(board, self.trail[i as usize]) {
                return Ok(Some(d));
            }
        }
        for cell in CellSet::full(self.guard.size()).iter() {
            if let Some(d) = self.justification(cell, &self.twins(cell))? {
                return Ok(Some(d));
            }
        }
        let mut pattern = None;
        for_each_pattern(board, Difficulty::Easy, level, |d| self.keep_if_new(d, &mut pattern));
        if pattern.is_none() && Rule::OffsetPair.level() <= level {
            let mut new_offset_pair = |d| self.keep_if_new(d, &mut pattern);
            if offset_pairs(board, &self.links, true, &mut new_offset_pair) {
                offset_pairs(board, &self.links, false, &mut new_offset_pair);
            }
        }
        if pattern.is_some() {
            return Ok(pattern);
        }
        if Rule::Island.level() <= level
            && let Some(d) = self.walled_cell(board).or_else(|| self.island())
        {
            return Ok(Some(d));
        }
        if Rule::Contradiction.level() <= level {
            return self.lookahead(board);
        }
        Ok(None)
    }

    /// Keeps `d` in `found` when its cell does not have its mark yet; returns whether to look
    /// further (a pattern scan's `visit` for a hint).
    fn keep_if_new(&self, d: Deduction, found: &mut Option<Deduction>) -> bool {
        let new = self.mark(d.cell) != d.mark;
        if new {
            *found = Some(d);
        }
        !new
    }

    /// Count the solutions of `board`, stopping at `limit`. The first one found is kept
    /// (see [`Solver::solution`]).
    fn search_solutions(&mut self, board: &Board, limit: u8) -> u8 {
        self.reset_state(board);
        if self.deduce_closure(board, Difficulty::Medium).is_err() {
            return 0;
        }
        self.search_extensions(board, limit)
    }

    /// Count the solutions that extend the current marks, which must be closed under the
    /// Medium rules, stopping at `limit`; the first one found is kept. With fewer than `limit`
    /// found the marks end as they were; otherwise the solver holds the last solution found.
    fn search_extensions(&mut self, board: &Board, limit: u8) -> u8 {
        self.solvable = false;
        let base = self.trail_len;
        let mut count = 0u8;
        let mut consistent = true;
        loop {
            if consistent {
                match self.first_unknown() {
                    Some(cell) => {
                        consistent = match self.assign_mark(board, cell, Mark::Shaded) {
                            Ok(()) => {
                                self.marks[usize::from(cell)] |= GUESS;
                                self.propagate(board, Difficulty::Medium).is_ok()
                            }
                            Err(_) => self.assign_and_propagate(board, cell, Mark::Unshaded),
                        };
                        continue;
                    }
                    None => {
                        // Every mark passed rules 1-3 as it was made: rule 4 is the one left
                        // to check, without `rules::is_solution`'s flood fill (5% of hard
                        // generation on the console).
                        let solved = self.complete_is_solution(board);
                        debug_assert_eq!(solved, rules::is_solution(board, self.guard.shaded()));
                        if solved {
                            if count == 0 {
                                self.found = *self.guard.shaded();
                            }
                            count += 1;
                            if count >= limit {
                                return count;
                            }
                        }
                    }
                }
            }
            // Backtrack to the latest guess still on its first branch and take the second.
            let guess = loop {
                if self.trail_len == base {
                    return count;
                }
                let cell = self.trail[self.trail_len as usize - 1];
                let was_guess = self.marks[usize::from(cell)] & GUESS != 0;
                self.undo_to(board, self.trail_len - 1);
                if was_guess {
                    break cell;
                }
            };
            consistent = self.assign_and_propagate(board, guess, Mark::Unshaded);
        }
    }

    fn assign_and_propagate(&mut self, board: &Board, cell: u8, mark: Mark) -> bool {
        self.assign_mark(board, cell, mark).and_then(|_| self.propagate(board, Difficulty::Medium)).is_ok()
    }

    /// The shaded cells of the first solution [`Solver::count_solutions`] found.
    pub fn solution(&self) -> &CellSet {
        &self.found
    }

    fn first_unknown(&self) -> Option<u8> {
        self.unknown_cells().first()
    }
}

/// Every number pattern deduction of the board (sandwiches, pairs, corners) of a level in
/// `from..=to`, whatever the marks; `visit` returns whether to go on. The offset pairs, which
/// need the twin chains, are [`offset_pairs`]. Each kind of pattern is only looked for when its
/// level is in range: the scan of lines costs as much as a pass of deductions, and the medium
/// closure, which follows the easy one, needs only the corners.
fn for_each_pattern(board: &Board, from: Difficulty, to: Difficulty, mut visit: impl FnMut(Deduction) -> bool) {
    let n = board.size();
    let in_range = |rule: Rule| (from..=to).contains(&rule.level());
    // Lines are walked as (first cell, step): rows step 1, columns step 16. Sandwiches and
    // pairs share a level.
    let lines = if in_range(Rule::Sandwich) { 2 * n } else { 0 };
    for line in 0..lines {
        let (start, step) = if line < n { (cell_at(line, 0), 1) } else { (cell_at(0, line - n), 16) };
        if !line_patterns(board, start, step, &mut visit) {
            return;
        }
    }
    if n < 2 || !in_range(Rule::CornerDomino) {
        return;
    }
    let last = n - 1;
    for (r, c, dr, dc) in [(0, 0, 1i8, 1i8), (0, last, 1, -1), (last, 0, -1, 1), (last, last, -1, -1)] {
        let cell = |dy: i8, dx: i8| cell_at((r as i8 + dy) as u8, (c as i8 + dx) as u8);
        if !corner_patterns(board, [cell(0, 0), cell(0, dc), cell(dr, 0), cell(dr, dc)], &mut visit) {
            return;
        }
    }
}

/// The corner patterns of one corner's 2x2 block `[corner, along its row, along its column,
/// diagonal]`; false once `visit` said stop. Two cells of the block in one line are adjacent,
/// so exactly one of them is shaded when they are equal; the corner cell, whose only
/// neighbours are the two wall cells, must keep one of them unshaded.
fn corner_patterns(board: &Board, block: [u8; 4], visit: &mut impl FnMut(Deduction) -> bool) -> bool {
    let [corner, along_row, along_col, diagonal] = block;
    let [c, r, d, i] = block.map(|cell| board.number(cell));
    if (c == r && d == i) || (c == d && r == i) {
        // Shading the corner's partner and the diagonal's would wall the corner in.
        for target in [corner, diagonal] {
            if !visit(Deduction::new(Rule::CornerSquare, target, Mark::Shaded, &block)) {
                return false;
            }
        }
        return true;
    }
    if c == r && c == d {
        return visit(Deduction::new(Rule::CornerTriple, corner, Mark::Shaded, &[along_row, along_col]));
    }
    if r == i && d == i {
        return visit(Deduction::new(Rule::CornerTriple, diagonal, Mark::Shaded, &[along_row, along_col]));
    }
    // A domino along a wall (corner and wall cell) or beside it (wall cell and diagonal): when
    // its wall cell is shaded the corner keeps only the other wall cell; when its other cell
    // is, that cell touches the other wall cell.
    for (first, second, other_wall) in
        [(corner, along_row, along_col), (along_row, diagonal, along_col), (corner, along_col, along_row), (along_col, diagonal, along_row)]
    {
        if board.number(first) == board.number(second)
            && !visit(Deduction::new(Rule::CornerDomino, other_wall, Mark::Unshaded, &[first, second]))
        {
            return false;
        }
    }
    true
}

/// The offset pairs between each line and the next, rows when `across`, else columns; false
/// once `visit` said stop. A at p and q in one line, B at p and q' = q +- 1 (q' != p) in the
/// next: the two cells at p touch, so one of them stays unshaded and its twin at the far end
/// (A at q or B at q') is shaded; (line, q') and (next line, q) touch both of those, so both
/// stay unshaded. The far twins of a cell come from the twin chains `links` (the solver's),
/// one load each.
// One copy for both directions (the console's ROM banks are full).
#[cfg_attr(target_arch = "avr", inline(never))]
fn offset_pairs(board: &Board, links: &[u8; CELL_SLOTS], across: bool, visit: &mut impl FnMut(Deduction) -> bool) -> bool {
    let n = board.size();
    let at = |line: u8, i: u8| if across { cell_at(line, i) } else { cell_at(i, line) };
    let next_twin = |cell: u8| if across { links[usize::from(cell)] & 15 } else { links[usize::from(cell)] >> 4 };
    for line in 0..n - 1 {
        for p in 0..n {
            let (a, b) = (at(line, p), at(line + 1, p));
            let b_number = board.number(b);
            let mut q = next_twin(a);
            while q != p {
                for far in [q.wrapping_sub(1), q + 1] {
                    if far < n && far != p && board.number(at(line + 1, far)) == b_number {
                        let reasons = [a, at(line, q), b, at(line + 1, far)];
                        for target in [at(line, far), at(line + 1, q)] {
                            if !visit(Deduction::new(Rule::OffsetPair, target, Mark::Unshaded, &reasons)) {
                                return false;
                            }
                        }
                    }
                }
                q = next_twin(at(line, q));
            }
        }
    }
    true
}

/// The sandwiches, then the pairs, of the line of `board.size()` cells from `start` by
/// `step`, in the order [`for_each_pattern`] promises; false once `visit` said stop. One walk
/// reads each number once (sandwiches are visited as met, pairs noted by their first index),
/// adding `step` to the cell: written as `start + i * step`, LLVM made the multiplication a
/// shift by a variable count, which is a loop on the SM83.
fn line_patterns(board: &Board, start: u8, step: u8, visit: &mut impl FnMut(Deduction) -> bool) -> bool {
    let n = board.size();
    let mut cell = start;
    // The numbers one and two cells back.
    let (mut back2, mut back1) = (0, board.number(cell));
    let mut pairs = 0u16;
    for i in 1..n {
        cell += step;
        let here = board.number(cell);
        if here == back1 {
            pairs |= bit_of(i - 1);
        }
        if i >= 2 && here == back2 {
            let left = cell - step - step;
            if !visit(Deduction::new(Rule::Sandwich, cell - step, Mark::Unshaded, &[left, cell])) {
                return false;
            }
        }
        (back2, back1) = (back1, here);
    }
    // Pairs: every other cell of the line with the pair's number is shaded.
    while pairs != 0 {
        let i = pairs.trailing_zeros() as u8;
        pairs &= pairs - 1;
        let mut a = start;
        for _ in 0..i {
            a += step;
        }
        let b = a + step;
        let value = board.number(a);
        let mut other = start;
        for _ in 0..n {
            if other != a && other != b && board.number(other) == value
                && !visit(Deduction::new(Rule::Pair, other, Mark::Shaded, &[a, b]))
            {
                return false;
            }
            other += step;
        }
    }
    true
}

/// The solver's entry points. The game ROM keeps the solver in ROM bank 5 (one copy, shared by
/// the generator in bank 1 and the hints in bank 2; docs/ARCHITECTURE.md, "ROM banks"): calls
/// from outside come in here, through the bank-switching trampoline, while the solver's own
/// code calls the functions behind them directly.
impl Solver {
    /// Takes on `board`: no marks, every cell unknown.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank5"), inline(never))]
    pub fn reset(&mut self, board: &Board) {
        self.reset_state(board)
    }

    /// The hard moments of the last Hard closure ([`Solver::deduce`] at Hard): look-ahead
    /// steps met after the Medium rules had made progress, which is what a hint walk counts as
    /// separate hard moments (runs of contradiction steps; `examples/hint_walks.rs` compares).
    pub fn hard_moments(&self) -> u8 {
        self.hard_moments
    }

    /// Marks `cell` and checks rules 1-3 at once; refuses a mark that breaks one.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank5"), inline(never))]
    pub fn assign(&mut self, board: &Board, cell: u8, mark: Mark) -> Result<(), Contradiction> {
        self.assign_mark(board, cell, mark)
    }

    /// Applies the deductions of `level` and below until none applies.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank5"), inline(never))]
    pub fn deduce(&mut self, board: &Board, level: Difficulty) -> Result<(), Contradiction> {
        self.deduce_closure(board, level)
    }

    /// The easiest deduction of `level` or below that applies now, without applying it. In a
    /// bank of its own (11) with the copies of the solver code it reaches: with the named
    /// patterns, the hints' pattern scan (4.9 KB) leaves bank 5 too little room beside the
    /// closures' (about 270 bytes). Banks 8 to 10 are the other puzzles' engines.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank11"), inline(never))]
    pub fn next_deduction(&mut self, board: &Board, level: Difficulty) -> Found {
        self.find_deduction(board, level)
    }

    /// Counts the solutions of `board`, stopping at `limit`.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank5"), inline(never))]
    pub fn count_solutions(&mut self, board: &Board, limit: u8) -> u8 {
        self.search_solutions(board, limit)
    }

    /// [`Solver::count_solutions`] from the current marks, which must be the Medium closure of
    /// the board given to the last reset (the generator has just computed it): the search skips
    /// the reset and the closure, and when it finds fewer than `limit` solutions it ends on the
    /// closure again, ready for the look-ahead.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank5"), inline(never))]
    pub(crate) fn count_extensions(&mut self, board: &Board, limit: u8) -> u8 {
        self.search_extensions(board, limit)
    }
}
