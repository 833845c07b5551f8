//! The generator: a solution first, then trees placed while the easy deductions are followed
//! step by step (no closure and no search until the end), then one closure to grade it.
//!
//! 1. Medium and hard start with a *gadget* at a random place, mirrored at random: trees,
//!    lizards and a cell or two the level's rule crosses at the very start. Medium ([`PAIR`]):
//!    a two-cell row segment and, above it, a two-cell row segment one of whose cells sees
//!    both (the *pair* rule crosses it; its neighbour is then a last cell and sees one cell of
//!    the pair, leaving the other). Hard ([`BLOCK`]): three three-cell row segments in a
//!    staircase; the middle one's outer cells each see a whole three-cell segment (the *block*
//!    rule crosses both; the middle cell is then a last cell and leaves one cell of each).
//! 2. Random trees (one cell in eight, not on the gadget), runs of one cell at a row's end
//!    or between trees made trees too (no last cell at the start: the level below has none),
//!    then a lizard at a random safe cell of every row segment without one (where none fits,
//!    one behind a tree that blocks its one onlooker, else the segment becomes trees). P is
//!    the row segments' count, so every row segment must hold one: the deductions' foothold.
//!    No lizard goes (here or in step 4) where it sees a cell the gadget's rule crosses.
//! 3. The easy deductions, followed as trees go down: the builder keeps the cells not yet
//!    decided (*unknown*) and, per row segment, how many are unknown. A row segment with one
//!    unknown cell holds its lizard there (*last cell*, always the solution's), which crosses
//!    the unknown cells of its column and diagonals (*sight*). Only unknown cells become trees
//!    (an unknown cell is in no found lizard's segment, so no deduction made so far changes),
//!    or crossed cells with a tree or the edge beside them along each of their three other
//!    lines (a tree there hides nothing from a lizard).
//! 4. When no row segment has one unknown cell: a tree on an unknown cell without a lizard,
//!    cutting its row segment; the lizard's side stays, the other side gets a lizard at a safe
//!    unknown cell, or becomes trees when every cell of it can. Of the cells that will do, one
//!    that leaves the fewest unknown cells on the lizard's side (a last cell when it can; for
//!    hard, no one-cell segment when it can). When none will do, the nearest unknown cell to
//!    a lizard all the same, the other side trees whatever its cells, and the deductions
//!    start again from the beginning (a tree on a crossed cell may hide cells a lizard had
//!    crossed). Back to 3 until no cell is unknown.
//! 5. The level's closure then completes (the gadget's opening is its rule, every other step
//!    above an easy deduction), so the solution is the only one. The grade is checked exactly
//!    by the closures (the level's completes, the level below's does not), else a new
//!    candidate.

use super::deduce::Deducer;
use super::grid::{Board, CELLS, CellSet, Dir, MAX_SIZE, MIN_SIZE, NO_SEGMENT, Segments, row_col};
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
    /// The cells the gadget's rule crosses ([`NO_CELL`] past the gadget's count or the
    /// board's edge): the builder seats no lizard that sees one.
    opening: [u8; 2],
    /// The builder's cells, one byte a cell ([`TREE`], [`LIZARD`], [`UNKNOWN`]), kept beside
    /// the board, the solution and the unknown set: the cut's walks read one byte where they
    /// tested two or three bit sets (each test a shift, a table load and a mask on the console).
    marks: [u8; CELLS],
}

/// No cell, in [`Engine::opening`].
const NO_CELL: u8 = 0xFF;
/// [`Engine::marks`]: a tree.
const TREE: u8 = 1;
/// [`Engine::marks`]: the solution's lizard.
const LIZARD: u8 = 2;
/// [`Engine::marks`]: not decided yet by the builder's deductions.
const UNKNOWN: u8 = 4;

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
            opening: [NO_CELL; 2],
            marks: [0; CELLS],
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
            if self.build(size, level, &mut rng, puzzle) && self.graded(level, puzzle) {
                puzzle.difficulty = level;
                puzzle.seed = seed;
                return true;
            }
        }
    }

    /// Whether the closures grade the built puzzle `level` exactly.
    fn graded(&mut self, level: Difficulty, puzzle: &Puzzle) -> bool {
        self.deducer.reset(&puzzle.board, &self.segments, puzzle.lizards);
        for at in Difficulty::ALL {
            if self.deducer.closure(&self.segments, at).is_err() {
                return false;
            }
            if self.deducer.is_complete() {
                return at == level;
            }
            if at == level {
                return false;
            }
        }
        false
    }

    /// The builder's unknown cells (kept in the search's storage: the builder never searches).
    fn unknown(&self) -> &CellSet {
        &self.search.found[0]
    }

    /// Steps 1 to 4 of the module doc: false when the candidate is given up.
    /// Its state lives in the search's storage (never used at once): `found[0]` the unknown
    /// cells, `found[1]` the gadget's box and then its crossed cells, `chosen` the unknown
    /// cells per row slot.
    fn build(&mut self, n: u8, level: Difficulty, rng: &mut Rng, puzzle: &mut Puzzle) -> bool {
        puzzle.board.clear(n);
        puzzle.solution = CellSet::EMPTY;
        self.segments.set_size(n);
        self.search.found[0] = CellSet::EMPTY.complement_below(n * n);
        self.marks = [UNKNOWN; CELLS];
        self.search.found[1] = CellSet::EMPTY;
        self.opening = [NO_CELL; 2];
        let shortest = level as u8 + 1;
        match level {
            Difficulty::Easy => {}
            Difficulty::Medium => self.gadget(n, rng, puzzle, &PAIR),
            Difficulty::Hard => self.gadget(n, rng, puzzle, &BLOCK),
        }
        for _ in 0..tree_count(n) {
            let (r, c) = (rng.below(n), rng.below(n));
            let cell = self.segments.cell_at(r, c);
            if self.marks[cell as usize] == UNKNOWN && !self.search.found[1].contains(cell) {
                self.sow(&mut puzzle.board, cell);
            }
        }
        for r in 0..n {
            self.fill_short(&mut puzzle.board, r, shortest.max(2));
        }
        // The segments of the trees so far in one pass; from here on they follow each tree.
        self.segments.build(&puzzle.board);
        self.seat(rng, puzzle);
        // From here on, the gadget's crossed cells (the only free cells not unknown).
        self.search.found[1] = puzzle.board.trees().union(self.unknown()).complement_below(n * n);
        self.restart(&puzzle.board);
        loop {
            while let Some(cell) = self.last_cell() {
                if !puzzle.solution.contains(cell) {
                    return false;
                }
                self.find(cell);
            }
            if self.unknown().is_empty() {
                break;
            }
            // Hard prefers cuts that leave no one-cell row segment (no last cell from the
            // start for the level below): 2.8 candidates a 12x12 puzzle became 1.5.
            let shortest_cut = if level == Difficulty::Hard { 2 } else { 1 };
            if !self.cut(rng, shortest_cut, puzzle) {
                return false;
            }
        }
        puzzle.lizards = puzzle.solution.len();
        true
    }

    /// A gadget's trees, lizards and crossed cells at a random place, mirrored at random
    /// (step 1); its box is noted, for the trees sown next to keep away from.
    fn gadget(&mut self, n: u8, rng: &mut Rng, puzzle: &mut Puzzle, gadget: &Gadget) {
        let top = rng.below(n + 1 - gadget.rows);
        let left = rng.below(n + 1 - gadget.columns) + gadget.left;
        let (flip_rows, flip_columns) = (rng.below(2) == 1, rng.below(2) == 1);
        let at = |(dr, dc): (u8, i8)| -> Option<u8> {
            let c = left as i8 + dc;
            if c < 0 || c >= n as i8 {
                return None;
            }
            let (r, c) = (top + dr, c as u8);
            let r = if flip_rows { n - 1 - r } else { r };
            let c = if flip_columns { n - 1 - c } else { c };
            Some(r * n + c)
        };
        for &spot in gadget.trees {
            if let Some(cell) = at(spot) {
                self.sow(&mut puzzle.board, cell);
            }
        }
        for (k, &spot) in gadget.crossed.iter().enumerate() {
            if let Some(cell) = at(spot) {
                self.opening[k] = cell;
                self.decide(cell);
            }
        }
        for &spot in gadget.lizards {
            if let Some(cell) = at(spot) {
                self.place(puzzle, cell);
            }
        }
        for dr in 0..gadget.rows {
            for dc in -2..gadget.columns as i8 {
                if let Some(cell) = at((dr, dc)) {
                    self.search.found[1].insert(cell);
                }
            }
        }
    }

    /// A tree on the unknown `cell` before the segments are built (steps 1 and 2).
    fn sow(&mut self, board: &mut Board, cell: u8) {
        board.set_tree(cell);
        self.search.found[0].remove(cell);
        self.marks[cell as usize] = TREE;
    }

    /// The unknown `cell` decided (crossed, or its lizard found).
    fn decide(&mut self, cell: u8) {
        self.search.found[0].remove(cell);
        self.marks[cell as usize] &= !UNKNOWN;
    }

    /// The solution's lizard on `cell`.
    fn place(&mut self, puzzle: &mut Puzzle, cell: u8) {
        puzzle.solution.insert(cell);
        self.marks[cell as usize] |= LIZARD;
    }

    /// The solution's lizard on `cell`, flagged for [`Engine::seatable`] (once the segments are
    /// built). Every lizard stays flagged: a found one has crossed every cell of its column
    /// and diagonals, and only unknown cells are asked about.
    fn seat_lizard(&mut self, puzzle: &mut Puzzle, cell: u8) {
        self.place(puzzle, cell);
        self.sight.place(&self.segments, cell);
    }

    /// A tree on the unknown `cell`, with the segments following it (a segment cut in two
    /// keeps its slot, and so its sight flag, on its lizard's side).
    fn plant(&mut self, puzzle: &mut Puzzle, cell: u8) {
        self.sow(&mut puzzle.board, cell);
        self.segments.plant(cell, &puzzle.solution);
    }

    /// Step 2: a lizard at a random safe cell of every row segment without one, first at
    /// random, then in order. A row segment with no safe cell gets a lizard behind a new tree
    /// that blocks its one onlooker ([`shield`]), or else becomes trees.
    fn seat(&mut self, rng: &mut Rng, puzzle: &mut Puzzle) {
        self.see_solution(&puzzle.solution);
        let rows = self.segments.list_rows();
        for _ in 0..rows {
            let start = self.segments.row_start(rng.below(rows));
            self.seat_in(start, rng, puzzle);
        }
        // Row segments in reading order by their first cells' marks (listing them again after
        // every shield walked the segment table: 56 k cycles a time on the console). A shield's
        // tree shortens another row segment at an end, which keeps its lizard, so the scan goes
        // on at the bare segment (starting again from the first cell re-walked every segment
        // after every shield).
        let (n, cells) = (puzzle.board.size(), puzzle.board.cells());
        let (mut start, mut c) = (0, 0);
        while start < cells {
            let opens = self.marks[start as usize] != TREE && (c == 0 || self.marks[start as usize - 1] == TREE);
            if !opens || self.seat_in(start, rng, puzzle) {
                start += 1;
                c = if c + 1 == n { 0 } else { c + 1 };
                continue;
            }
            // Bare: a lizard behind a shield, or trees. Then `start` again (a lizard or a tree).
            match shield(&self.segments, &self.marks, &self.search.found[1], start) {
                Some((lizard, tree)) => {
                    self.plant(puzzle, tree);
                    self.seat_lizard(puzzle, lizard);
                }
                None => {
                    let mut at = Some(start);
                    while let Some(cell) = at {
                        at = self.segments.next_in_segment(Dir::Row, cell, true);
                        self.plant(puzzle, cell);
                    }
                }
            }
        }
    }

    /// A lizard at a random safe cell of the row segment starting at `start` if it holds none;
    /// false when it holds none and none is safe.
    fn seat_in(&mut self, start: u8, rng: &mut Rng, puzzle: &mut Puzzle) -> bool {
        // Its lizard first: most segments hold one, and its cells before it need no sight test.
        let mut at = Some(start);
        while let Some(cell) = at {
            if self.marks[cell as usize] & LIZARD != 0 {
                return true;
            }
            at = self.segments.next_in_segment(Dir::Row, cell, true);
        }
        let mut safe = RowPicks::new();
        let mut at = Some(start);
        while let Some(cell) = at {
            if self.seatable(&puzzle.board, cell) {
                safe.push(cell);
            }
            at = self.segments.next_in_segment(Dir::Row, cell, true);
        }
        let Some(cell) = safe.pick(rng) else { return false };
        self.seat_lizard(puzzle, cell);
        true
    }

    /// Whether a lizard may go on `cell`: safe (no flagged lizard sees it), and it sees none of
    /// the cells the gadget's rule crosses. Such a lizard would cross them once the level below
    /// finds it, which opens the gadget without its rule: allowing such lizards, 1.41 hard
    /// candidates a puzzle (host, 100 seeds at each size; 234 medium-solvable candidates for
    /// the 700 puzzles), refusing them 1.04.
    fn seatable(&self, board: &Board, cell: u8) -> bool {
        if !self.sight.safe(board, &self.segments, cell) {
            return false;
        }
        for &opening in &self.opening {
            if opening != NO_CELL && self.segments.sees(cell, opening) {
                return false;
            }
        }
        true
    }

    /// The search's sight flags for the lizards of `solution` on the current segments: once,
    /// when the segments are built; [`Engine::seat_lizard`] and [`Engine::plant`] keep them.
    fn see_solution(&mut self, solution: &CellSet) {
        self.sight.clear();
        let mut at = 0;
        while let Some(cell) = solution.next_from(at) {
            at = cell + 1;
            self.sight.place(&self.segments, cell);
        }
    }

    /// Trees on every run of row `r` shorter than `shortest` (all its cells unknown: before
    /// the lizards).
    fn fill_short(&mut self, board: &mut Board, r: u8, shortest: u8) {
        let n = board.size();
        let first = self.segments.cell_at(r, 0);
        let mut c = 0;
        while c < n {
            if board.is_tree(first + c) {
                c += 1;
                continue;
            }
            let mut end = c;
            while end < n && !board.is_tree(first + end) {
                end += 1;
            }
            if end - c < shortest {
                for k in c..end {
                    self.sow(board, first + k);
                }
            }
            c = end;
        }
    }

    /// An unknown cell alone in its row segment: a last cell. The segments are noted (by a cell
    /// of theirs, in the deducer's last-cell set, which the builder borrows) as their counts
    /// come down to one: scanning every unknown cell after every lizard was a tenth of the
    /// builder's cycles on the console. A noted segment may have lost that cell since.
    fn last_cell(&mut self) -> Option<u8> {
        while let Some(noted) = self.deducer.last_cells.next_from(0) {
            self.deducer.last_cells.remove(noted);
            if self.search.chosen[self.segments.id(Dir::Row, noted) as usize] != 1 {
                continue;
            }
            for forward in [true, false] {
                let mut at = Some(noted);
                while let Some(cell) = at {
                    if self.marks[cell as usize] & UNKNOWN != 0 {
                        return Some(cell);
                    }
                    at = self.segments.next_in_segment(Dir::Row, cell, forward);
                }
            }
        }
        None
    }

    /// The lizard on the unknown `cell`, whose row segment has no other unknown cell, found: it
    /// crosses the unknown cells of its column and diagonals (its row's are crossed already).
    fn find(&mut self, cell: u8) {
        for dir in [Dir::Column, Dir::Diagonal, Dir::AntiDiagonal] {
            for forward in [true, false] {
                let mut at = cell;
                while let Some(next) = self.segments.next_in_segment(dir, at, forward) {
                    at = next;
                    if self.marks[next as usize] & UNKNOWN != 0 {
                        self.decide(next);
                        let count = &mut self.search.chosen[self.segments.id(Dir::Row, next) as usize];
                        *count -= 1;
                        if *count == 1 {
                            self.deducer.last_cells.insert(next);
                        }
                    }
                }
            }
        }
        self.decide(cell);
        self.search.chosen[self.segments.id(Dir::Row, cell) as usize] -= 1;
    }

    /// Step 4: a tree on an unknown cell that holds no lizard (see the module doc); false when
    /// no cell will do.
    fn cut(&mut self, rng: &mut Rng, shortest: u8, puzzle: &mut Puzzle) -> bool {
        let n = puzzle.board.size();
        let (mut best, mut fewest, mut ties) = (CellSet::EMPTY, u8::MAX, 0u8);
        // Failing those, the nearest unknown cells whatever their far sides.
        let (mut near, mut nearest, mut near_ties) = (CellSet::EMPTY, u8::MAX, 0u8);
        // Each row segment with unknown cells, from its first (walking every cell of the board
        // at every cut cost the console more than the rest of the cut): its lizard's column
        // and how many unknown cells lie on each side. On each side, the unknown cell nearest
        // the lizard whose far side will do (a tree further away keeps more unknown cells with
        // the lizard).
        let (mut first, mut next) = (0u8, 0u8);
        while let Some(unknown) = self.unknown().next_from(next) {
            while unknown >= first + n {
                first += n;
            }
            let mut start = unknown - first;
            while start > 0 && self.marks[(first + start - 1) as usize] != TREE {
                start -= 1;
            }
            let mut c = start;
            let (mut lizard, mut before, mut after) = (None, 0u8, 0u8);
            while c < n {
                let mark = self.marks[(first + c) as usize];
                if mark == TREE {
                    break;
                }
                if mark & LIZARD != 0 {
                    lizard = Some(c);
                } else if mark & UNKNOWN != 0 {
                    if lizard.is_none() {
                        before += 1;
                    } else {
                        after += 1;
                    }
                }
                c += 1;
            }
            next = first + c;
            let Some(lizard) = lizard else { continue };
            if before + after == 0 {
                continue;
            }
            for forward in [false, true] {
                // Unknown cells between the lizard and the tree, which it keeps too.
                let mut between = 0;
                let mut at = lizard;
                loop {
                    if (forward && at + 1 == c) || (!forward && at == start) {
                        break;
                    }
                    at = if forward { at + 1 } else { at - 1 };
                    if self.marks[(first + at) as usize] & UNKNOWN == 0 {
                        continue;
                    }
                    let kept = 1 + between + if forward { before } else { after };
                    if between == 0 && kept <= nearest {
                        if kept < nearest {
                            (near, nearest, near_ties) = (CellSet::EMPTY, kept, 0);
                        }
                        near.insert(first + at);
                        near_ties += 1;
                    }
                    if kept > fewest {
                        break;
                    }
                    let (from, to) = if forward { (at + 1, c) } else { (start, at) };
                    let kept_cells = if forward { at - start } else { c - at - 1 };
                    if kept_cells >= shortest && self.side_will_do(&puzzle.board, first, from, to, shortest) {
                        if kept < fewest {
                            (best, fewest, ties) = (CellSet::EMPTY, kept, 0);
                        }
                        best.insert(first + at);
                        ties += 1;
                        break;
                    }
                    between += 1;
                }
            }
        }
        let clean = ties > 0;
        let (choices, count) = if clean { (best, ties) } else { (near, near_ties) };
        let Some(cell) = choices.nth(rng.below(count.max(1))) else { return false };
        let (_, c) = row_col(n, cell);
        let first = cell - c;
        let forward = !self.lizard_beside(cell, c, n, true);
        // The other side, columns `from..to` of the row up to a tree or the edge, its unknown
        // cells and its safe ones (safe now, so safe behind the new tree).
        let (from, to) = if forward {
            let mut to = c + 1;
            while to < n && self.marks[(first + to) as usize] != TREE {
                to += 1;
            }
            (c + 1, to)
        } else {
            let mut from = c;
            while from > 0 && self.marks[(first + from - 1) as usize] != TREE {
                from -= 1;
            }
            (from, c)
        };
        let mut safe = RowPicks::new();
        let mut side_unknown = 0u8;
        for here in first + from..first + to {
            if self.marks[here as usize] & UNKNOWN != 0 {
                side_unknown += 1;
                if self.seatable(&puzzle.board, here) {
                    safe.push(here);
                }
            }
        }
        self.plant(puzzle, cell);
        let mut restart = false;
        let mut seated = None;
        if to > from {
            let long = !clean || to - from >= shortest;
            match safe.pick(rng) {
                Some(lizard) if long => {
                    self.seat_lizard(puzzle, lizard);
                    seated = Some(lizard);
                }
                _ => {
                    for here in first + from..first + to {
                        restart |= self.marks[here as usize] & UNKNOWN == 0 && !self.terminal(here);
                        self.plant(puzzle, here);
                    }
                }
            }
        }
        if restart {
            // Trees on crossed cells may hide cells from the lizards that crossed them: the
            // deductions start again (every row segment still holds its lizard).
            self.restart(&puzzle.board);
            return true;
        }
        // The counts follow the cut (counting the row again was a twentieth of the builder's
        // cycles on the console). The lizard's side keeps its slot ([`Segments::plant`]) and
        // loses the tree's cell and the other side's unknown cells; the other side, when it
        // took a lizard, has its unknown cells. No row segment had one unknown cell before the
        // cut (each was a last cell), so only these two may be noted.
        let kept_cell = if forward { cell - 1 } else { cell + 1 };
        let count = &mut self.search.chosen[self.segments.id(Dir::Row, kept_cell) as usize];
        *count -= 1 + side_unknown;
        if *count == 1 {
            self.deducer.last_cells.insert(kept_cell);
        }
        if let Some(lizard) = seated {
            self.search.chosen[self.segments.id(Dir::Row, lizard) as usize] = side_unknown;
            if side_unknown == 1 {
                self.deducer.last_cells.insert(lizard);
            }
        }
        true
    }

    /// The deductions from the start: every free cell unknown but the gadget's crossed ones,
    /// and each row segment's unknown cells counted (one with one is noted for
    /// [`Engine::last_cell`]), in one pass over the board (row by row, reading each cell's
    /// count back from the table, was two thirds of a restart on the console).
    fn restart(&mut self, board: &Board) {
        let n = board.size();
        self.search.found[0] = board.trees().union(&self.search.found[1]).complement_below(n * n);
        self.deducer.last_cells = CellSet::EMPTY;
        // The open row segment's slot (NO_SEGMENT between segments), its unknown cells and
        // the last of them.
        let (mut id, mut count, mut last) = (NO_SEGMENT, 0u8, 0u8);
        let mut c = 0;
        for cell in 0..n * n {
            if c == 0 {
                self.close_row_segment(id, count, last);
                id = NO_SEGMENT;
            }
            c = if c + 1 == n { 0 } else { c + 1 };
            if self.marks[cell as usize] == TREE {
                self.close_row_segment(id, count, last);
                id = NO_SEGMENT;
                continue;
            }
            if id == NO_SEGMENT {
                (id, count) = (self.segments.id(Dir::Row, cell), 0);
            }
            if self.search.found[0].contains(cell) {
                self.marks[cell as usize] |= UNKNOWN;
                count += 1;
                last = cell;
            }
        }
        self.close_row_segment(id, count, last);
    }

    /// [`Engine::restart`]'s count of the row segment `id` (none for [`NO_SEGMENT`]): `count`
    /// unknown cells, the last at `last`.
    fn close_row_segment(&mut self, id: u8, count: u8, last: u8) {
        if id == NO_SEGMENT {
            return;
        }
        self.search.chosen[id as usize] = count;
        if count == 1 {
            self.deducer.last_cells.insert(last);
        }
    }

    /// Whether the row segment of `cell` (column `c`) holds a lizard after it (`forward`) or
    /// before it.
    fn lizard_beside(&self, cell: u8, c: u8, n: u8, forward: bool) -> bool {
        let mut k = c;
        loop {
            if (forward && k + 1 == n) || (!forward && k == 0) {
                return false;
            }
            k = if forward { k + 1 } else { k - 1 };
            let mark = self.marks[(cell - c + k) as usize];
            if mark == TREE {
                return false;
            }
            if mark & LIZARD != 0 {
                return true;
            }
        }
    }

    /// Whether the cells of row `first`'s columns `from..to` (what a tree leaves on the side
    /// away from the lizard) can take a lizard at a safe unknown cell (when at least
    /// `shortest`), or all become trees (unknown cells, or crossed ones with a tree or the
    /// edge beside them along each line).
    fn side_will_do(&self, board: &Board, first: u8, from: u8, to: u8, shortest: u8) -> bool {
        let mut treeable = true;
        let long = to - from >= shortest;
        for c in from..to {
            let cell = first + c;
            if self.marks[cell as usize] & UNKNOWN != 0 {
                if long && self.seatable(board, cell) {
                    return true;
                }
            } else if treeable && !self.terminal(cell) {
                treeable = false;
            }
        }
        treeable
    }

    /// Whether a tree on the crossed `cell` would hide nothing from a lizard: along its column
    /// and both diagonals it has a tree or the edge beside it on one side or the other (its
    /// segment stops there).
    fn terminal(&self, cell: u8) -> bool {
        [Dir::Column, Dir::Diagonal, Dir::AntiDiagonal].into_iter().all(|dir| {
            self.segments.next_in_segment(dir, cell, true).is_none() || self.segments.next_in_segment(dir, cell, false).is_none()
        })
    }
}

/// Cells of one row segment in increasing order, for a random pick: a cell set's `nth` reads
/// the set from its first byte, and its count is a call a byte, on the console.
struct RowPicks {
    cells: [u8; MAX_SIZE as usize],
    count: u8,
}

impl RowPicks {
    fn new() -> RowPicks {
        RowPicks { cells: [0; MAX_SIZE as usize], count: 0 }
    }

    fn push(&mut self, cell: u8) {
        self.cells[self.count as usize] = cell;
        self.count += 1;
    }

    /// A cell at random; none when there is none (the draw is made all the same).
    #[inline(always)]
    fn pick(&self, rng: &mut Rng) -> Option<u8> {
        let k = rng.below(self.count.max(1));
        (k < self.count).then(|| self.cells[k as usize])
    }
}

/// A start of step 1: trees and crossed cells relative to a place (row, column offset) in a
/// box of `rows` x `columns` whose first column is `left` columns right of the box's edge.
struct Gadget {
    rows: u8,
    columns: u8,
    left: u8,
    trees: &'static [(u8, i8)],
    crossed: &'static [(u8, i8)],
    lizards: &'static [(u8, i8)],
}

/// Medium: row 0 holds (0, 0) and (0, 1), row 1 (1, 1) and (1, 2). (0, 1) sees both of row
/// 1's cells (column, diagonal): the pair rule crosses it, (0, 0) is a last cell and sees
/// (1, 1) along its diagonal, and (1, 2) is the last.
const PAIR: Gadget = Gadget {
    rows: 2,
    columns: 3,
    left: 0,
    trees: &[(0, -1), (0, 2), (1, 0), (1, 3)],
    crossed: &[(0, 1)],
    lizards: &[(0, 0), (1, 2)],
};

/// Hard: row 0 holds (0, 1) to (0, 3), row 1 (1, 0) to (1, 2), row 2 (2, -1) to (2, 1).
/// (1, 0) sees all of row 2's cells and (1, 2) all of row 0's (column and both diagonals): the
/// block rule crosses both, (1, 1) is a last cell and sees two cells of each, which leaves
/// each a last cell.
const BLOCK: Gadget = Gadget {
    rows: 3,
    columns: 5,
    left: 1,
    trees: &[(0, 0), (0, 4), (1, -1), (1, 3), (2, -2), (2, 2)],
    crossed: &[(1, 0), (1, 2)],
    lizards: &[(1, 1), (2, -1), (0, 3)],
};

/// For the row segment starting at `start`, which holds no lizard and has no safe cell: a cell
/// of it that one lizard alone sees, and a cell between them (not in `kept`) where a tree
/// blocks the view without making a row segment (it is at an end of its own row segment, which
/// keeps two cells or more). Lizards by the builder's `marks`.
fn shield(segments: &Segments, marks: &[u8; CELLS], kept: &CellSet, start: u8) -> Option<(u8, u8)> {
    let mut at = Some(start);
    while let Some(cell) = at {
        at = segments.next_in_segment(Dir::Row, cell, true);
        let mut blocker = None;
        let mut onlookers = 0u8;
        for dir in [Dir::Column, Dir::Diagonal, Dir::AntiDiagonal] {
            for forward in [true, false] {
                let (mut here, mut end_cell) = (cell, None);
                while let Some(next) = segments.next_in_segment(dir, here, forward) {
                    if marks[next as usize] & LIZARD != 0 {
                        onlookers += 1;
                        blocker = end_cell;
                        break;
                    }
                    // Only the first such cell counts: the row-end tests (a third of the
                    // seating's cycles when made at every step) only until it is found.
                    if end_cell.is_none() && !kept.contains(next) && keeps_two_at_an_end(segments, next) {
                        end_cell = Some(next);
                    }
                    here = next;
                }
            }
        }
        if let (1, Some(tree)) = (onlookers, blocker) {
            return Some((cell, tree));
        }
    }
    None
}

/// Whether the free `cell` is at an end of its row segment and the segment keeps two cells or
/// more without it (the cell beyond it is free and so is the one after). Its ends by the
/// segments (no row and column to multiply).
fn keeps_two_at_an_end(segments: &Segments, cell: u8) -> bool {
    let left_end = segments.next_in_segment(Dir::Row, cell, false).is_none();
    let right_end = segments.next_in_segment(Dir::Row, cell, true).is_none();
    if left_end && !right_end {
        segments.next_in_segment(Dir::Row, cell + 1, true).is_some()
    } else if right_end && !left_end {
        segments.next_in_segment(Dir::Row, cell - 1, false).is_some()
    } else {
        false
    }
}

/// Trees sown at random before the lizards (some land twice, some on a gadget's box): about
/// one cell in eight. Measured (host, 20 seeds a level): one in sixteen or one in five gave
/// more candidates at 12x12 and no fewer trees in the end.
fn tree_count(n: u8) -> u8 {
    n * n / 8
}
