//! Kernels for `make bench-codegen`, written as a Rust programmer would for the console (safe
//! indexing, slices, iterators; `u8` counters and cells where the hand-written C has bytes, as
//! the engine has, since the point is the back end's code for the same computation). `../c/kernels.c` holds the same kernels hand-written in C; both programs run the
//! same harness and print the same results over the serial port, which the benchmark compares.
#![no_std]

use core::ptr::{addr_of, addr_of_mut};

use gb_hal::serial;

/// A 256-entry table indexed by `u8`: the index can never be out of bounds.
static mut PARENT: [u8; 256] = [0; 256];
const SIDE: u8 = 15;
const CELLS: u8 = SIDE * SIDE;

const LATIN_SIDE: usize = 12;
const LATIN_CELLS: usize = LATIN_SIDE * LATIN_SIDE;
static mut GRID: [u8; LATIN_CELLS] = [0; LATIN_CELLS];
static mut TRIED: [u8; LATIN_CELLS] = [0; LATIN_CELLS];
static mut START: [u8; LATIN_CELLS] = [0; LATIN_CELLS];

static mut SOURCE: [u8; 256] = [0; 256];
static mut DESTINATION: [u8; 256] = [0; 256];

static mut FACTORS_A: [u16; 64] = [0; 64];
static mut FACTORS_B: [u16; 64] = [0; 64];

/// The rules' line tally: a 15x15 board's numbers and, per row, the cells still unshaded.
const TALLY_SIDE: usize = 15;
static mut TALLY_NUMBERS: [u8; TALLY_SIDE * TALLY_SIDE] = [0; TALLY_SIDE * TALLY_SIDE];
static mut TALLY_KEPT: [u16; TALLY_SIDE] = [0; TALLY_SIDE];
static mut TALLY_TWICE: [u16; 2 * TALLY_SIDE] = [0; 2 * TALLY_SIDE];

/// The canvas: 36 rows of 20 tiles (background and window), the rows changed as bits, and
/// the tile maps they are copied to (32 tiles a row).
const MAP_ROWS: usize = 36;
const MAP_COLS: usize = 20;
const VRAM_COLS: usize = 32;
static mut CANVAS_TILES: [u8; MAP_ROWS * MAP_COLS] = [0; MAP_ROWS * MAP_COLS];
static mut CANVAS_DIRTY: [u8; MAP_ROWS.div_ceil(8)] = [0; MAP_ROWS.div_ceil(8)];
static mut TILE_MAPS: [u8; MAP_ROWS * VRAM_COLS] = [0; MAP_ROWS * VRAM_COLS];

/// The solver's propagation on a 9x9 board: numbers, each cell's row and column, and the
/// solver's marks and trail. Tables of 256 indexed by a `u8` cell need no bounds checks (the
/// hand-written C has none).
const BOARD_SIDE: u8 = 9;
const BOARD_CELLS: u8 = 81;
const UNKNOWN: u8 = 0;
const SHADED: u8 = 1;
const UNSHADED: u8 = 2;
static mut BOARD_NUMBERS: [u8; 256] = [0; 256];
static mut ROW_OF: [u8; 256] = [0; 256];
static mut COL_OF: [u8; 256] = [0; 256];

struct Solver {
    marks: [u8; 256],
    trail: [u8; 256],
    len: u8,
}

static mut SOLVER: Solver = Solver { marks: [UNKNOWN; 256], trail: [0; 256], len: 0 };

impl Solver {
    /// Marks `cell` (queued on the trail) unless it has a mark; false if that mark differs.
    #[inline(never)] // a called function, as in the hand-written C
    fn assign(&mut self, cell: u8, mark: u8) -> bool {
        let current = self.marks[cell as usize];
        if current == UNKNOWN {
            self.marks[cell as usize] = mark;
            self.trail[self.len as usize] = cell;
            self.len += 1;
            true
        } else {
            current == mark
        }
    }
}

fn xorshift(mut x: u16) -> u16 {
    x ^= x << 7;
    x ^= x >> 9;
    x ^= x << 8;
    x
}

/// A called function, as in the hand-written C (inlined, its loop would stand six times in
/// the kernel and the two sides would not have the same shape).
#[inline(never)]
fn find(parent: &mut [u8; 256], mut x: u8) -> u8 {
    loop {
        let up = parent[x as usize];
        if up == x {
            return x;
        }
        // Path halving: point at the grandparent while walking up.
        let grand = parent[up as usize];
        parent[x as usize] = grand;
        x = grand;
    }
}

/// Union-find over a 15x15 grid: joins random right/down neighbours, then counts the sets.
#[unsafe(no_mangle)]
#[inline(never)] // measured from entry to return, so never folded into the harness
pub extern "C" fn kernel_union_find() -> u16 {
    let parent = unsafe { &mut *addr_of_mut!(PARENT) };
    for cell in 0..CELLS {
        parent[cell as usize] = cell;
    }
    let mut rng: u16 = 0xACE1;
    let mut merges: u16 = 0;
    let mut cell: u8 = 0;
    for row in 0..SIDE {
        for col in 0..SIDE {
            rng = xorshift(rng);
            if col + 1 < SIDE && rng & 1 != 0 {
                let (a, b) = (find(parent, cell), find(parent, cell + 1));
                if a != b {
                    parent[a as usize] = b;
                    merges += 1;
                }
            }
            if row + 1 < SIDE && rng & 2 != 0 {
                let (a, b) = (find(parent, cell), find(parent, cell + SIDE));
                if a != b {
                    parent[a as usize] = b;
                    merges += 1;
                }
            }
            cell += 1;
        }
    }
    let mut sets: u16 = 0;
    for cell in 0..CELLS {
        if find(parent, cell) == cell {
            sets += 1;
        }
    }
    (merges << 8) ^ sets
}

/// Fills a 12x12 Latin square by backtracking, with row/column masks; returns a hash of it.
#[unsafe(no_mangle)]
#[inline(never)] // measured from entry to return, so never folded into the harness
pub extern "C" fn kernel_latin_fill() -> u16 {
    let (grid, tried, start) =
        unsafe { (&mut *addr_of_mut!(GRID), &mut *addr_of_mut!(TRIED), &mut *addr_of_mut!(START)) };
    let mut rng: u16 = 0xBEEF;
    for (first, count) in start.iter_mut().zip(tried.iter_mut()) {
        rng = xorshift(rng);
        *first = (rng & 7) as u8;
        *count = 0;
    }
    let mut rows = [0u16; LATIN_SIDE];
    let mut cols = [0u16; LATIN_SIDE];
    let (mut cell, mut row, mut col) = (0u8, 0u8, 0u8);
    while usize::from(cell) < LATIN_CELLS {
        let at = usize::from(cell);
        let mut placed = false;
        while usize::from(tried[at]) < LATIN_SIDE {
            let mut digit = start[at] + tried[at];
            if usize::from(digit) >= LATIN_SIDE {
                digit -= LATIN_SIDE as u8;
            }
            tried[at] += 1;
            let bit = 1u16 << digit;
            let (in_row, in_col) = (&mut rows[usize::from(row)], &mut cols[usize::from(col)]);
            if *in_row & bit == 0 && *in_col & bit == 0 {
                *in_row |= bit;
                *in_col |= bit;
                grid[at] = digit;
                placed = true;
                break;
            }
        }
        if placed {
            cell += 1;
            col += 1;
            if usize::from(col) == LATIN_SIDE {
                col = 0;
                row += 1;
            }
        } else {
            tried[at] = 0;
            cell -= 1;
            if col == 0 {
                col = LATIN_SIDE as u8 - 1;
                row -= 1;
            } else {
                col -= 1;
            }
            let bit = 1u16 << grid[usize::from(cell)];
            rows[usize::from(row)] &= !bit;
            cols[usize::from(col)] &= !bit;
        }
    }
    grid.iter().fold(0u16, |hash, &digit| hash.wrapping_mul(31).wrapping_add(digit as u16))
}

/// Copies 256 bytes; returns a byte of the copy so the work cannot be skipped.
#[unsafe(no_mangle)]
#[inline(never)] // measured from entry to return, so never folded into the harness
pub extern "C" fn kernel_copy_256() -> u16 {
    let (source, destination) = unsafe { (&*addr_of!(SOURCE), &mut *addr_of_mut!(DESTINATION)) };
    destination.copy_from_slice(source);
    destination[200] as u16
}

/// Sums 64 products of 16-bit factors into 32 bits.
#[unsafe(no_mangle)]
#[inline(never)] // measured from entry to return, so never folded into the harness
pub extern "C" fn kernel_multiply_16() -> u32 {
    let (a, b) = unsafe { (&*addr_of!(FACTORS_A), &*addr_of!(FACTORS_B)) };
    a.iter().zip(b.iter()).fold(0u32, |sum, (&x, &y)| sum.wrapping_add(x as u32 * y as u32))
}

/// Per row, then per column, the numbers found twice on the unshaded cells (as the rules'
/// `tally_lines` does for rule 1); returns a hash of the 30 masks.
#[unsafe(no_mangle)]
#[inline(never)] // measured from entry to return, so never folded into the harness
pub extern "C" fn kernel_line_tally() -> u16 {
    let (numbers, kept, twice_in) =
        unsafe { (&*addr_of!(TALLY_NUMBERS), &*addr_of!(TALLY_KEPT), &mut *addr_of_mut!(TALLY_TWICE)) };
    for r in 0..TALLY_SIDE as u8 {
        let (mut seen, mut twice) = (0u16, 0u16);
        let row = &numbers[usize::from(r) * TALLY_SIDE..][..TALLY_SIDE];
        for c in 0..TALLY_SIDE as u8 {
            if kept[usize::from(r)] & (1 << c) != 0 {
                let bit = 1u16 << row[usize::from(c)];
                twice |= seen & bit;
                seen |= bit;
            }
        }
        twice_in[usize::from(r)] = twice;
    }
    for c in 0..TALLY_SIDE as u8 {
        let (mut seen, mut twice) = (0u16, 0u16);
        for r in 0..TALLY_SIDE as u8 {
            if kept[usize::from(r)] & (1 << c) != 0 {
                let bit = 1u16 << numbers[usize::from(r) * TALLY_SIDE + usize::from(c)];
                twice |= seen & bit;
                seen |= bit;
            }
        }
        twice_in[TALLY_SIDE + usize::from(c)] = twice;
    }
    let mut hash = 0u16;
    for i in 0..2 * TALLY_SIDE as u8 {
        hash = hash.rotate_left(3) ^ twice_in[usize::from(i)];
    }
    hash
}

/// Copies every changed canvas row (a bit each) into its tile map row, as the VBlank plan
/// does; returns the rows copied and a tile.
#[unsafe(no_mangle)]
#[inline(never)] // measured from entry to return, so never folded into the harness
pub extern "C" fn kernel_row_copy() -> u16 {
    let (tiles, dirty, maps) =
        unsafe { (&*addr_of!(CANVAS_TILES), &*addr_of!(CANVAS_DIRTY), &mut *addr_of_mut!(TILE_MAPS)) };
    let mut copied = 0u16;
    for (byte, &bits) in (0u8..).zip(dirty.iter()) {
        let mut mask = 1u8;
        let mut row = byte * 8;
        while bits >= mask && mask != 0 {
            if bits & mask != 0 && usize::from(row) < MAP_ROWS {
                let (at, from) = (usize::from(row) * VRAM_COLS, usize::from(row) * MAP_COLS);
                maps[at..at + MAP_COLS].copy_from_slice(&tiles[from..from + MAP_COLS]);
                copied += 1;
            }
            mask <<= 1;
            row += 1;
        }
    }
    (copied << 8) ^ maps[35 * VRAM_COLS + 19] as u16
}

/// The solver's propagation step, from 16 starting cells in turn: a shaded cell's neighbours
/// are unshaded, an unshaded cell's twins in its row and column are shaded, until the trail
/// is drained or a mark contradicts; returns a hash of the trail lengths.
#[unsafe(no_mangle)]
#[inline(never)] // measured from entry to return, so never folded into the harness
pub extern "C" fn kernel_propagate() -> u16 {
    let (solver, numbers, row_of, col_of) =
        unsafe { (&mut *addr_of_mut!(SOLVER), &*addr_of!(BOARD_NUMBERS), &*addr_of!(ROW_OF), &*addr_of!(COL_OF)) };
    let mut hash = 0u16;
    for round in 0..16u8 {
        solver.marks[..BOARD_CELLS as usize].fill(UNKNOWN);
        solver.len = 0;
        let mut ok = solver.assign(round * 5, SHADED);
        let mut queue = 0u8;
        while ok && queue < solver.len {
            let cell = solver.trail[queue as usize];
            queue += 1;
            let (row, col) = (row_of[cell as usize], col_of[cell as usize]);
            if solver.marks[cell as usize] == SHADED {
                if col > 0 {
                    ok &= solver.assign(cell - 1, UNSHADED);
                }
                if col + 1 < BOARD_SIDE {
                    ok &= solver.assign(cell + 1, UNSHADED);
                }
                if row > 0 {
                    ok &= solver.assign(cell - BOARD_SIDE, UNSHADED);
                }
                if row + 1 < BOARD_SIDE {
                    ok &= solver.assign(cell + BOARD_SIDE, UNSHADED);
                }
            } else {
                let number = numbers[cell as usize];
                let first = cell - col;
                for other in first..first + BOARD_SIDE {
                    if other != cell && numbers[other as usize] == number {
                        ok &= solver.assign(other, SHADED);
                    }
                }
                let mut other = col;
                while other < BOARD_CELLS {
                    if other != cell && numbers[other as usize] == number {
                        ok &= solver.assign(other, SHADED);
                    }
                    other += BOARD_SIDE;
                }
            }
        }
        hash = hash.rotate_left(5) ^ u16::from(solver.len) ^ (u16::from(ok) << 15);
    }
    hash
}

// ---- harness (not measured) ----

/// Eight hex digits and a newline, as the C harness prints them.
fn send_hex(value: u32) {
    serial::write_hex_u16((value >> 16) as u16);
    serial::write_hex_u16(value as u16);
    serial::write_byte(b'\n');
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_main() {
    let mut rng: u16 = 0x5EED;
    unsafe {
        for (i, byte) in (*addr_of_mut!(SOURCE)).iter_mut().enumerate() {
            *byte = (i as u8).wrapping_mul(7);
        }
        for (x, y) in (*addr_of_mut!(FACTORS_A)).iter_mut().zip((*addr_of_mut!(FACTORS_B)).iter_mut()) {
            rng = xorshift(rng);
            *x = rng;
            rng = xorshift(rng);
            *y = rng;
        }
        for number in (*addr_of_mut!(TALLY_NUMBERS)).iter_mut() {
            rng = xorshift(rng);
            *number = (rng & 15) as u8;
        }
        for kept in (*addr_of_mut!(TALLY_KEPT)).iter_mut() {
            rng = xorshift(rng);
            *kept = rng & 0x7FFF;
        }
        for (i, tile) in (*addr_of_mut!(CANVAS_TILES)).iter_mut().enumerate() {
            *tile = (i as u8).wrapping_mul(13);
        }
        *addr_of_mut!(CANVAS_DIRTY) = [0xFF, 0x5A, 0xFF, 0xA5, 0x0F];
        for row in 0..BOARD_SIDE {
            for col in 0..BOARD_SIDE {
                let cell = (row * BOARD_SIDE + col) as usize;
                (*addr_of_mut!(ROW_OF))[cell] = row;
                (*addr_of_mut!(COL_OF))[cell] = col;
                (*addr_of_mut!(BOARD_NUMBERS))[cell] = (row * 3 + row / 3 + col) % BOARD_SIDE;
            }
        }
        for _ in 0..12 {
            rng = xorshift(rng);
            let numbers = &mut *addr_of_mut!(BOARD_NUMBERS);
            numbers[(rng % 81) as usize] = numbers[((rng >> 8) % 81) as usize];
        }
    }
    send_hex(kernel_union_find() as u32);
    send_hex(kernel_latin_fill() as u32);
    send_hex(kernel_copy_256() as u32);
    send_hex(kernel_multiply_16());
    send_hex(kernel_line_tally() as u32);
    send_hex(kernel_row_copy() as u32);
    send_hex(kernel_propagate() as u32);
    serial::write_byte(b'.');
    loop {}
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {}

/// crt0 starts it as the background worker; this program has none, so it never runs. Not
/// empty: LLVM would merge it with the empty `rust_vblank` into an alias.
#[unsafe(no_mangle)]
pub extern "C" fn rust_worker() {
    loop {}
}

#[unsafe(no_mangle)]
pub extern "C" fn cbe_trap(_function: u16) -> ! {
    serial::write_byte(b'!');
    loop {}
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
