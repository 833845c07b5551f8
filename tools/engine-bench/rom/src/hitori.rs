//! Hitori's jobs: the generator at every level in `LEVELS`, every size in `SIZES` and that
//! level's seeds, one line a puzzle, `size level seed digest` (level 0..=2,
//! `Puzzle::digest`); then the island queries (`island QUERIES MISMATCHES`) and the random
//! draws (`draws COUNT CHECKSUM`).

use hitori::puzzles::hitori::board::{MAX_SIZE, cell_at};
use hitori::puzzles::hitori::dual::IslandGuard;
use hitori::puzzles::hitori::flood;
use hitori::puzzles::hitori::generate::Generator;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::rng::Rng;

use crate::send_line;

/// The jobs: sizes the issue names, at each level with seeds 1..=(its count): 32, enough for a
/// median and a 95th percentile to mean something (8 hard seeds a size had medians off by 2x).
const SIZES: [u8; 4] = [5, 9, 12, 15];
const LEVELS: [(Difficulty, u16); 3] = [(Difficulty::Easy, 32), (Difficulty::Medium, 32), (Difficulty::Hard, 32)];

static mut GENERATOR: Option<Generator> = None;

/// One puzzle: the function the host times.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_generate(size: u8, level: u8, seed: u16) -> u16 {
    generate_digest(size, level, seed)
}

/// The generator's work for [`bench_generate`], in ROM bank 1 with the code it reaches (an
/// exported function cannot be a bank's entry; docs/ARCHITECTURE.md, "ROM banks").
#[cfg_attr(all(target_arch = "avr", feature = "banked"), unsafe(link_section = ".bank1"))]
#[inline(never)]
fn generate_digest(size: u8, level: u8, seed: u16) -> u16 {
    // SAFETY: the console runs one thread and the VBlank handler never touches the generator.
    let generator = unsafe { (*core::ptr::addr_of_mut!(GENERATOR)).get_or_insert_with(Generator::new) };
    let level = Difficulty::from_index(level).unwrap_or(Difficulty::Easy);
    match generator.generate(size, level, u32::from(seed)) {
        Some(puzzle) => puzzle.digest(),
        None => 0,
    }
}

/// Island queries timed per method, on one 15x15 shading (the host side expects this count).
const ISLAND_QUERIES: u8 = 64;
static mut GUARD: IslandGuard = IslandGuard::new(MAX_SIZE);

/// "Would shading `cell` split the unshaded region?" by the dual union-find.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_island_dual(cell: u8) -> u8 {
    // SAFETY: single-threaded; the VBlank handler does not touch GUARD.
    let guard = unsafe { &*core::ptr::addr_of!(GUARD) };
    u8::from(guard.splits_if_shaded(cell))
}

/// The same question answered by the flood-fill reference.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_island_flood(cell: u8) -> u8 {
    // SAFETY: as above.
    let guard = unsafe { &*core::ptr::addr_of!(GUARD) };
    u8::from(flood::splits_if_shaded(MAX_SIZE, guard.shaded(), cell))
}

/// Shades random cells of a 15x15 board wherever that keeps the unshaded region whole, then
/// asks both methods about `ISLAND_QUERIES` unshaded cells.
fn island_queries() {
    // SAFETY: as above.
    let guard = unsafe { &mut *core::ptr::addr_of_mut!(GUARD) };
    let mut rng = Rng::new(0x15_15);
    for _ in 0..120 {
        let cell = cell_at(rng.below(MAX_SIZE), rng.below(MAX_SIZE));
        if !guard.shaded().contains(cell) && !guard.splits_if_shaded(cell) {
            guard.shade(cell);
        }
    }
    let (mut asked, mut mismatches) = (0u8, 0u8);
    let mut cell = 0;
    while asked < ISLAND_QUERIES {
        let candidate = cell_at(cell / MAX_SIZE, cell % MAX_SIZE);
        if !guard.shaded().contains(candidate) {
            if bench_island_dual(candidate) != bench_island_flood(candidate) {
                mismatches += 1;
            }
            asked += 1;
        }
        cell += 1;
    }
    send_line(b"island ", &[u16::from(asked), u16::from(mismatches)]);
}

/// Draws timed per random source (the host side expects this count).
const DRAWS: u8 = 64;
static mut ENGINE_RNG: Option<Rng> = None;
static mut FASTRAND: Option<fastrand::Rng> = None;

/// One number below `bound` from the engine's generator (`Rng::below`).
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_draw_engine(bound: u8) -> u8 {
    // SAFETY: single-threaded; the VBlank handler does not touch it.
    let rng = unsafe { (*core::ptr::addr_of_mut!(ENGINE_RNG)).get_or_insert_with(|| Rng::new(7)) };
    rng.below(bound)
}

/// The same from `fastrand` (wyrand: 64-bit state and multiplication).
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_draw_fastrand(bound: u8) -> u8 {
    // SAFETY: as above.
    let rng = unsafe { (*core::ptr::addr_of_mut!(FASTRAND)).get_or_insert_with(|| fastrand::Rng::with_seed(7)) };
    rng.u8(..bound)
}

/// `DRAWS` draws from each source, bounds 1..=15 in turn as the generator uses them; the
/// checksum keeps the draws from being optimised away.
fn draws() {
    let mut sum = 0u16;
    for i in 0..DRAWS {
        let bound = i % 15 + 1;
        sum = sum.wrapping_add(u16::from(bench_draw_engine(bound)));
        sum = sum.wrapping_add(u16::from(bench_draw_fastrand(bound)));
    }
    send_line(b"draws ", &[u16::from(DRAWS), sum]);
}

pub fn jobs() {
    for (level, seeds) in LEVELS {
        for size in SIZES {
            for seed in 1..=seeds {
                let digest = bench_generate(size, level as u8, seed);
                send_line(b"", &[u16::from(size), level as u16, seed, digest]);
            }
        }
    }
    island_queries();
    draws();
}
