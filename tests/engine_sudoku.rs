//! Generated Sudoku puzzles checked by code written plainly here, independent of the engine: a
//! backtracking search proves each puzzle has exactly the generator's solution and that the
//! givens are symmetric under a half turn; the engine's grade must be the requested level, the
//! level below must not finish the puzzle, and a walk of hints from the empty marks must reach
//! the solution, each step checked against the solution here (a placed digit is the solution's,
//! a removed candidate is not) and the hardest step of the walk being of the puzzle's level.
//! Heavy: the acceptance run is `cargo test --release -p hitori --test engine_sudoku` (4,800
//! puzzles over the three levels, on every core: 6,000 took 94 s here with the two cores
//! shared; docs/sudoku-notes.md). A debug build checks a fortieth of them.

use std::sync::atomic::{AtomicU32, Ordering};

use hitori::puzzles::Kind;
use hitori::puzzles::code::SeedCode;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::sudoku::generate::{Generator, Puzzle};
use hitori::puzzles::sudoku::logic::{Logic, Technique};
use hitori::puzzles::sudoku::play::{Hint, Marks, Move};

const PUZZLES: u32 = if cfg!(debug_assertions) { 4_800 / 40 } else { 4_800 };

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
    if level > Difficulty::Easy {
        let below = Difficulty::from_index(level as u8 - 1).unwrap();
        let mut logic = Logic::new();
        assert!(logic.set_digits(&puzzle.givens) && !logic.solve(below), "{what}: {} finishes it", below.name());
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
