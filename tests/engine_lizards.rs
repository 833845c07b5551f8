//! Baby Lizards puzzles checked by code written plainly here: a row-by-row bitmask counter
//! (the classic N-queens masks, with trees clearing the rays they block), nothing like the
//! engine's segment search, proves each puzzle has exactly the generator's solution; the
//! engine's grade must be the requested level (its closure solves it, the level below's does
//! not); hints walk from an empty board to the solution using the level's rules; the engine's
//! two solvers agree on random boards.
//! Heavy: the acceptance run is `cargo test --release -p hitori --test engine_lizards` (480
//! puzzles a size and level, 10,080 in all). A debug build checks a twentieth of them.

use hitori::puzzles::code::SeedCode;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::lizards::deduce::Mark;
use hitori::puzzles::lizards::generate::{Engine, Puzzle};
use hitori::puzzles::lizards::grid::{Board, CellSet, MAX_SIZE, MIN_SIZE};
use hitori::puzzles::lizards::{Hint, Lizards, Marks};
use hitori::puzzles::{Backend, Kind};

const PUZZLES_PER_CELL: u32 = if cfg!(debug_assertions) { 24 } else { 480 };

/// A board as bit rows: `free[r]` has bit c for a free cell.
struct Rows {
    n: usize,
    free: Vec<u16>,
    /// Per row, every set of its cells with at most one lizard between trees.
    choices: Vec<Vec<u16>>,
    /// Per row, its segments (the most lizards it can take).
    capacity: Vec<u32>,
}

impl Rows {
    fn new(board: &Board) -> Rows {
        let n = board.size() as usize;
        let free: Vec<u16> = (0..n)
            .map(|r| (0..n).filter(|&c| !board.is_tree(board.cell_at(r as u8, c as u8))).map(|c| 1u16 << c).sum())
            .collect();
        let mut choices = Vec::new();
        let mut capacity = Vec::new();
        for &row in &free {
            // Runs of free cells, as masks.
            let mut runs = Vec::new();
            let mut c = 0;
            while c < n {
                if row >> c & 1 == 0 {
                    c += 1;
                    continue;
                }
                let mut run = 0u16;
                while c < n && row >> c & 1 == 1 {
                    run |= 1 << c;
                    c += 1;
                }
                runs.push(run);
            }
            let mut sets = vec![0u16];
            for run in &runs {
                let mut more = Vec::new();
                for &set in &sets {
                    more.push(set);
                    for c in 0..n {
                        if run >> c & 1 == 1 {
                            more.push(set | 1 << c);
                        }
                    }
                }
                sets = more;
            }
            capacity.push(runs.len() as u32);
            choices.push(sets);
        }
        Rows { n, free, choices, capacity }
    }

    /// Solutions with `lizards` lizards, up to 2, and the first one's rows.
    fn count(&self, lizards: u32) -> (u32, Vec<u16>) {
        let mut first = Vec::new();
        let mut rows = Vec::new();
        let count = self.count_from(0, lizards, 0, 0, 0, &mut rows, &mut first);
        (count, first)
    }

    /// `down`, `right`, `left`: the columns where a lizard's ray (straight down, down-right,
    /// down-left) reaches row `r` unblocked.
    #[allow(clippy::too_many_arguments)]
    fn count_from(&self, r: usize, left_to_place: u32, down: u16, right: u16, left: u16, rows: &mut Vec<u16>, first: &mut Vec<u16>) -> u32 {
        if r == self.n {
            if left_to_place == 0 && first.is_empty() {
                first.clone_from(rows);
            }
            return u32::from(left_to_place == 0);
        }
        if self.capacity[r..].iter().sum::<u32>() < left_to_place {
            return 0;
        }
        let full = (1u16 << self.n) - 1;
        // Trees in this row stop the rays through them.
        let (down, right, left) = (down & self.free[r], right & self.free[r] & full, left & self.free[r]);
        let mut count = 0;
        for &set in &self.choices[r] {
            let placed = set.count_ones();
            if set & (down | right | left) != 0 || placed > left_to_place {
                continue;
            }
            rows.push(set);
            let (d, rt, lt) = (down | set, (right | set) << 1, (left | set) >> 1);
            count += self.count_from(r + 1, left_to_place - placed, d, rt & full, lt, rows, first);
            rows.pop();
            if count >= 2 {
                return 2;
            }
        }
        count
    }
}

fn solution_rows(puzzle: &Puzzle) -> Vec<u16> {
    let n = puzzle.board.size();
    (0..n).map(|r| (0..n).filter(|&c| puzzle.solution.contains(puzzle.board.cell_at(r, c))).map(|c| 1u16 << c).sum()).collect()
}

#[test]
fn generated_puzzles_are_unique_and_exactly_graded() {
    let mut engine = Engine::new();
    let mut checked = 0;
    for n in MIN_SIZE..=MAX_SIZE {
        for level in Difficulty::ALL {
            for seed in 0..PUZZLES_PER_CELL {
                let puzzle = engine.generate(n, level, seed).unwrap();
                let what = format!("{n}x{n} {} seed {seed}", level.name());
                assert_eq!((puzzle.board.size(), puzzle.difficulty, puzzle.seed), (n, level, seed), "{what}");
                assert_eq!(puzzle.solution.len(), puzzle.lizards, "{what}");
                let (count, first) = Rows::new(&puzzle.board).count(u32::from(puzzle.lizards));
                assert_eq!(count, 1, "{what}: solutions");
                assert_eq!(first, solution_rows(&puzzle), "{what}: the one solution is the generator's");
                assert_eq!(Lizards::grade(&mut engine, &puzzle), Some(level), "{what}: grade");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 7 * 3 * PUZZLES_PER_CELL);
}

/// The digests of 840 puzzles (seeds 0 to 39 at every size and level) folded into one: work
/// on the generator's speed that must not change a puzzle keeps this value. A change that
/// means to change the puzzles records the new value here (the test above checks them).
const FINGERPRINT: u32 = 0x82c5_3408;

#[test]
fn generated_puzzles_keep_their_fingerprint() {
    let mut engine = Engine::new();
    let mut fingerprint = 0u32;
    for n in MIN_SIZE..=MAX_SIZE {
        for level in Difficulty::ALL {
            for seed in 0..40 {
                let digest = engine.generate(n, level, seed).unwrap().digest();
                fingerprint = fingerprint.wrapping_mul(65_599).wrapping_add(u32::from(digest));
            }
        }
    }
    assert_eq!(fingerprint, FINGERPRINT, "fingerprint {fingerprint:#010x}");
}

#[test]
fn hints_walk_to_the_solution_with_the_levels_rules() {
    let mut engine = Engine::new();
    for n in [6u8, 9, 12] {
        for level in Difficulty::ALL {
            for seed in 0..8 {
                let puzzle = engine.generate(n, level, seed).unwrap();
                let mut marks = Marks::new();
                let mut hardest = Difficulty::Easy;
                let mut steps = 0;
                loop {
                    match Lizards::hint(&mut engine, &puzzle, &marks) {
                        Hint::Deduction(d) => {
                            assert_eq!(d.mark == Mark::Lizard, puzzle.solution.contains(d.cell), "hint is right");
                            assert_eq!(marks.mark(d.cell), Mark::Unknown, "hint marks a new cell");
                            assert!(d.lit(&puzzle.board).contains(d.cell));
                            hardest = hardest.max(d.rule.level());
                            let from = marks.mark(d.cell);
                            Lizards::apply(&mut marks, hitori::puzzles::lizards::Move { cell: d.cell, from, to: d.mark });
                        }
                        Hint::Solved => break,
                        other => panic!("unexpected {other:?}"),
                    }
                    steps += 1;
                    assert!(steps <= 144, "hints make progress");
                }
                assert!(Lizards::is_solved(&puzzle, &marks));
                assert_eq!(hardest, level, "{n}x{n} {} seed {seed}: hints need exactly the level", level.name());
            }
        }
    }
}

#[test]
fn a_wrong_mark_is_pointed_out_first_and_moves_undo() {
    let mut engine = Engine::new();
    let puzzle = engine.generate(9, Difficulty::Medium, 5).unwrap();
    let free = (0..81).find(|&cell| !puzzle.board.is_tree(cell) && !puzzle.solution.contains(cell)).unwrap();
    let mut marks = Marks::new();
    let mv = hitori::puzzles::lizards::Move { cell: free, from: Mark::Unknown, to: Mark::Lizard };
    Lizards::apply(&mut marks, mv);
    assert_eq!(marks.placed(), 1);
    assert_eq!(Lizards::hint(&mut engine, &puzzle, &marks), Hint::Mistake(free));
    Lizards::apply(&mut marks, Lizards::inverse(mv));
    assert_eq!(marks, Marks::new());
    assert!(matches!(Lizards::hint(&mut engine, &puzzle, &marks), Hint::Deduction(_)));
}

#[test]
fn conflicts_name_the_lizards_that_see_each_other_and_the_cells_between() {
    // 5x5, a tree at (2, 2).
    let mut board = Board::new(5).unwrap();
    board.set_tree(board.cell_at(2, 2));
    let mut lizards = CellSet::EMPTY;
    for (r, c) in [(0, 0), (4, 4), (0, 4), (3, 1), (1, 2)] {
        lizards.insert(board.cell_at(r, c));
    }
    let found = Lizards::conflicts(&board, &lizards);
    // Row 0 joins (0,0) and (0,4), column 4 joins (0,4) and (4,4); the tree blocks the
    // diagonal (0,0)-(4,4) and the anti-diagonal from (0,4); (3,1) and (1,2) see no lizard.
    let mut expected = CellSet::EMPTY;
    for (r, c) in [(0, 0), (0, 4), (4, 4)] {
        expected.insert(board.cell_at(r, c));
    }
    assert_eq!(found.lizards, expected);
    let mut between = CellSet::EMPTY;
    for (r, c) in [(0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4)] {
        between.insert(board.cell_at(r, c));
    }
    assert_eq!(found.between, between);
    // A solution has none.
    let mut engine = Engine::new();
    let puzzle = engine.generate(8, Difficulty::Hard, 1).unwrap();
    assert_eq!(Lizards::conflicts(&puzzle.board, &puzzle.solution).lizards, CellSet::EMPTY);
}

#[test]
fn the_two_solvers_agree_with_the_bitmask_counter_on_random_boards() {
    let mut rng = fastrand::Rng::with_seed(23);
    let mut engine = Engine::new();
    let mut by_count = [0u32; 3];
    for _ in 0..if cfg!(debug_assertions) { 300 } else { 3000 } {
        let n = rng.u8(1..=9);
        let mut board = Board::new(n).unwrap();
        let density = rng.u8(0..40);
        for cell in 0..n * n {
            if rng.u8(0..100) < density {
                board.set_tree(cell);
            }
        }
        let rows = Rows::new(&board);
        let most: u32 = rows.capacity.iter().sum();
        let lizards = rng.u32(0..=most.max(1)) as u8;
        let (count, first) = rows.count(u32::from(lizards));
        let segments = engine.count_solutions(&board, lizards, 2);
        let segment_solution = *engine.solution();
        let walking = engine.count_solutions_walking(&board, lizards, 2);
        assert_eq!((u32::from(segments), u32::from(walking)), (count, count), "n {n} lizards {lizards} {board:?}");
        assert_eq!(engine.solution(), &segment_solution, "both meet the same first solution");
        if count == 1 {
            let found: Vec<u16> = (0..n)
                .map(|r| (0..n).filter(|&c| segment_solution.contains(board.cell_at(r, c))).map(|c| 1u16 << c).sum())
                .collect();
            assert_eq!(found, first);
        }
        by_count[count as usize] += 1;
    }
    // The boards cover all three answers.
    assert!(by_count.iter().all(|&k| k > 10), "{by_count:?}");
}

#[test]
fn lizards_seed_codes_round_trip() {
    let mut rng = fastrand::Rng::with_seed(11);
    for _ in 0..20000 {
        let code = SeedCode {
            kind: Kind::Lizards,
            size: rng.u8(MIN_SIZE..=MAX_SIZE),
            difficulty: Difficulty::ALL[rng.usize(..3)],
            seed: rng.u32(..=SeedCode::max_seed(Kind::Lizards)),
        };
        let text = code.encode().unwrap();
        assert_eq!(SeedCode::decode(&text), Some(code));
        assert_eq!(SeedCode::decode(text.to_ascii_lowercase().as_slice()), Some(code));
        // The same fields as a Hitori code name another puzzle.
        let hitori = SeedCode { kind: Kind::Hitori, ..code };
        assert_ne!(hitori.encode(), Some(text));
    }
    let base = SeedCode { kind: Kind::Lizards, size: 9, difficulty: Difficulty::Hard, seed: 0 };
    assert_eq!(SeedCode { size: 5, ..base }.encode(), None);
    assert_eq!(SeedCode { size: 13, ..base }.encode(), None);
    assert_eq!(SeedCode { seed: 1 << 28, ..base }.encode(), None);
}
