//! Differential fuzzing of the whole chain: random, UB-free integer programs are written as
//! `no_std` Rust, built for the console (rustc avr-none -> cbe -> SDCC) and run in the
//! emulator; an interpreter with Rust's integer semantics computes what they must print.
//!
//! `make test` runs a few fixed seeds. On demand, `FUZZ_PROGRAMS=N cargo test --release -p cbe
//! --test fuzz -- --ignored` runs N more from `FUZZ_SEED` (default 1000) on; a failing program
//! is shrunk (statements dropped while it still fails) and written to
//! `target/fuzz-failures/` as a corpus module to add to `tests/corpus/`.
//!
//! Types are 8 to 64 bits wide (64-bit values are byte arrays and runtime helpers on the
//! console).

mod support;

use std::fmt::Write as _;

use support::Outcome;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    U8,
    U16,
    U32,
    U64,
    I8,
    I16,
    I32,
    I64,
}

const TYPES: [Ty; 8] = [Ty::U8, Ty::U16, Ty::U32, Ty::U64, Ty::I8, Ty::I16, Ty::I32, Ty::I64];

impl Ty {
    fn bits(self) -> u32 {
        match self {
            Ty::U8 | Ty::I8 => 8,
            Ty::U16 | Ty::I16 => 16,
            Ty::U32 | Ty::I32 => 32,
            Ty::U64 | Ty::I64 => 64,
        }
    }

    fn signed(self) -> bool {
        matches!(self, Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64)
    }

    fn name(self) -> &'static str {
        match self {
            Ty::U8 => "u8",
            Ty::U16 => "u16",
            Ty::U32 => "u32",
            Ty::U64 => "u64",
            Ty::I8 => "i8",
            Ty::I16 => "i16",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
        }
    }

    /// `v` cut to this type's width, as a bit pattern in the low bits.
    fn wrap(self, v: u64) -> u64 {
        v & (u64::MAX >> (64 - self.bits()))
    }

    /// The bit pattern `v` read as this type's value (a `u64` as the same bits in an `i64`:
    /// only the bits count, as every use casts or truncates).
    fn value(self, v: u64) -> i64 {
        let shift = 64 - self.bits();
        if self.signed() { ((v << shift) as i64) >> shift } else { self.wrap(v) as i64 }
    }
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Div,
    Rem,
    Min,
    Max,
    Less,
    RotateLeft,
    CountOnes,
    LeadingZeros,
    TrailingZeros,
    SwapBytes,
    Cast,
}

const OPS: [Op; 19] = [
    Op::Add,
    Op::Sub,
    Op::Mul,
    Op::And,
    Op::Or,
    Op::Xor,
    Op::Shl,
    Op::Shr,
    Op::Div,
    Op::Rem,
    Op::Min,
    Op::Max,
    Op::Less,
    Op::RotateLeft,
    Op::CountOnes,
    Op::LeadingZeros,
    Op::TrailingZeros,
    Op::SwapBytes,
    Op::Cast,
];

/// `let v{index}: ty = op(v{a}, v{b});` (unary ops and casts read only `a`; variables 0 and
/// 1 are the inputs, as u32).
#[derive(Clone, Debug)]
struct Let {
    ty: Ty,
    op: Op,
    a: usize,
    b: usize,
}

#[derive(Clone, Debug)]
struct Function {
    lets: Vec<Let>,
}

#[derive(Clone, Debug)]
struct Program {
    functions: Vec<Function>,
    inputs: Vec<(u32, u32)>,
}

/// Interesting input values: edges of every width and sign, and noise.
fn input(rng: &mut fastrand::Rng) -> u32 {
    const EDGES: [u32; 10] = [0, 1, 2, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x8000_0000];
    match rng.u8(..4) {
        0 => EDGES[rng.usize(..EDGES.len())],
        1 => u32::MAX - EDGES[rng.usize(..EDGES.len())],
        _ => rng.u32(..),
    }
}

fn generate(seed: u64) -> Program {
    let mut rng = fastrand::Rng::with_seed(seed);
    let functions = (0..6)
        .map(|_| {
            let mut tys = vec![Ty::U32, Ty::U32];
            let lets = (0..14)
                .map(|_| {
                    let ty = TYPES[rng.usize(..TYPES.len())];
                    let op = OPS[rng.usize(..OPS.len())];
                    // Operands of the same type, except casts and shift amounts.
                    let same: Vec<usize> = (0..tys.len()).filter(|&i| tys[i] == ty).collect();
                    let any = rng.usize(..tys.len());
                    let a = match op {
                        Op::Cast => any,
                        _ if same.is_empty() => usize::MAX,
                        _ => same[rng.usize(..same.len())],
                    };
                    let b = match op {
                        Op::Shl | Op::Shr | Op::RotateLeft => any,
                        _ if same.is_empty() => usize::MAX,
                        _ => same[rng.usize(..same.len())],
                    };
                    // No operand of this type yet: cast one in instead.
                    let l = if a == usize::MAX || b == usize::MAX { Let { ty, op: Op::Cast, a: any, b: any } } else { Let { ty, op, a, b } };
                    tys.push(ty);
                    l
                })
                .collect();
            Function { lets }
        })
        .collect();
    let inputs = (0..4).map(|_| (input(&mut rng), input(&mut rng))).collect();
    Program { functions, inputs }
}

/// The type of every variable of `f`: the two inputs, then the lets.
fn types(f: &Function) -> Vec<Ty> {
    [Ty::U32, Ty::U32].into_iter().chain(f.lets.iter().map(|l| l.ty)).collect()
}

/// What Rust computes for `f(a, b)`: every let folded into a checksum.
fn interpret(f: &Function, a: u32, b: u32) -> u32 {
    let tys = types(f);
    let mut vars: Vec<u64> = vec![u64::from(a), u64::from(b)];
    let mut sum = 0u32;
    for l in &f.lets {
        let t = l.ty;
        let (x, y) = (vars[l.a], vars[l.b]);
        let (sx, sy) = (t.value(x), t.value(y));
        let bits = t.bits();
        // `(vb as u32) % bits`, as the source writes shift and rotate amounts.
        let amount = tys[l.b].value(y) as u32 % bits;
        let v: u64 = match l.op {
            Op::Add => x.wrapping_add(y),
            Op::Sub => x.wrapping_sub(y),
            Op::Mul => x.wrapping_mul(y),
            Op::And => x & y,
            Op::Or => x | y,
            Op::Xor => x ^ y,
            Op::Shl => x << amount,
            Op::Shr if t.signed() => (sx >> amount) as u64,
            Op::Shr => t.wrap(x) >> amount,
            Op::Div | Op::Rem if t.wrap(y) == 0 => x,
            // wrapping_div/rem: MIN / -1 wraps to MIN, MIN % -1 is 0.
            Op::Div if t.signed() => sx.wrapping_div(sy) as u64,
            Op::Rem if t.signed() => sx.wrapping_rem(sy) as u64,
            Op::Div => t.wrap(x) / t.wrap(y),
            Op::Rem => t.wrap(x) % t.wrap(y),
            Op::Min if t.signed() => sx.min(sy) as u64,
            Op::Max if t.signed() => sx.max(sy) as u64,
            Op::Min => t.wrap(x).min(t.wrap(y)),
            Op::Max => t.wrap(x).max(t.wrap(y)),
            Op::Less if t.signed() => u64::from(sx < sy),
            Op::Less => u64::from(t.wrap(x) < t.wrap(y)),
            Op::RotateLeft => {
                let x = t.wrap(x);
                if amount == 0 { x } else { (x << amount) | (x >> (bits - amount)) }
            }
            Op::CountOnes => u64::from(t.wrap(x).count_ones()),
            Op::LeadingZeros => u64::from(t.wrap(x).leading_zeros() - (64 - bits)),
            Op::TrailingZeros => u64::from(if t.wrap(x) == 0 { bits } else { t.wrap(x).trailing_zeros() }),
            Op::SwapBytes => (0..bits / 8).fold(0, |acc, i| acc | (((t.wrap(x) >> (8 * i)) & 0xFF) << (bits - 8 - 8 * i))),
            // `as`: sign-extend from a signed source, zero-extend from an unsigned one.
            Op::Cast => tys[l.a].value(x) as u64,
        };
        let v = t.wrap(v);
        vars.push(v);
        // `v as u32` sign-extends signed values.
        sum = sum.rotate_left(5) ^ (t.value(v) as u32);
        if bits == 64 {
            sum = sum.rotate_left(5) ^ ((v >> 32) as u32);
        }
    }
    sum
}

/// `f` as Rust source.
fn emit_function(name: &str, f: &Function) -> String {
    let mut s = format!("#[inline(never)]\nfn {name}(v0: u32, v1: u32) -> u32 {{\n    let mut sum = 0u32;\n");
    for (i, l) in f.lets.iter().enumerate() {
        let (t, x, y) = (l.ty.name(), format!("v{}", l.a), format!("v{}", l.b));
        let bits = l.ty.bits();
        let amount = format!("({y} as u32 % {bits})");
        let e = match l.op {
            Op::Add => format!("{x}.wrapping_add({y})"),
            Op::Sub => format!("{x}.wrapping_sub({y})"),
            Op::Mul => format!("{x}.wrapping_mul({y})"),
            Op::And => format!("{x} & {y}"),
            Op::Or => format!("{x} | {y}"),
            Op::Xor => format!("{x} ^ {y}"),
            Op::Shl => format!("{x} << {amount}"),
            Op::Shr => format!("{x} >> {amount}"),
            Op::Div => format!("if {y} == 0 {{ {x} }} else {{ {x}.wrapping_div({y}) }}"),
            Op::Rem => format!("if {y} == 0 {{ {x} }} else {{ {x}.wrapping_rem({y}) }}"),
            Op::Min => format!("{x}.min({y})"),
            Op::Max => format!("{x}.max({y})"),
            Op::Less => format!("({x} < {y}) as {t}"),
            Op::RotateLeft => format!("{x}.rotate_left({amount})"),
            Op::CountOnes => format!("{x}.count_ones() as {t}"),
            Op::LeadingZeros => format!("{x}.leading_zeros() as {t}"),
            Op::TrailingZeros => format!("{x}.trailing_zeros() as {t}"),
            Op::SwapBytes => format!("{x}.swap_bytes()"),
            Op::Cast => format!("{x} as {t}"),
        };
        let _ = writeln!(s, "    let v{}: {t} = {e};", i + 2);
        let _ = writeln!(s, "    sum = sum.rotate_left(5) ^ (v{} as u32);", i + 2);
        // Otherwise LLVM computes in 32 bits whatever only reaches the sum through `as u32`.
        if bits == 64 {
            let _ = writeln!(s, "    sum = sum.rotate_left(5) ^ ((v{} >> 32) as u32);", i + 2);
        }
    }
    s.push_str("    sum\n}\n");
    s
}

/// The program as a corpus-style module: `run` prints each function's result per input.
/// Inputs are read with volatile loads so that nothing folds at compile time.
fn emit(p: &Program) -> String {
    let mut s = String::from("//! Generated by tools/cbe/tests/fuzz.rs.\n\n");
    let _ = writeln!(s, "static INPUTS: [(u32, u32); {}] = {:?};\n", p.inputs.len(), p.inputs);
    for (i, f) in p.functions.iter().enumerate() {
        s.push_str(&emit_function(&format!("f{i}"), f));
    }
    s.push_str("\npub fn run(out: &mut dyn FnMut(u32)) {\n    for i in 0..INPUTS.len() {\n");
    s.push_str("        // SAFETY: fields of an element of a static array.\n");
    s.push_str("        let (a, b) = unsafe { (core::ptr::read_volatile(&INPUTS[i].0), core::ptr::read_volatile(&INPUTS[i].1)) };\n");
    for i in 0..p.functions.len() {
        let _ = writeln!(s, "        out(f{i}(a, b));");
    }
    s.push_str("    }\n}\n");
    s
}

fn expected(p: &Program) -> Vec<u32> {
    p.inputs.iter().flat_map(|&(a, b)| p.functions.iter().map(move |f| interpret(f, a, b))).collect()
}

/// Builds and runs `p` on the console; `None` when it prints what the interpreter says.
fn check(name: &str, p: &Program) -> Option<String> {
    let source = emit(p);
    let modules = format!("mod fuzz {{\n{source}\n}}");
    let rom = match support::build_rom(name, &modules, "fuzz::run") {
        Ok(rom) => rom,
        Err(e) => return Some(format!("build failed: {e}")),
    };
    let want = expected(p);
    match support::run_rom(&rom, 2_000_000_000) {
        Err(e) => Some(e),
        Ok(Outcome::Trap(id, function)) => Some(format!("trapped in `{function}` (id {id})")),
        Ok(Outcome::Values(got)) if got == want => None,
        Ok(Outcome::Values(got)) => {
            let at = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i)).unwrap();
            Some(format!("value #{at}: expected {:08x?}, console {:08x?}", want.get(at), got.get(at)))
        }
    }
}

/// Drops lets (whose values nothing later reads) and functions while `p` still fails.
fn shrink(name: &str, mut p: Program) -> Program {
    loop {
        let mut smaller = None;
        'search: for fi in 0..p.functions.len() {
            if p.functions.len() > 1 {
                let mut q = p.clone();
                q.functions.remove(fi);
                if check(name, &q).is_some() {
                    smaller = Some(q);
                    break 'search;
                }
            }
            for li in (0..p.functions[fi].lets.len()).rev() {
                let index = li + 2;
                if p.functions[fi].lets.iter().any(|l| l.a == index || l.b == index) {
                    continue;
                }
                let mut q = p.clone();
                q.functions[fi].lets.remove(li);
                // Later lets read the variables after it one place down.
                for l in &mut q.functions[fi].lets[li..] {
                    l.a -= usize::from(l.a > index);
                    l.b -= usize::from(l.b > index);
                }
                if check(name, &q).is_some() {
                    smaller = Some(q);
                    break 'search;
                }
            }
        }
        match smaller {
            Some(q) => p = q,
            None => return p,
        }
    }
}

/// Checks the programs of `seeds`; a failing one is written out, shrunk first if asked (each
/// shrinking step builds a ROM: minutes, so only on demand).
fn run_seeds(seeds: impl Iterator<Item = u64>, shrinking: bool) -> Vec<String> {
    let mut failures = Vec::new();
    for seed in seeds {
        let name = format!("fuzz-{seed}");
        let program = generate(seed);
        if let Some(failure) = check(&name, &program) {
            let small = if shrinking { shrink(&name, program) } else { program };
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/fuzz-failures");
            let _ = std::fs::create_dir_all(&dir);
            let path = dir.join(format!("seed_{seed}.rs"));
            let _ = std::fs::write(&path, emit(&small));
            let what = if shrinking {
                "shrunk program".to_string()
            } else {
                format!("program (FUZZ_SEED={seed} FUZZ_PROGRAMS=1 on demand shrinks it)")
            };
            failures.push(format!("seed {seed}: {failure}; {what}: {}", path.display()));
        }
    }
    failures
}

/// The interpreter agrees with Rust itself on the host: the generated source's semantics
/// are what `interpret` computes (checked here on a few operations by hand).
#[test]
fn interpreter_follows_rust_semantics() {
    let f = |ty, op, a, b| Function { lets: vec![Let { ty, op, a, b }] };
    let run = |f: &Function, x: u32, y: u32| interpret(f, x, y);
    let cast_i8 = f(Ty::I8, Op::Cast, 0, 0);
    assert_eq!(run(&cast_i8, 0xFF, 0), (0xFFu32 as u8 as i8) as u32);
    let div = f(Ty::U32, Op::Div, 0, 1);
    assert_eq!(run(&div, 7, 0), 7);
    assert_eq!(run(&div, 7, 2), 3);
    let shr = Function { lets: vec![Let { ty: Ty::I16, op: Op::Cast, a: 0, b: 0 }, Let { ty: Ty::I16, op: Op::Shr, a: 2, b: 1 }] };
    let (x, k) = (0x8000u32, 3u32);
    let v2 = x as i16;
    let v3 = v2 >> ((k as u32) % 16);
    assert_eq!(run(&shr, x, k), ((v2 as u32).rotate_left(5)) ^ (v3 as u32));
    let lz = f(Ty::U16, Op::LeadingZeros, 0, 0);
    let v = (0x00F0u32 as u16).leading_zeros() as u16;
    assert_eq!(run(&lz, 0x00F0, 0), v as u32);
    // 64 bits: sign extension through i32, an arithmetic shift, a product that wraps.
    let wide = Function {
        lets: vec![
            Let { ty: Ty::I32, op: Op::Cast, a: 0, b: 0 },
            Let { ty: Ty::I64, op: Op::Cast, a: 2, b: 0 },
            Let { ty: Ty::I64, op: Op::Shr, a: 3, b: 1 },
            Let { ty: Ty::U64, op: Op::Cast, a: 4, b: 0 },
            Let { ty: Ty::U64, op: Op::Mul, a: 5, b: 5 },
        ],
    };
    let (x, k) = (0x8000_0001u32, 33u32);
    let v2 = x as i32;
    let v3 = v2 as i64;
    let v4 = v3 >> (k % 64);
    let v5 = v4 as u64;
    let v6 = v5.wrapping_mul(v5);
    let folded = [v2 as u32, v3 as u32, (v3 >> 32) as u32, v4 as u32, (v4 >> 32) as u32, v5 as u32, (v5 >> 32) as u32, v6 as u32, (v6 >> 32) as u32];
    assert_eq!(run(&wide, x, k), folded.iter().fold(0u32, |s, &v| s.rotate_left(5) ^ v));
}

/// A few fixed seeds, in `make test`.
#[test]
fn random_programs_match_the_interpreter_on_the_console() {
    let failures = run_seeds(1..=3, false);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// On demand: `FUZZ_PROGRAMS=N` programs from `FUZZ_SEED` on (see the module docs).
#[test]
#[ignore = "unbounded fuzzing, on demand"]
fn fuzz_on_demand() {
    let count: u64 = std::env::var("FUZZ_PROGRAMS").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let first: u64 = std::env::var("FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let failures = run_seeds(first..first + count, true);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
