//! Host figures for the Baby Lizards engine (not a test): the engine's state sizes, then per
//! size and level the puzzles' lizards and trees, candidates tried, host time per puzzle and
//! the segment search's nodes to prove each unique. Run:
//! `cargo run --release --example lizards_figures [SEEDS [LARGEST]]` (default 200 seeds a
//! cell, sizes 6 to 12).

use std::time::Instant;

use hitori::puzzles::level::Difficulty;
use hitori::puzzles::lizards::deduce::Deducer;
use hitori::puzzles::lizards::generate::{Engine, Puzzle};
use hitori::puzzles::lizards::grid::Segments;
use hitori::puzzles::lizards::solve::Search;

fn main() {
    let seeds: u32 = std::env::args().nth(1).map_or(200, |s| s.parse().expect("a seed count"));
    let largest: u8 = std::env::args().nth(2).map_or(12, |s| s.parse().expect("a size"));
    let mut engine = Engine::new();
    println!(
        "engine state: Engine {} B (Segments {} B, Search {} B, Deducer {} B), Puzzle {} B",
        size_of::<Engine>(),
        size_of::<Segments>(),
        size_of::<Search>(),
        size_of::<Deducer>(),
        size_of::<Puzzle>()
    );
    println!("size level    lizards  trees  candidates (mean, worst)  host us/puzzle  search nodes (mean, worst)");
    for n in 6..=largest {
        for level in Difficulty::ALL {
            let (mut lizards, mut trees, mut candidates, mut worst, mut nodes, mut worst_nodes) = (0u32, 0u32, 0u32, 0u16, 0u64, 0u32);
            let start = Instant::now();
            for seed in 0..seeds {
                let puzzle = engine.generate(n, level, seed).expect("size in range");
                candidates += u32::from(engine.candidates_tried);
                worst = worst.max(engine.candidates_tried);
                lizards += u32::from(puzzle.lizards);
                trees += u32::from(puzzle.board.trees().len());
            }
            let micros = start.elapsed().as_secs_f64() * 1e6 / f64::from(seeds);
            for seed in 0..seeds {
                let puzzle = engine.generate(n, level, seed).expect("size in range");
                assert_eq!(engine.count_solutions(&puzzle.board, puzzle.lizards, 2), 1);
                nodes += u64::from(engine.search_nodes());
                worst_nodes = worst_nodes.max(engine.search_nodes());
            }
            let mean = |total: u32| f64::from(total) / f64::from(seeds);
            println!(
                "{n:>2}x{n:<2} {:<7} {:>7.1} {:>6.1} {:>12.2} {:>6} {:>15.0} {:>14.0} {:>8}",
                level.name(),
                mean(lizards),
                mean(trees),
                mean(candidates),
                worst,
                micros,
                nodes as f64 / f64::from(seeds),
                worst_nodes
            );
        }
    }
}
