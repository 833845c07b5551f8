//! Play state (marks, undo and redo, live violations, solved), hints and seed codes.

use hitori::puzzles::hitori::board::{CellSet, cell_at};
use hitori::puzzles::code::SeedCode;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::hitori::generate::Generator;
use hitori::puzzles::play::HISTORY_LEN;
use hitori::puzzles::hitori::play::{Hint, Move, Play};
use hitori::puzzles::hitori::rules::{RuleKind, ViolationMap, is_solution};
use hitori::puzzles::hitori::solve::{Mark, Solver};

#[test]
fn marks_undo_and_redo() {
    let mut play = Play::new();
    let a = cell_at(0, 0);
    play.cycle(a);
    assert_eq!(play.mark(a), Mark::Shaded);
    play.cycle(a);
    assert_eq!(play.mark(a), Mark::Unshaded);
    assert!(!play.set_mark(a, Mark::Unshaded), "no change, no move");
    play.cycle(a);
    assert_eq!(play.mark(a), Mark::Unknown);
    assert_eq!(play.undo(), Some(Move { cell: a, from: Mark::Unshaded, to: Mark::Unknown }));
    assert_eq!(play.undo(), Some(Move { cell: a, from: Mark::Shaded, to: Mark::Unshaded }));
    assert_eq!(play.mark(a), Mark::Shaded);
    assert_eq!(play.redo().map(|m| m.to), Some(Mark::Unshaded));
    assert_eq!(play.mark(a), Mark::Unshaded);
    // A new move drops what could be redone.
    play.set_mark(cell_at(1, 1), Mark::Shaded);
    assert_eq!(play.redo(), None);
    assert_eq!(play.undo().map(|m| m.cell), Some(cell_at(1, 1)));
    assert_eq!(play.undo().map(|m| m.cell), Some(a));
    assert_eq!(play.undo().map(|m| m.cell), Some(a));
    assert_eq!(play.undo(), None);
    assert_eq!(play.mark(a), Mark::Unknown);
}

#[test]
fn history_keeps_the_latest_moves() {
    let mut play = Play::new();
    let moves = HISTORY_LEN + 10;
    for i in 0..moves {
        play.set_mark(cell_at((i / 15) as u8, (i % 15) as u8), Mark::Shaded);
    }
    let mut undone = 0;
    while play.undo().is_some() {
        undone += 1;
    }
    assert_eq!(undone, HISTORY_LEN);
    // The ten oldest moves stay.
    assert_eq!(play.shaded().len() as usize, 10);
    assert!(play.shaded().contains(cell_at(0, 0)));
}

#[test]
fn live_violations_and_solved() {
    let mut generator = Generator::new();
    let puzzle = generator.generate(7, Difficulty::Easy, 11).unwrap();
    let board = &puzzle.board;
    let mut play = Play::new();
    assert!(play.violations(board).is_empty(), "unmarked cells are not flagged");
    assert!(!play.is_solved(&puzzle));
    // Circle two cells that repeat: a shaded solution cell and its unshaded twin.
    let shaded = puzzle.solution.first().unwrap();
    let twin = board.twins(shaded).to_set().minus(&puzzle.solution).first().unwrap();
    play.set_mark(shaded, Mark::Unshaded);
    play.set_mark(twin, Mark::Unshaded);
    let map = play.violations(board);
    assert!(map.cells(RuleKind::Duplicate).contains(shaded) && map.cells(RuleKind::Duplicate).contains(twin));
    play.restart();
    for cell in puzzle.solution.iter() {
        play.set_mark(cell, Mark::Shaded);
    }
    assert!(play.violations(board).is_empty());
    assert!(play.is_solved(&puzzle));
    assert!(is_solution(board, play.shaded()), "the one solution keeps the four rules");
}

#[test]
fn hints_walk_every_puzzle_to_its_solution() {
    let mut generator = Generator::new();
    let mut solver = Solver::new(15);
    for n in [5u8, 8, 10, 15] {
        for difficulty in Difficulty::ALL {
            for seed in 0..12 {
                let puzzle = generator.generate(n, difficulty, seed).unwrap();
                let mut play = Play::new();
                let mut hardest = Difficulty::Easy;
                loop {
                    match play.hint(&puzzle.board, &puzzle.solution, &mut solver) {
                        Hint::Deduction(d) => {
                            assert_eq!(d.mark == Mark::Shaded, puzzle.solution.contains(d.cell), "hint is right");
                            assert_eq!(play.mark(d.cell), Mark::Unknown, "hint marks a new cell");
                            hardest = hardest.max(d.rule.level());
                            play.set_mark(d.cell, d.mark);
                        }
                        Hint::Solved => break,
                        other => panic!("unexpected {other:?}"),
                    }
                }
                assert!(play.is_solved(&puzzle));
                assert_eq!(hardest, difficulty, "hints need exactly the puzzle's level");
            }
        }
    }
}

#[test]
fn a_wrong_mark_is_pointed_out_first() {
    let mut generator = Generator::new();
    let mut solver = Solver::new(9);
    let puzzle = generator.generate(9, Difficulty::Medium, 5).unwrap();
    let unshaded = CellSet::full(9).minus(&puzzle.solution).first().unwrap();
    let mut play = Play::new();
    play.set_mark(unshaded, Mark::Shaded);
    assert_eq!(play.hint(&puzzle.board, &puzzle.solution, &mut solver), Hint::Mistake(unshaded));
}

#[test]
fn seed_codes_round_trip_and_catch_typos() {
    let mut rng = fastrand::Rng::with_seed(3);
    let mut typos_caught = 0;
    let trials = 20000;
    for _ in 0..trials {
        let code = SeedCode { kind: hitori::puzzles::Kind::Hitori, size: rng.u8(5..=15),
            difficulty: Difficulty::ALL[rng.usize(..3)],
            seed: rng.u32(..),
        };
        let text = code.encode().unwrap();
        assert_eq!(SeedCode::decode(&text), Some(code));
        assert_eq!(SeedCode::decode(text.to_ascii_lowercase().as_slice()), Some(code));
        let mut typo = text;
        let at = rng.usize(..typo.len());
        let replacement = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ"[rng.usize(..32)];
        if replacement == typo[at] {
            continue;
        }
        typo[at] = replacement;
        if SeedCode::decode(&typo) != Some(code) && SeedCode::decode(&typo).is_none() {
            typos_caught += 1;
        }
    }
    // Two check bits plus the unused size and difficulty values catch most single typos.
    assert!(typos_caught > trials * 6 / 10, "{typos_caught}");
    assert_eq!(SeedCode::decode(b"0000000"), None);
    assert_eq!(SeedCode::decode(b"0000000U"), None);
    let code = SeedCode { kind: hitori::puzzles::Kind::Hitori, size: 9, difficulty: Difficulty::Hard, seed: 1 };
    let text = code.encode().unwrap();
    let confusable: Vec<u8> = text.iter().map(|&c| if c == b'0' { b'O' } else if c == b'1' { b'l' } else { c }).collect();
    assert_eq!(SeedCode::decode(&confusable), Some(code));
    assert_eq!(SeedCode { kind: hitori::puzzles::Kind::Hitori, size: 4, difficulty: Difficulty::Easy, seed: 0 }.encode(), None);
}

#[test]
fn hints_can_use_the_generators_solver() {
    let mut generator = Generator::new();
    let puzzle = generator.generate(6, Difficulty::Easy, 2).unwrap();
    let play = Play::new();
    let Hint::Deduction(d) = play.hint(&puzzle.board, &puzzle.solution, generator.solver()) else {
        panic!("an empty easy grid has a deduction");
    };
    assert_eq!(d.mark == Mark::Shaded, puzzle.solution.contains(d.cell));
    // Generating afterwards is unaffected by the hint's use of the solver.
    let again = generator.generate(6, Difficulty::Easy, 2).unwrap();
    assert_eq!(again.board, puzzle.board);
}

#[test]
fn violations_updated_move_by_move_equal_a_fresh_check() {
    let mut generator = Generator::new();
    let mut rng = fastrand::Rng::with_seed(5);
    for (n, seed) in [(5u8, 1u32), (9, 2), (12, 3), (15, 4)] {
        let puzzle = generator.generate(n, Difficulty::Easy, seed).unwrap();
        let board = &puzzle.board;
        let mut play = Play::new();
        let mut map = ViolationMap::EMPTY;
        play.update_violations(board, None, &mut map);
        for step in 0..2_000 {
            let moved = match rng.u8(..10) {
                0 => play.undo(),
                1 => play.redo(),
                2 if step % 500 == 0 => {
                    play.restart();
                    None
                }
                _ => {
                    let cell = cell_at(rng.u8(..n), rng.u8(..n));
                    let (from, to) = (play.mark(cell), [Mark::Unknown, Mark::Shaded, Mark::Unshaded][rng.usize(..3)]);
                    if !play.set_mark(cell, to) {
                        continue;
                    }
                    Some(Move { cell, from, to })
                }
            };
            // Half the time as the game does it: the flags the moved cell's mark rules out
            // taken away first.
            if let Some(m) = moved.filter(|_| rng.bool()) {
                let mark = play.mark(m.cell);
                map.unflag_for_mark(m.cell, mark == Mark::Shaded, mark == Mark::Unshaded);
            }
            play.update_violations(board, moved, &mut map);
            assert_eq!(map, play.violations(board), "{n}x{n}, step {step}, after {moved:?}");
        }
    }
}
