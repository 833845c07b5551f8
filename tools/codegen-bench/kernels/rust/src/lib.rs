//! Kernels for `make bench-codegen`, written as a Rust programmer would (safe indexing, slices,
//! iterators). `../c/kernels.c` holds the same kernels hand-written in C; both programs run the
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
    let (mut cell, mut row, mut col) = (0usize, 0usize, 0usize);
    while cell < LATIN_CELLS {
        let mut placed = false;
        while (tried[cell] as usize) < LATIN_SIDE {
            let mut digit = start[cell] + tried[cell];
            if digit as usize >= LATIN_SIDE {
                digit -= LATIN_SIDE as u8;
            }
            tried[cell] += 1;
            let bit = 1u16 << digit;
            if rows[row] & bit == 0 && cols[col] & bit == 0 {
                rows[row] |= bit;
                cols[col] |= bit;
                grid[cell] = digit;
                placed = true;
                break;
            }
        }
        if placed {
            cell += 1;
            col += 1;
            if col == LATIN_SIDE {
                col = 0;
                row += 1;
            }
        } else {
            tried[cell] = 0;
            cell -= 1;
            if col == 0 {
                col = LATIN_SIDE - 1;
                row -= 1;
            } else {
                col -= 1;
            }
            let bit = 1u16 << grid[cell];
            rows[row] &= !bit;
            cols[col] &= !bit;
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
    }
    send_hex(kernel_union_find() as u32);
    send_hex(kernel_latin_fill() as u32);
    send_hex(kernel_copy_256() as u32);
    send_hex(kernel_multiply_16());
    serial::write_byte(b'.');
    loop {}
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {}

#[unsafe(no_mangle)]
pub extern "C" fn cbe_trap(_function: u16) -> ! {
    serial::write_byte(b'!');
    loop {}
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
