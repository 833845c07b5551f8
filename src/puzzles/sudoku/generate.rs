//! New puzzles: a random complete grid from the dancing links, then givens taken away in
//! symmetric pairs (a cell and its partner under a half turn, the centre alone: 41 classes) in
//! random order, each removal kept only while the techniques of the requested level still
//! finish the puzzle. Finishing proves the puzzle has one solution (the techniques never
//! guess), so no separate count is needed there, and it keeps the puzzle within its level. A
//! puzzle the level below also finishes is mended, a given class swapped for a removed one
//! (`Generator::mend`), or failing that thrown away for a new grid: the level is exact. Easy
//! puzzles stop sooner (`Generator::carve_easy`): about 33 givens, in a fraction of the solves.

use super::grid::{BIT, BOX, CELLS, COL, Cells, ROW, UNIT_CELLS, UNITS, units_of};
use super::links::Links;
use super::logic::Logic;
use crate::puzzles::level::Difficulty;
use crate::puzzles::rng::Rng;

/// Symmetry classes: cell c (0..=40) with its partner 80 - c under a half turn.
const CLASSES: u8 = 41;
/// Classes taken away before the first test: 40 of 81 cells, leaving 41 givens.
const BATCH: usize = 20;
/// Full solves an easy puzzle's carving ends with (`Generator::carve_easy`), each about 0.3 M
/// cycles on the console. Givens an easy puzzle (host, 300 seeds) and console median (32
/// seeds): 5 solves 32.7, 1.26 s; 3 solves 34.6; 1 solve 36.9 (30 to 42), 0.94 s; none 38.2.
const EASY_SOLVES: u8 = 1;

/// A puzzle: its givens (0 for a blank cell) and its one solution, digits 1..=9 row by row,
/// and the level and seed it was made from (a game shows them as its seed code).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    pub givens: [u8; CELLS],
    pub solution: [u8; CELLS],
    pub difficulty: Difficulty,
    pub seed: u32,
}

impl Default for Puzzle {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl Puzzle {
    pub const EMPTY: Puzzle = Puzzle { givens: [0; CELLS], solution: [0; CELLS], difficulty: Difficulty::Easy, seed: 0 };

    /// A 16-bit hash of givens and solution, for the console bench to compare with the host.
    pub fn digest(&self) -> u16 {
        let mut hash: u16 = 0;
        for cell in 0..CELLS {
            let value = u16::from(self.givens[cell]) << 4 | u16::from(self.solution[cell]);
            hash = hash.wrapping_mul(31).wrapping_add(value);
        }
        hash
    }
}

/// The Sudoku engine's working memory: the links (about 1.8 KiB) and the human solver (243
/// bytes).
#[derive(Clone)]
pub struct Generator {
    links: Links,
    logic: Logic,
    /// Complete grids the last generation carved (for the benchmark).
    pub candidates_tried: u16,
}

impl Default for Generator {
    fn default() -> Self {
        Self::new()
    }
}

impl Generator {
    pub const fn new() -> Generator {
        Generator { links: Links::new(), logic: Logic::new(), candidates_tried: 0 }
    }

    /// The human solver, free between generations (hints use it).
    pub fn logic(&mut self) -> &mut Logic {
        &mut self.logic
    }

    /// The puzzle of (level, seed) into `out`.
    pub fn generate_into(&mut self, level: Difficulty, seed: u32, out: &mut Puzzle) {
        generate_sudoku(self, level, seed, out)
    }

    /// The puzzle of (level, seed) (host convenience).
    pub fn generate(&mut self, level: Difficulty, seed: u32) -> Puzzle {
        let mut puzzle = Puzzle::EMPTY;
        self.generate_into(level, seed, &mut puzzle);
        puzzle
    }

    /// The number of solutions of `givens`, counted up to `limit` by the dancing links; the
    /// first one found is left in [`Generator::solution`].
    pub fn count_solutions(&mut self, givens: &[u8; CELLS], limit: u8) -> u8 {
        count_sudoku(self, givens, limit)
    }

    /// The first solution the last [`Generator::count_solutions`] found.
    pub fn solution(&self) -> &[u8; CELLS] {
        self.links.solution()
    }

    /// The level of `givens` (see [`Logic::grade`]); `None` beyond Hard or when givens clash.
    pub fn grade(&mut self, givens: &[u8; CELLS]) -> Option<Difficulty> {
        grade_sudoku(self, givens)
    }

    /// Whether the techniques of `level` finish `givens`.
    fn finishes(&mut self, givens: &[u8; CELLS], level: Difficulty) -> bool {
        finishes_sudoku(&mut self.logic, givens, level)
    }

    /// Whether singles put `class`'s two cells straight back from the digits `self.logic`
    /// holds (the givens without the class). Then the state after them is the one before the
    /// removal: the removal keeps every level's closure, so it is kept without a solve (a few
    /// unit scans against a full solve, on the console about 0.1 M cycles against 1.6 M).
    /// The logic is left as found.
    fn singles_put_back(&mut self, out: &Puzzle, class: u8) -> bool {
        let (cell, partner) = (class, (CELLS - 1) as u8 - class);
        let (digit, partner_digit) = (out.solution[cell as usize], out.solution[partner as usize]);
        // Two calls, not a loop over an array of both orders: LLVM packs such an array in a
        // 64-bit integer, shifts of which cost the console thousands of cycles each.
        put_back_after(&mut self.logic, cell, digit, partner, partner_digit)
            .or_else(|| put_back_after(&mut self.logic, partner, partner_digit, cell, digit))
            .unwrap_or(false)
    }

    /// An easy puzzle from the grid in `out`: first every class singles put straight back is
    /// taken away (one pass: a class they do not put back now they never will with fewer
    /// givens), each decided by a few unit scans on one state kept in step with the givens;
    /// then `EASY_SOLVES` more classes are tried with a full solve each. Easy stays easy
    /// (about 37 givens, where carving to the end gave 28) and takes a fraction of the solves.
    fn carve_easy(&mut self, order: &[u8; CLASSES as usize], out: &mut Puzzle) {
        self.logic.set_digits(&out.givens);
        for &class in order {
            class_in_logic(&mut self.logic, out, class, false);
            if self.singles_put_back(out, class) {
                Self::set_class(out, class, false);
            } else {
                class_in_logic(&mut self.logic, out, class, true);
            }
        }
        let mut solves = 0;
        for &class in order {
            if solves == EASY_SOLVES {
                return;
            }
            if out.givens[class as usize] == 0 {
                continue;
            }
            solves += 1;
            Self::set_class(out, class, false);
            if !reached_by_singles(&mut self.logic, &out.givens, class) {
                Self::set_class(out, class, true);
            }
        }
    }

    /// One complete grid carved down at `level`; false when the level below finishes it too.
    fn carve(&mut self, level: Difficulty, rng: &mut Rng, out: &mut Puzzle) -> bool {
        self.links.fill(rng, &mut out.solution);
        out.givens = out.solution;
        let mut order = [0u8; CLASSES as usize];
        for i in 0..CLASSES {
            order[i as usize] = i;
        }
        for i in (1..CLASSES).rev() {
            order.swap(i as usize, rng.below(i + 1) as usize);
        }
        let Some(below) = level.below() else {
            self.carve_easy(&order, out);
            return true;
        };
        // The first BATCH classes go at once, tested once (they nearly always leave a puzzle
        // the level finishes); when they do not, they are put back and go one at a time.
        let clear = |givens: &mut [u8; CELLS], class: &[u8]| {
            for &cell in class {
                givens[cell as usize] = 0;
                givens[CELLS - 1 - cell as usize] = 0;
            }
        };
        clear(&mut out.givens, &order[..BATCH]);
        let start = if self.finishes(&out.givens, level) {
            BATCH
        } else {
            out.givens = out.solution;
            0
        };
        // Whether singles finish the givens as they stand. While they do, a removal they
        // still finish is the one whose class they place again: the solve stops there
        // (`reached_by_singles`). Once a removal only the level finishes is kept, they never
        // finish again (fewer givens never finish more), and no removal is put to them.
        let mut singles = start == 0 || self.finishes(&out.givens, Difficulty::Easy);
        // A removal singles still finish is kept at once: it leaves one solution, which every
        // level finishes (a third of the removals tested, host; a singles solve is about 0.4 M
        // cycles on the console, the links' search 1-4 M). Otherwise a removal that leaves
        // another solution fails; the links find that solution sooner than the level's
        // techniques give up (a failing medium or hard solve runs every technique to the end).
        for &cell in &order[start..] {
            let partner = CELLS - 1 - cell as usize;
            clear(&mut out.givens, &[cell]);
            self.logic.set_digits(&out.givens);
            // Singles putting the class straight back leave every closure as it was.
            if self.singles_put_back(out, cell) || (singles && reached_by_singles(&mut self.logic, &out.givens, cell)) {
                continue;
            }
            if self.other_solution(out, cell as usize, partner) || !self.finishes(&out.givens, level) {
                out.givens[cell as usize] = out.solution[cell as usize];
                out.givens[partner] = out.solution[partner];
            } else {
                singles = false;
            }
        }
        // Exact unless the level below finishes the carving: at medium that is singles, whose
        // state is known; at hard, singles finishing means medium does too.
        if !singles && (below == Difficulty::Easy || !self.finishes(&out.givens, below)) {
            return true;
        }
        by_open_units(&mut order, &out.givens);
        self.mend(level, below, singles, &order, out)
    }

    /// A carving the level below finishes, mended rather than thrown away with its grid: a
    /// given class is swapped for a removed one. Without the given class the puzzle mostly has
    /// other solutions (the loop above rejected its removal); each one differs from the solution on a blank unavoidable set, and only a removed class with
    /// a cell in every such set can be the one put back. So every other solution found narrows
    /// the classes left to try, and the techniques only run on a swap that leaves one solution:
    /// kept when the level below does not finish it and the level does. Same number of givens,
    /// still symmetric; false when no swap works. `singles`: whether singles finish the
    /// carving (always at medium).
    fn mend(&mut self, level: Difficulty, below: Difficulty, singles: bool, order: &[u8; CLASSES as usize], out: &mut Puzzle) -> bool {
        for &given in order {
            let (cell, partner) = (given as usize, CELLS - 1 - given as usize);
            if out.givens[cell] == 0 {
                continue;
            }
            Self::set_class(out, given, false);
            // The removed classes still worth trying: at first all of them.
            let mut candidates = Cells::EMPTY;
            for &removed in order {
                if removed != given && out.givens[removed as usize] == 0 {
                    candidates.insert(removed);
                }
            }
            if self.other_solution(out, cell, partner) {
                self.keep_hitting(out, &mut candidates);
            }
            for &removed in order {
                if !candidates.contains(removed) {
                    continue;
                }
                Self::set_class(out, removed, true);
                // Singles first: they finish most swaps that leave one solution (host, 200
                // seeds, a puzzle's mends: 23 of 27 such swaps at medium, 49 of 60 at hard),
                // which are then too easy, and a singles solve costs a fraction of the links'
                // search. When singles finished the carving they finish a swap that gives them
                // the taken class's cells again, and the solve stops there. With one solution
                // left, the level below before the level: it is the cheaper test.
                let too_easy = if singles {
                    reached_by_singles(&mut self.logic, &out.givens, given)
                } else {
                    self.finishes(&out.givens, Difficulty::Easy)
                };
                if !too_easy {
                    if self.other_solution(out, cell, partner) {
                        self.keep_hitting(out, &mut candidates);
                    } else if (below == Difficulty::Easy || !self.finishes(&out.givens, below)) && self.finishes(&out.givens, level) {
                        return true;
                    }
                }
                Self::set_class(out, removed, false);
            }
            Self::set_class(out, given, true);
        }
        false
    }

    /// Puts back (`given` true) or takes away a class's two cells.
    fn set_class(out: &mut Puzzle, class: u8, given: bool) {
        let (cell, partner) = (class as usize, CELLS - 1 - class as usize);
        out.givens[cell] = if given { out.solution[cell] } else { 0 };
        out.givens[partner] = if given { out.solution[partner] } else { 0 };
    }

    /// Keeps in `candidates` only the classes with a cell where the other solution the links
    /// hold differs from the puzzle's. In place: a second set would be 18 more bytes of the
    /// back end's static frames in WRAM.
    fn keep_hitting(&self, out: &Puzzle, candidates: &mut Cells) {
        let other = self.links.solution();
        for class in 0..CLASSES {
            let (cell, partner) = (class as usize, CELLS - 1 - class as usize);
            if candidates.contains(class) && other[cell] == out.solution[cell] && other[partner] == out.solution[partner] {
                candidates.remove(class);
            }
        }
    }

    /// Whether the givens, just blanked at `cell` and `partner`, have a solution other than
    /// `out.solution`; if so the links hold it. The puzzle had one solution with those two
    /// cells given, so another one differs there. First two digits that can be swapped on
    /// blank cells through one of them ([`swap_set`]: no search, and it finds about 46% of
    /// the other solutions the removal tests meet, host, 100 medium seeds). Then searched with
    /// `cell`'s digit ruled out, then with `cell` as given and `partner`'s ruled out. The second
    /// search starts from the links the first left (it found nothing, so it undid every cover):
    /// `cell`'s row put back and given, rather than the givens taken on again (`set_givens`,
    /// about 437k cycles on the console, a quarter of medium's).
    fn other_solution(&mut self, out: &Puzzle, cell: usize, partner: usize) -> bool {
        for blank in [cell as u8, partner as u8] {
            let a = out.solution[blank as usize];
            for b in 1..=9 {
                if b != a && swap_set(out, blank, b, self.links.solution_mut()) {
                    return true;
                }
            }
        }
        let (digit, partner_digit) = (out.solution[cell] - 1, out.solution[partner] - 1);
        self.links.set_givens(&out.givens);
        self.links.exclude(cell as u8, digit);
        if self.links.count(1, None) == 1 {
            return true;
        }
        if partner == cell {
            return false;
        }
        self.links.include(cell as u8, digit);
        self.links.give(cell as u8, digit);
        self.links.exclude(partner as u8, partner_digit);
        self.links.count(1, None) == 1
    }
}

/// Sorts `order` for the mend: classes whose cells' units hold the fewest blank cells first,
/// ties in their random order. A given class among many givens is the likelier to be swapped
/// for a removed one (host, 300 seeds, the mend's given classes tried in the carving's order
/// and so: medium 11.2 -> 9.3 a puzzle, the cost in solves and searches -22% at the median).
/// Keys by plain table lookups: an array of a cell's three units is packed by LLVM into an
/// integer, whose shifts the console pays for. Never inlined: its arrays (68 bytes) then share
/// the back end's static frames with the mend's callees instead of staying in the carving's
/// frame (the game ROM's stack room fell under 1 KiB with them there).
#[inline(never)]
fn by_open_units(order: &mut [u8; CLASSES as usize], givens: &[u8; CELLS]) {
    let mut blank = [0u8; UNITS];
    for (unit, cells) in UNIT_CELLS.iter().enumerate() {
        for &cell in cells {
            if givens[cell as usize] == 0 {
                blank[unit] += 1;
            }
        }
    }
    let around = |cell: usize| blank[ROW[cell] as usize] + blank[9 + COL[cell] as usize] + blank[18 + BOX[cell] as usize];
    let mut keys = [0u8; CLASSES as usize];
    for (key, &class) in keys.iter_mut().zip(order.iter()) {
        *key = around(class as usize) + around(CELLS - 1 - class as usize);
    }
    for i in 1..CLASSES as usize {
        let (key, class) = (keys[i], order[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] > key {
            keys[j] = keys[j - 1];
            order[j] = order[j - 1];
            j -= 1;
        }
        keys[j] = key;
        order[j] = class;
    }
}

/// Puts a class's digits back into (`given` true) or takes them out of the logic, which holds
/// givens alone (the centre class is one cell).
fn class_in_logic(logic: &mut Logic, out: &Puzzle, class: u8, given: bool) {
    let (cell, partner) = (class, (CELLS - 1) as u8 - class);
    let set = |logic: &mut Logic, at: u8| {
        if given {
            logic.place(at, out.solution[at as usize]);
        } else {
            logic.unplace(at);
        }
    };
    set(logic, cell);
    if partner != cell {
        set(logic, partner);
    }
}

/// When singles put `digit` in `first` now: whether they then put `second_digit` in `second`
/// (the centre class is one cell). The logic is left as found.
fn put_back_after(logic: &mut Logic, first: u8, digit: u8, second: u8, second_digit: u8) -> Option<bool> {
    if !logic.single_fills(first, digit) {
        return None;
    }
    logic.place(first, digit);
    let back = first == second || logic.single_fills(second, second_digit);
    logic.unplace(first);
    Some(back)
}

// The engine's console entry points, one banked call each (docs/ARCHITECTURE.md, "ROM banks").

#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank9"), inline(never))]
fn generate_sudoku(generator: &mut Generator, level: Difficulty, seed: u32, out: &mut Puzzle) {
    let mut rng = Rng::new(seed);
    out.difficulty = level;
    out.seed = seed;
    generator.candidates_tried = 0;
    loop {
        generator.candidates_tried += 1;
        if generator.carve(level, &mut rng, out) {
            return;
        }
    }
}

/// The human solver's techniques on the givens, an entry of its own: in the game ROM the
/// generator (bank 9) and the solver (bank 15, with the hints) passed 16 KiB together.
#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank15"), inline(never))]
fn finishes_sudoku(logic: &mut Logic, givens: &[u8; CELLS], level: Difficulty) -> bool {
    logic.set_digits(givens) && logic.solve(level)
}

/// Whether singles put back `class`'s cells, blank in `givens`: the givens with them
/// finished, so then the givens without them do too (the solve stops there). In the solver's
/// bank, as [`finishes_sudoku`].
#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank15"), inline(never))]
fn reached_by_singles(logic: &mut Logic, givens: &[u8; CELLS], class: u8) -> bool {
    logic.set_digits(givens) && logic.singles_reach(class, (CELLS - 1) as u8 - class)
}

#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank9"), inline(never))]
fn count_sudoku(generator: &mut Generator, givens: &[u8; CELLS], limit: u8) -> u8 {
    if !generator.links.set_givens(givens) {
        return 0;
    }
    generator.links.count(limit, None)
}

#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank9"), inline(never))]
fn grade_sudoku(generator: &mut Generator, givens: &[u8; CELLS]) -> Option<Difficulty> {
    if !generator.logic.set_digits(givens) {
        return None;
    }
    generator.logic.grade()
}

/// Whether digits a (the solution's at the blank `cell`) and `b` can be swapped on blank cells
/// alone, `cell` among them; if so `other` is the solution with them swapped. In a solution the
/// cells holding a or b pair up in every unit (its a-cell with its b-cell); swapping a set of
/// them keeps every unit whole when it holds each pair whole, and the smallest such set
/// through `cell` follows the pairs from it. With all its cells blank it is another solution
/// of the givens. (Four cells in two boxes is the unavoidable rectangle; the sets are found a
/// cell at a time, at most 18, and the first given one ends the look.) On the console
/// `gb_sudoku_swap_set` (linker/sudoku.s), the same set followed from a queue.
fn swap_set(out: &Puzzle, cell: u8, b: u8, other: &mut [u8; CELLS]) -> bool {
    #[cfg(target_arch = "avr")]
    {
        /// `gb_sudoku_swap_set`'s argument (its SWS_ offsets).
        #[repr(C)]
        struct SwapSet {
            solution: *const u8,
            givens: *const u8,
            other: *mut u8,
            cell: u8,
            b: u8,
        }
        unsafe extern "C" {
            fn gb_sudoku_swap_set(job: *const SwapSet) -> u8;
        }
        let job = SwapSet { solution: out.solution.as_ptr(), givens: out.givens.as_ptr(), other: other.as_mut_ptr(), cell, b };
        // SAFETY: the routine reads the 81 bytes of `solution` and `givens` and UNIT_CELLS
        // (bank 0), and writes the 81 of `other` only when it returns 1.
        unsafe { gb_sudoku_swap_set(&job) != 0 }
    }
    #[cfg(not(target_arch = "avr"))]
    swap_set_rust(out, cell, b, other)
}

/// [`swap_set`] in Rust: the host's, and the console routine's reference.
#[cfg(not(target_arch = "avr"))]
fn swap_set_rust(out: &Puzzle, cell: u8, b: u8, other: &mut [u8; CELLS]) -> bool {
    let solution = &out.solution;
    let a = solution[cell as usize];
    // The set's cells: bit r of `rows[0]` for row r's a-cell, of `rows[1]` for its b-cell
    // (each digit once a row); `todo` those whose units are still to follow.
    let mut rows = [BIT[ROW[cell as usize] as usize], 0u16];
    let mut todo = [0u8; 18];
    todo[0] = cell;
    let mut left = 1;
    while left > 0 {
        left -= 1;
        let here = todo[left];
        let (digit, is_b) = if solution[here as usize] == a { (b, 1) } else { (a, 0) };
        for unit in units_of(here) {
            for &far in &UNIT_CELLS[unit as usize] {
                if solution[far as usize] != digit {
                    continue;
                }
                let bit = BIT[ROW[far as usize] as usize];
                if rows[is_b] & bit == 0 {
                    if out.givens[far as usize] != 0 {
                        return false;
                    }
                    rows[is_b] |= bit;
                    todo[left] = far;
                    left += 1;
                }
                break;
            }
        }
    }
    *other = *solution;
    for (square, digit) in other.iter_mut().enumerate() {
        let row_bit = BIT[ROW[square] as usize];
        if *digit == a && rows[0] & row_bit != 0 {
            *digit = b;
        } else if *digit == b && rows[1] & row_bit != 0 {
            *digit = a;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A complete grid: row r is 1..=9 shifted by 3r + r / 3.
    fn grid() -> [u8; CELLS] {
        core::array::from_fn(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9) as u8 + 1)
    }

    fn is_complete_grid(digits: &[u8; CELLS]) -> bool {
        UNIT_CELLS.iter().all(|unit| (1..=9).all(|d| unit.iter().filter(|&&c| digits[c as usize] == d).count() == 1))
    }

    #[test]
    fn the_mend_order_puts_classes_among_fewer_blanks_first_and_keeps_ties_in_order() {
        // Blank: the first row and the centre; the classes around them come last.
        let mut givens = grid();
        for cell in (0..9).chain([40]) {
            givens[cell] = 0;
            givens[CELLS - 1 - cell] = 0;
        }
        let blanks_around = |cell: usize| {
            [ROW[cell] as usize, 9 + COL[cell] as usize, 18 + BOX[cell] as usize]
                .iter()
                .map(|&unit| UNIT_CELLS[unit].iter().filter(|&&c| givens[c as usize] == 0).count())
                .sum::<usize>()
        };
        let key = |class: u8| blanks_around(class as usize) + blanks_around(CELLS - 1 - class as usize);
        let mut order: [u8; CLASSES as usize] = core::array::from_fn(|i| (CLASSES as usize - 1 - i) as u8);
        let before = order;
        by_open_units(&mut order, &givens);
        let mut sorted = order;
        sorted.sort_unstable();
        assert_eq!(sorted, core::array::from_fn(|i| i as u8), "a permutation of the classes");
        for pair in order.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(key(a) <= key(b), "{order:?}");
            if key(a) == key(b) {
                let at = |c: u8| before.iter().position(|&x| x == c).unwrap();
                assert!(at(a) < at(b), "ties keep their order: {order:?}");
            }
        }
        assert!(key(order[0]) < key(order[CLASSES as usize - 1]));
    }

    #[test]
    fn a_swap_set_of_blank_cells_is_another_solution_and_a_given_cell_spoils_it() {
        let solution = grid();
        assert!(is_complete_grid(&solution));
        let mut out = Puzzle { givens: [0; CELLS], solution, difficulty: Difficulty::Medium, seed: 0 };
        let mut other = [0; CELLS];
        for b in (1..=9).filter(|&b| b != solution[0]) {
            out.givens = [0; CELLS];
            assert!(swap_set(&out, 0, b, &mut other), "b = {b}");
            assert!(is_complete_grid(&other) && other[0] == b);
            let set: Vec<usize> = (0..CELLS).filter(|&c| other[c] != solution[c]).collect();
            // Only the set blank: still another solution; one more of its cells given: none.
            out.givens = core::array::from_fn(|c| if set.contains(&c) { 0 } else { solution[c] });
            assert!(swap_set(&out, 0, b, &mut other));
            out.givens[set[set.len() - 1]] = solution[set[set.len() - 1]];
            assert!(!swap_set(&out, 0, b, &mut other), "b = {b}, set {set:?}");
        }
        out.givens = solution;
        out.givens[0] = 0;
        assert!((1..=9).all(|b| b == solution[0] || !swap_set(&out, 0, b, &mut other)));
    }
}
