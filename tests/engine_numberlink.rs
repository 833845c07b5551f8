//! Generated Numberlink puzzles checked by solvers written here, independent of the engine's:
//! - `numberlink_checker` (its own module): the rules' closures, from their definitions, grade
//!   each puzzle exactly (its level's closure links every square, the level below's does not);
//!   a count row by row, with no rule, finds one solution as paths, and the generator's
//!   solution is checked to be one;
//! - a plain square-by-square search (reading order, each square choosing its links to the
//!   right and below, pieces of paths joined in a union-find) counts solutions too; it checks
//!   the count row by row, and the engine's, on random small boards with 0, 1 and 2+
//!   solutions, where the checker's grades and closures must also be the engine's.
//!
//! Hints walked from an empty board reach the solution, and the hardest rule of the walk is the
//! puzzle's level (medium or hard for hard puzzles, see [`check`]).
//! `cargo test --release --test engine_numberlink` checks 480 puzzles of each size and level
//! (11,520, on every core); a debug build checks one of each.

mod numberlink_checker;

use hitori::puzzles::Backend;
use hitori::puzzles::Kind;
use hitori::puzzles::code::SeedCode;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::numberlink::Numberlink;
use hitori::puzzles::numberlink::generate::Generator;
use hitori::puzzles::numberlink::grid::{CELL_SLOTS, Cells, Givens, MAX_SIZE, MIN_SIZE, Puzzle, cell_at, step};
use hitori::puzzles::numberlink::play::{self, Hint, Marks, Move};

/// Puzzles checked of each size and level.
const SEEDS: u32 = if cfg!(debug_assertions) { 1 } else { 480 };

/// A piece of a path in the plain search: its number (0 none yet), endpoints and open links
/// into squares not yet decided.
#[derive(Clone, Copy)]
struct Piece {
    number: u8,
    endpoints: u8,
    open: u8,
}

#[derive(Clone)]
struct State {
    parent: Vec<usize>,
    piece: Vec<Piece>,
    /// Per square (r * n + c): links as the engine's bits (0 up, 1 right, 2 down, 3 left).
    links: Vec<u8>,
}

impl State {
    fn root(&self, mut i: usize) -> usize {
        while self.parent[i] != i {
            i = self.parent[i];
        }
        i
    }

    /// Joins the pieces of `a` and `b` through one link between them; false for a loop or two
    /// numbers joined.
    fn join(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return false;
        }
        let (pa, pb) = (self.piece[ra], self.piece[rb]);
        if pa.number != 0 && pb.number != 0 && pa.number != pb.number {
            return false;
        }
        self.parent[rb] = ra;
        self.piece[ra] = Piece { number: pa.number.max(pb.number), endpoints: pa.endpoints + pb.endpoints, open: pa.open + pb.open - 2 };
        true
    }
}

/// Counts the solutions of `givens` up to 2 by the plain search; the first one's links (in the
/// engine's form: by `cell_at`, a bit per side).
fn plain_count(givens: &Givens) -> (u32, Option<[u8; CELL_SLOTS]>) {
    let n = givens.size as usize;
    let number = |i: usize| givens.number_at(cell_at((i / n) as u8, (i % n) as u8));
    let solid = |i: usize| givens.solid.contains(cell_at((i / n) as u8, (i % n) as u8));
    let state = State {
        parent: (0..n * n).collect(),
        piece: (0..n * n).map(|i| Piece { number: number(i), endpoints: u8::from(number(i) != 0), open: 0 }).collect(),
        links: vec![0; n * n],
    };
    let mut found = (0, None);
    search(n, &number, &solid, state, 0, &mut found);
    found
}

type Found = (u32, Option<[u8; CELL_SLOTS]>);

fn search(n: usize, number: &dyn Fn(usize) -> u8, solid: &dyn Fn(usize) -> bool, state: State, i: usize, found: &mut Found) {
    if found.0 >= 2 {
        return;
    }
    if i == n * n {
        found.0 += 1;
        let mut by_cell = [0; CELL_SLOTS];
        for (square, &links) in state.links.iter().enumerate() {
            by_cell[cell_at((square / n) as u8, (square % n) as u8) as usize] = links;
        }
        found.1.get_or_insert(by_cell);
        return;
    }
    let (r, c) = (i / n, i % n);
    let need = if solid(i) { 0 } else if number(i) != 0 { 1 } else { 2 };
    let from_up = r > 0 && state.links[i - n] & 4 != 0;
    let from_left = c > 0 && state.links[i - 1] & 2 != 0;
    let have = u8::from(from_up) + u8::from(from_left);
    if have > need {
        return;
    }
    let can_right = c + 1 < n && !solid(i + 1);
    let can_down = r + 1 < n && !solid(i + n);
    for (right, down) in [(false, false), (true, false), (false, true), (true, true)] {
        if have + u8::from(right) + u8::from(down) != need || (right && !can_right) || (down && !can_down) {
            continue;
        }
        let mut next = state.clone();
        next.links[i] = u8::from(from_up) | u8::from(right) << 1 | u8::from(down) << 2 | u8::from(from_left) << 3;
        let root = next.root(i);
        next.piece[root].open += u8::from(right) + u8::from(down);
        // The links from above and from the left were counted open in their pieces.
        next.piece[root].open += u8::from(from_up) + u8::from(from_left);
        if (from_up && !next.join(i - n, i)) || (from_left && !next.join(i - 1, i)) {
            continue;
        }
        // A piece with no open link left is finished: it must join a number's two endpoints.
        let piece = next.piece[next.root(i)];
        if need > 0 && piece.open == 0 && (piece.number == 0 || piece.endpoints != 2) {
            continue;
        }
        search(n, number, solid, next, i + 1, found);
    }
}

/// Walks hints from no links to the solution, adding each hinted link; each must be the
/// solution's. The hardest rule's level of the walk.
fn walk_hints(generator: &mut Generator, puzzle: &Puzzle) -> Difficulty {
    let mut marks = Marks::new();
    let mut hardest = Difficulty::Easy;
    for _ in 0..400 {
        match Numberlink::hint(generator, puzzle, &marks) {
            Hint::Solved => {
                assert!(Numberlink::is_solved(puzzle, &marks));
                return hardest;
            }
            Hint::Step { cell, side, rule, .. } => {
                assert_ne!(puzzle.solution[cell as usize] & (1 << side), 0, "hinted link not in the solution");
                hardest = hardest.max(rule.level());
                Numberlink::apply(&mut marks, Move { cell, side, add: true });
            }
            other => panic!("unexpected hint {other:?} from correct links"),
        }
    }
    panic!("hints did not finish");
}

/// Checks the puzzle of (n, level, seed): one solution as paths by the checker's count row by
/// row, and the generator's is one; graded `level` by the checker's closures and by the
/// engine; the hints reach the solution, their hardest rule of the puzzle's level (a walk whose
/// rules are all easier would be a closure of the level below finishing the puzzle). Whether
/// it has solid squares.
fn check(generator: &mut Generator, n: u8, level: Difficulty, seed: u32) -> bool {
    let puzzle = generator.generate(n, level, seed).expect("a size and level in range");
    let what = format!("{n}x{n} {} seed {seed}", level.name());
    assert_eq!(numberlink_checker::count_by_rows(&puzzle.givens, 2), 1, "{what}: solutions as paths");
    assert!(numberlink_checker::is_solution(&puzzle.givens, &puzzle.solution), "{what}: the generator's solution");
    assert_eq!(numberlink_checker::grade(&puzzle.givens), Some(level), "{what}: the checker's grade");
    assert_eq!(Numberlink::grade(generator, &puzzle), Some(level), "{what}: the engine's grade");
    let hardest = walk_hints(generator, &puzzle);
    assert_eq!(hardest, level, "{what}: the hint walk's hardest rule");
    !puzzle.givens.solid.is_empty()
}

#[test]
fn generated_puzzles_are_unique_graded_exactly_and_hinted() {
    let cases: Vec<(u8, Difficulty)> = (MIN_SIZE..=MAX_SIZE).flat_map(|n| Difficulty::ALL.map(|level| (n, level))).collect();
    // Job j is seed j / cases of case j % cases; each thread takes every `threads`-th job, so
    // the threads share every size and level.
    let (cases_len, jobs) = (cases.len() as u32, cases.len() as u32 * SEEDS);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let with_solid: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                let cases = &cases;
                scope.spawn(move || {
                    let mut generator = Generator::new();
                    let mine = (first as u32..jobs).step_by(threads);
                    mine.filter(|&job| {
                        let (n, level) = cases[(job % cases_len) as usize];
                        check(&mut generator, n, level, job / cases_len)
                    })
                    .count()
                })
            })
            .collect();
        workers.into_iter().map(|worker| worker.join().expect("a worker panicked")).sum()
    });
    println!("{jobs} puzzles ({SEEDS} of each of {cases_len} sizes and levels), {with_solid} with solid squares");
}

/// Random givens on an `n` x `n` board: 2 to `n` pairs, sometimes a solid square.
fn random_givens(rng: &mut fastrand::Rng, n: u8) -> Givens {
    let mut givens = Givens::new(n);
    let mut cells: Vec<u8> = (0..n).flat_map(|r| (0..n).map(move |c| cell_at(r, c))).collect();
    rng.shuffle(&mut cells);
    let pairs = rng.usize(2..=n as usize);
    for k in 0..pairs {
        givens.ends[k] = [cells[2 * k], cells[2 * k + 1]];
    }
    givens.paths = pairs as u8;
    if rng.bool() {
        givens.solid.insert(cells[2 * pairs]);
    }
    givens
}

/// The checker's grade of `givens` must be the engine's, and a complete closure the only
/// solution; when neither finishes a board that has a solution, their hard closures must link
/// the same sides. `solutions` counts them up to 2. The grade.
fn assert_grades_agree(generator: &mut Generator, givens: &Givens, solutions: u32) -> Option<Difficulty> {
    let grade = numberlink_checker::grade(givens);
    let solver = generator.solver();
    assert_eq!(grade, solver.grade(givens), "grades of {givens:?}");
    if grade.is_some() {
        assert_eq!(solutions, 1, "a complete closure with another solution: {givens:?}");
    } else if solutions > 0 {
        // The engine holds its hard closure (no contradiction: a solution exists).
        let closure = numberlink_checker::closure_links(givens, Difficulty::Hard).expect("a solution exists");
        let n = givens.size;
        for cell in (0..n).flat_map(|r| (0..n).map(move |c| cell_at(r, c))) {
            assert_eq!(closure[cell as usize], solver.links(cell), "hard closures at square {cell:#04x} of {givens:?}");
        }
    }
    grade
}

#[test]
fn checker_plain_search_and_engine_agree_on_small_boards() {
    let mut rng = fastrand::Rng::with_seed(25);
    let mut generator = Generator::new();
    let (mut seen, mut graded) = ([0u32; 3], [0u32; 3]);
    for board in 0..900u32 {
        let n = 5 + (board % 2) as u8;
        // A third are generated puzzles with an endpoint moved to another square: denser
        // boards, more of them with one solution than random pairs give.
        let givens = if board % 3 == 2 {
            let puzzle = generator.generate(n, Difficulty::ALL[rng.usize(..2)], board).unwrap();
            let mut givens = puzzle.givens;
            let squares = (0..n).flat_map(|r| (0..n).map(move |c| cell_at(r, c)));
            let empty: Vec<u8> = squares.filter(|&cell| givens.number_at(cell) == 0).collect();
            let k = rng.usize(..givens.paths as usize);
            givens.ends[k][rng.usize(..2)] = empty[rng.usize(..empty.len())];
            // The old solution has one link too many at the new endpoint.
            assert!(!numberlink_checker::is_solution(&givens, &puzzle.solution), "{givens:?}");
            givens
        } else {
            random_givens(&mut rng, n)
        };
        let (plain, plain_first) = plain_count(&givens);
        assert_eq!(u32::from(numberlink_checker::count_by_rows(&givens, 2)), plain, "{givens:?}");
        if let Some(first) = plain_first {
            assert!(numberlink_checker::is_solution(&givens, &first), "{givens:?}");
        }
        assert_eq!(u32::from(generator.solver().count_solutions(&givens, 2)), plain, "{givens:?}");
        if let Some(level) = assert_grades_agree(&mut generator, &givens, plain) {
            graded[level as usize] += 1;
        }
        seen[plain as usize] += 1;
    }
    println!("boards with 0, 1, 2+ solutions: {seen:?}; graded easy, medium, hard: {graded:?}");
    assert!(seen.iter().all(|&s| s > 0), "every count met: {seen:?}");
}

#[test]
fn checker_and_engine_close_alike_when_a_pair_is_taken_out() {
    // A generated puzzle less one pair: its path's squares must join other paths, so the
    // board has no, one or many solutions, and the closures stop part way.
    let mut generator = Generator::new();
    let (mut seen, mut unfinished) = ([0u32; 3], 0);
    for n in 7..=MAX_SIZE {
        for level in Difficulty::ALL {
            for seed in 0..SEEDS.min(20) {
                let puzzle = generator.generate(n, level, seed).unwrap();
                let mut givens = puzzle.givens.clone();
                let taken = seed as usize % givens.paths as usize;
                givens.ends.copy_within(taken + 1..givens.paths as usize, taken);
                givens.paths -= 1;
                let count = u32::from(numberlink_checker::count_by_rows(&givens, 2));
                let grade = assert_grades_agree(&mut generator, &givens, count);
                seen[count as usize] += 1;
                unfinished += u32::from(count > 0 && grade.is_none());
            }
        }
    }
    println!("boards with 0, 1, 2+ solutions: {seen:?}; hard closures compared: {unfinished}");
    assert!(unfinished > 0, "some closures compared");
}

#[test]
fn hints_name_a_wrong_link_first() {
    let mut generator = Generator::new();
    let puzzle = generator.generate(7, Difficulty::Medium, 3).unwrap();
    let mut marks = Marks::new();
    let wrong = (0..7)
        .flat_map(|r| (0..6).map(move |c| cell_at(r, c)))
        .find(|&cell| puzzle.solution[cell as usize] & 2 == 0)
        .expect("some square is not linked to its right");
    Numberlink::apply(&mut marks, Move { cell: wrong, side: 1, add: true });
    assert_eq!(Numberlink::hint(&mut generator, &puzzle, &marks), Hint::Mistake { cell: wrong, side: 1 });
}

#[test]
fn moves_undo_and_paths_clear() {
    let mut generator = Generator::new();
    let puzzle = generator.generate(6, Difficulty::Easy, 9).unwrap();
    let givens = &puzzle.givens;
    // Draw path 1 from its first endpoint along the solution, step by step as the cursor does.
    let mut marks = Marks::new();
    let [start, end] = givens.ends[0];
    let (mut here, mut from) = (start, 4);
    let mut moves = Vec::new();
    while here != end {
        let side = (0..4).find(|&s| s != from && puzzle.solution[here as usize] & (1 << s) != 0).unwrap();
        let mv = play::draw_step(givens, &marks, here, side, |square| givens.number_at(square)).expect("a link the path takes");
        assert!(mv.add);
        Numberlink::apply(&mut marks, mv);
        moves.push(mv);
        here = step(here, side);
        from = side ^ 2;
    }
    // A number takes one link: no step on from the far end; stepping back removes the link.
    let last = *moves.last().unwrap();
    let back = play::draw_step(givens, &marks, end, last.side ^ 2, |square| givens.number_at(square)).unwrap();
    assert!(!back.add);
    // B on the path: one move a link, and undoing them in reverse restores it.
    let drawn = marks.clone();
    let mut removals = Vec::new();
    let mut clear = play::ClearPath::new(&marks, moves[moves.len() / 2].cell);
    while let Some(mv) = clear.next(&marks) {
        assert!(!mv.add);
        Numberlink::apply(&mut marks, mv);
        removals.push(mv);
    }
    assert_eq!(removals.len(), moves.len());
    assert_eq!(marks, Marks::new());
    for &mv in removals.iter().rev() {
        Numberlink::apply(&mut marks, Numberlink::inverse(mv));
    }
    assert_eq!(marks, drawn);
}

#[test]
fn live_errors_find_joined_numbers_and_cut_off_squares() {
    // A path from 1 to 2 along the top row: its squares are a wrong join.
    let mut givens = Givens::new(5);
    givens.ends[0] = [cell_at(0, 0), cell_at(4, 0)];
    givens.ends[1] = [cell_at(0, 2), cell_at(4, 4)];
    givens.paths = 2;
    let mut generator = Generator::new();
    let mut marks = Marks::new();
    Numberlink::apply(&mut marks, Move { cell: cell_at(0, 0), side: 1, add: true });
    Numberlink::apply(&mut marks, Move { cell: cell_at(0, 1), side: 1, add: true });
    let mut errors = Cells::EMPTY;
    play::errors(generator.solver(), &givens, &marks, &mut errors);
    for c in 0..3 {
        assert!(errors.contains(cell_at(0, c)), "square (0, {c}) of the wrong join");
    }
    // Path 1 drawn whole down column 1: the squares left of it touch no open end, the ones
    // right of it touch both of number 2's.
    let mut marks = Marks::new();
    let mut givens = Givens::new(5);
    givens.ends[0] = [cell_at(0, 1), cell_at(4, 1)];
    givens.ends[1] = [cell_at(0, 3), cell_at(4, 3)];
    givens.paths = 2;
    for r in 0..4 {
        Numberlink::apply(&mut marks, Move { cell: cell_at(r, 1), side: 2, add: true });
    }
    let mut errors = Cells::EMPTY;
    play::errors(generator.solver(), &givens, &marks, &mut errors);
    for r in 0..5 {
        assert!(errors.contains(cell_at(r, 0)), "square ({r}, 0) is cut off");
        assert!(!errors.contains(cell_at(r, 2)), "square ({r}, 2) is reachable by 2");
    }
}

#[test]
fn numberlink_seed_codes_round_trip() {
    let mut rng = fastrand::Rng::with_seed(3);
    for _ in 0..2000 {
        let code = SeedCode {
            kind: Kind::Numberlink,
            size: rng.u8(MIN_SIZE..=MAX_SIZE),
            difficulty: Difficulty::ALL[rng.usize(..3)],
            seed: rng.u32(..=SeedCode::max_seed(Kind::Numberlink)),
        };
        let text = code.encode().expect("in range");
        assert_eq!(SeedCode::decode(&text), Some(code));
        // Hitori codes stay Hitori's.
        let hitori = SeedCode { kind: Kind::Hitori, size: 9, ..code };
        assert_eq!(SeedCode::decode(&hitori.encode().unwrap()).map(|c| c.kind), Some(Kind::Hitori));
    }
    let too_big = SeedCode { kind: Kind::Numberlink, size: 13, difficulty: Difficulty::Easy, seed: 0 };
    assert_eq!(too_big.encode(), None);
    assert_eq!(Kind::parse("NumberLink"), Some(Kind::Numberlink));
    assert_eq!(Kind::from_index(3), Some(Kind::Numberlink));
    assert!(CELL_SLOTS >= cell_at(MAX_SIZE - 1, MAX_SIZE - 1) as usize + 1);
}
