//! The rules checker: every violation of the four Hitori rules, by kind and cells.
//!
//! 1. no number repeats among unshaded cells of a row or column (`Duplicate`),
//! 2. no two shaded cells touch orthogonally (`Adjacent`),
//! 3. the unshaded cells form one orthogonally connected region (`Disconnected`),
//! 4. every shaded cell's number is repeated by an unshaded cell of its row or column
//!    (`Unjustified`).

use super::board::{Board, CellSet, MAX_SIZE, Twins, bit_of, cell_at, col_of, for_each_bit, row_mask, row_of};
use super::flood::{self, Flood};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RuleKind {
    Duplicate = 0,
    Adjacent = 1,
    Disconnected = 2,
    Unjustified = 3,
}

/// One broken rule. `Duplicate` and `Adjacent` name the two cells; `Disconnected` names the
/// first cell of a region cut off from the largest one; `Unjustified` names the shaded cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Violation {
    pub kind: RuleKind,
    pub cells: [u8; 2],
    pub len: u8,
}

impl Violation {
    fn pair(kind: RuleKind, a: u8, b: u8) -> Violation {
        Violation { kind, cells: [a, b], len: 2 }
    }

    fn single(kind: RuleKind, a: u8) -> Violation {
        Violation { kind, cells: [a, a], len: 1 }
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

/// Report every violation of `shaded` to `report`. Repeats are looked for only among the
/// cells of `kept` (all unshaded cells for a final check, the circled ones while playing), so
/// the same routine serves the final check and live highlighting. Regions and justification
/// treat every cell outside `shaded` as unshaded.
pub fn for_each_violation(
    board: &Board,
    shaded: &CellSet,
    kept: &CellSet,
    mut report: impl FnMut(Violation),
) {
    let n = board.size();
    // Rule 1: each kept cell paired with the next kept cell of equal number right and below.
    for cell in kept.iter() {
        let (r, c) = (row_of(cell), col_of(cell));
        let value = board.number(cell);
        if let Some(other) = (c + 1..n).map(|cc| cell_at(r, cc)).find(|&o| kept.contains(o) && board.number(o) == value) {
            report(Violation::pair(RuleKind::Duplicate, cell, other));
        }
        if let Some(other) = (r + 1..n).map(|rr| cell_at(rr, c)).find(|&o| kept.contains(o) && board.number(o) == value) {
            report(Violation::pair(RuleKind::Duplicate, cell, other));
        }
    }
    // Rule 2: shaded pairs, each reported once (right and down neighbour).
    for cell in shaded.iter() {
        let (r, c) = (row_of(cell), col_of(cell));
        if c + 1 < n && shaded.contains(cell + 1) {
            report(Violation::pair(RuleKind::Adjacent, cell, cell + 1));
        }
        if r + 1 < n && shaded.contains(cell + 16) {
            report(Violation::pair(RuleKind::Adjacent, cell, cell + 16));
        }
    }
    // Rule 3: every region but the largest (the first of equal size) is cut off.
    let mut cut = cut_off(n, shaded);
    while let Some(start) = cut.first() {
        cut = cut.minus(&flood::component(n, shaded, start));
        report(Violation::single(RuleKind::Disconnected, start));
    }
    // Rule 4: a shaded cell needs an unshaded twin.
    for cell in shaded.iter() {
        if board.twins(cell).to_set().minus(shaded).is_empty() {
            report(Violation::single(RuleKind::Unjustified, cell));
        }
    }
}

/// Whether `shaded` satisfies all four rules on `board`. One pass over the cells with bit
/// masks of the numbers seen per row and column, then one flood fill: cheap enough for every
/// solution the search meets.
pub fn is_solution(board: &Board, shaded: &CellSet) -> bool {
    let n = board.size();
    for r in 0..n {
        let row = shaded.row(r);
        if row & (row << 1) != 0 || (r + 1 < n && row & shaded.row(r + 1) != 0) {
            return false;
        }
    }
    // Bit v of seen_in_row[r] / seen_in_col[c]: number v is on an unshaded cell of that line.
    let mut seen_in_row = [0u16; 15];
    let mut seen_in_col = [0u16; 15];
    for r in 0..n {
        for c in 0..n {
            let cell = cell_at(r, c);
            if shaded.contains(cell) {
                continue;
            }
            let bit = bit_of(board.number(cell));
            if (seen_in_row[r as usize] | seen_in_col[c as usize]) & bit != 0 {
                return false;
            }
            seen_in_row[r as usize] |= bit;
            seen_in_col[c as usize] |= bit;
        }
    }
    for cell in shaded.iter() {
        let bit = 1u16 << board.number(cell);
        if (seen_in_row[row_of(cell) as usize] | seen_in_col[col_of(cell) as usize]) & bit == 0 {
            return false;
        }
    }
    let open = CellSet::full(n).minus(shaded);
    match open.first() {
        None => true,
        Some(start) => flood::component(n, shaded, start) == open,
    }
}

/// The cells to highlight, per rule kind: both cells of each repeat and each touching pair,
/// every cell of the regions cut off from the largest, and each unjustified shaded cell.
///
/// Built for the console, where it runs after every move: rule 1 depends only on the kept
/// cells and rules 2-4 only on the shaded ones, so a move refreshes only the kinds it can
/// change ([`ViolationMap::check_kept`], [`ViolationMap::check_touching`]), and every rule works
/// on bit rows or scans one row and one column, without temporary cell sets (each a 30-byte
/// copy on the SM83). `tests/engine_rules.rs` checks it against [`for_each_violation`].
#[derive(Clone, Copy, Debug)]
pub struct ViolationMap {
    kinds: [CellSet; 4],
    /// The union of `kinds`.
    flagged: CellSet,
    /// Bit v: number v is on two kept cells of that row / column (rule 1's state, so that a
    /// move recounts only its own row and column).
    twice_in_row: [u16; MAX_SIZE as usize],
    twice_in_col: [u16; MAX_SIZE as usize],
    /// Rule 4's state: the numbers on unshaded cells of each row and column.
    open: OpenNumbers,
    /// The twins of the cell the check under way is for ([`ViolationMap::find_twins`]).
    twins: Twins,
    /// Rule 3's search, kept between [`ViolationMap::continue_regions`] calls.
    regions: RegionSearch,
}

/// Bit v of each row's and column's entry: number v is on an unshaded cell of that line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OpenNumbers {
    rows: [u16; MAX_SIZE as usize],
    cols: [u16; MAX_SIZE as usize],
}

impl OpenNumbers {
    pub const NONE: OpenNumbers = OpenNumbers { rows: [0; MAX_SIZE as usize], cols: [0; MAX_SIZE as usize] };

    /// The open numbers of `board` with no cell marked: all of each line's numbers (a new
    /// game's; the background worker works them out on the console, two frames' work at
    /// 15x15). In place: by value they are a 60-byte copy there.
    pub fn set_unmarked(&mut self, board: &Board) {
        *self = OpenNumbers::NONE;
        for line in 0..board.size().min(MAX_SIZE) {
            self.rows[usize::from(line)] = board.row_number_bits(line);
            self.cols[usize::from(line)] = board.col_number_bits(line);
        }
    }
}

impl ViolationMap {
    /// No violations (for statics). All zeros, so that resetting a map is a fill, not a copy
    /// of a constant, on the console.
    pub const EMPTY: ViolationMap = ViolationMap {
        kinds: [CellSet::EMPTY; 4],
        flagged: CellSet::EMPTY,
        twice_in_row: [0; MAX_SIZE as usize],
        twice_in_col: [0; MAX_SIZE as usize],
        open: OpenNumbers::NONE,
        twins: Twins { row: 0, col: 0, in_row: 0, in_col: 0 },
        regions: RegionSearch::EMPTY,
    };

    pub fn build(board: &Board, shaded: &CellSet, kept: &CellSet) -> ViolationMap {
        let mut map = ViolationMap::EMPTY;
        map.check_kept(board, kept, None);
        map.check_touching(board, shaded, None);
        if !map.check_regions(board, shaded, None) {
            while !map.continue_regions(board, shaded) {}
        }
        map.check_justified(board, shaded, None);
        let mut changed = CellSet::EMPTY;
        map.flag(board, &mut changed);
        map
    }

    /// Makes this the map of a board with no cell marked, as [`ViolationMap::build`] leaves
    /// it, from the board's `open` numbers: nothing flagged, every number on an unshaded cell
    /// of its lines (the state a move's check updates). Without checking every rule, which
    /// took three frames on the console when a new game began.
    pub fn set_unmarked(&mut self, open: &OpenNumbers) {
        *self = ViolationMap::EMPTY;
        self.open = *open;
    }

    /// The first step of a check after `toggled` flipped: its twins, the cells rules 1 and 4
    /// look at again (apart, as finding them takes a fifth of a frame on the console).
    #[inline(never)]
    pub fn find_twins(&mut self, board: &Board, toggled: u8) {
        self.twins = board.twins(toggled);
    }

    /// Rule 1 again, for new `kept` cells: every kept cell whose number another kept cell of
    /// its row or column repeats. With `toggled` (after [`ViolationMap::find_twins`]), the
    /// map holds the violations of the same cells with that one cell's keeping flipped: that
    /// changed only its own number's counts, only in its row and column, so only the cell and
    /// its twins there are counted and looked at again.
    // Not inlined (nor are the other checks): each stays a C unit small enough for SDCC's loop
    // optimisations, which the build turns off in very large units (docs/cbe-notes.md).
    #[inline(never)]
    pub fn check_kept(&mut self, board: &Board, kept: &CellSet, toggled: Option<u8>) {
        let twins = toggled.map(|_| &self.twins);
        tally_lines(board, twins, |r| kept.row(r), Tally::Twice, &mut self.twice_in_row, &mut self.twice_in_col);
        let (twice_in_row, twice_in_col) = (&self.twice_in_row, &self.twice_in_col);
        let repeats = &mut self.kinds[RuleKind::Duplicate as usize];
        for_each_rechecked(board.size(), twins, |r, cols| {
            repeats.set_row(r, repeats.row(r) & !cols);
            for_each_bit(kept.row(r) & cols, |c| {
                let cell = cell_at(r, c);
                if (twice_in_row[r as usize] | twice_in_col[c as usize]) & bit_of(board.number(cell)) != 0 {
                    repeats.insert(cell);
                }
            });
        });
    }

    /// Rule 2 again, for new `shaded` cells (every other cell counts as unshaded). With
    /// `toggled`, the map holds the violations of the same shading with that one cell flipped,
    /// and only the rows around it are looked at again: a flip changes only its own row's
    /// pairs and those with the rows above and below.
    #[inline(never)]
    pub fn check_touching(&mut self, board: &Board, shaded: &CellSet, toggled: Option<u8>) {
        let n = board.size();
        let touching = &mut self.kinds[RuleKind::Adjacent as usize];
        let (first, end) = match toggled {
            Some(cell) => (row_of(cell).saturating_sub(1), (row_of(cell) + 2).min(n)),
            None => (0, n),
        };
        for r in first..end {
            let row = shaded.row(r);
            let across = row & (row >> 1);
            let above = if r > 0 { shaded.row(r - 1) } else { 0 };
            let below = if r + 1 < n { shaded.row(r + 1) } else { 0 };
            touching.set_row(r, across | (across << 1) | (row & (above | below)));
        }
    }

    /// Rule 3 again, for new `shaded` cells, as [`ViolationMap::check_touching`]: after a flip,
    /// true when the cells around it settle connectivity. Otherwise begins a search for the
    /// regions, which [`ViolationMap::continue_regions`] carries out [`REGION_ROWS`] rows of
    /// flood fill at a time (the console does a step a frame: a search can take frames).
    #[inline(never)]
    pub fn check_regions(&mut self, board: &Board, shaded: &CellSet, toggled: Option<u8>) -> bool {
        let n = board.size();
        let was_connected = self.kinds[RuleKind::Disconnected as usize].is_empty();
        if toggled.is_some_and(|cell| was_connected && stays_connected(n, shaded, cell)) {
            return true;
        }
        self.regions.restart(n, shaded);
        false
    }

    /// A step of the search [`ViolationMap::check_regions`] began, for the same `shaded`
    /// cells; true once the regions cut off are known.
    #[inline(never)]
    pub fn continue_regions(&mut self, board: &Board, shaded: &CellSet) -> bool {
        let n = board.size();
        if !self.regions.advance(n, shaded, REGION_ROWS) {
            return false;
        }
        self.regions.cut_off(n, shaded, &mut self.kinds[RuleKind::Disconnected as usize]);
        true
    }

    /// Rule 4 again, for new `shaded` cells, as [`ViolationMap::check_kept`]: a shaded cell
    /// needs its number on an unshaded cell of its row or column. The numbers on unshaded
    /// cells are kept per line, as rule 1's repeats, so that a flip changes them only for its
    /// number, in its row and column.
    #[inline(never)]
    pub fn check_justified(&mut self, board: &Board, shaded: &CellSet, toggled: Option<u8>) {
        let full = row_mask(board.size());
        let twins = toggled.map(|_| &self.twins);
        tally_lines(board, twins, |r| full & !shaded.row(r), Tally::Once, &mut self.open.rows, &mut self.open.cols);
        let (open_in_row, open_in_col) = (&self.open.rows, &self.open.cols);
        let unjustified = &mut self.kinds[RuleKind::Unjustified as usize];
        for_each_rechecked(board.size(), twins, |r, cols| {
            unjustified.set_row(r, unjustified.row(r) & !cols);
            for_each_bit(shaded.row(r) & cols, |c| {
                let cell = cell_at(r, c);
                if (open_in_row[r as usize] | open_in_col[c as usize]) & bit_of(board.number(cell)) == 0 {
                    unjustified.insert(cell);
                }
            });
        });
    }

    /// After the checks above: every cell that breaks some rule ([`ViolationMap::flagged`]),
    /// and, in the board's rows of `changed`, the cells whose flag this changed. Apart from
    /// the checks, so that a move's check unites the kinds once, at its end. Row by row in
    /// place: three `CellSet::union`s would each return a set by value, which the console
    /// copies.
    #[inline(never)]
    pub fn flag(&mut self, board: &Board, changed: &mut CellSet) {
        for r in 0..board.size() {
            let [a, b, c, d] = &self.kinds;
            let now = a.row(r) | b.row(r) | c.row(r) | d.row(r);
            changed.set_row(r, self.flagged.row(r) ^ now);
            self.flagged.set_row(r, now);
        }
    }

    /// Right after `cell` became shaded, kept or neither (both false), before the check: takes
    /// from it at once the flags no rule gives a cell marked so (rule 1 flags only kept cells,
    /// rules 2 and 4 only shaded ones, rule 3 only unshaded ones), so that it can be drawn as
    /// it is now, not a check later (an undone wrong shade loses its highlight with its shade).
    /// The check still to come for the change would clear the same flags. Rule 3's check skips
    /// its search when no cell was cut off before: a shade that takes the rule 3 flag of the
    /// only cell cut off leaves the other cells connected, as the skip takes them to be.
    pub fn unflag_for_mark(&mut self, cell: u8, shaded: bool, kept: bool) {
        let gone: &[RuleKind] = if shaded {
            &[RuleKind::Duplicate, RuleKind::Disconnected]
        } else if kept {
            &[RuleKind::Adjacent, RuleKind::Unjustified]
        } else {
            &[RuleKind::Duplicate, RuleKind::Adjacent, RuleKind::Unjustified]
        };
        for &kind in gone {
            self.kinds[kind as usize].remove(cell);
        }
        if !self.kinds.iter().any(|kind| kind.contains(cell)) {
            self.flagged.remove(cell);
        }
    }

    pub fn cells(&self, kind: RuleKind) -> &CellSet {
        &self.kinds[kind as usize]
    }

    /// Every cell that breaks some rule.
    pub fn flagged(&self) -> &CellSet {
        &self.flagged
    }

    /// Whether `cell` breaks any rule.
    pub fn flags(&self, cell: u8) -> bool {
        self.flagged.contains(cell)
    }

    pub fn is_empty(&self) -> bool {
        self.flagged.is_empty()
    }
}

/// Maps are equal when they flag the same cells from the same counts: what is left of a
/// search for regions does not count.
impl PartialEq for ViolationMap {
    fn eq(&self, other: &ViolationMap) -> bool {
        self.kinds == other.kinds
            && self.flagged == other.flagged
            && self.twice_in_row == other.twice_in_row
            && self.twice_in_col == other.twice_in_col
            && self.open == other.open
    }
}

impl Eq for ViolationMap {}

/// What [`tally_lines`] keeps of a line's numbers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tally {
    /// Those on one cell or more.
    Once,
    /// Those on two cells or more.
    Twice,
}

/// The numbers of each line on the cells `cells_of_row` picks (its bit rows), as bits (bit v:
/// number v), into `in_rows` and `in_cols`, as `tally` says. With the `twins` of a flipped
/// cell, the lines hold those of the same cells with that one flipped: only its number's bit
/// of its row and column can change, and its twins there tell it.
#[inline(always)]
fn tally_lines(
    board: &Board,
    twins: Option<&Twins>,
    cells_of_row: impl Fn(u8) -> u16,
    tally: Tally,
    in_rows: &mut [u16; MAX_SIZE as usize],
    in_cols: &mut [u16; MAX_SIZE as usize],
) {
    let n = board.size();
    // Whether the number is on enough of `cells` (a line's bits).
    let enough = |cells: u16| match tally {
        Tally::Once => cells != 0,
        Tally::Twice => cells & cells.wrapping_sub(1) != 0,
    };
    if let Some(t) = twins {
        let bit = bit_of(board.number(cell_at(t.row, t.col)));
        let in_row = (t.in_row | bit_of(t.col)) & cells_of_row(t.row);
        let mut in_col = 0u16;
        for_each_bit(t.in_col | bit_of(t.row), |r| {
            if cells_of_row(r) & bit_of(t.col) != 0 {
                in_col |= bit_of(r);
            }
        });
        let (row, col) = (&mut in_rows[t.row as usize], &mut in_cols[t.col as usize]);
        *row = if enough(in_row) { *row | bit } else { *row & !bit };
        *col = if enough(in_col) { *col | bit } else { *col & !bit };
        return;
    }
    for r in 0..n {
        let (mut seen, mut twice) = (0u16, 0u16);
        for_each_bit(cells_of_row(r), |c| {
            let bit = bit_of(board.number(cell_at(r, c)));
            twice |= seen & bit;
            seen |= bit;
        });
        in_rows[r as usize] = if tally == Tally::Twice { twice } else { seen };
    }
    for c in 0..n {
        let (mut seen, mut twice) = (0u16, 0u16);
        for r in 0..n {
            if cells_of_row(r) & bit_of(c) != 0 {
                let bit = bit_of(board.number(cell_at(r, c)));
                twice |= seen & bit;
                seen |= bit;
            }
        }
        in_cols[c as usize] = if tally == Tally::Twice { twice } else { seen };
    }
}

/// Calls `f(r, cols)` for the cells whose flag a check of lines' numbers (rules 1 and 4)
/// must look at again, a row and a column mask at a time: with the `twins` of a flipped
/// cell, the cell and them, else every cell of an `n` x `n` board.
#[inline(always)]
fn for_each_rechecked(n: u8, twins: Option<&Twins>, mut f: impl FnMut(u8, u16)) {
    match twins {
        Some(t) => {
            f(t.row, t.in_row | bit_of(t.col));
            for_each_bit(t.in_col, |r| f(r, bit_of(t.col)));
        }
        None => {
            for r in 0..n {
                f(r, row_mask(n));
            }
        }
    }
}

/// Rows of flood fill in one step of the search for regions, at most: about a fifth of a
/// frame on the console.
pub const REGION_ROWS: u8 = 16;

/// The search for the largest region of unshaded cells (the first of equal size, in the order
/// of their first cells), a flood fill at a time. Regions are looked for only while the cells
/// not yet reached could still make a larger one, so a single fill usually settles it. Works
/// in place, row by row: on the console each `CellSet` made by value is a 30-byte copy.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct RegionSearch {
    /// The fill of the region being found.
    flood: Flood,
    /// The unshaded cells of no region found yet, and their number.
    unreached: CellSet,
    left: u8,
    largest: CellSet,
    largest_len: u8,
    /// The largest region is not known yet.
    searching: bool,
}

impl RegionSearch {
    const EMPTY: RegionSearch = RegionSearch {
        flood: Flood::EMPTY,
        unreached: CellSet::EMPTY,
        left: 0,
        largest: CellSet::EMPTY,
        largest_len: 0,
        searching: false,
    };

    /// Begins a search of the unshaded cells of an `n` x `n` board.
    fn restart(&mut self, n: u8, shaded: &CellSet) {
        self.unreached = CellSet::EMPTY;
        for r in 0..n {
            self.unreached.set_row(r, row_mask(n) & !shaded.row(r));
        }
        self.left = self.unreached.len();
        self.largest = CellSet::EMPTY;
        self.largest_len = 0;
        self.searching = true;
        self.look_further(shaded);
    }

    /// One step: at most `rows` rows of the fill under way, or, once it is complete, the
    /// count of its region and the start of the next fill. True once the largest region is
    /// known, from the step after the last count on: no step has two of these to do, nor the
    /// last count and the writing of the cells cut off that follows it.
    fn advance(&mut self, n: u8, shaded: &CellSet, rows: u8) -> bool {
        if !self.searching {
            return true;
        }
        if !self.flood.is_complete() {
            self.flood.advance(n, shaded, rows);
            return false;
        }
        let region = self.flood.reached();
        for r in 0..n {
            self.unreached.set_row(r, self.unreached.row(r) & !region.row(r));
        }
        let len = region.len();
        self.left -= len;
        if len > self.largest_len {
            self.largest = *region;
            self.largest_len = len;
        }
        self.look_further(shaded);
        false
    }

    /// Starts the next fill, or ends the search once the cells not yet reached could not make
    /// a larger region.
    fn look_further(&mut self, shaded: &CellSet) {
        match self.unreached.first() {
            Some(start) if self.largest_len < self.left => self.flood.start_at(shaded, start),
            _ => self.searching = false,
        }
    }

    /// The unshaded cells outside the largest region into `cut`, once the search is over.
    fn cut_off(&self, n: u8, shaded: &CellSet, cut: &mut CellSet) {
        for r in 0..n {
            cut.set_row(r, row_mask(n) & !shaded.row(r) & !self.largest.row(r));
        }
    }
}

/// The unshaded cells outside the largest region: none when the first flood fill reaches
/// every unshaded cell, as it usually does.
fn cut_off(n: u8, shaded: &CellSet) -> CellSet {
    let mut search = RegionSearch::EMPTY;
    search.restart(n, shaded);
    while !search.advance(n, shaded, u8::MAX) {}
    let mut cut = CellSet::EMPTY;
    search.cut_off(n, shaded, &mut cut);
    cut
}

/// Whether the unshaded cells, connected before `cell` was flipped, still are, judged from the
/// eight cells around it (cells off the board count as shaded); false when that cannot tell.
/// Unshading a cell next to an unshaded one joins it to the region. Shading a cell cannot
/// split the region when its unshaded neighbours are joined to each other around it: one arc
/// of the ring of eight, where a diagonal cell joins the two neighbours beside it.
fn stays_connected(n: u8, shaded: &CellSet, cell: u8) -> bool {
    let (r, c) = (row_of(cell) as i8, col_of(cell) as i8);
    let open = |dr: i8, dc: i8| {
        let (rr, cc) = (r + dr, c + dc);
        rr >= 0 && cc >= 0 && (rr as u8) < n && (cc as u8) < n && !shaded.contains(cell_at(rr as u8, cc as u8))
    };
    // The ring clockwise from the north: neighbours at even places, corners at odd ones.
    let ring = [open(-1, 0), open(-1, 1), open(0, 1), open(1, 1), open(1, 0), open(1, -1), open(0, -1), open(-1, -1)];
    let neighbours = ring.iter().step_by(2).filter(|&&o| o).count();
    if !shaded.contains(cell) {
        return neighbours > 0;
    }
    let joined = (0..4).filter(|&i| ring[2 * i] && ring[2 * i + 1] && ring[(2 * i + 2) % 8]).count();
    // Four neighbours joined by four corners are one arc, not zero.
    neighbours <= 1 || neighbours - joined.min(neighbours - 1) <= 1
}
