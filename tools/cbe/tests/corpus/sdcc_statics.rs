//! Shapes that SDCC 4.2 (sm83) miscompiled only in functions whose state is a static, as the
//! console's engines are (no pointer parameter, so SDCC allocates the values differently; with
//! the state passed by reference the same code was compiled correctly). Apart from
//! `sdcc_shapes`: the corpus tests run that program natively at the same time from two
//! threads, which would share the static.

use super::common::Rng;

/// A trail of steps, as the Numberlink solver's: a length, the rule and reason in force, sums.
struct Trail {
    len: u16,
    rule: u8,
    reason: u8,
    sums: [u16; 4],
}

static mut TRAIL: Trail = Trail { len: 0x1234, rule: 0, reason: 0, sums: [0; 4] };

fn trail() -> &'static mut Trail {
    // SAFETY: one thread, and no reference to TRAIL outlives the call that took it.
    unsafe { &mut *&raw mut TRAIL }
}

#[inline(never)]
fn trail_step(a: u8, b: u8) {
    let trail = trail();
    trail.len = trail.len.wrapping_add(u16::from(a) + 1);
    trail.sums[usize::from(b & 3)] ^= u16::from(a) << 1 | 1;
}

#[inline(never)]
fn trail_settles() -> Result<(), ()> {
    if trail().sums[0] & 2 == 0 { Ok(()) } else { Err(()) }
}

#[inline(never)]
fn trail_mark(from: u16) {
    let trail = trail();
    trail.sums[3] = trail.sums[3].rotate_left(3) ^ from;
}

/// Bug 10: the shape of the Numberlink solver's failed trial (`Solver::cross_failed`): a
/// length read before two calls, then `if (settled || (changed ^ 1u))` around its use. SDCC
/// 4.2 kept the length in HL and read the stack parameter `changed` by `ldhl sp`, so the mark
/// was made from an address on the stack. The back end writes a boolean's negation as a
/// comparison, `(changed == 0u)`, whose code saves HL.
#[inline(never)]
fn step_then_mark(a: u8, b: u8, rule: u8, reason: u8, changed: bool) -> Result<(), ()> {
    let trail = trail();
    trail.rule = rule;
    trail.reason = reason;
    let from = trail.len;
    trail_step(a, b);
    trail_settles()?;
    if changed {
        trail_mark(from);
    }
    Ok(())
}

pub fn run(out: &mut dyn FnMut(u32)) {
    *trail() = Trail { len: 0x1234, rule: 0, reason: 0, sums: [0; 4] };
    let mut rng = Rng::new(11);
    for _ in 0..24 {
        let v = rng.next();
        let settled = step_then_mark(v as u8, (v >> 8) as u8, (v >> 16) as u8 & 3, (v >> 18) as u8, v & 1 << 25 != 0);
        let trail = trail();
        out(u32::from(trail.len) ^ u32::from(trail.sums[3]) << 16 ^ u32::from(settled.is_ok()) << 31);
        out(u32::from(trail.rule) | u32::from(trail.reason) << 8 | u32::from(trail.sums[1]) << 16);
    }
}
