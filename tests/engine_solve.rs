//! The complete solver against exhaustive enumeration: on small boards with random numbers
//! (many repeats, most without a solution, some with several), every shading is tried and the
//! rules are checked plainly here.

use hitori::puzzles::hitori::board::{Board, CellSet, cell_at};
use hitori::puzzles::hitori::difficulty::grade;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::hitori::rules;
use hitori::puzzles::hitori::solve::Solver;

/// The four rules, checked directly on an n x n grid `num` with shading bits `shaded`.
fn plain_is_solution(n: usize, num: &[u8], shaded: u32) -> bool {
    let is_shaded = |i: usize| shaded & (1 << i) != 0;
    for i in 0..n * n {
        let (r, c) = (i / n, i % n);
        for j in 0..n * n {
            let (r2, c2) = (j / n, j % n);
            let same_line = j != i && (r == r2 || c == c2);
            if same_line && num[i] == num[j] && !is_shaded(i) && !is_shaded(j) {
                return false;
            }
            if r.abs_diff(r2) + c.abs_diff(c2) == 1 && is_shaded(i) && is_shaded(j) {
                return false;
            }
        }
        if is_shaded(i) && !(0..n * n).any(|j| j != i && ((j / n) == r || (j % n) == c) && num[j] == num[i] && !is_shaded(j)) {
            return false;
        }
    }
    // Connected: grow from the first unshaded cell.
    let open: Vec<usize> = (0..n * n).filter(|&i| !is_shaded(i)).collect();
    let mut reached = vec![false; n * n];
    if let Some(&start) = open.first() {
        reached[start] = true;
        let mut changed = true;
        while changed {
            changed = false;
            for &i in &open {
                if !reached[i] {
                    let (r, c) = (i / n, i % n);
                    let touches = (r > 0 && reached[i - n]) || (r + 1 < n && reached[i + n]) || (c > 0 && reached[i - 1]) || (c + 1 < n && reached[i + 1]);
                    if touches {
                        reached[i] = true;
                        changed = true;
                    }
                }
            }
        }
    }
    open.iter().all(|&i| reached[i])
}

fn board_of(n: usize, num: &[u8]) -> Board {
    let rows: Vec<&[u8]> = num.chunks(n).collect();
    Board::from_rows(&rows).unwrap()
}

#[test]
fn solution_counts_match_exhaustive_enumeration() {
    let mut rng = fastrand::Rng::with_seed(42);
    let mut solver = Solver::new(4);
    let mut histogram = [0u32; 3];
    for round in 0..6000 {
        let n = 1 + round % 4;
        // Numbers from a small range, so repeats (and shadings) are common.
        let range = 1 + rng.u8(..n as u8);
        let num: Vec<u8> = (0..n * n).map(|_| 1 + rng.u8(..range)).collect();
        let board = board_of(n, &num);
        // Shadings with touching cells are skipped up front (bit tests) to keep this quick.
        let first_cols: u32 = (0..n * n).filter(|i| i % n != n - 1).map(|i| 1 << i).sum();
        let touching = |s: u32| s & (s >> 1) & first_cols != 0 || s & (s >> n) != 0;
        let solutions: Vec<u32> =
            (0..1u32 << (n * n)).filter(|&s| !touching(s) && plain_is_solution(n, &num, s)).collect();
        let count = solver.count_solutions(&board, 2);
        assert_eq!(count as usize, solutions.len().min(2), "board {num:?}");
        histogram[count as usize] += 1;
        if count == 1 {
            let found = solver.solution();
            for i in 0..n * n {
                assert_eq!(found.contains(cell_at((i / n) as u8, (i % n) as u8)), solutions[0] & (1 << i) != 0);
            }
            assert!(rules::is_solution(&board, found));
        }
        // Grading never claims a level for a board without exactly one solution.
        if grade(&board, &mut solver).is_some() {
            assert_eq!(solutions.len(), 1, "graded board {num:?}");
        }
    }
    // The sample exercised all three outcomes.
    assert!(histogram.iter().all(|&h| h >= 20), "{histogram:?}");
}

#[test]
fn a_known_board_with_two_solutions() {
    let board = Board::from_rows(&[&[4, 3, 1, 2], &[2, 1, 4, 3], &[1, 2, 3, 4], &[2, 3, 4, 3]]).unwrap();
    let mut solver = Solver::new(4);
    assert_eq!(solver.count_solutions(&board, 2), 2);
    assert_eq!(solver.count_solutions(&board, 1), 1);
    assert_eq!(grade(&board, &mut solver), None);
}

#[test]
fn grading_levels_on_a_latin_square() {
    // A Latin square with no repeats needs no shading at all: easy, solution empty.
    let board = Board::from_rows(&[&[1, 2, 3], &[2, 3, 1], &[3, 1, 2]]).unwrap();
    let mut solver = Solver::new(3);
    assert_eq!(grade(&board, &mut solver), Some(Difficulty::Easy));
    assert_eq!(solver.count_solutions(&board, 2), 1);
    assert_eq!(*solver.solution(), CellSet::EMPTY);
}
