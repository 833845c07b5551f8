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

/// Every named deduction the hints give on small random boards that have solutions holds in
/// all of them (found by enumeration here), and each pattern rule is read off the cells its
/// definition names: the hints teach each pattern where it really is.
#[test]
fn pattern_hints_hold_in_every_solution_and_show_their_pattern() {
    use hitori::puzzles::hitori::difficulty::Rule;
    use hitori::puzzles::hitori::solve::Mark;
    let mut rng = fastrand::Rng::with_seed(27);
    let mut solver = Solver::new(4);
    let mut seen = Vec::new();
    let rc = |cell: u8| ((cell >> 4) as usize, (cell & 15) as usize);
    for round in 0..4000 {
        let n = 3 + round % 2;
        let range = 2 + rng.u8(..n as u8 - 1);
        let num: Vec<u8> = (0..n * n).map(|_| 1 + rng.u8(..range)).collect();
        let board = board_of(n, &num);
        let first_cols: u32 = (0..n * n).filter(|i| i % n != n - 1).map(|i| 1 << i).sum();
        let touching = |s: u32| s & (s >> 1) & first_cols != 0 || s & (s >> n) != 0;
        let solutions: Vec<u32> =
            (0..1u32 << (n * n)).filter(|&s| !touching(s) && plain_is_solution(n, &num, s)).collect();
        if solutions.is_empty() {
            continue;
        }
        let number = |cell: u8| {
            let (r, c) = rc(cell);
            num[r * n + c]
        };
        solver.reset(&board);
        while let Ok(Some(d)) = solver.next_deduction(&board, Difficulty::Medium) {
            let (r, c) = rc(d.cell);
            let shaded = d.mark == Mark::Shaded;
            assert!(solutions.iter().all(|&s| (s & (1 << (r * n + c)) != 0) == shaded), "{:?} on {num:?}", d);
            let reasons: Vec<(usize, usize)> = d.reasons().iter().map(|&cell| rc(cell)).collect();
            let adjacent = |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
            // The corner's 2x2 block holding every cell given.
            let in_one_corner_block = |cells: &[(usize, usize)]| {
                [(0, 0), (0, n - 2), (n - 2, 0), (n - 2, n - 2)]
                    .iter()
                    .any(|&(top, left)| cells.iter().all(|&(r, c)| (top..top + 2).contains(&r) && (left..left + 2).contains(&c)))
            };
            match d.rule {
                Rule::OffsetPair => {
                    let [a, a2, b, b2] = reasons[..] else { panic!("four reasons: {d:?}") };
                    assert!(adjacent(a, b) && !shaded);
                    let across = a.0 != b.0; // the two lines are rows
                    let pos = |x: (usize, usize)| if across { x.1 } else { x.0 };
                    let line_of = |x: (usize, usize)| if across { x.0 } else { x.1 };
                    assert_eq!((line_of(a2), line_of(b2)), (line_of(a), line_of(b)));
                    assert_eq!(number(d.reasons()[0]), number(d.reasons()[1]));
                    assert_eq!(number(d.reasons()[2]), number(d.reasons()[3]));
                    assert!(pos(a2) != pos(a) && pos(b2) != pos(b) && pos(a2).abs_diff(pos(b2)) == 1);
                    let target = (r, c);
                    assert!(
                        (line_of(target) == line_of(a) && pos(target) == pos(b2)) || (line_of(target) == line_of(b) && pos(target) == pos(a2)),
                        "{d:?}"
                    );
                }
                Rule::CornerDomino => {
                    let [x, y] = reasons[..] else { panic!("two reasons: {d:?}") };
                    assert!(adjacent(x, y) && number(d.reasons()[0]) == number(d.reasons()[1]) && !shaded);
                    assert!(in_one_corner_block(&[x, y, (r, c)]) && !reasons.contains(&(r, c)));
                    // The target is a wall cell: next to the corner itself.
                    assert!((r == 0 || r == n - 1 || c == 0 || c == n - 1) && [r, c].iter().any(|&x| x == 1 || x == n - 2));
                }
                Rule::CornerTriple => {
                    let [x, y] = reasons[..] else { panic!("two reasons: {d:?}") };
                    assert!(shaded && adjacent(x, (r, c)) && adjacent(y, (r, c)) && in_one_corner_block(&[x, y, (r, c)]));
                    assert!(d.reasons().iter().all(|&cell| number(cell) == number(d.cell)));
                }
                Rule::CornerSquare => {
                    assert!(shaded && reasons.len() == 4 && in_one_corner_block(&reasons) && reasons.contains(&(r, c)));
                }
                Rule::WalledCell => {
                    let [x] = reasons[..] else { panic!("one reason: {d:?}") };
                    assert!(adjacent(x, (r, c)) && !shaded);
                    let others = board.neighbours(d.reasons()[0]);
                    assert!(others.as_slice().iter().all(|&nb| nb == d.cell || solver.mark(nb) == Mark::Shaded));
                }
                _ => {}
            }
            if !seen.contains(&d.rule) {
                seen.push(d.rule);
            }
            if solver.assign(&board, d.cell, d.mark).is_err() {
                break;
            }
        }
    }
    for rule in [Rule::CornerDomino, Rule::CornerTriple, Rule::CornerSquare, Rule::OffsetPair, Rule::WalledCell, Rule::Island] {
        assert!(seen.contains(&rule), "no hint used {rule:?}: {seen:?}");
    }
}
