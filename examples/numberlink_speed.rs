//! Host generation times for Numberlink (not a test): per size and level, milliseconds a
//! puzzle (median, mean, worst) and drawings a puzzle (mean, worst) over seeds 0..SEEDS. Run:
//! `cargo run --release --example numberlink_speed [SEEDS [SIZES [LEVELS]]]`, sizes and levels
//! as comma lists (default 20 seeds, sizes 5,7,8,10,12, levels easy,medium,hard). A row is
//! printed as soon as it is done, so a slow row can be cut short with `timeout`.

use std::io::Write;
use std::time::Instant;

use hitori::puzzles::level::Difficulty;
use hitori::puzzles::numberlink::generate::Generator;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seeds: u32 = args.get(1).map_or(20, |s| s.parse().expect("a seed count"));
    let sizes: Vec<u8> = args.get(2).map_or("5,7,8,10,12", |s| s).split(',').map(|s| s.parse().expect("a size")).collect();
    let levels: Vec<Difficulty> =
        args.get(3).map_or("easy,medium,hard", |s| s).split(',').map(|s| Difficulty::parse(s).expect("a level")).collect();
    let mut generator = Generator::new();
    println!("size level   seeds  ms median    mean   worst  drawings mean worst");
    for &level in &levels {
        for &n in &sizes {
            let mut times = Vec::new();
            let (mut drawings, mut worst_drawings) = (0u32, 0u16);
            for seed in 0..seeds {
                let start = Instant::now();
                generator.generate(n, level, seed).expect("a size in range");
                times.push(start.elapsed().as_secs_f64() * 1e3);
                drawings += u32::from(generator.candidates_tried);
                worst_drawings = worst_drawings.max(generator.candidates_tried);
            }
            let mean = times.iter().sum::<f64>() / times.len() as f64;
            times.sort_by(f64::total_cmp);
            let median = times[times.len() / 2];
            let worst = times[times.len() - 1];
            println!(
                "{n:>4} {:<7} {seeds:>5} {median:>10.3} {mean:>7.3} {worst:>7.3}  {:>13.1} {worst_drawings:>5}",
                level.name(),
                f64::from(drawings) / f64::from(seeds)
            );
            std::io::stdout().flush().unwrap();
        }
    }
}
