//! Runs the engine's generator on the console for every level in `LEVELS`, every size in `SIZES`
//! and that level's seeds, printing one line per puzzle over the serial port:
//! `size level seed digest` (level 0..=2, `Puzzle::digest`).
//! The host side (`tools/engine-bench`) times each `bench_generate` call from entry to return
//! and checks every digest against the same puzzle generated on the host.
//! Built with the `lizards` feature, Baby Lizards instead (both engines pass the 32 KiB of
//! unbanked ROM): every level at `LIZARD_SIZES`, `LIZARD_SEEDS` seeds each, one line a puzzle,
//! `lizards size level seed digest segments walking` (the last two: the solutions the two
//! solvers count on it), then `lizards done`.
#![no_std]

use gb_hal::serial;
#[cfg(not(feature = "lizards"))]
use hitori::puzzles::hitori::board::{MAX_SIZE, cell_at};
#[cfg(not(feature = "lizards"))]
use hitori::puzzles::hitori::dual::IslandGuard;
#[cfg(not(feature = "lizards"))]
use hitori::puzzles::hitori::flood;
#[cfg(not(feature = "lizards"))]
use hitori::puzzles::hitori::generate::Generator;
use hitori::puzzles::level::Difficulty;
#[cfg(feature = "lizards")]
use hitori::puzzles::lizards::generate::{Engine as LizardEngine, Puzzle as LizardPuzzle};
#[cfg(not(feature = "lizards"))]
use hitori::puzzles::rng::Rng;

/// The jobs: sizes the issue names, at each level with seeds 1..=(its count): 32, enough for a
/// median and a 95th percentile to mean something (8 hard seeds a size had medians off by 2x).
#[cfg(not(feature = "lizards"))]
pub const SIZES: [u8; 4] = [5, 9, 12, 15];
#[cfg(not(feature = "lizards"))]
pub const LEVELS: [(Difficulty, u16); 3] = [(Difficulty::Easy, 32), (Difficulty::Medium, 32), (Difficulty::Hard, 32)];

#[cfg(not(feature = "lizards"))]
static mut GENERATOR: Option<Generator> = None;

/// Baby Lizards' jobs: these sizes at every level, seeds 1..=LIZARD_SEEDS.
#[cfg(feature = "lizards")]
pub const LIZARD_SIZES: [u8; 3] = [6, 9, 12];
#[cfg(feature = "lizards")]
pub const LIZARD_SEEDS: u16 = 32;
#[cfg(feature = "lizards")]
static mut LIZARDS: LizardEngine = LizardEngine::new();
#[cfg(feature = "lizards")]
static mut LIZARD_PUZZLE: LizardPuzzle = LizardPuzzle::new();

/// One Baby Lizards puzzle: the function the host times.
#[cfg(feature = "lizards")]
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_lizards_generate(size: u8, level: u8, seed: u16) -> u16 {
    // SAFETY: single-threaded; the VBlank handler touches neither static.
    let (engine, puzzle) = unsafe { (&mut *core::ptr::addr_of_mut!(LIZARDS), &mut *core::ptr::addr_of_mut!(LIZARD_PUZZLE)) };
    let level = Difficulty::from_index(level).unwrap_or(Difficulty::Easy);
    if engine.generate_puzzle(size, level, u32::from(seed), puzzle) { puzzle.digest() } else { 0 }
}

/// The last puzzle's solutions (up to 2) by the segment search.
#[cfg(feature = "lizards")]
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_lizards_segments() -> u8 {
    // SAFETY: as above.
    let (engine, puzzle) = unsafe { (&mut *core::ptr::addr_of_mut!(LIZARDS), &*core::ptr::addr_of!(LIZARD_PUZZLE)) };
    engine.count_solutions(&puzzle.board, puzzle.lizards, 2)
}

/// The same by the solver that walks the lines.
#[cfg(feature = "lizards")]
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_lizards_walking() -> u8 {
    // SAFETY: as above.
    let (engine, puzzle) = unsafe { (&mut *core::ptr::addr_of_mut!(LIZARDS), &*core::ptr::addr_of!(LIZARD_PUZZLE)) };
    engine.count_solutions_walking(&puzzle.board, puzzle.lizards, 2)
}

#[cfg(feature = "lizards")]
fn lizards() {
    for level in Difficulty::ALL {
        for size in LIZARD_SIZES {
            for seed in 1..=LIZARD_SEEDS {
                let digest = bench_lizards_generate(size, level as u8, seed);
                let segments = bench_lizards_segments();
                let walking = bench_lizards_walking();
                serial::write_bytes(b"lizards ");
                for value in [u16::from(size), level as u16, seed, digest, u16::from(segments)] {
                    send_decimal(value);
                    serial::write_byte(b' ');
                }
                send_decimal(u16::from(walking));
                serial::write_byte(b'\n');
            }
        }
    }
    serial::write_bytes(b"lizards done\n");
}

/// Island queries timed per method, on one 15x15 shading (the host side expects this count).
#[cfg(not(feature = "lizards"))]
pub const ISLAND_QUERIES: u8 = 64;
#[cfg(not(feature = "lizards"))]
static mut GUARD: IslandGuard = IslandGuard::new(MAX_SIZE);

/// "Would shading `cell` split the unshaded region?" by the dual union-find.
#[cfg(not(feature = "lizards"))]
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_island_dual(cell: u8) -> u8 {
    // SAFETY: single-threaded; the VBlank handler does not touch GUARD.
    let guard = unsafe { &*core::ptr::addr_of!(GUARD) };
    u8::from(guard.splits_if_shaded(cell))
}

/// The same question answered by the flood-fill reference.
#[cfg(not(feature = "lizards"))]
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_island_flood(cell: u8) -> u8 {
    // SAFETY: as above.
    let guard = unsafe { &*core::ptr::addr_of!(GUARD) };
    u8::from(flood::splits_if_shaded(MAX_SIZE, guard.shaded(), cell))
}

/// Shades random cells of a 15x15 board wherever that keeps the unshaded region whole, then
/// asks both methods about `ISLAND_QUERIES` unshaded cells; prints `island QUERIES MISMATCHES`.
#[cfg(not(feature = "lizards"))]
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
    serial::write_bytes(b"island ");
    send_decimal(u16::from(asked));
    serial::write_byte(b' ');
    send_decimal(u16::from(mismatches));
    serial::write_byte(b'\n');
}

/// One puzzle: the function the host times.
#[cfg(not(feature = "lizards"))]
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_generate(size: u8, level: u8, seed: u16) -> u16 {
    generate_digest(size, level, seed)
}

/// The generator's work for [`bench_generate`], in ROM bank 1 with the code it reaches (an
/// exported function cannot be a bank's entry; docs/ARCHITECTURE.md, "ROM banks").
#[cfg(not(feature = "lizards"))]
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

/// Draws timed per random source (the host side expects this count).
#[cfg(not(feature = "lizards"))]
pub const DRAWS: u8 = 64;
#[cfg(not(feature = "lizards"))]
static mut ENGINE_RNG: Option<Rng> = None;
#[cfg(not(feature = "lizards"))]
static mut FASTRAND: Option<fastrand::Rng> = None;

/// One number below `bound` from the engine's generator (`Rng::below`).
#[cfg(not(feature = "lizards"))]
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_draw_engine(bound: u8) -> u8 {
    // SAFETY: single-threaded; the VBlank handler does not touch it.
    let rng = unsafe { (*core::ptr::addr_of_mut!(ENGINE_RNG)).get_or_insert_with(|| Rng::new(7)) };
    rng.below(bound)
}

/// The same from `fastrand` (wyrand: 64-bit state and multiplication).
#[cfg(not(feature = "lizards"))]
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_draw_fastrand(bound: u8) -> u8 {
    // SAFETY: as above.
    let rng = unsafe { (*core::ptr::addr_of_mut!(FASTRAND)).get_or_insert_with(|| fastrand::Rng::with_seed(7)) };
    rng.u8(..bound)
}

/// `DRAWS` draws from each source, bounds 1..=15 in turn as the generator uses them; prints
/// `draws COUNT CHECKSUM` (the checksum keeps the draws from being optimised away).
#[cfg(not(feature = "lizards"))]
fn draws() {
    let mut sum = 0u16;
    for i in 0..DRAWS {
        let bound = i % 15 + 1;
        sum = sum.wrapping_add(u16::from(bench_draw_engine(bound)));
        sum = sum.wrapping_add(u16::from(bench_draw_fastrand(bound)));
    }
    serial::write_bytes(b"draws ");
    send_decimal(u16::from(DRAWS));
    serial::write_byte(b' ');
    send_decimal(sum);
    serial::write_byte(b'\n');
}

fn send_decimal(mut value: u16) {
    let mut digits = [0u8; 5];
    let mut count = 0;
    loop {
        digits[count] = b'0' + (value % 10) as u8;
        count += 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    while count > 0 {
        count -= 1;
        serial::write_byte(digits[count]);
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_main() {
    #[cfg(feature = "lizards")]
    lizards();
    #[cfg(not(feature = "lizards"))]
    hitori();
    serial::write_byte(b'.');
    loop {}
}

#[cfg(not(feature = "lizards"))]
fn hitori() {
    for (level, seeds) in LEVELS {
        for size in SIZES {
            for seed in 1..=seeds {
                let hash = bench_generate(size, level as u8, seed);
                send_decimal(u16::from(size));
                serial::write_byte(b' ');
                send_decimal(level as u16);
                serial::write_byte(b' ');
                send_decimal(seed);
                serial::write_byte(b' ');
                send_decimal(hash);
                serial::write_byte(b'\n');
            }
        }
    }
    island_queries();
    draws();
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {}

/// crt0 starts it as the background worker; this program has none, so it never runs. Not
/// empty: LLVM would merge it with the empty `rust_vblank` into an alias.
#[unsafe(no_mangle)]
pub extern "C" fn rust_worker() {
    loop {}
}

/// A trap (failed bounds check, overflow, `unreachable`) prints `!` and the function id.
#[unsafe(no_mangle)]
pub extern "C" fn cbe_trap(function: u16) -> ! {
    serial::write_byte(b'!');
    send_decimal(function);
    serial::write_byte(b'.');
    loop {}
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
