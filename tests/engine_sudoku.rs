//! Generated Sudoku puzzles checked by code written plainly here, independent of the engine: a
//! backtracking search proves each puzzle has exactly the generator's solution and that the
//! givens are symmetric under a half turn; a plain human solver (`plain`) grades it exactly
//! (the puzzle's level finishes it, the level below does not), as the engine's grade must; and
//! a walk of hints from the empty marks must reach the solution, each step checked against the
//! solution here (a placed digit is the solution's, a removed candidate is not) and the
//! hardest step of the walk being of the puzzle's level.
//! Heavy: the acceptance run is `cargo test --release -p hitori --test engine_sudoku` (10,002
//! puzzles over the three levels, on every core: 4,800 took 38 s here with the two cores
//! shared; docs/sudoku-notes.md). A debug build checks a fortieth of them.

use std::sync::atomic::{AtomicU32, Ordering};

use hitori::puzzles::Kind;
use hitori::puzzles::code::SeedCode;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::sudoku::generate::{Generator, Puzzle};
use hitori::puzzles::sudoku::logic::{Logic, Technique};
use hitori::puzzles::sudoku::play::{Hint, Marks, Move};

const PUZZLES: u32 = if cfg!(debug_assertions) { 10_002 / 40 } else { 10_002 };

/// Solutions of `givens` (0 blank) up to `limit`: none when two givens clash, else by
/// [`backtrack`].
fn count(givens: &[u8; 81], limit: u32, first: &mut Option<[u8; 81]>) -> u32 {
    let mut grid = *givens;
    for cell in 0..81 {
        let digit = grid[cell];
        grid[cell] = 0;
        if digit != 0 && clashes(&grid, cell, digit) {
            return 0;
        }
        grid[cell] = digit;
    }
    backtrack(&mut grid, limit, first)
}

/// Whether `digit` is in the row, column or box of `cell`.
fn clashes(grid: &[u8; 81], cell: usize, digit: u8) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    (0..9).any(|i| {
        grid[r * 9 + i] == digit || grid[i * 9 + c] == digit || grid[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == digit
    })
}

/// Solutions of `grid` (0 blank, givens not clashing) up to `limit`, by trying 1..=9 in the
/// first blank cell; the first one found goes into `first`.
fn backtrack(grid: &mut [u8; 81], limit: u32, first: &mut Option<[u8; 81]>) -> u32 {
    let Some(cell) = grid.iter().position(|&d| d == 0) else {
        first.get_or_insert(*grid);
        return 1;
    };
    let mut found = 0;
    for digit in 1..=9u8 {
        if !clashes(grid, cell, digit) {
            grid[cell] = digit;
            found += backtrack(grid, limit - found, first);
            grid[cell] = 0;
            if found >= limit {
                break;
            }
        }
    }
    found
}

fn valid_grid(grid: &[u8; 81]) -> bool {
    (0..9).all(|i| {
        let row: Vec<u8> = (0..9).map(|j| grid[i * 9 + j]).collect();
        let col: Vec<u8> = (0..9).map(|j| grid[j * 9 + i]).collect();
        let bx: Vec<u8> = (0..9).map(|j| grid[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3]).collect();
        [row, col, bx].iter().all(|unit| (1..=9).all(|d| unit.contains(&d)))
    })
}

/// An independent human solver, written plainly from the techniques' definitions (candidates
/// as a bit set a cell, every unit scanned every time): the closure of a level's techniques,
/// true when it fills the grid. The tests grade with it apart from the engine's `Logic`.
mod plain {
    use hitori::puzzles::level::Difficulty;

    /// The 27 units: rows, columns, boxes.
    pub fn units() -> Vec<[usize; 9]> {
        let mut units = Vec::new();
        for i in 0..9 {
            units.push(core::array::from_fn(|j| i * 9 + j));
            units.push(core::array::from_fn(|j| j * 9 + i));
            units.push(core::array::from_fn(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3));
        }
        units
    }

    fn sees(a: usize, b: usize) -> bool {
        a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
    }

    /// Every combination of `k` of `items`.
    fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
        if k == 0 {
            return vec![vec![]];
        }
        let mut all = Vec::new();
        for (i, &first) in items.iter().enumerate() {
            for mut rest in combinations(&items[i + 1..], k - 1) {
                rest.insert(0, first);
                all.push(rest);
            }
        }
        all
    }

    struct Grid {
        /// Candidates of each cell, bit d - 1 for digit d; a placed cell has its digit's alone.
        cand: [u16; 81],
        placed: [bool; 81],
        units: Vec<[usize; 9]>,
    }

    impl Grid {
        fn place(&mut self, cell: usize, digit: u8) {
            let bit = 1 << (digit - 1);
            self.cand[cell] = bit;
            self.placed[cell] = true;
            for other in 0..81 {
                if sees(cell, other) {
                    self.cand[other] &= !bit;
                }
            }
        }

        /// Removes `bits` from `cell` (not placed); true if any went.
        fn remove(&mut self, cell: usize, bits: u16) -> bool {
            let before = self.cand[cell];
            self.cand[cell] &= !bits;
            before != self.cand[cell]
        }

        fn singles(&mut self) -> bool {
            for cell in 0..81 {
                if !self.placed[cell] && self.cand[cell].count_ones() == 1 {
                    self.place(cell, self.cand[cell].trailing_zeros() as u8 + 1);
                    return true;
                }
            }
            for u in 0..27 {
                let unit = self.units[u];
                for digit in 1..=9u8 {
                    let bit = 1 << (digit - 1);
                    if unit.iter().any(|&c| self.placed[c] && self.cand[c] == bit) {
                        continue;
                    }
                    let places: Vec<usize> = unit.iter().copied().filter(|&c| !self.placed[c] && self.cand[c] & bit != 0).collect();
                    if places.len() == 1 {
                        self.place(places[0], digit);
                        return true;
                    }
                }
            }
            false
        }

        /// A digit's places in a box all in one line, or in a line all in one box: it leaves
        /// the rest of the other unit.
        fn locked(&mut self) -> bool {
            let mut changed = false;
            for a in 0..27 {
                for b in 0..27 {
                    let (ua, ub) = (self.units[a], self.units[b]);
                    if a == b || !ua.iter().any(|c| ub.contains(c)) {
                        continue;
                    }
                    for digit in 1..=9u8 {
                        let bit = 1 << (digit - 1);
                        let places: Vec<usize> = ua.iter().copied().filter(|&c| !self.placed[c] && self.cand[c] & bit != 0).collect();
                        if !places.is_empty() && places.iter().all(|c| ub.contains(c)) {
                            let rest: Vec<usize> = ub.iter().copied().filter(|c| !ua.contains(c) && !self.placed[*c]).collect();
                            for c in rest {
                                changed |= self.remove(c, bit);
                            }
                        }
                    }
                }
            }
            changed
        }

        /// `k` open cells of a unit whose candidates together are `k` digits (naked), or `k`
        /// digits whose places in a unit are `k` cells (hidden).
        fn subsets(&mut self, k: usize) -> bool {
            let mut changed = false;
            for u in 0..27 {
                let unit = self.units[u];
                let open: Vec<usize> = unit.iter().copied().filter(|&c| !self.placed[c]).collect();
                for cells in combinations(&open, k) {
                    let union = cells.iter().fold(0, |bits, &c| bits | self.cand[c]);
                    if union.count_ones() as usize == k {
                        for &c in open.iter().filter(|c| !cells.contains(c)) {
                            changed |= self.remove(c, union);
                        }
                    }
                }
                let digits: Vec<usize> = (0..9).filter(|&d| open.iter().any(|&c| self.cand[c] & 1 << d != 0)).collect();
                for set in combinations(&digits, k) {
                    let bits = set.iter().fold(0u16, |bits, &d| bits | 1 << d);
                    let places: Vec<usize> = open.iter().copied().filter(|&c| self.cand[c] & bits != 0).collect();
                    if places.len() == k {
                        for &c in &places {
                            changed |= self.remove(c, !bits & 0x1FF);
                        }
                    }
                }
            }
            changed
        }

        /// A digit whose places in `k` rows lie in `k` columns (or the other way round) leaves
        /// the rest of those columns (rows).
        fn fish(&mut self, k: usize) -> bool {
            let mut changed = false;
            for digit in 0..9 {
                let bit = 1u16 << digit;
                for by_rows in [true, false] {
                    let at = |line: usize, i: usize| if by_rows { line * 9 + i } else { i * 9 + line };
                    let lines: Vec<usize> = (0..9).filter(|&l| (0..9).any(|i| !self.placed[at(l, i)] && self.cand[at(l, i)] & bit != 0)).collect();
                    for set in combinations(&lines, k) {
                        let cross: Vec<usize> = (0..9).filter(|&i| set.iter().any(|&l| !self.placed[at(l, i)] && self.cand[at(l, i)] & bit != 0)).collect();
                        if cross.len() == k {
                            for &i in &cross {
                                for l in (0..9).filter(|l| !set.contains(l)) {
                                    if !self.placed[at(l, i)] {
                                        changed |= self.remove(at(l, i), bit);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            changed
        }

        /// A cell with candidates {x, y} and two cells it sees with {x, z} and {y, z}: z
        /// leaves every cell both of those see.
        fn xy_wing(&mut self) -> bool {
            let mut changed = false;
            let pairs: Vec<usize> = (0..81).filter(|&c| !self.placed[c] && self.cand[c].count_ones() == 2).collect();
            for &pivot in &pairs {
                for &a in pairs.iter().filter(|&&a| sees(pivot, a)) {
                    for &b in pairs.iter().filter(|&&b| b > a && sees(pivot, b)) {
                        let (p, x, y) = (self.cand[pivot], self.cand[a], self.cand[b]);
                        let z = x & y;
                        if z.count_ones() == 1 && z & p == 0 && (x | y) & !z == p && x != y {
                            let seen: Vec<usize> = (0..81).filter(|&c| !self.placed[c] && c != pivot && sees(c, a) && sees(c, b)).collect();
                            for c in seen {
                                changed |= self.remove(c, z);
                            }
                        }
                    }
                }
            }
            changed
        }
    }

    /// Whether the techniques of `level` and below fill `givens`.
    pub fn finishes(givens: &[u8; 81], level: Difficulty) -> bool {
        let mut grid = Grid { cand: [0x1FF; 81], placed: [false; 81], units: units() };
        for cell in 0..81 {
            if givens[cell] != 0 {
                grid.place(cell, givens[cell]);
            }
        }
        loop {
            if grid.singles() {
                continue;
            }
            let progress = match level {
                Difficulty::Easy => false,
                Difficulty::Medium => grid.locked() || grid.subsets(2),
                Difficulty::Hard => {
                    grid.locked() || grid.subsets(2) || grid.fish(2) || grid.subsets(3) || grid.fish(3) || grid.xy_wing()
                }
            };
            if !progress {
                return grid.placed.iter().all(|&p| p);
            }
        }
    }
}

/// Follows hints from no marks to the solution, checking each against it; returns the hardest
/// level of the techniques used.
fn hint_walk(generator: &mut Generator, puzzle: &Puzzle) -> Difficulty {
    let mut marks = Marks::EMPTY;
    let mut hardest = Difficulty::Easy;
    for _ in 0..2000 {
        match marks.hint(generator.logic(), puzzle) {
            Hint::Solved => {
                assert!(marks.is_solved(puzzle));
                return hardest;
            }
            Hint::Deduction(d) => {
                hardest = hardest.max(d.technique.level());
                assert!(!d.targets.is_empty() && !d.reasons.is_empty(), "{d:?}");
                if d.digit != 0 {
                    let cell = d.targets.iter().next().unwrap();
                    assert_eq!(d.digit, puzzle.solution[cell as usize], "{d:?}");
                    let from = marks.digit(cell as usize);
                    marks.apply(Move::Digit { cell, from, to: d.digit });
                    continue;
                }
                for cell in d.targets.iter() {
                    let answer = 1u16 << (puzzle.solution[cell as usize] - 1);
                    assert_eq!(d.removed & answer, 0, "{:?} removes the answer of cell {cell}", d.technique);
                    // Marks as the hint module says: take them away, or write the others.
                    let have = match marks.pencil(cell as usize) {
                        0 => generator.logic().candidates(cell),
                        marked => marked,
                    };
                    let want = have & !d.removed;
                    for digit in 1..=9u8 {
                        if (marks.pencil(cell as usize) ^ want) & (1 << (digit - 1)) != 0 {
                            marks.apply(Move::Pencil { cell, digit });
                        }
                    }
                }
            }
            other => panic!("hint {other:?} on a generated puzzle"),
        }
    }
    panic!("the hint walk did not end");
}

fn check(generator: &mut Generator, level: Difficulty, seed: u32) {
    let puzzle = generator.generate(level, seed);
    let what = format!("{} seed {seed}", level.name());
    for cell in 0..81 {
        assert_eq!(puzzle.givens[cell] == 0, puzzle.givens[80 - cell] == 0, "{what}: not symmetric");
        assert!(puzzle.givens[cell] == 0 || puzzle.givens[cell] == puzzle.solution[cell], "{what}");
    }
    let mut first = None;
    assert_eq!(count(&puzzle.givens, 2, &mut first), 1, "{what}: not unique");
    assert_eq!(first, Some(puzzle.solution), "{what}");
    assert!(valid_grid(&puzzle.solution), "{what}");
    assert_eq!(generator.count_solutions(&puzzle.givens, 2), 1, "{what}");
    assert_eq!(generator.grade(&puzzle.givens), Some(level), "{what}");
    // Graded exactly by the plain solver too: its level finishes it, the level below does not.
    assert!(plain::finishes(&puzzle.givens, level), "{what}: the plain solver's {} does not finish it", level.name());
    if level > Difficulty::Easy {
        let below = Difficulty::from_index(level as u8 - 1).unwrap();
        let mut logic = Logic::new();
        assert!(logic.set_digits(&puzzle.givens) && !logic.solve(below), "{what}: {} finishes it", below.name());
        assert!(!plain::finishes(&puzzle.givens, below), "{what}: the plain solver's {} finishes it", below.name());
    }
    assert_eq!(hint_walk(generator, &puzzle), level, "{what}: the hint walk's hardest step");
}

#[test]
fn generated_puzzles_are_unique_symmetric_and_exactly_graded() {
    let next = AtomicU32::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut generator = Generator::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= PUZZLES {
                        break;
                    }
                    let level = Difficulty::ALL[(i % 3) as usize];
                    check(&mut generator, level, i / 3);
                }
            });
        }
    });
}

#[test]
fn links_count_agrees_with_backtracking_off_unique_puzzles() {
    let mut generator = Generator::new();
    for seed in 0..40 {
        let puzzle = generator.generate(Difficulty::Medium, seed);
        let given: Vec<usize> = (0..81).filter(|&c| puzzle.givens[c] != 0).collect();
        // One given fewer: often two solutions. A wrong digit in a blank cell: often none.
        let mut fewer = puzzle.givens;
        fewer[given[seed as usize % given.len()]] = 0;
        let mut wrong = puzzle.givens;
        let blank = (0..81).find(|&c| puzzle.givens[c] == 0).unwrap();
        wrong[blank] = puzzle.solution[blank] % 9 + 1;
        for givens in [fewer, wrong, [0; 81]] {
            let expected = count(&givens, 2, &mut None) as u8;
            assert_eq!(generator.count_solutions(&givens, 2), expected, "seed {seed}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let (mut a, mut b) = (Generator::new(), Generator::new());
    for level in Difficulty::ALL {
        b.generate(Difficulty::Hard, 99);
        assert_eq!(a.generate(level, 7), b.generate(level, 7));
    }
}

#[test]
fn moves_undo_and_conflicts_show_repeats() {
    let mut generator = Generator::new();
    let puzzle = generator.generate(Difficulty::Easy, 3);
    let blank = (0..81u8).filter(|&c| puzzle.givens[c as usize] == 0).collect::<Vec<_>>();
    let mut marks = Marks::EMPTY;
    let moves = [
        Move::Digit { cell: blank[0], from: 0, to: 4 },
        Move::Pencil { cell: blank[1], digit: 7 },
        Move::Digit { cell: blank[0], from: 4, to: 0 },
        Move::Pencil { cell: blank[1], digit: 2 },
    ];
    let mut states = vec![marks.clone()];
    for mv in moves {
        marks.apply(mv);
        states.push(marks.clone());
    }
    for mv in moves.iter().rev() {
        states.pop();
        marks.apply(mv.inverse());
        assert_eq!(&marks, states.last().unwrap());
    }
    // A digit that repeats a given of its row lights up both cells; nothing else does.
    let cell = blank[0];
    let row = cell / 9;
    let given = (row * 9..row * 9 + 9).find(|&c| puzzle.givens[c as usize] != 0).unwrap();
    marks.apply(Move::Digit { cell, from: 0, to: puzzle.givens[given as usize] });
    let conflicts = marks.conflicts(&puzzle);
    assert!(conflicts.contains(cell) && conflicts.contains(given));
    let mut solved = Marks::EMPTY;
    for &c in &blank {
        solved.set_digit(c as usize, puzzle.solution[c as usize]);
    }
    assert!(solved.conflicts(&puzzle).is_empty());
    assert!(solved.is_solved(&puzzle) && !marks.is_solved(&puzzle));
    assert_eq!(solved.hint(generator.logic(), &puzzle), Hint::Solved);
    assert_eq!(marks.hint(generator.logic(), &puzzle), Hint::Mistake(cell));
}

#[test]
fn techniques_have_distinct_names_and_levels_in_order() {
    let names: std::collections::HashSet<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(names.len(), Technique::ALL.len());
    assert!(Technique::ALL.windows(2).all(|w| w[0].level() <= w[1].level()));
}

#[test]
fn sudoku_seed_codes_round_trip() {
    for level in Difficulty::ALL {
        for seed in [0, 1, 12_345, SeedCode::max_seed(Kind::Sudoku)] {
            let code = SeedCode { kind: Kind::Sudoku, size: 9, difficulty: level, seed };
            let text = code.encode().expect("in range");
            assert_eq!(SeedCode::decode(&text), Some(code));
        }
    }
    let too_big = SeedCode { kind: Kind::Sudoku, size: 9, difficulty: Difficulty::Easy, seed: 1 << 28 };
    assert_eq!(too_big.encode(), None);
    assert_eq!(SeedCode { size: 8, ..too_big }.encode(), None);
}
