//! Host figures for the puzzle engine (not a test): puzzles per second by size and
//! difficulty, solver and island-check costs, and the engine's state sizes.
//! Run: `cargo run --release -p hitori --example bench_engine`.

use std::hint::black_box;
use std::mem::size_of;
use std::time::{Duration, Instant};

use hitori::puzzles::hitori::board::{Board, CellSet};
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::hitori::dual::IslandGuard;
use hitori::puzzles::hitori::flood;
use hitori::puzzles::hitori::generate::Generator;
use hitori::puzzles::hitori::play::Play;
use hitori::puzzles::rng::Rng;
use hitori::puzzles::hitori::solve::Solver;

/// Time spent per (size, difficulty) cell of the table.
const BUDGET: Duration = Duration::from_millis(400);

fn main() {
    println!("engine state: Generator {} B (includes Solver {} B, IslandGuard {} B), Board {} B, Play {} B",
        size_of::<Generator>(), size_of::<Solver>(), size_of::<IslandGuard>(), size_of::<Board>(), size_of::<Play>());
    println!();
    println!("generation (host, release): puzzles/s, mean ms/puzzle, candidates tried per puzzle");
    println!("{:>4}  {:>26}  {:>26}  {:>26}", "size", "easy", "medium", "hard");
    let mut generator = Generator::new();
    let mut solver = Solver::new(15);
    for n in 5..=15u8 {
        let mut row = format!("{n:>4}");
        for difficulty in Difficulty::ALL {
            let start = Instant::now();
            let (mut puzzles, mut candidates) = (0u32, 0u32);
            while start.elapsed() < BUDGET || puzzles < 5 {
                let puzzle = generator.generate(n, difficulty, puzzles).unwrap();
                black_box(&puzzle);
                candidates += generator.candidates_tried as u32;
                puzzles += 1;
            }
            let secs = start.elapsed().as_secs_f64();
            row += &format!("  {:>8.0}/s {:>7.3} ms {:>5.1}", puzzles as f64 / secs, 1000.0 * secs / puzzles as f64, candidates as f64 / puzzles as f64);
        }
        println!("{row}");
    }
    println!();
    println!("Latin squares (row-by-row matching), mean per square:");
    let mut rng = Rng::new(1);
    for n in [5u8, 9, 12, 15] {
        let mut board = Board::new(n).unwrap();
        let start = Instant::now();
        let squares = 2000;
        for _ in 0..squares {
            hitori::puzzles::hitori::latin::fill_latin_square(&mut board, &mut rng);
            black_box(&board);
        }
        println!("  {n:>2}x{n:<2} {:>8.1} us", start.elapsed().as_secs_f64() * 1e6 / squares as f64);
    }
    println!();
    println!("complete solver (count up to 2) on generated hard puzzles, mean per solve:");
    for n in [5u8, 9, 12, 15] {
        let boards: Vec<Board> = (0..20).map(|s| generator.generate(n, Difficulty::Hard, s).unwrap().board).collect();
        let start = Instant::now();
        for board in &boards {
            assert_eq!(solver.count_solutions(black_box(board), 2), 1);
        }
        println!("  {n:>2}x{n:<2} {:>8.1} us", start.elapsed().as_secs_f64() * 1e6 / boards.len() as f64);
    }
    println!();
    println!("island check per query at 15x15 (random legal positions, 60 shadings tried):");
    let n = 15;
    let mut rng = fastrand::Rng::with_seed(99);
    let mut positions = Vec::new();
    for _ in 0..400 {
        let mut guard: IslandGuard = IslandGuard::new(n);
        let mut cells: Vec<u8> = CellSet::full(n).iter().collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..60] {
            if !guard.shaded().touches(n, cell) && !guard.splits_if_shaded(cell) {
                guard.shade(cell);
            }
        }
        let open: Vec<u8> = CellSet::full(n).minus(guard.shaded()).iter().collect();
        positions.push((guard, open));
    }
    // Per position, all its queries on one method then the other, so both work from cache.
    let mut queries = 0usize;
    let (mut dual_time, mut fill_time) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..20 {
        for (guard, open) in &positions {
            let start = Instant::now();
            for &cell in open {
                black_box(guard.splits_if_shaded(black_box(cell)));
            }
            dual_time += start.elapsed();
            let start = Instant::now();
            for &cell in open {
                black_box(flood::splits_if_shaded(n, guard.shaded(), black_box(cell)));
            }
            fill_time += start.elapsed();
            queries += open.len();
        }
    }
    let dual = dual_time.as_secs_f64() * 1e9 / queries as f64;
    let fill = fill_time.as_secs_f64() * 1e9 / queries as f64;
    println!("  dual union-find {dual:.0} ns, flood fill {fill:.0} ns, ratio {:.1}x", fill / dual);
}
