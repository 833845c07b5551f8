//! A host model of the console's Numberlink generation cost (not a test). The console's cycles
//! a puzzle follow the host's work closely: square checks of the easy rules, drawings and
//! grades (fitted by `--fit` on hard 7x7, 64 seeds of the console bench: every puzzle within
//! 11%). So thousands of seeds can be looked at in a second, where the console bench takes a
//! minute for 64: enough to see the tail that 32 or 64 seeds hide (docs/numberlink-notes.md,
//! "A host model of the console's cost").
//!
//! `cargo run --release --features stats --example numberlink_model -- SIZE LEVEL SEEDS [--each]
//! [--fit FILE]`, seeds 1..=SEEDS. It prints the work a puzzle and the modelled console seconds
//! (mean, median, 95th and 99th percentiles, worst) and how many puzzles pass 3x the median
//! target of the size (issue #25: 1 / 3 / 5 s at 7 / 10 / 12, the nearest size below).
//! `--each` prints each seed's checks, drawings, grades and modelled cycles. `--fit FILE`
//! fits the model again to the console's cycles in FILE, the output of the console bench with
//! `BENCH_ENGINE_EACH=1` (its `numberlink each SIZE LEVEL SEED CYCLES` lines): after a change
//! to the console's code the coefficients below no longer hold.

use hitori::puzzles::level::Difficulty;
use hitori::puzzles::numberlink::generate::Generator;
use hitori::puzzles::numberlink::solve::stats;

/// Console cycles per square check, drawing and grade (`--fit` on hard 7x7's 64 seeds of the
/// console bench, session 35; medium 7x7's gave 2,926 / 293,261 / 10,579, within 12%).
const CYCLES: [f64; 3] = [2816.0, 248_610.0, 104_975.0];
const CLOCK_HZ: f64 = 4_194_304.0;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: numberlink_model SIZE LEVEL SEEDS [--each] [--fit FILE]";
    let [size, level, seeds] = [0, 1, 2].map(|i| args.get(i).expect(usage).as_str());
    let size: u8 = size.parse().expect(usage);
    let level = Difficulty::parse(level).expect("a level: easy, medium or hard");
    let seeds: u32 = seeds.parse().expect(usage);
    let each = args.iter().any(|a| a == "--each");
    let fit = args.iter().position(|a| a == "--fit").map(|i| args.get(i + 1).expect(usage).clone());

    let mut generator = Generator::new();
    // Per seed: checks, drawings, grades.
    let mut work = Vec::new();
    for seed in 1..=seeds {
        let before = stats::read();
        generator.generate(size, level, seed).expect("a size from 5 to 12");
        let after = stats::read();
        let row = [after.0 - before.0, u32::from(generator.candidates_tried), after.1 - before.1].map(f64::from);
        if each {
            println!("{seed} {} {} {} {:.0}", row[0], row[1], row[2], cycles(&row, &CYCLES));
        }
        work.push(row);
    }

    let mut seconds: Vec<f64> = work.iter().map(|row| cycles(row, &CYCLES) / CLOCK_HZ).collect();
    seconds.sort_by(f64::total_cmp);
    let n = seconds.len();
    let mean = |i: usize| work.iter().map(|row| row[i]).sum::<f64>() / n as f64;
    let at = |q: usize| seconds[(n * q / 100).min(n - 1)];
    let limit = 3.0 * match size {
        ..=9 => 1.0,
        10..=11 => 3.0,
        _ => 5.0,
    };
    println!(
        "numberlink model {size}x{size} {} seeds 1..={seeds}: checks {:.0}, drawings {:.2}, grades {:.2} a puzzle",
        level.name(),
        mean(0),
        mean(1),
        mean(2)
    );
    println!(
        "modelled console s: mean {:.2}, median {:.2}, 95th {:.2}, 99th {:.2}, worst {:.2}; over {limit} s: {} of {n}",
        seconds.iter().sum::<f64>() / n as f64,
        at(50),
        at(95),
        at(99),
        seconds[n - 1],
        seconds.iter().filter(|&&s| s > limit).count()
    );
    if let Some(file) = fit {
        fit_console(&file, size, level, &work);
    }
}

fn cycles(row: &[f64; 3], per: &[f64; 3]) -> f64 {
    row.iter().zip(per).map(|(x, c)| x * c).sum()
}

/// Least squares of the console's cycles on the seeds' work (normal equations, 3 x 3).
fn fit_console(file: &str, size: u8, level: Difficulty, work: &[[f64; 3]]) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut pairs = Vec::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if let ["numberlink", "each", s, l, seed, cycles] = fields[..]
            && s.parse() == Ok(size)
            && l.parse() == Ok(level as u8)
        {
            let seed: usize = seed.parse().expect("a seed");
            if let Some(row) = seed.checked_sub(1).and_then(|i| work.get(i)) {
                pairs.push((*row, cycles.parse::<f64>().expect("cycles")));
            }
        }
    }
    assert!(pairs.len() >= 3, "{file}: fewer than 3 puzzles of this size and level among the seeds");
    let mut a = [[0.0; 4]; 3];
    for (row, y) in &pairs {
        for i in 0..3 {
            for j in 0..3 {
                a[i][j] += row[i] * row[j];
            }
            a[i][3] += row[i] * y;
        }
    }
    for i in 0..3 {
        let pivot = a[i][i];
        for j in 0..4 {
            a[i][j] /= pivot;
        }
        for k in (0..3).filter(|&k| k != i) {
            let factor = a[k][i];
            for j in 0..4 {
                a[k][j] -= factor * a[i][j];
            }
        }
    }
    let per = [a[0][3], a[1][3], a[2][3]];
    let worst = pairs.iter().map(|(row, y)| (cycles(row, &per) - y).abs() / y).fold(0.0, f64::max);
    println!(
        "fitted on {} console puzzles: {:.0} cycles a check, {:.0} a drawing, {:.0} a grade; worst error {:.1}%",
        pairs.len(),
        per[0],
        per[1],
        per[2],
        worst * 100.0
    );
}
