//! The dual union-find island check against the flood-fill reference.
//! Heavy: the acceptance run is `cargo test --release -p hitori --test engine_dual` (a million
//! sequences). A debug build runs a twentieth of them, so a plain `cargo test` stays quick.

use hitori::puzzles::hitori::board::{CellSet, cell_at};
use hitori::puzzles::hitori::dual::IslandGuard;
use hitori::puzzles::hitori::flood;

/// Shadings of `cells` in order, each only where the guard allows it; every query and every
/// undo is compared with flood fill. Returns the number of queries made.
fn run_sequence(n: u8, rng: &mut fastrand::Rng, guard: &mut IslandGuard, check_undo: bool) -> u32 {
    guard.reset(n);
    let mut cells: Vec<u8> = CellSet::full(n).iter().collect();
    rng.shuffle(&mut cells);
    let mut history = Vec::new();
    let mut queries = 0;
    for &cell in &cells {
        let shaded = *guard.shaded();
        let dual = guard.splits_if_shaded(cell);
        let reference = flood::splits_if_shaded(n, &shaded, cell);
        queries += 1;
        assert_eq!(dual, reference, "n={n} cell={cell:#04x} shaded={shaded:?}");
        assert!(!reference || guard.might_split().contains(cell), "n={n} cell={cell:#04x} splits but was ruled out");
        if !dual {
            guard.shade(cell);
            history.push(cell);
        }
    }
    assert_eq!(flood::count_components(n, guard.shaded()), 1.min(n * n - guard.shaded().len()));
    if check_undo {
        // Undo in reverse order; after each undo a random open cell must still agree.
        while let Some(cell) = history.pop() {
            guard.undo_shade(cell);
            let shaded = *guard.shaded();
            let open: Vec<u8> = CellSet::full(n).minus(&shaded).iter().collect();
            let probe = open[rng.usize(..open.len())];
            assert_eq!(guard.splits_if_shaded(probe), flood::splits_if_shaded(n, &shaded, probe));
            queries += 1;
        }
        assert!(guard.shaded().is_empty());
    }
    queries
}

#[test]
fn dual_agrees_with_flood_fill_on_a_million_sequences() {
    let mut rng = fastrand::Rng::with_seed(0x5EED_0001);
    let mut guard: IslandGuard = IslandGuard::new(15);
    let sizes: Vec<u8> = (2..=15).collect();
    let wanted: u32 = if cfg!(debug_assertions) { 1_000_000 / 20 } else { 1_000_000 };
    let sequences_per_size = wanted / sizes.len() as u32 + 1;
    let mut total_sequences = 0u32;
    let mut total_queries = 0u64;
    for &n in &sizes {
        for i in 0..sequences_per_size {
            total_queries += run_sequence(n, &mut rng, &mut guard, i % 16 == 0) as u64;
            total_sequences += 1;
        }
    }
    assert!(total_sequences >= wanted);
    println!("{total_sequences} sequences, {total_queries} queries agreed");
}

#[test]
fn splitting_examples() {
    // A ring of shaded cells around the centre of a 5x5 board, one gap at the top.
    let n = 5;
    let mut guard: IslandGuard = IslandGuard::new(n);
    for (r, c) in [(1, 1), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)] {
        guard.shade(cell_at(r, c));
    }
    assert!(guard.splits_if_shaded(cell_at(1, 2)), "closing the ring cuts off the centre");
    assert!(guard.splits_if_shaded(cell_at(0, 2)), "the cell outside the gap is its only way out");
    assert!(!guard.splits_if_shaded(cell_at(0, 0)), "a corner cell is not needed");
    assert!(!guard.splits_if_shaded(cell_at(2, 2)), "filling the centre cuts nothing");
    // Corner cut: shading (0,1) and then (1,0) walls in (0,0).
    let mut guard: IslandGuard = IslandGuard::new(n);
    guard.shade(cell_at(0, 1));
    assert!(guard.splits_if_shaded(cell_at(1, 0)));
    assert!(!guard.splits_if_shaded(cell_at(1, 1)));
    assert_eq!(guard.might_split().len(), 6, "the shaded cell and the five cells around it");
    assert!(!guard.might_split().contains(cell_at(2, 2)));
    guard.undo_shade(cell_at(0, 1));
    assert!(!guard.splits_if_shaded(cell_at(1, 0)));
    assert!(guard.might_split().is_empty(), "nothing shaded: no cell can split");
}

#[test]
fn dual_query_is_cheaper_than_flood_fill() {
    // Host-side sanity figure for the console target (20x cheaper at 15x15): time both on the
    // same random legal positions. Only asserts that the dual is faster; prints the ratio.
    let n = 15;
    let mut rng = fastrand::Rng::with_seed(7);
    let mut guard: IslandGuard = IslandGuard::new(n);
    let mut positions = Vec::new();
    for _ in 0..200 {
        guard.reset(n);
        let mut cells: Vec<u8> = CellSet::full(n).iter().collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..60] {
            if !guard.splits_if_shaded(cell) {
                guard.shade(cell);
            }
        }
        positions.push((guard.clone(), cells[60..].to_vec()));
    }
    let start = std::time::Instant::now();
    let mut dual_splits = 0;
    for (guard, probes) in &positions {
        for &cell in probes {
            dual_splits += guard.splits_if_shaded(std::hint::black_box(cell)) as u32;
        }
    }
    let dual_time = start.elapsed();
    let start = std::time::Instant::now();
    let mut flood_splits = 0;
    for (guard, probes) in &positions {
        for &cell in probes {
            flood_splits += flood::splits_if_shaded(n, guard.shaded(), std::hint::black_box(cell)) as u32;
        }
    }
    let flood_time = start.elapsed();
    assert_eq!(dual_splits, flood_splits);
    println!("15x15: dual {dual_time:?}, flood {flood_time:?}, ratio {:.1}", flood_time.as_secs_f64() / dual_time.as_secs_f64());
    assert!(dual_time < flood_time);
}
