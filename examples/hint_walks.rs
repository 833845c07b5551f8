//! What solving a generated puzzle is like (not a test): the hints walked from an empty grid,
//! `Play::hint` applied step by step, profiled per level and size: steps by rule, where the
//! first look-ahead (contradiction) step comes as a fraction of the walk after the opening
//! circles (the numbers without twins, circled first), how many separate hard moments (runs of
//! contradiction steps) a puzzle has, and how many distinct rules it uses.
//! Run: `cargo run --release -p hitori --example hint_walks -- [PUZZLES [SIZE...]]` (200
//! puzzles of every level at 9, 12 and 15 by default; `make bench-engine` runs that).
//! Also the candidates a puzzle cost and, for hard puzzles, the hard moments as the look-ahead
//! closure counts them (`Solver::hard_moments`: what a generator's check could ask for), with
//! how many puzzles agree with the walk's count.
//! `--levels hard,medium` picks levels; `--tatham FILE` also writes every hard puzzle as a
//! game id of Simon Tatham's Singles (`9x9:...`, one a line), for his solver.

use std::fmt::Write as _;

use hitori::puzzles::hitori::board::cell_at;
use hitori::puzzles::hitori::difficulty::Rule;
use hitori::puzzles::hitori::generate::{Generator, Puzzle};
use hitori::puzzles::hitori::play::{Hint, Play};
use hitori::puzzles::hitori::solve::Solver;
use hitori::puzzles::level::Difficulty;

/// One puzzle's walk: the rule of each step.
fn walk(puzzle: &Puzzle, solver: &mut Solver) -> Vec<Rule> {
    let mut play = Play::new();
    let mut rules = Vec::new();
    loop {
        match play.hint(&puzzle.board, &puzzle.solution, solver) {
            Hint::Deduction(d) => {
                rules.push(d.rule);
                play.set_mark(d.cell, d.mark);
            }
            Hint::Solved => return rules,
            other => panic!("a generated puzzle's walk met {other:?}"),
        }
    }
}

/// The figures of one walk.
struct Shape {
    steps: usize,
    /// Steps after the opening circles.
    after_opening: usize,
    /// Where the first contradiction step is, as a fraction of the steps after the opening.
    first_lookahead: Option<f64>,
    /// Runs of contradiction steps.
    hard_moments: usize,
    distinct_rules: usize,
    /// Steps after the last contradiction step.
    tail: usize,
}

fn shape(rules: &[Rule]) -> Shape {
    let opening = rules.iter().take_while(|&&r| r == Rule::LoneNumber).count();
    let after_opening = rules.len() - opening;
    let first = rules.iter().position(|&r| r == Rule::Contradiction);
    let last = rules.iter().rposition(|&r| r == Rule::Contradiction);
    let hard_moments = rules
        .iter()
        .enumerate()
        .filter(|&(i, &r)| r == Rule::Contradiction && (i == 0 || rules[i - 1] != Rule::Contradiction))
        .count();
    let distinct_rules = Rule::ALL.iter().filter(|r| rules.contains(r)).count();
    Shape {
        steps: rules.len(),
        after_opening,
        first_lookahead: first.map(|i| (i - opening) as f64 / after_opening.max(1) as f64),
        hard_moments,
        distinct_rules,
        tail: last.map_or(0, |i| rules.len() - 1 - i),
    }
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = values.fold((0.0, 0usize), |(s, c), v| (s + v, c + 1));
    if count == 0 { f64::NAN } else { sum / count as f64 }
}

fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn tatham_id(puzzle: &Puzzle) -> String {
    let n = puzzle.board.size();
    let mut id = format!("{n}x{n}:");
    for r in 0..n {
        for c in 0..n {
            let v = puzzle.board.number(cell_at(r, c));
            id.push(char::from_digit(u32::from(v), 36).expect("numbers are below 36"));
        }
    }
    id
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let tatham = args.iter().position(|a| a == "--tatham").map(|i| {
        let path = args.get(i + 1).expect("--tatham FILE").clone();
        args.drain(i..i + 2);
        path
    });
    let levels: Vec<Difficulty> = match args.iter().position(|a| a == "--levels") {
        Some(i) => {
            let names = args.get(i + 1).expect("--levels LEVEL,LEVEL").clone();
            args.drain(i..i + 2);
            names.split(',').map(|name| Difficulty::parse(name).expect("--levels: easy, medium or hard")).collect()
        }
        None => Difficulty::ALL.to_vec(),
    };
    let puzzles: u32 = args.first().map_or(200, |a| a.parse().expect("PUZZLES: a count"));
    let sizes: Vec<u8> = if args.len() > 1 { args[1..].iter().map(|a| a.parse().expect("SIZE")).collect() } else { vec![9, 12, 15] };
    let mut generator = Generator::new();
    let mut solver = Solver::new(15);
    let mut ids = String::new();
    println!("hint walks from an empty grid, {puzzles} puzzles per level and size (seeds 0..{puzzles})");
    for difficulty in levels {
        for &n in &sizes {
            let mut by_rule = [0usize; Rule::ALL.len()];
            let mut shapes = Vec::new();
            let (mut candidates, mut closure_moments, mut agree) = (0usize, 0usize, 0usize);
            for seed in 0..puzzles {
                let puzzle = generator.generate(n, difficulty, seed).expect("size in range");
                candidates += usize::from(generator.candidates_tried);
                if difficulty == Difficulty::Hard {
                    let _ = writeln!(ids, "{}", tatham_id(&puzzle));
                }
                let rules = walk(&puzzle, &mut solver);
                for rule in &rules {
                    by_rule[Rule::ALL.iter().position(|r| r == rule).expect("every rule is listed")] += 1;
                }
                let walked = shape(&rules);
                if difficulty == Difficulty::Hard {
                    solver.reset(&puzzle.board);
                    solver.deduce(&puzzle.board, Difficulty::Hard).expect("a generated puzzle has a solution");
                    closure_moments += usize::from(solver.hard_moments());
                    agree += usize::from(usize::from(solver.hard_moments()) == walked.hard_moments);
                }
                shapes.push(walked);
            }
            let count = shapes.len() as f64;
            let firsts: Vec<f64> = shapes.iter().filter_map(|s| s.first_lookahead).collect();
            println!(
                "{} {n}x{n}: steps {:.1} ({:.1} after the opening circles); distinct rules {:.2}; hard moments {:.2}; \
                 first look-ahead (fraction of the walk after the opening) median {:.2}, mean {:.2}, in {} puzzles; \
                 steps after the last look-ahead {:.1}",
                difficulty.name(),
                mean(shapes.iter().map(|s| s.steps as f64)),
                mean(shapes.iter().map(|s| s.after_opening as f64)),
                mean(shapes.iter().map(|s| s.distinct_rules as f64)),
                mean(shapes.iter().map(|s| s.hard_moments as f64)),
                median(firsts.clone()),
                mean(firsts.iter().copied()),
                firsts.len(),
                mean(shapes.iter().filter(|s| s.first_lookahead.is_some()).map(|s| s.tail as f64)),
            );
            print!("    candidates {:.2} a puzzle", candidates as f64 / count);
            if difficulty == Difficulty::Hard {
                print!("; hard moments as the look-ahead closure counts them {:.2} (the walk's count in {agree} puzzles)", closure_moments as f64 / count);
            }
            println!();
            let mut moments = [0usize; 4];
            for s in &shapes {
                moments[s.hard_moments.min(3)] += 1;
            }
            println!("    puzzles with 0 / 1 / 2 / 3+ hard moments: {} / {} / {} / {}", moments[0], moments[1], moments[2], moments[3]);
            let mut line = String::from("    steps by rule (per puzzle):");
            for (rule, &steps) in Rule::ALL.iter().zip(&by_rule) {
                if steps > 0 {
                    let _ = write!(line, " {} {:.2},", rule.name(), steps as f64 / count);
                }
            }
            println!("{}", line.trim_end_matches(','));
        }
    }
    if let Some(path) = tatham {
        std::fs::write(&path, ids).expect("writable --tatham file");
        println!("hard puzzles as Tatham game ids: {path}");
    }
}
