//! Programs the differential fuzzer (tests/fuzz.rs) found failing whose cause is not avoided
//! yet (docs/cbe-notes.md, "SDCC 4.2 (sm83) bugs met"); moved to `fuzz_found` once it is.

/// Seed 3044, shrunk: SDCC bug 4. For `v6` (an `i8` shifted right by a variable amount) SDCC
/// has the value in A and the amount in C and swaps them wrongly (`ld a, c; push af; ld c, a;
/// pop af`), so it shifts the amount by itself.
#[inline(never)]
fn seed_3044(v0: u32, v1: u32) -> u32 {
    let mut sum = 0u32;
    let v2: u16 = v1 as u16;
    sum = sum.rotate_left(5) ^ (v2 as u32);
    let v3: i32 = v2 as i32;
    sum = sum.rotate_left(5) ^ (v3 as u32);
    let v4: i16 = v0 as i16;
    sum = sum.rotate_left(5) ^ (v4 as u32);
    let v5: i8 = v0 as i8;
    sum = sum.rotate_left(5) ^ (v5 as u32);
    let v6: i8 = v5 >> (v2 as u32 % 8);
    sum = sum.rotate_left(5) ^ (v6 as u32);
    let v7: u8 = v6 as u8;
    sum = sum.rotate_left(5) ^ (v7 as u32);
    let v8: i64 = v3 as i64;
    sum = sum.rotate_left(5) ^ (v8 as u32);
    sum = sum.rotate_left(5) ^ ((v8 >> 32) as u32);
    let v9: i64 = v8.rotate_left(v5 as u32 % 64);
    sum = sum.rotate_left(5) ^ (v9 as u32);
    sum.rotate_left(5) ^ ((v9 >> 32) as u32)
}

pub fn run(out: &mut dyn FnMut(u32)) {
    let inputs: [(u32, u32); 4] = [(3107745830, 3231106702), (4294934527, 65535), (520178988, 895306523), (2147483648, 2234184569)];
    for (a, b) in inputs {
        // SAFETY: reads of a local: only keeps the optimiser from folding the calls.
        let (a, b) = unsafe { (core::ptr::read_volatile(&a), core::ptr::read_volatile(&b)) };
        out(seed_3044(a, b));
    }
}
