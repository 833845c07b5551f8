//! Generated Numberlink puzzles checked by a solver written plainly here, independent of the
//! engine's: a square-by-square backtracking search (reading order, each square choosing its
//! links to the right and below, pieces of paths joined in a union-find) counts solutions as
//! paths up to 2 and must find exactly the generator's. The grade is the engine's (the level
//! asked for, and the level below fails); hints walked from an empty board reach the solution.
//! `cargo test --release --test engine_numberlink`; a debug build checks fewer puzzles.

use hitori::puzzles::Backend;
use hitori::puzzles::Kind;
use hitori::puzzles::code::SeedCode;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::numberlink::Numberlink;
use hitori::puzzles::numberlink::generate::{Generator, MIN_HARD_SIZE};
use hitori::puzzles::numberlink::grid::{CELL_SLOTS, Cells, Givens, MAX_SIZE, MIN_SIZE, Puzzle, cell_at, step};
use hitori::puzzles::numberlink::play::{self, Hint, Marks, Move};

/// Puzzles per size and level: fewer from 10x10, where the plain search and the hint walks
/// take seconds a puzzle (20 a level at every size: 420 puzzles in 314 s, host release).
fn seeds(n: u8) -> u32 {
    match (cfg!(debug_assertions), n) {
        (true, _) => 1,
        (false, 10..) => 4,
        (false, _) => 20,
    }
}

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

/// Counts the solutions of `givens` up to 2 by the plain search; the first one's links.
fn plain_count(givens: &Givens) -> (u32, Vec<u8>) {
    let n = givens.size as usize;
    let number = |i: usize| givens.number_at(cell_at((i / n) as u8, (i % n) as u8));
    let solid = |i: usize| givens.solid.contains(cell_at((i / n) as u8, (i % n) as u8));
    let state = State {
        parent: (0..n * n).collect(),
        piece: (0..n * n).map(|i| Piece { number: number(i), endpoints: u8::from(number(i) != 0), open: 0 }).collect(),
        links: vec![0; n * n],
    };
    let mut found = (0, Vec::new());
    search(n, &number, &solid, state, 0, &mut found);
    found
}

fn search(n: usize, number: &dyn Fn(usize) -> u8, solid: &dyn Fn(usize) -> bool, state: State, i: usize, found: &mut (u32, Vec<u8>)) {
    if found.0 >= 2 {
        return;
    }
    if i == n * n {
        found.0 += 1;
        if found.0 == 1 {
            found.1 = state.links.clone();
        }
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

fn engine_links(puzzle: &Puzzle) -> Vec<u8> {
    let n = puzzle.size();
    (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).map(|(r, c)| puzzle.solution[cell_at(r, c) as usize]).collect()
}

/// Walks hints from no links to the solution, adding each hinted link; each must be the
/// solution's. The number of hints it took.
fn walk_hints(generator: &mut Generator, puzzle: &Puzzle) -> u32 {
    let mut marks = Marks::new();
    for steps in 0..400 {
        match Numberlink::hint(generator, puzzle, &marks) {
            Hint::Solved => {
                assert!(Numberlink::is_solved(puzzle, &marks));
                return steps;
            }
            Hint::Step { cell, side, rule, .. } => {
                assert!(rule.level() <= puzzle.difficulty, "{rule:?} in a {:?} puzzle", puzzle.difficulty);
                assert_ne!(puzzle.solution[cell as usize] & (1 << side), 0, "hinted link not in the solution");
                Numberlink::apply(&mut marks, Move { cell, side, add: true });
            }
            other => panic!("unexpected hint {other:?} from correct links"),
        }
    }
    panic!("hints did not finish");
}

/// Generates `seeds` puzzles of each (size, level) and checks each: one solution as paths by
/// the plain search, the generator's; the engine's grade is the level; the hints reach the
/// solution. Returns (puzzles, puzzles with solid squares).
fn check_generated(cases: &[(u8, Difficulty)], seeds: impl Fn(u8) -> u32) -> (u32, u32) {
    let mut generator = Generator::new();
    let (mut puzzles, mut with_solid) = (0, 0);
    for &(n, level) in cases {
        if level == Difficulty::Hard && n < MIN_HARD_SIZE {
            assert!(generator.generate(n, level, 1).is_none());
            continue;
        }
        for seed in 0..seeds(n) {
            let puzzle = generator.generate(n, level, seed).expect("a size in range");
            let (count, links) = plain_count(&puzzle.givens);
            assert_eq!(count, 1, "{n}x{n} {level:?} seed {seed}: solutions as paths");
            assert_eq!(links, engine_links(&puzzle), "{n}x{n} {level:?} seed {seed}: the solution");
            assert_eq!(Numberlink::grade(&mut generator, &puzzle), Some(level), "{n}x{n} seed {seed}");
            assert_eq!(Numberlink::count_solutions(&mut generator, &puzzle, 2), 1);
            walk_hints(&mut generator, &puzzle);
            puzzles += 1;
            with_solid += u32::from(!puzzle.givens.solid.is_empty());
            eprintln!("{n}x{n} {} seed {seed} ok", level.name());
        }
    }
    (puzzles, with_solid)
}

#[test]
fn generated_puzzles_are_unique_graded_and_hinted() {
    let cases: Vec<(u8, Difficulty)> =
        (MIN_SIZE..=MAX_SIZE).flat_map(|n| Difficulty::ALL.into_iter().map(move |level| (n, level))).collect();
    let (puzzles, with_solid) = check_generated(&cases, seeds);
    println!("{puzzles} puzzles, {with_solid} with solid squares");
}

#[test]
fn engine_and_plain_search_agree_on_small_boards() {
    // Random pairs on 5x5 boards: no, one or several solutions; both counts must agree.
    let mut rng = fastrand::Rng::with_seed(25);
    let mut generator = Generator::new();
    let mut seen = [0u32; 3];
    for _ in 0..300 {
        let mut givens = Givens::new(5);
        let mut cells: Vec<u8> = (0..5).flat_map(|r| (0..5).map(move |c| cell_at(r, c))).collect();
        rng.shuffle(&mut cells);
        let pairs = rng.usize(2..=5);
        for k in 0..pairs {
            givens.ends[k] = [cells[2 * k], cells[2 * k + 1]];
        }
        givens.paths = pairs as u8;
        if rng.bool() {
            givens.solid.insert(cells[2 * pairs]);
        }
        let (plain, _) = plain_count(&givens);
        let engine = generator.solver().count_solutions(&givens, 2);
        assert_eq!(u32::from(engine), plain, "{givens:?}");
        seen[plain as usize] += 1;
    }
    assert!(seen.iter().all(|&s| s > 0), "every count met: {seen:?}");
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
