//! How generation cost spreads over seeds (not a test): for one level and some sizes, the
//! candidates tried and the host time per puzzle over seeds 1..=N, as mean, median, 95th
//! percentile and worst case. The console bench can afford only 8 medium or hard seeds per
//! size, too few to tell a change of the puzzle stream from noise; this runs hundreds.
//! Each seed is timed three times and the fastest run kept (the machine is shared).
//! Run: `cargo run --release -p hitori --example generation_spread -- hard 256 12 15`
//! (level, seeds, sizes). With `--each`, one line per seed: size, seed, candidates, microseconds
//! and the puzzle's digest (to tell whether a change kept the puzzle stream).

use std::time::Instant;

use hitori::puzzles::level::Difficulty;
use hitori::puzzles::hitori::generate::Generator;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let each = args.iter().any(|a| a == "--each");
    let args: Vec<&String> = args.iter().filter(|a| *a != "--each").collect();
    let usage = "usage: generation_spread [--each] LEVEL SEEDS SIZE...";
    let difficulty = args.first().and_then(|a| Difficulty::parse(a)).expect(usage);
    let seeds: u32 = args.get(1).and_then(|a| a.parse().ok()).expect(usage);
    let sizes: Vec<u8> = args[2..].iter().map(|a| a.parse().expect(usage)).collect();
    let mut generator = Generator::new();
    println!("{} {seeds} seeds: candidates and host microseconds per puzzle", difficulty.name());
    println!("size   candidates mean / median / p95 / worst      us mean / median / p95 / worst");
    for n in sizes {
        let mut candidates = Vec::new();
        let mut micros = Vec::new();
        for seed in 1..=seeds {
            let mut fastest = f64::MAX;
            let mut digest = 0;
            for _ in 0..3 {
                let start = Instant::now();
                let puzzle = std::hint::black_box(generator.generate(n, difficulty, seed).expect("size in range"));
                fastest = fastest.min(start.elapsed().as_secs_f64() * 1e6);
                digest = puzzle.digest();
            }
            if each {
                println!("{n} {seed} {} {fastest:.1} {digest:04x}", generator.candidates_tried);
            }
            candidates.push(f64::from(generator.candidates_tried));
            micros.push(fastest);
        }
        let (c, t) = (spread(&mut candidates), spread(&mut micros));
        println!(
            "{n:>4}   {:>8.1} / {:>6.0} / {:>5.0} / {:>5.0}      {:>7.0} / {:>6.0} / {:>6.0} / {:>6.0}",
            c[0], c[1], c[2], c[3], t[0], t[1], t[2], t[3]
        );
    }
}

/// Mean, median, 95th percentile and worst of `values`.
fn spread(values: &mut [f64]) -> [f64; 4] {
    values.sort_by(f64::total_cmp);
    let len = values.len();
    let mean = values.iter().sum::<f64>() / len as f64;
    [mean, values[len / 2], values[(len * 95).div_ceil(100) - 1], values[len - 1]]
}
