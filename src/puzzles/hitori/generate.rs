//! The generator: a random Latin square, a random shading kept legal by the island guard, then
//! numbers under the shaded cells copied from unshaded cells of their row or column. A
//! candidate is kept when the deductions of the requested level (and not of the level below)
//! solve it and it has exactly one solution (a complete closure that is a solution proves it;
//! otherwise the complete search counts); otherwise new numbers, a new shading, or a new
//! square are tried.

use super::board::{Board, CellSet, MAX_SIZE, MIN_SIZE, bit_of, cell_at, col_of, for_each_bit, nth_set_bit, row_mask, row_of};
use crate::puzzles::level::Difficulty;
use super::latin::fill_latin_square;
use crate::puzzles::rng::Rng;
use super::rules;
use super::solve::Solver;

/// A generated puzzle with its unique solution.
#[derive(Clone)]
pub struct Puzzle {
    pub board: Board,
    /// The shaded cells of the only solution.
    pub solution: CellSet,
    pub difficulty: Difficulty,
    pub seed: u32,
}

impl Default for Puzzle {
    fn default() -> Self {
        Self::new()
    }
}

impl Puzzle {
    /// A blank puzzle to generate into.
    pub const fn new() -> Puzzle {
        Puzzle { board: Board::blank(MIN_SIZE), solution: CellSet::EMPTY, difficulty: Difficulty::Easy, seed: 0 }
    }

    /// An order-sensitive 16-bit hash of every number and shaded cell: a cheap fingerprint to
    /// check that the console and the host generate the same puzzle.
    pub fn digest(&self) -> u16 {
        let n = self.board.size();
        let mut hash: u16 = 0;
        for r in 0..n {
            for c in 0..n {
                let cell = cell_at(r, c);
                let value = u16::from(self.board.number(cell)) | (u16::from(self.solution.contains(cell)) << 4);
                hash = hash.wrapping_mul(31).wrapping_add(value);
            }
        }
        hash
    }
}

/// Number choices tried per shading, and shadings per Latin square, before starting over.
/// Two numberings rather than four since session 13: a shading whose numberings keep failing
/// made the long tails (host, 1024 seeds, share of puzzles needing 7 or more candidates:
/// medium 9x9 1.1% -> 0.4%, hard 15x15 2.8% -> 2.1%); console, 32 seeds, worst medium 9x9
/// 3.42 -> 1.83 s, every median unchanged.
const NUMBERINGS_PER_SHADING: u8 = 2;
const SHADINGS_PER_SQUARE: u8 = 4;

/// The generator's working memory, owned by the caller (a static on the console).
pub struct Generator {
    solver: Solver,
    /// Candidates tried by the last call (for the benchmark).
    pub candidates_tried: u16,
}

impl Default for Generator {
    fn default() -> Self {
        Self::new()
    }
}

impl Generator {
    pub const fn new() -> Generator {
        Generator { solver: Solver::new(MAX_SIZE), candidates_tried: 0 }
    }

    /// The generator's solver, free between generations: hints during play can use it
    /// instead of a second 1.5 KiB solver.
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// The puzzle of (size, difficulty, seed); `None` unless 5 <= size <= 15.
    pub fn generate(&mut self, size: u8, difficulty: Difficulty, seed: u32) -> Option<Puzzle> {
        let mut puzzle = Puzzle::new();
        self.generate_into(size, difficulty, seed, &mut puzzle).then_some(puzzle)
    }

    /// [`Generator::generate`] into a caller-owned puzzle (a static on the console, so the
    /// 272-byte result never sits on the stack); false when the size is out of range.
    pub fn generate_into(&mut self, size: u8, difficulty: Difficulty, seed: u32, puzzle: &mut Puzzle) -> bool {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return false;
        }
        let mut rng = Rng::new(seed ^ ((size as u32) << 24) ^ ((difficulty as u32) << 30));
        let board = &mut puzzle.board;
        board.clear(size);
        self.candidates_tried = 0;
        // Hard puzzles from 9x9 up: locks in a medium numbering (`plant_locks`).
        let wanted = locks_wanted(size, difficulty);
        let numbering = if wanted > 0 { Difficulty::Medium } else { difficulty };
        loop {
            // The square is a function of this state: re-deriving it costs less RAM than a copy.
            let square_stream = rng.clone();
            fill_latin_square(board, &mut rng);
            let mut square_changed = false;
            for _ in 0..SHADINGS_PER_SQUARE {
                if square_changed {
                    fill_latin_square(board, &mut square_stream.clone());
                }
                square_changed = true;
                let shading = self.random_shading(size, &mut rng);
                // A shading without room for the locks is dropped before any numbering, the
                // square as it was unless a lock's number went in.
                let mut locks = Locks::EMPTY;
                if wanted > 0 && !plant_locks(board, &shading, wanted, &mut rng, &mut locks) {
                    square_changed = locks.mended;
                    continue;
                }
                // Numberings change shaded cells only: the unshaded numbers stay as gathered here.
                let numbers = LineNumbers::new(board, &shading, numbering);
                // First every shaded cell gets a number; after a failure only the shaded cells
                // the deductions could not settle get new ones, keeping the settled parts.
                let mut renumber = shading;
                for _ in 0..NUMBERINGS_PER_SHADING {
                    self.candidates_tried = self.candidates_tried.wrapping_add(1);
                    number_shaded_cells(board, &shading, &renumber, &numbers, numbering, &mut rng);
                    locks.number(board);
                    match self.check(board, difficulty, &shading) {
                        Verdict::Accept(solution) => {
                            puzzle.solution = solution;
                            puzzle.difficulty = difficulty;
                            puzzle.seed = seed;
                            return true;
                        }
                        // A numbering with locks is tried again whole (host, 600 hard puzzles
                        // at 9 / 12 / 15: 1.2-1.3 checks a puzzle).
                        _ if wanted > 0 => renumber = shading,
                        Verdict::Unsettled(cells) => {
                            renumber = cells.intersection(&shading);
                            if renumber.is_empty() {
                                renumber = shading;
                            }
                        }
                        Verdict::Reject => renumber = shading,
                        Verdict::Ambiguous(other) => {
                            renumber = CellSet::EMPTY;
                            if !break_alternative(board, &shading, &other, &numbers, difficulty, &mut rng) {
                                renumber = shading;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether `board` grades exactly `target` and has one solution (kept in the solver).
    /// Cheaper than grading fully: it stops at the target level, and runs the complete search
    /// before the costly look-ahead pass rather than after.
    // Not inlined on the console: inlined, these parts made `generate_into` one C function of
    // about 1000 statements whose locals all took static frame space at once; apart, their
    // frames overlay (engine-bench: 705 bytes less WRAM, same speed, 312 bytes more ROM).
    #[cfg_attr(target_arch = "avr", inline(never))]
    fn check(&mut self, board: &Board, target: Difficulty, shading: &CellSet) -> Verdict {
        let solver = &mut self.solver;
        solver.reset(board);
        // `shading` solves `board` by construction (Latin unshaded cells, no shaded cells
        // touching, the guard's one region, every shaded number copied from its row or column).
        solver.assume_solvable();
        for level in [Difficulty::Easy, Difficulty::Medium] {
            if solver.deduce(board, level).is_err() {
                return Verdict::Reject;
            }
            if solver.is_complete() {
                // Complete below the target is too easy. Every deduction holds in every
                // solution, so a complete closure that is a solution is the only one: no
                // search needed to prove it unique.
                let unique = level == target && solver.complete_is_solution(board);
                debug_assert!(!unique || rules::is_solution(board, solver.shaded()));
                return if unique { Verdict::Accept(*solver.shaded()) } else { Verdict::Reject };
            }
            if level == target {
                return Verdict::Unsettled(solver.unknown_cells());
            }
        }
        // Hard: unique first (the search is cheap), then the look-ahead closure must finish it.
        // Both go on from the medium closure just computed rather than from a reset board.
        let unsettled = solver.unknown_cells();
        match solver.count_extensions(board, 2) {
            1 => {}
            // The search stops on the second solution it meets: the solver holds it.
            2 => {
                let other = if solver.shaded() != shading { *solver.shaded() } else { *solver.solution() };
                return Verdict::Ambiguous(other);
            }
            _ => return Verdict::Reject,
        }
        let solution = *solver.solution();
        solver.assume_unique();
        // The search ended on the medium closure, and closures do not depend on the order
        // rules apply in: the look-ahead closure from here equals the one from a reset.
        let solved = solver.deduce(board, Difficulty::Hard).is_ok() && solver.is_complete();
        if solved && *solver.shaded() == solution { Verdict::Accept(solution) } else { Verdict::Unsettled(unsettled) }
    }

    /// A random maximal set of cells that can be shaded without touching or splitting the
    /// unshaded region: cells are picked at random among those still free, each shaded when
    /// the guard allows, until none is free. One pick per shaded or refused cell, where picking
    /// among all cells (refusing the taken ones) spent 3 n^2 picks for an almost maximal set.
    #[cfg_attr(target_arch = "avr", inline(never))] // see `check`
    fn random_shading(&mut self, n: u8, rng: &mut Rng) -> CellSet {
        let guard = self.solver.shading_guard(n);
        // Not shaded, not touching a shaded cell, not refused. A refused cell would split the
        // region for good: its corner faces only merge further, and its unshaded neighbours
        // stay so while it does not touch a shaded cell.
        let mut free = CellSet::full(n);
        // Free cells per row, kept up to date rather than counted again for every pick.
        let mut in_rows = [n; MAX_SIZE as usize];
        let mut left = n * n;
        while left > 0 {
            let mut pick = rng.below(left);
            let mut r = 0;
            while pick >= in_rows[r as usize] {
                pick -= in_rows[r as usize];
                r += 1;
            }
            let c = nth_set_bit(free.row(r), pick);
            let bit = bit_of(c);
            // A free cell touches no shaded one, so only the island rule can refuse it.
            let cell = cell_at(r, c);
            let shaded = !guard.splits_if_shaded(cell);
            if shaded {
                guard.shade(cell);
            }
            // The cell leaves the free set; once shaded, so do its neighbours.
            let (across, beside) = if shaded { (bit | bit << 1 | bit >> 1, bit) } else { (bit, 0) };
            for (row, taken) in [(r.wrapping_sub(1), beside), (r, across), (r + 1, beside)] {
                if row < n && taken != 0 {
                    let bits = free.row(row);
                    let gone = (bits & taken).count_ones() as u8;
                    left -= gone;
                    in_rows[row as usize] -= gone;
                    free.set_row(row, bits & !taken);
                }
            }
        }
        *guard.shaded()
    }
}

/// What checking a candidate found.
enum Verdict {
    /// Graded as wanted, with this only solution.
    Accept(CellSet),
    /// Too hard or not unique: these cells were left undecided by the target level's rules.
    Unsettled(CellSet),
    /// Contradictory or too easy.
    Reject,
    /// Right level of deductions but two solutions: this one besides the intended one.
    Ambiguous(CellSet),
}

/// Change numbers under shaded cells so that `other`, a second solution, breaks a rule while
/// `shading` still solves the board. False when no such change was found.
// In the game ROM, with `number_shaded_cells`, in a bank of their own: the generator's bank 1
// ran out of room (docs/ARCHITECTURE.md, "ROM banks"); one banked call per candidate.
#[cfg_attr(target_arch = "avr", inline(never))] // see `Generator::check`
#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank7"))]
fn break_alternative(
    board: &mut Board,
    shading: &CellSet,
    other: &CellSet,
    numbers: &LineNumbers,
    difficulty: Difficulty,
    rng: &mut Rng,
) -> bool {
    let n = board.size();
    // A cell shaded here but not in `other` takes the number of a cell of its row or column
    // unshaded in both: `other` then repeats that number.
    let unshaded_in_both = CellSet::full(n).minus(shading).minus(other);
    let open_here = shading.minus(other);
    let start = rng.below(open_here.len().max(1));
    for cell in open_here.iter().cycle().skip(start as usize).take(open_here.len() as usize) {
        let line_mates = line_mates(n, cell);
        let pool = line_mates.intersection(&unshaded_in_both);
        // As in a hard numbering, no sandwich and no new pair while another number is left.
        let avoid = if difficulty == Difficulty::Hard {
            let ((near_across, near_down), (next_across, next_down)) = (numbers_at(board, cell, 2), numbers_at(board, cell, 1));
            near_across | near_down | next_across | next_down | offset_pair_numbers(board, cell)
        } else {
            0
        };
        let calm = pool.iter().filter(|&source| avoid & bit_of(board.number(source)) == 0).count() as u8;
        let (count, avoid) = if calm > 0 { (calm, avoid) } else { (pool.len(), 0) };
        if count > 0 {
            let pick = rng.below(count);
            if let Some(source) = pool.iter().filter(|&source| avoid & bit_of(board.number(source)) == 0).nth(pick as usize) {
                board.set_number(cell, board.number(source));
                return true;
            }
        }
    }
    // A cell shaded only in `other` is justified there only by twins shaded here (unshaded
    // cells here never repeat its number): move those twins off its number.
    let mut changed = false;
    if let Some(cell) = other.minus(shading).first() {
        let value = board.number(cell);
        let twins = board.twins(cell).to_set();
        for twin in twins.intersection(shading).minus(other).iter() {
            if let Some(v) = numbers.pick(board, twin, value, 0, 0, difficulty, rng) {
                board.set_number(twin, v);
                changed = true;
            }
        }
    }
    changed
}

/// The other cells of `cell`'s row and column.
fn line_mates(n: u8, cell: u8) -> CellSet {
    let mut set = CellSet::EMPTY;
    for i in 0..n {
        set.insert(cell_at(row_of(cell), i));
        set.insert(cell_at(i, col_of(cell)));
    }
    set.remove(cell);
    set
}

/// Locks planted in a hard puzzle of size `n`: none below 9x9 (hard numberings there keep off
/// every start, [`Footholds`]), two up to 13x13, three above. Host, 200 puzzles a size, hint
/// walks: hard moments a puzzle 1.90 / 2.02 at 9x9 / 12x12 with two, 2.88 at 15x15 with three
/// (two there: about 2.0, issue #27's bare minimum).
fn locks_wanted(n: u8, difficulty: Difficulty) -> u8 {
    match difficulty {
        Difficulty::Hard if n >= 14 => 3,
        Difficulty::Hard if n >= 9 => 2,
        _ => 0,
    }
}

/// The shaded cells of the planted locks, each with the unshaded twin whose number it copies.
struct Locks {
    cells: [u8; 6],
    twins: [u8; 6],
    len: u8,
    /// Whether an unshaded cell took a new number ([`clear_other_line`]).
    mended: bool,
}

impl Locks {
    const EMPTY: Locks = Locks { cells: [0; 6], twins: [0; 6], len: 0, mended: false };

    /// Gives each lock cell its twin's number (after a numbering, which gives it another).
    fn number(&self, board: &mut Board) {
        for i in 0..self.len as usize {
            board.set_number(self.cells[i], board.number(self.twins[i]));
        }
    }
}

/// Plants `want` locks in the shading, into `locks`; false when the shading has no room for
/// them (the caller draws another shading). Each is a 2x2 block whose shaded diagonal P1, P2
/// copies the numbers of the open diagonal U1, U2, paired along rows or along columns: X X / Y
/// Y (or its transpose) with the Xs and Ys each one shaded cell and one unshaded. Its other
/// way round, U1 and U2 shaded, is legal to every local rule, so the medium rules cannot tell
/// the two apart; the block sits where U1 and U2 shaded together would close a diagonal wall of
/// shaded cells (to the border or round on itself), splitting the unshaded region, and either
/// alone would not. Only a look-ahead sees it: shade U1, the rules circle P1 and P2, shade U2
/// (P2's twin), and the region splits. So the medium rules, which the rest of the numbering
/// lets through as in a medium puzzle (openers and all), stall at each lock until it is
/// opened, and each lock is a hard moment of its own, met late in the solve.
///
/// The lock holds only if nothing outside decides it: U1's and U2's other neighbours are
/// unshaded (a shaded one would circle U), and P's other line holds its number unshaded
/// nowhere (that twin, once circled, would shade P). Such a clash is mended by giving the
/// clashing unshaded cell a number its lines lack (unshaded numbers stay distinct in every
/// line) and no lock's twin has. Locks do not touch. Host, 200 hard puzzles a size at 9 / 12
/// / 15: 1.24 / 1.12 / 1.21 checks a puzzle (1.77 / 1.65 / 1.79 with hard numberings); hard
/// moments 1.90 / 2.02 / 2.88 (1.20 / 1.11 / 1.13), the first look-ahead at a median of 0.85 /
/// 0.91 / 0.92 of the walk after the opening (0.00), distinct rules 6.90 / 6.89 / 7.28 (4.93 /
/// 4.83 / 4.84).
// In the generator's bank (1) with its caller: bank 7, the numberings', had no room left.
#[cfg_attr(target_arch = "avr", inline(never))] // see `Generator::check`
fn plant_locks(board: &mut Board, shading: &CellSet, want: u8, rng: &mut Rng, locks: &mut Locks) -> bool {
    let last = board.size() - 1;
    // Blocks by their top left cell, from a random one on in reading order, wrapping round
    // (the first row's blocks left of it last); only blocks with a shaded diagonal, found a
    // row at a time from its bit rows.
    let (first_row, first_col) = (rng.below(last), rng.below(last));
    // The planted blocks and the cells beside them: locks do not touch (host, 200 hard 9x9
    // puzzles: 2.9 shadings a puzzle dropped for want of room, 5.5 when locks shared no line).
    let mut near = CellSet::EMPTY;
    let mut twin_numbers = 0u16;
    let mut r = first_row;
    for visit in 0..=last {
        let (upper, lower) = (shading.row(r), shading.row(r + 1));
        let part = match visit {
            0 => !0 << first_col,
            _ if visit == last => !(!0 << first_col),
            _ => !0,
        };
        let mut corners = (upper & lower >> 1 | upper >> 1 & lower) & row_mask(last) & part;
        while corners != 0 {
            let c = corners.trailing_zeros() as u8;
            corners &= corners - 1;
            let block = 3 << c;
            let free = (near.row(r) | near.row(r + 1)) & block == 0;
            if free && lock_at(board, shading, cell_at(r, c), &mut twin_numbers, rng, locks) {
                if locks.len == 2 * want {
                    return true;
                }
                let around = (block << 1 | block | block >> 1) & row_mask(last + 1);
                for row in r.saturating_sub(1)..(r + 3).min(last + 1) {
                    near.set_row(row, near.row(row) | around);
                }
            }
        }
        r = if r + 1 == last { 0 } else { r + 1 };
    }
    false
}

/// Plants a lock ([`plant_locks`]) in the block whose top left cell is `corner`, when it can
/// hold one: its two cells go into `locks`, its twins' numbers into `twin_numbers`.
fn lock_at(board: &mut Board, shading: &CellSet, corner: u8, twin_numbers: &mut u16, rng: &mut Rng, locks: &mut Locks) -> bool {
    let n = board.size();
    let (a, b, c, d) = (corner, corner + 1, corner + 16, corner + 17);
    let (p, u) = if shading.contains(a) && shading.contains(d) {
        ([a, d], [b, c])
    } else if shading.contains(b) && shading.contains(c) {
        ([b, c], [a, d])
    } else {
        return false;
    };
    // Each open cell's neighbours outside the block unshaded, and its corner outside the block
    // shaded or off the board (the cell on the border): the wall's ends. Its two other
    // diagonal cells touch P1 or P2, so they are unshaded (shaded cells never touch). Either
    // open cell alone then touches one shaded piece (or the border) and splits nothing; both
    // together split the region when their two ends are joined by shaded cells touching at
    // corners, or both reach the border.
    let mut ends = [BORDER; 2];
    for (end, open) in ends.iter_mut().zip(u) {
        let (r, c) = (row_of(open), col_of(open));
        let outer_row = if r == row_of(corner) { r.wrapping_sub(1) } else { r + 1 };
        let outer_col = if c == col_of(corner) { c.wrapping_sub(1) } else { c + 1 };
        let (row_on, col_on) = (outer_row < n, outer_col < n);
        if row_on && shading.contains(cell_at(outer_row, c)) || col_on && shading.contains(cell_at(r, outer_col)) {
            return false;
        }
        if row_on && col_on {
            *end = cell_at(outer_row, outer_col);
            if !shading.contains(*end) {
                return false;
            }
        }
    }
    let mut walls = *shading;
    walls.remove(p[0]);
    walls.remove(p[1]);
    let joined = match ends {
        [BORDER, BORDER] => true,
        [end, BORDER] | [BORDER, end] => touches_border(n, &diagonal_piece(n, &walls, end)),
        [first, second] => {
            let piece = diagonal_piece(n, &walls, first);
            piece.contains(second) || touches_border(n, &piece) && touches_border(n, &diagonal_piece(n, &walls, second))
        }
    };
    debug_assert_eq!(joined, {
        use super::flood::splits_if_shaded;
        let mut one = walls;
        one.insert(u[0]);
        !splits_if_shaded(n, &walls, u[0]) && !splits_if_shaded(n, &walls, u[1]) && splits_if_shaded(n, &one, u[1])
    });
    if !joined {
        return false;
    }
    // Paired along rows or along columns, the first tried at random.
    let numbers = *twin_numbers | bit_of(board.number(u[0])) | bit_of(board.number(u[1]));
    let first = rng.below(2) == 0;
    for across in [first, !first] {
        let twin = |cell: u8| if (row_of(u[0]) == row_of(cell)) == across { u[0] } else { u[1] };
        let other_open = |cell: u8| if twin(cell) == u[0] { u[1] } else { u[0] };
        if p.iter().all(|&cell| clear_other_line(board, shading, cell, twin(cell), other_open(cell), across, numbers, rng, &mut locks.mended)) {
            for cell in p {
                locks.cells[locks.len as usize] = cell;
                locks.twins[locks.len as usize] = twin(cell);
                locks.len += 1;
            }
            *twin_numbers = numbers;
            return true;
        }
    }
    false
}

/// No cell: a wall's end on the border ([`lock_at`]).
const BORDER: u8 = 0xFF;

/// The cells of `shaded` joined to `start` through cells touching at corners (shaded cells
/// never share a side), found by sweeping down and up until a sweep adds nothing: a wall that
/// turns back once costs a sweep more. (The island guard would tell the same once every wall
/// cell was shaded into it, at about 5k cycles a cell on the console, for each block.)
fn diagonal_piece(n: u8, shaded: &CellSet, start: u8) -> CellSet {
    let mut piece = CellSet::EMPTY;
    piece.insert(start);
    let mut grown = true;
    while grown {
        grown = false;
        for downwards in [true, false] {
            for i in 1..n {
                let (r, from) = if downwards { (i, i - 1) } else { (n - 1 - i, n - i) };
                let reach = (piece.row(from) << 1 | piece.row(from) >> 1) & shaded.row(r);
                if reach & !piece.row(r) != 0 {
                    piece.set_row(r, piece.row(r) | reach);
                    grown = true;
                }
            }
        }
    }
    piece
}

/// Whether a cell of `set` lies on the border.
fn touches_border(n: u8, set: &CellSet) -> bool {
    let edges = 1 | 1 << (n - 1);
    set.row(0) | set.row(n - 1) != 0 || (1..n - 1).any(|r| set.row(r) & edges != 0)
}

/// Makes sure the line of the lock cell `cell` other than the one it shares with `twin` (its
/// column when `across`) holds `twin`'s number unshaded nowhere: the one cell that may (unshaded
/// numbers are distinct in a line) takes a number unshaded in neither of its lines and not in
/// `avoid` (and `mended` is set). False when that cell is the block's other open cell,
/// `other_open`, or no number is left for it.
#[allow(clippy::too_many_arguments)]
fn clear_other_line(
    board: &mut Board,
    shading: &CellSet,
    cell: u8,
    twin: u8,
    other_open: u8,
    across: bool,
    avoid: u16,
    rng: &mut Rng,
    mended: &mut bool,
) -> bool {
    let n = board.size();
    let value = board.number(twin);
    let in_line = |i: u8| if across { cell_at(i, col_of(cell)) } else { cell_at(row_of(cell), i) };
    let Some(clash) = (0..n).map(in_line).find(|&other| !shading.contains(other) && board.number(other) == value) else {
        return true;
    };
    if clash == other_open {
        return false;
    }
    let mut taken = avoid;
    for i in 0..n {
        for other in [cell_at(row_of(clash), i), cell_at(i, col_of(clash))] {
            if !shading.contains(other) {
                taken |= bit_of(board.number(other));
            }
        }
    }
    let free = row_mask(n) << 1 & !taken;
    if free == 0 {
        return false;
    }
    board.set_number(clash, nth_set_bit(free, rng.below(free.count_ones() as u8)));
    *mended = true;
    true
}

/// Give each cell of `renumber` (shaded cells of `shading`) a number that an unshaded cell of
/// its row or column has ([`LineNumbers::pick`]), so that shading it is justified and the
/// unshaded cells keep their Latin property. Hard numbers keep away from [`Footholds`] while
/// another number is left, and so do half of the medium ones (medium too failed most often as
/// too easy: host, 512 seeds, candidates per medium puzzle at 9 / 12 / 15 1.9 / 1.5 / 1.3 ->
/// 1.7 / 1.3 / 1.2; 2048 seeds at 9x9: one candidate enough for 56% -> 59%, seven or more
/// needed by 1.6% -> 1.1%; with every cell, hardly any candidate stays medium). A quarter of
/// the hard cells take the number of an orthogonal neighbour instead (unshaded, as shaded
/// cells never touch): a pair X X where either could be
/// the shaded one. The neighbour is a walled one ([`LineNumbers::walled`]) when there is one:
/// the swap such a pair cannot make was the second solution of most ambiguous hard candidates
/// (9x9: 3496 of 4930 second solutions differed from the intended one in 2 cells). Before the
/// footholds, half of the cells made pairs (0.62x the candidates of none); with them, pairs
/// mostly make candidates ambiguous. Host, 512 seeds, candidates per hard puzzle at 9 / 12 /
/// 15 with pairs at every second cell: mean 2.4 / 2.8 / 3.6, worst 15 / 18 / 23; every fourth
/// cell 1.7 / 1.8 / 2.0, worst 8 / 11 / 10; none 1.1 / 1.0 / 1.0, but then hard grids would
/// never show a pair.
#[cfg_attr(target_arch = "avr", inline(never))] // see `Generator::check`
#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank7"))] // see `break_alternative`
fn number_shaded_cells(
    board: &mut Board,
    shading: &CellSet,
    renumber: &CellSet,
    numbers: &LineNumbers,
    difficulty: Difficulty,
    rng: &mut Rng,
) {
    let mut footholds =
        if difficulty == Difficulty::Easy { Footholds::EMPTY } else { Footholds::new(board, &shading.minus(renumber)) };
    for cell in renumber.iter() {
        if difficulty == Difficulty::Easy {
            if let Some(v) = numbers.pick(board, cell, 0, 0, 0, difficulty, rng) {
                board.set_number(cell, v);
            }
            continue;
        }
        let beside = numbers_at(board, cell, 1);
        let number = if difficulty == Difficulty::Hard {
            hard_number(board, cell, numbers, &footholds, beside, rng)
        } else {
            // Half of the cells: enough that fewer candidates finish at the easy level, few
            // enough that the medium rules still find starts.
            let avoid = if rng.below(2) == 0 { footholds.risky(board, cell) | beside.0 | beside.1 } else { 0 };
            numbers.pick(board, cell, 0, avoid, avoid, difficulty, rng)
        };
        if let Some(v) = number {
            board.set_number(cell, v);
            footholds.add(cell, bit_of(v), beside);
        }
    }
}

/// A hard number for the shaded `cell` (see [`number_shaded_cells`]), whose neighbours have
/// the numbers `beside` (across, down).
fn hard_number(board: &Board, cell: u8, numbers: &LineNumbers, footholds: &Footholds, beside: (u16, u16), rng: &mut Rng) -> Option<u8> {
    let risky = footholds.risky(board, cell) | offset_pair_numbers(board, cell) | corner_numbers(board, cell);
    if rng.below(4) == 0 {
        // Walled neighbours first in `calm`, then the others.
        let (mut calm, mut count, mut walled) = ([0u8; 4], 0, 0);
        for &next in board.neighbours(cell).as_slice() {
            if (risky | footholds.shaded_in_line(cell, next)) & bit_of(board.number(next)) != 0 {
                continue;
            }
            calm[count] = next;
            if numbers.walled.contains(next) {
                calm.swap(walled, count);
                walled += 1;
            }
            count += 1;
        }
        let pool = &calm[..if walled > 0 { walled } else { count }];
        if !pool.is_empty() {
            return Some(board.number(pool[rng.below(pool.len() as u8) as usize]));
        }
    }
    // Not meant to make a pair: no neighbour's number either.
    numbers.pick(board, cell, 0, risky | beside.0 | beside.1, risky, Difficulty::Hard, rng)
}

/// Where a hard numbering (and half of a medium one) keeps the closures from starting. On an
/// empty grid the easy and medium rules can start only at number patterns (a sandwich X ? X, a
/// pair X X with a third X in its line, a corner): circling a cell without twins forces
/// nothing. A hard candidate
/// whose closure finishes was the common failure (71% of 9x9 candidates); without those
/// starts most candidates leave the closure stuck, and a unique one is then hard. So a shaded
/// cell of a hard candidate takes, while it has a choice, no number that would make a
/// sandwich or a pair pattern (since session 14 hard numbers also keep off offset pairs and
/// corner patterns, the new medium starts: [`hard_number`]). Host, 512 seeds, hard
/// candidates per puzzle at 9 / 12 / 15: mean 11.2 / 11.8 / 12.5 -> 2.4 / 2.8 / 3.6, worst 73
/// / 97 / 85 -> 15 / 18 / 23 (pairs at every second cell, as then).
///
/// This changes what hard puzzles are like: before, every one had a start and needed its
/// contradiction step near the end (9x9: the first at step 76 of the hint walk, counting the
/// circles of numbers without twins); now most open with it (9x9: 17 of 200 have an easier
/// start, the first contradiction comes at step 28 and is about the only one). Letting one
/// shaded cell in four or eight take any number brings starts back only with the old
/// candidate counts (1/4: mean 5.9 / 10.5 / 19.5 at 9 / 12 / 15, 125 of 200 15x15 puzzles
/// with a start): a start lets the closures through almost every time.
struct Footholds {
    /// Numbers of the shaded cells numbered so far, by row and by column (bit v: number v).
    shaded_in_row: [u16; MAX_SIZE as usize],
    shaded_in_col: [u16; MAX_SIZE as usize],
    /// Numbers of the pairs X X (a shaded cell beside an unshaded one) along each row and
    /// each column.
    pairs_in_row: [u16; MAX_SIZE as usize],
    pairs_in_col: [u16; MAX_SIZE as usize],
}

impl Footholds {
    const EMPTY: Footholds = Footholds {
        shaded_in_row: [0; MAX_SIZE as usize],
        shaded_in_col: [0; MAX_SIZE as usize],
        pairs_in_row: [0; MAX_SIZE as usize],
        pairs_in_col: [0; MAX_SIZE as usize],
    };

    /// The patterns of the shaded cells `numbered`, whose numbers are settled.
    fn new(board: &Board, numbered: &CellSet) -> Footholds {
        let mut footholds = Footholds::EMPTY;
        for cell in numbered.iter() {
            footholds.add(cell, bit_of(board.number(cell)), numbers_at(board, cell, 1));
        }
        footholds
    }

    /// Takes in the shaded `cell`'s number, as `bit`, beside its neighbours' numbers across
    /// and down ([`numbers_at`] distance 1).
    fn add(&mut self, cell: u8, bit: u16, (across, down): (u16, u16)) {
        let (r, c) = (usize::from(row_of(cell)), usize::from(col_of(cell)));
        self.shaded_in_row[r] |= bit;
        self.shaded_in_col[c] |= bit;
        self.pairs_in_row[r] |= across & bit;
        self.pairs_in_col[c] |= down & bit;
    }

    /// The numbers that would make a pattern if the shaded `cell` took them: those of the cells
    /// two away (a sandwich) and of the pairs in its lines (a third X).
    fn risky(&self, board: &Board, cell: u8) -> u16 {
        let (across, down) = numbers_at(board, cell, 2);
        across | down | self.pairs_in_row[usize::from(row_of(cell))] | self.pairs_in_col[usize::from(col_of(cell))]
    }

    /// The numbers of the other shaded cells in the line of `cell` and its neighbour `next`:
    /// with one of them, the pair `cell` would make by copying `next` has a third X.
    fn shaded_in_line(&self, cell: u8, next: u8) -> u16 {
        if row_of(next) == row_of(cell) { self.shaded_in_row[usize::from(row_of(cell))] } else { self.shaded_in_col[usize::from(col_of(cell))] }
    }
}

/// The numbers that would make `cell` one end of an offset pair: a medium start since the
/// offset pair became a medium rule (session 14: hard candidates per puzzle at 9 / 15 went
/// 1.7 / 2.0 -> 24.8 / 39.5; avoiding these numbers, 5.0 / 2.8; with [`LineNumbers::pick`]'s
/// second step and [`corner_numbers`], 1.7 / 1.8; host, 128 seeds). A twin of `cell` at j in
/// its line makes one with the next line on either side when that line repeats its number at
/// `cell`'s position next to j (`cell` the aligned end), or its number at j next to `cell`'s
/// position (the twin the aligned end).
fn offset_pair_numbers(board: &Board, cell: u8) -> u16 {
    #[cfg(target_arch = "avr")]
    {
        unsafe extern "C" {
            fn gb_hitori_offset_pair_numbers(numbers: *const u8, cell_and_n: u16) -> u16;
        }
        // SAFETY: linker/hitori.s reads the board's numbers (16 a row) and nothing else.
        unsafe { gb_hitori_offset_pair_numbers(board.number_slots().as_ptr(), u16::from(board.size()) << 8 | u16::from(cell)) }
    }
    #[cfg(not(target_arch = "avr"))]
    offset_pair_numbers_here(board, cell)
}

/// [`offset_pair_numbers`] in Rust: the host's, and the reference for linker/hitori.s.
#[cfg(not(target_arch = "avr"))]
fn offset_pair_numbers_here(board: &Board, cell: u8) -> u16 {
    let n = board.size();
    let mut numbers = 0;
    // Along rows (cells 1 apart, lines 16), then along columns. Each line beside `cell`'s is
    // read once, for its numbers at `cell`'s position and beside it together (three calls of
    // `Board::twins`, a row and a column each, took 29% of the console's generation), and a
    // twin's number only where a pair is met: bit masks of positions became branch-free
    // 16-bit selects at every position, slow on the console.
    for (step, apart) in [(1u8, 16u8), (16, 1)] {
        let (pos, line, first) =
            if step == 1 { (col_of(cell), row_of(cell), cell & 0xF0) } else { (row_of(cell), col_of(cell), cell & 0x0F) };
        for next_line in line.saturating_sub(1)..(line + 2).min(n) {
            if next_line == line {
                continue;
            }
            let (beside, mut at) = if next_line < line { (cell - apart, first - apart) } else { (cell + apart, first + apart) };
            // Beyond the board: 0xFF, no number.
            let before = if pos > 0 { board.number(beside - step) } else { 0xFF };
            let aligned = board.number(beside);
            let after = if pos + 1 < n { board.number(beside + step) } else { 0xFF };
            // `at` is at j in the line beside, `own` at j in `cell`'s.
            let mut own = first;
            for j in 0..n {
                let v = board.number(at);
                if j != pos {
                    if v == aligned {
                        // The number beside `cell` repeats at j: a twin at j +- 1 would pair.
                        if j > 0 && j - 1 != pos {
                            numbers |= bit_of(board.number(own - step));
                        }
                        if j + 1 < n && j + 1 != pos {
                            numbers |= bit_of(board.number(own + step));
                        }
                    }
                    // The number beside `pos` repeats at j: a twin at j would pair.
                    if (v == before && j + 1 != pos) || (v == after && j != pos + 1) {
                        numbers |= bit_of(board.number(own));
                    }
                }
                (at, own) = (at + step, own + step);
            }
        }
    }
    numbers
}

/// The numbers of `cell`'s neighbours within a corner's 2x2 block, when it lies in one: an
/// equal pair there is a corner pattern (a medium start). Host, 64 seeds, hard 9x9: candidates
/// per puzzle 2.8 -> 1.7 (2.0 with the new corner rules taken out of the solver instead).
fn corner_numbers(board: &Board, cell: u8) -> u16 {
    let (r, c, last) = (row_of(cell), col_of(cell), board.size() - 1);
    let (edge_row, edge_col) = (r <= 1 || r + 1 >= last, c <= 1 || c + 1 >= last);
    if !(edge_row && edge_col) {
        return 0;
    }
    // The block partner across and down: towards the corner's wall from the inner cells.
    let across = if c == 0 || c + 1 == last { cell + 1 } else { cell - 1 };
    let down = if r == 0 || r + 1 == last { cell + 16 } else { cell - 16 };
    bit_of(board.number(across)) | bit_of(board.number(down))
}

/// The numbers of the cells `distance` away from `cell` within the board: of its row (left and
/// right) and of its column (up and down).
fn numbers_at(board: &Board, cell: u8, distance: u8) -> (u16, u16) {
    let (r, c, n) = (row_of(cell), col_of(cell), board.size());
    let number = |cell: u8| bit_of(board.number(cell));
    // Rows are 16 cells apart.
    let rows = distance << 4;
    let (mut across, mut down) = (0, 0);
    if c >= distance {
        across |= number(cell - distance);
    }
    if c + distance < n {
        across |= number(cell + distance);
    }
    if r >= distance {
        down |= number(cell - rows);
    }
    if r + distance < n {
        down |= number(cell + rows);
    }
    (across, down)
}

/// The numbers of a shading's unshaded cells, by row and by column (bit v: number v), that
/// shaded cells may copy. While a shading is numbered only its shaded cells change, so these
/// are gathered once per shading: reading a row and a column for every shaded cell cost about
/// 28k cycles a cell on the console.
struct LineNumbers {
    in_row: [u16; MAX_SIZE as usize],
    in_col: [u16; MAX_SIZE as usize],
    /// Unshaded cells next to two or more shaded ones. A shaded cell that copies the number of
    /// a neighbour makes a pair X X; when that neighbour is walled, the pair cannot just swap
    /// which of its cells is shaded (the neighbour would touch its other shaded cell).
    walled: CellSet,
}

impl LineNumbers {
    /// For easy puzzles only unshaded cells next to a shaded one count. In a maximal shading
    /// the others are cells whose shading would split the region, which only the (medium)
    /// island rule decides: a shaded cell whose twins are all such cells is left unsettled by
    /// the easy closure. That was the most common failed first numbering of easy 9x9 (a shaded
    /// cell with one such twin across and one down, 3 cells unknown); without those cells the
    /// first numbering is kept for 69% of 9x9 puzzles instead of 39% (host, 2048 seeds).
    fn new(board: &Board, shading: &CellSet, difficulty: Difficulty) -> LineNumbers {
        let n = board.size();
        let mut numbers =
            LineNumbers { in_row: [0; MAX_SIZE as usize], in_col: [0; MAX_SIZE as usize], walled: CellSet::EMPTY };
        for r in 0..n {
            let mut open = !shading.row(r) & row_mask(n);
            // Per cell of the row: whether its left, right, upper and lower neighbours are shaded.
            let (left, right) = (shading.row(r) << 1, shading.row(r) >> 1);
            let above = if r > 0 { shading.row(r - 1) } else { 0 };
            let below = if r + 1 < n { shading.row(r + 1) } else { 0 };
            let twice = left & (right | above | below) | right & (above | below) | above & below;
            numbers.walled.set_row(r, open & twice);
            if difficulty == Difficulty::Easy {
                open &= left | right | above | below;
            }
            for_each_bit(open, |c| {
                let bit = bit_of(board.number(cell_at(r, c)));
                numbers.in_row[r as usize] |= bit;
                numbers.in_col[c as usize] |= bit;
            });
        }
        numbers
    }

    /// A random number, other than `except` (0: any), of an unshaded cell in the row or the
    /// column of the shaded `cell`; `None` if there is none. Except for medium puzzles, a number
    /// found in both lines is taken when there is one: it gives the shaded cell a twin across
    /// and one down, two ways for the deductions to reach it (host, 2048-4096 seeds: easy 9x9
    /// 2.3 -> 1.8 candidates per puzzle, hard 15x15 18.8 -> 16.3; medium 9x9 went 2.0 -> 2.3,
    /// as more of its candidates became easy).
    ///
    /// Easy and medium puzzles take a neighbour's number only from a walled neighbour, when
    /// another number is left: an open pair X X was what most often stopped their closures
    /// (medium 9x9, 2048 seeds: 1155 first numberings kept; of the failed ones, 403 left
    /// just the 2 cells of such a pair unknown, the next sizes 3 and 4 cells 98 and 149
    /// times). Host, 2048 seeds, candidates per puzzle at 5/9/12/15: easy 2.0 / 1.4 / 1.3 /
    /// 1.3 -> 1.5 / 1.1 / 1.0 / 1.0, medium 3.4 / 2.0 / 1.7 / 1.6 -> 4.2 / 1.9 / 1.5 / 1.3
    /// (with no neighbour's number at all: easy 1.2 / 1.0 / 1.0 / 1.0, but no pairs at all in
    /// easy puzzles; hard needs its open pairs: 7.5 / 11.1 / 11.7 / 12.2 -> 10.4 / 15.0 / 14.7
    /// / 15.0 with walled ones only).
    ///
    /// Numbers in `avoid` (bit v: number v) are left out while another one is left; when none
    /// is, those in `must_avoid` (part of `avoid`) still are while another one is left. Hard
    /// numbers give up keeping off their neighbours' numbers before keeping off the starts:
    /// giving up both at once (once or twice a 9x9 candidate) made starts; hard candidates
    /// per puzzle at 9x9 were 5.0 -> 2.8 with the second step (host, 64 seeds).
    fn pick(&self, board: &Board, cell: u8, except: u8, avoid: u16, must_avoid: u16, difficulty: Difficulty, rng: &mut Rng) -> Option<u8> {
        let (mut across, mut down) = (self.in_row[row_of(cell) as usize], self.in_col[col_of(cell) as usize]);
        if difficulty != Difficulty::Hard {
            // Each number is unshaded once per line: an open neighbour's bit is its own. The
            // four neighbours one by one rather than through `Board::neighbours`, whose list
            // cost a third of this function on the console.
            let (r, c, n) = (row_of(cell), col_of(cell), board.size());
            let open_bit = |next: u8| if self.walled.contains(next) { !0 } else { !bit_of(board.number(next)) };
            let mut walled_across = across;
            if c > 0 {
                walled_across &= open_bit(cell - 1);
            }
            if c + 1 < n {
                walled_across &= open_bit(cell + 1);
            }
            let mut walled_down = down;
            if r > 0 {
                walled_down &= open_bit(cell - 16);
            }
            if r + 1 < n {
                walled_down &= open_bit(cell + 16);
            }
            if walled_across | walled_down != 0 {
                (across, down) = (walled_across, walled_down);
            }
        }
        // Numbers are 1..=n: bit 0 (no `except`) is never a number's.
        let allowed = !bit_of(except);
        let (mut across, mut down) = (across & allowed, down & allowed);
        if (across | down) & !avoid != 0 {
            (across, down) = (across & !avoid, down & !avoid);
        } else if (across | down) & !must_avoid != 0 {
            (across, down) = (across & !must_avoid, down & !must_avoid);
        }
        let both = across & down;
        if both != 0 && difficulty != Difficulty::Medium {
            return Some(nth_set_bit(both, rng.below(both.count_ones() as u8)));
        }
        // Otherwise a random unshaded cell's number: a number in both lines is twice as likely.
        let in_row = across.count_ones() as u8;
        let count = in_row + down.count_ones() as u8;
        if count == 0 {
            return None;
        }
        let pick = rng.below(count);
        Some(if pick < in_row { nth_set_bit(across, pick) } else { nth_set_bit(down, pick - in_row) })
    }
}
