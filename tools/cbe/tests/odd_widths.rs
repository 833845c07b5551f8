//! Integers of odd widths (i3 .. i128) on the console: hand-written IR over each width goes
//! through the back end and SDCC, runs on the emulator, and every result is compared with
//! plain Rust arithmetic on `u128` masked to the width (sign extension done by hand).
//!
//! The IR is written once as a template per width (below): for each width N, `check_N`
//! builds two N-bit values from 32-bit words (zext/shl/or/trunc from i32, i64 or i128),
//! applies every operation to them and reports each result through `out_M`, which
//! zero-extends an M-bit value to its 32/64/128-bit container and reports it 32 bits at a
//! time. Values wider than 32 bits are byte arrays passed by pointer and returned through
//! `cbe_ret` (docs/cbe-notes.md, "Representation"), so the internal `mk_N`/`out_M` calls
//! also exercise that convention for every width.

mod ir;
mod support;

use std::fmt::Write;
use std::time::Instant;

use ir::translate_ir;
use support::{Outcome, run_c};

/// The widths under test; each also converts to the next one (zext/sext) and truncates to
/// the previous one (`TRUNC_BELOW_FIRST` for the first).
const WIDTHS: [u32; 9] = [3, 7, 13, 24, 33, 48, 63, 100, 128];
const TRUNC_BELOW_FIRST: u32 = 1;

fn mask(n: u32) -> u128 {
    if n == 128 { u128::MAX } else { (1u128 << n) - 1 }
}

/// The two's complement value of the low `n` bits of `v`.
fn signed(v: u128, n: u32) -> i128 {
    if n < 128 && (v >> (n - 1)) & 1 == 1 { (v | !mask(n)) as i128 } else { v as i128 }
}

/// The C container the IR builds and reports an N-bit value in.
fn container(n: u32) -> u32 {
    match n {
        0..=32 => 32,
        33..=64 => 64,
        _ => 128,
    }
}

fn words(n: u32) -> u32 {
    container(n) / 32
}

fn next_width(n: u32) -> Option<u32> {
    WIDTHS.iter().copied().find(|&w| w > n)
}

fn previous_width(n: u32) -> u32 {
    WIDTHS.iter().copied().filter(|&w| w < n).last().unwrap_or(TRUNC_BELOW_FIRST)
}

/// Every width some `out_M` is needed for.
fn reported_widths() -> Vec<u32> {
    let mut v: Vec<u32> = WIDTHS.to_vec();
    v.extend([TRUNC_BELOW_FIRST, 64]);
    v.sort();
    v.dedup();
    v
}

/// `mk_N(i32 w0, ..)`: the N-bit value whose container holds the words (little end first).
fn ir_mk(n: u32) -> String {
    let c = container(n);
    let params: Vec<String> = (0..words(n)).map(|k| format!("i32 %w{k}")).collect();
    let mut body = String::new();
    let whole = if c == 32 {
        "%w0".to_string()
    } else {
        writeln!(body, "  %o0 = zext i32 %w0 to i{c}").unwrap();
        for k in 1..words(n) {
            writeln!(body, "  %z{k} = zext i32 %w{k} to i{c}").unwrap();
            writeln!(body, "  %s{k} = shl i{c} %z{k}, {}", 32 * k).unwrap();
            writeln!(body, "  %o{k} = or i{c} %o{}, %s{k}", k - 1).unwrap();
        }
        format!("%o{}", words(n) - 1)
    };
    let result = if n == c {
        whole
    } else {
        writeln!(body, "  %x = trunc i{c} {whole} to i{n}").unwrap();
        "%x".to_string()
    };
    format!(
        "define internal i{n} @mk_{n}({}) addrspace(1) {{\nstart:\n{body}  ret i{n} {result}\n}}\n\n",
        params.join(", ")
    )
}

/// `out_M(iM v)`: reports `v` zero-extended to its container, low 32 bits first.
fn ir_out(m: u32) -> String {
    let c = container(m);
    let mut body = String::new();
    let whole = if m == c {
        "%v".to_string()
    } else {
        writeln!(body, "  %z = zext i{m} %v to i{c}").unwrap();
        "%z".to_string()
    };
    if c == 32 {
        writeln!(body, "  call addrspace(1) void @report(i32 {whole})").unwrap();
    } else {
        for k in 0..words(m) {
            writeln!(body, "  %s{k} = lshr i{c} {whole}, {}", 32 * k).unwrap();
            writeln!(body, "  %t{k} = trunc i{c} %s{k} to i32").unwrap();
            writeln!(body, "  call addrspace(1) void @report(i32 %t{k})").unwrap();
        }
    }
    format!("define internal void @out_{m}(i{m} %v) addrspace(1) {{\nstart:\n{body}  ret void\n}}\n\n")
}

/// The icmp predicates, in the order of the bits of the reported comparison mask.
const PREDICATES: [&str; 10] = ["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"];

/// Bytes between the two values stored in `@buf` (at offset 1: unaligned on purpose).
fn store_size(n: u32) -> u32 {
    n.div_ceil(8)
}

/// `check_N(a words, b words)`: every operation on a and b, each result reported.
fn ir_check(n: u32) -> String {
    let t = format!("i{n}");
    let w = words(n);
    let a_words: Vec<String> = (0..w).map(|k| format!("i32 %a{k}")).collect();
    let b_words: Vec<String> = (0..w).map(|k| format!("i32 %b{k}")).collect();
    // The most negative value as a decimal IR constant (for i128, 1 << 127 is already it).
    let min_text = (1i128 << (n - 1)).wrapping_neg().to_string();
    let mut b = String::new();
    let mut line = |s: String| {
        b.push_str("  ");
        b.push_str(&s);
        b.push('\n');
    };
    let out = |m: u32, v: &str| format!("call addrspace(1) void @out_{m}(i{m} {v})");
    line(format!("%a = call addrspace(1) {t} @mk_{n}({})", a_words.join(", ")));
    line(format!("%b = call addrspace(1) {t} @mk_{n}({})", b_words.join(", ")));
    for op in ["add", "sub", "mul", "and", "or", "xor"] {
        line(format!("%{op} = {op} {t} %a, %b"));
        line(out(n, &format!("%{op}")));
    }
    // Shift amounts below the width (larger ones are poison).
    line(format!("%sh = urem {t} %b, {n}"));
    for op in ["shl", "lshr", "ashr"] {
        line(format!("%{op} = {op} {t} %a, %sh"));
        line(out(n, &format!("%{op}")));
    }
    // Divisors: 1 for 0, and 1 for -1 when a is the most negative value (both UB).
    line(format!("%bz = icmp eq {t} %b, 0"));
    line(format!("%d = select i1 %bz, {t} 1, {t} %b"));
    line(format!("%amin = icmp eq {t} %a, {min_text}"));
    line(format!("%dm1 = icmp eq {t} %d, -1"));
    line("%ovf = and i1 %amin, %dm1".to_string());
    line(format!("%ds = select i1 %ovf, {t} 1, {t} %d"));
    for (op, divisor) in [("udiv", "%d"), ("urem", "%d"), ("sdiv", "%ds"), ("srem", "%ds")] {
        line(format!("%{op} = {op} {t} %a, {divisor}"));
        line(out(n, &format!("%{op}")));
    }
    for (k, p) in PREDICATES.iter().enumerate() {
        line(format!("%c{k} = icmp {p} {t} %a, %b"));
    }
    line("%m0 = zext i1 %c0 to i32".to_string());
    for k in 1..PREDICATES.len() {
        line(format!("%e{k} = zext i1 %c{k} to i32"));
        line(format!("%f{k} = shl i32 %e{k}, {k}"));
        line(format!("%m{k} = or i32 %m{}, %f{k}", k - 1));
    }
    line(format!("call addrspace(1) void @report(i32 %m{})", PREDICATES.len() - 1));
    // select on the signed and unsigned comparisons: smin and umax.
    line(format!("%smin = select i1 %c8, {t} %a, {t} %b"));
    line(out(n, "%smin"));
    line(format!("%umax = select i1 %c2, {t} %a, {t} %b"));
    line(out(n, "%umax"));
    // Between odd widths.
    if let Some(e) = next_width(n) {
        line(format!("%zx = zext {t} %a to i{e}"));
        line(out(e, "%zx"));
        line(format!("%sx = sext {t} %a to i{e}"));
        line(out(e, "%sx"));
    }
    let p = previous_width(n);
    line(format!("%tr = trunc {t} %a to i{p}"));
    line(out(p, "%tr"));
    // To and from i32 / i64 (and i128).
    if n < 32 {
        line(format!("%z32 = zext {t} %a to i32"));
        line("call addrspace(1) void @report(i32 %z32)".to_string());
        line(format!("%s32 = sext {t} %a to i32"));
        line("call addrspace(1) void @report(i32 %s32)".to_string());
    } else {
        line(format!("%t32 = trunc {t} %a to i32"));
        line("call addrspace(1) void @report(i32 %t32)".to_string());
    }
    if n < 64 {
        line(format!("%s64 = sext {t} %a to i64"));
        line(out(64, "%s64"));
    } else {
        line(format!("%t64 = trunc {t} %a to i64"));
        line(out(64, "%t64"));
        if n < 128 {
            line(format!("%s128 = sext {t} %a to i128"));
            line(out(128, "%s128"));
        }
    }
    // Memory: a and b side by side in a global at an odd offset, read back (b's store must
    // not clobber a); the low byte of a as i8; the product through an alloca.
    line("%pa = getelementptr i8, ptr @buf, i16 1".to_string());
    line(format!("%pb = getelementptr i8, ptr @buf, i16 {}", 1 + store_size(n)));
    line(format!("store {t} %a, ptr %pa"));
    line(format!("store {t} %b, ptr %pb"));
    line(format!("%la = load {t}, ptr %pa"));
    line(out(n, "%la"));
    line(format!("%lb = load {t}, ptr %pb"));
    line(out(n, "%lb"));
    if n >= 8 {
        line("%lo = load i8, ptr %pa".to_string());
        line("%lo32 = zext i8 %lo to i32".to_string());
        line("call addrspace(1) void @report(i32 %lo32)".to_string());
    }
    line(format!("%slot = alloca {t}"));
    line(format!("store {t} %mul, ptr %slot"));
    line(format!("%lm = load {t}, ptr %slot"));
    line(out(n, "%lm"));
    format!(
        "define void @check_{n}({}, {}) addrspace(1) {{\nstart:\n{b}  ret void\n}}\n\n",
        a_words.join(", "),
        b_words.join(", ")
    )
}

fn module() -> String {
    let mut m = String::from("@buf = internal global [40 x i8] zeroinitializer\n\ndeclare void @report(i32) addrspace(1)\n\n");
    for &w in &reported_widths() {
        m.push_str(&ir_out(w));
    }
    for &n in &WIDTHS {
        m.push_str(&ir_mk(n));
        m.push_str(&ir_check(n));
    }
    m
}

/// What `out_M` reports for the M-bit value `v`.
fn report(expected: &mut Vec<u32>, v: u128, m: u32) {
    assert_eq!(v & !mask(m), 0, "expectation for i{m} has bits above the width");
    for k in 0..words(m) {
        expected.push((v >> (32 * k)) as u32);
    }
}

/// The expected reports of `check_N(a, b)`, in the IR's order.
fn expect(n: u32, a: u128, b: u128, e: &mut Vec<u32>) {
    let m = mask(n);
    let (sa, sb) = (signed(a, n), signed(b, n));
    for v in [a.wrapping_add(b), a.wrapping_sub(b), a.wrapping_mul(b), a & b, a | b, a ^ b] {
        report(e, v & m, n);
    }
    let sh = (b % u128::from(n)) as u32;
    report(e, (a << sh) & m, n);
    report(e, a >> sh, n);
    report(e, (sa >> sh) as u128 & m, n);
    let d = if b == 0 { 1 } else { b };
    let ds = if a == 1u128 << (n - 1) && d == m { 1 } else { d };
    report(e, a / d, n);
    report(e, a % d, n);
    report(e, (sa / signed(ds, n)) as u128 & m, n);
    report(e, (sa % signed(ds, n)) as u128 & m, n);
    let outcomes = [a == b, a != b, a > b, a >= b, a < b, a <= b, sa > sb, sa >= sb, sa < sb, sa <= sb];
    e.push(outcomes.iter().enumerate().map(|(k, &c)| u32::from(c) << k).sum());
    report(e, if sa < sb { a } else { b }, n);
    report(e, if a > b { a } else { b }, n);
    if let Some(x) = next_width(n) {
        report(e, a, x);
        report(e, sa as u128 & mask(x), x);
    }
    let p = previous_width(n);
    report(e, a & mask(p), p);
    // zext to i32 below 32 bits, trunc to i32 above; then sext to i32 below.
    e.push(a as u32);
    if n < 32 {
        e.push(sa as u32);
    }
    if n < 64 {
        report(e, sa as u128 & mask(64), 64);
    } else {
        report(e, a & mask(64), 64);
        if n < 128 {
            report(e, sa as u128, 128);
        }
    }
    report(e, a, n);
    report(e, b, n);
    if n >= 8 {
        e.push((a & 0xff) as u32);
    }
    report(e, a.wrapping_mul(b) & m, n);
}

/// Inputs per width: the edge values and two fixed pseudo-random ones.
fn inputs(n: u32) -> Vec<u128> {
    let m = mask(n);
    let min = 1u128 << (n - 1);
    let mut x = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128 ^ u128::from(n);
    let mut random = || {
        // xorshift on 128 bits: fixed sequence, nothing to do with the console.
        x ^= x << 23;
        x ^= x >> 17;
        x ^= x << 41;
        x & m
    };
    vec![0, 1, m, min, min - 1, random(), random()]
}

/// The C `run`: `check_N` on every pair of inputs of each width.
fn c_main() -> String {
    let mut c = String::from("void run(void)\n{\n    uint8_t i, j;\n");
    for &n in &WIDTHS {
        let vals = inputs(n);
        let w = words(n) as usize;
        let rows: Vec<String> = vals
            .iter()
            .map(|&v| {
                let ws: Vec<String> = (0..w).map(|k| format!("{:#x}ul", (v >> (32 * k)) as u32)).collect();
                format!("{{{}}}", ws.join(", "))
            })
            .collect();
        writeln!(c, "    {{\n        static const uint32_t in[{}][{w}] = {{{}}};", vals.len(), rows.join(", ")).unwrap();
        let args_i: Vec<String> = (0..w).map(|k| format!("in[i][{k}]")).collect();
        let args_j: Vec<String> = (0..w).map(|k| format!("in[j][{k}]")).collect();
        writeln!(
            c,
            "        for (i = 0; i < {0}; i++)\n            for (j = 0; j < {0}; j++)\n                check_{n}({1}, {2});\n    }}",
            vals.len(),
            args_i.join(", "),
            args_j.join(", ")
        )
        .unwrap();
    }
    c.push_str("}\n");
    c
}

/// About 21000 reported words (83 KB over the serial port): 500 M cycles were not enough.
const MAX_CYCLES: u64 = 2_000_000_000;

#[test]
fn odd_width_integers_match_u128_arithmetic_on_the_console() {
    let started = Instant::now();
    let t = translate_ir("odd_widths", &module()).unwrap_or_else(|e| panic!("{e}\n{}", module()));
    let program = format!("{}\n{}", t.c_source, c_main());
    let values = match run_c("odd_widths", &program, MAX_CYCLES).unwrap_or_else(|e| panic!("{}", &e[..e.len().min(2000)])) {
        Outcome::Values(v) => v,
        Outcome::Trap(id, name) => panic!("trap in {name} (id {id})"),
    };
    let mut at = 0;
    let mut failures = Vec::new();
    for &n in &WIDTHS {
        let vals = inputs(n);
        for &a in &vals {
            for &b in &vals {
                let mut e = Vec::new();
                expect(n, a, b, &mut e);
                let got = values.get(at..at + e.len()).unwrap_or_else(|| panic!("console output ends early (i{n}, a={a:#x}, b={b:#x})"));
                for (k, (g, x)) in got.iter().zip(&e).enumerate() {
                    if g != x && failures.len() < 20 {
                        failures.push(format!("i{n} a={a:#x} b={b:#x} report #{k}: console {g:#010x}, expected {x:#010x}"));
                    }
                }
                at += e.len();
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(at, values.len(), "console reported more values than expected");
    eprintln!("odd widths: {} values checked in {:.1?}", values.len(), started.elapsed());
}
