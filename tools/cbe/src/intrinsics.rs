//! LLVM intrinsics: inline C for native widths, runtime helpers for wide ones.

use crate::function::{FunctionTranslator, Storage};
use crate::llvm::{self, Value};
use crate::repr::{self, BinOp, Repr};
use crate::Error;

/// Intrinsics that only inform the optimiser.
const NO_OPS: &[&str] = &[
    "lifetime.start.",
    "lifetime.end.",
    "assume",
    "experimental.noalias.scope.decl",
    "donothing",
    "sideeffect",
    "var.annotation.",
    "codeview.annotation",
];

/// Intrinsics whose result is their first argument.
const IDENTITIES: &[&str] = &["expect.", "expect.with.probability.", "ssa.copy.", "launder.invariant.group.", "strip.invariant.group."];

fn has_prefix(name: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| name == p.trim_end_matches('.') || name.starts_with(p))
}

impl FunctionTranslator<'_, '_> {
    pub fn intrinsic(&mut self, inst: Value, full_name: &str) -> Result<(), Error> {
        let name = &full_name["llvm.".len()..];
        let arg = |i: u32| llvm::operand(inst, i);
        if has_prefix(name, NO_OPS) {
            return Ok(());
        }
        if has_prefix(name, IDENTITIES) {
            return self.copy_value(inst, arg(0));
        }
        if name == "trap" || name == "ubsantrap" || name == "debugtrap" {
            self.trap();
            return Ok(());
        }
        if name.starts_with("is.constant.") {
            // "Not known to be constant" is always a correct answer.
            return self.set(inst, "0u".to_string());
        }
        if name.starts_with("memcpy.") || name.starts_with("memmove.") || name.starts_with("memset.") {
            return self.memory_intrinsic(inst, name);
        }
        if name.starts_with("ptrmask.") {
            let p = self.scalar(arg(0))?;
            let mask = self.scalar(arg(1))?;
            return self.set(inst, format!("(uint8_t *)((uint16_t)({p}) & (uint16_t)({mask}))"));
        }
        let kind = name.split('.').next().unwrap_or("");
        if name.contains(".with.overflow.") {
            return self.overflow(inst, kind);
        }
        if name.contains(".sat.") && matches!(kind, "uadd" | "usub" | "sadd" | "ssub") {
            return self.saturating(inst, kind);
        }
        match kind {
            "umin" | "umax" | "smin" | "smax" => self.min_max(inst, kind),
            "abs" => self.abs(inst),
            "ucmp" | "scmp" => self.three_way(inst, kind == "scmp"),
            "ctlz" | "cttz" | "ctpop" | "bswap" | "bitreverse" => self.bit_count(inst, kind),
            "fshl" | "fshr" => self.funnel_shift(inst, kind == "fshr"),
            _ => Err(self.error(format!("unsupported intrinsic `{full_name}`"))),
        }
    }

    fn copy_value(&mut self, inst: Value, src: Value) -> Result<(), Error> {
        match self.repr_of(inst)? {
            Repr::Blob { size, .. } => {
                let (d, s) = (self.blob(inst)?, self.blob(src)?);
                self.line(format!("cbe_copy({d}, {s}, {size});"));
                Ok(())
            }
            _ => {
                let s = self.scalar(src)?;
                self.set(inst, s)
            }
        }
    }

    fn memory_intrinsic(&mut self, inst: Value, name: &str) -> Result<(), Error> {
        let volatile = llvm::operand(inst, 3);
        if !llvm::is_const_int(volatile) || llvm::const_zext(volatile) != 0 {
            return Err(self.error("volatile memory intrinsics are not supported"));
        }
        let d = self.scalar(llvm::operand(inst, 0))?;
        let len = llvm::operand(inst, 2);
        // rustc states lengths as i64 on 16-bit targets too; a constant one only has to fit
        // the 64 KiB address space.
        let n = if llvm::is_const_int(len) {
            match llvm::const_zext(len) {
                bytes @ 0..=0xFFFF => format!("{bytes}u"),
                _ => return Err(self.error("memory intrinsic longer than the 64 KiB address space")),
            }
        } else {
            match self.repr_of(len)? {
                Repr::Int(bits) => repr::convert(&self.scalar(len)?, bits, 16, false, self.is_plain(len)),
                _ => return Err(self.error("memory intrinsic with a non-constant length wider than 32 bits")),
            }
        };
        let helper = if name.starts_with("memcpy.") {
            "cbe_copy"
        } else if name.starts_with("memmove.") {
            "cbe_move"
        } else {
            "cbe_fill"
        };
        let s = self.scalar(llvm::operand(inst, 1))?;
        self.line(format!("{helper}({d}, {s}, {n});"));
        Ok(())
    }

    /// The two operands of a binary intrinsic as expressions (blob pointers for wide ones),
    /// and the operand width.
    fn operands2(&mut self, inst: Value) -> Result<(String, String, Repr), Error> {
        let (x, y) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
        let r = self.repr_of(x)?;
        Ok((self.any(x)?, self.any(y)?, r))
    }

    fn overflow(&mut self, inst: Value, kind: &str) -> Result<(), Error> {
        let (x, y, r) = self.operands2(inst)?;
        let (value, flag) = match self.storage.get(&inst).cloned() {
            Some(Storage::Pair(a, o)) => (a, o),
            Some(Storage::Blob(_)) => {
                return Err(self.error("overflow intrinsic result used as a whole aggregate (only extractvalue is supported)"));
            }
            _ => return Err(self.error("overflow intrinsic without storage")),
        };
        let signed = kind.starts_with('s');
        match r {
            Repr::Int(w) => {
                let sign_shift = w - 1;
                match kind {
                    "uadd" | "sadd" | "usub" | "ssub" => {
                        let op = if kind.ends_with("add") { "+" } else { "-" };
                        self.line(format!("{value} = {};", repr::wrap(&format!("{x} {op} {y}"), w)));
                        let o = match kind {
                            "uadd" => format!("{value} < {x}"),
                            "usub" => format!("{x} < {y}"),
                            "sadd" => format!("((({x} ^ {value}) & ({y} ^ {value})) >> {sign_shift}) & 1"),
                            _ => format!("((({x} ^ {y}) & ({x} ^ {value})) >> {sign_shift}) & 1"),
                        };
                        self.line(format!("{flag} = {o};"));
                    }
                    "umul" | "smul" if w <= 16 => {
                        // The exact product fits in 32 bits.
                        let t = self.new_local('t', Repr::Int(32));
                        if signed {
                            let (xs, ys) = (repr::sext(&x, w), repr::sext(&y, w));
                            self.line(format!("{t} = (uint32_t)((int32_t){xs} * {ys});"));
                            self.line(format!("{value} = {};", repr::wrap(&t, w)));
                            self.line(format!("{flag} = (int32_t){t} != (int32_t){};", repr::sext(&value, w)));
                        } else {
                            // The high half, not `t > mask`: SDCC 4.2 miscompiles that
                            // comparison here (it clobbers L, holding another value, with
                            // `ldhl sp`), see docs/cbe-notes.md.
                            self.line(format!("{t} = (uint32_t){x} * (uint32_t){y};"));
                            self.line(format!("{value} = {};", repr::wrap(&t, w)));
                            self.line(format!("{flag} = (uint16_t)({t} >> {w}) != 0;"));
                        }
                    }
                    "umul" | "smul" => {
                        self.line(format!("{value} = {};", repr::wrap(&format!("{x} * {y}"), w)));
                        if signed {
                            self.line(format!("{flag} = cbe_smulo32({x}, {y}, {w}u);"));
                        } else {
                            self.line(format!("{flag} = cbe_umulo32({x}, {y}, {});", repr::literal(repr::mask_u64(w), 32)));
                        }
                    }
                    _ => return Err(self.error("unsupported overflow intrinsic")),
                }
            }
            Repr::Blob { wide_bits: Some(w), .. } => {
                let helper = match kind {
                    "uadd" | "sadd" => "cbe_waddo",
                    "usub" | "ssub" => "cbe_wsubo",
                    _ => "cbe_wmulo",
                };
                self.line(format!("{flag} = {helper}({value}, {x}, {y}, {w}u, {});", u8::from(signed)));
            }
            _ => return Err(self.error("overflow intrinsic on an unsupported type")),
        }
        Ok(())
    }

    fn saturating(&mut self, inst: Value, kind: &str) -> Result<(), Error> {
        let (x, y, r) = self.operands2(inst)?;
        match r {
            Repr::Int(w) => {
                let d = self.scalar(inst)?;
                let smin = repr::literal(1u64 << (w - 1), w);
                let smax = repr::literal(repr::mask_u64(w - 1), w);
                let top = w - 1;
                match kind {
                    "uadd" => {
                        self.line(format!("{d} = {};", repr::wrap(&format!("{x} + {y}"), w)));
                        self.line(format!("if ({d} < {x}) {d} = {};", repr::literal(repr::mask_u64(w), w)));
                    }
                    "usub" => {
                        self.line(format!("{d} = {x} < {y} ? 0u : {};", repr::wrap(&format!("{x} - {y}"), w)));
                    }
                    "sadd" => {
                        self.line(format!("{d} = {};", repr::wrap(&format!("{x} + {y}"), w)));
                        self.line(format!(
                            "if (((({x} ^ {d}) & ({y} ^ {d})) >> {top}) & 1) {d} = (({x} >> {top}) & 1) ? {smin} : {smax};"
                        ));
                    }
                    _ => {
                        self.line(format!("{d} = {};", repr::wrap(&format!("{x} - {y}"), w)));
                        self.line(format!(
                            "if (((({x} ^ {y}) & ({x} ^ {d})) >> {top}) & 1) {d} = (({x} >> {top}) & 1) ? {smin} : {smax};"
                        ));
                    }
                }
            }
            Repr::Blob { wide_bits: Some(w), .. } => {
                let d = self.blob(inst)?;
                let helper = if kind.ends_with("add") { "cbe_waddsat" } else { "cbe_wsubsat" };
                self.line(format!("{helper}({d}, {x}, {y}, {w}u, {});", u8::from(kind.starts_with('s'))));
            }
            _ => return Err(self.error("saturating intrinsic on an unsupported type")),
        }
        Ok(())
    }

    fn min_max(&mut self, inst: Value, kind: &str) -> Result<(), Error> {
        let (x, y, r) = self.operands2(inst)?;
        let signed = kind.starts_with('s');
        let op = if kind.ends_with("min") { "<" } else { ">" };
        match r {
            Repr::Int(w) => {
                let cmp = if signed {
                    format!("{} {op} {}", repr::sext(&x, w), repr::sext(&y, w))
                } else {
                    format!("{x} {op} {y}")
                };
                self.set(inst, format!("({cmp} ? {x} : {y})"))
            }
            Repr::Blob { wide_bits: Some(w), size } => {
                let d = self.blob(inst)?;
                self.line(format!("cbe_copy({d}, cbe_wcmp({x}, {y}, {w}u, {}) {op} 0 ? {x} : {y}, {size});", u8::from(signed)));
                Ok(())
            }
            _ => Err(self.error("min/max on an unsupported type")),
        }
    }

    fn abs(&mut self, inst: Value) -> Result<(), Error> {
        let x_value = llvm::operand(inst, 0);
        match self.repr_of(x_value)? {
            Repr::Int(w) => {
                let x = self.scalar(x_value)?;
                let zero = repr::literal(0, w);
                self.set(inst, format!("((({x} >> {}) & 1) ? {} : {x})", w - 1, repr::wrap(&format!("{zero} - {x}"), w)))
            }
            Repr::Blob { wide_bits: Some(w), .. } => {
                let (x, d) = (self.blob(x_value)?, self.blob(inst)?);
                self.line(format!("cbe_wabs({d}, {x}, {w}u);"));
                Ok(())
            }
            _ => Err(self.error("abs on an unsupported type")),
        }
    }

    fn three_way(&mut self, inst: Value, signed: bool) -> Result<(), Error> {
        let (x, y, r) = self.operands2(inst)?;
        let Repr::Int(rw) = self.repr_of(inst)? else {
            return Err(self.error("three-way comparison with a wide result"));
        };
        let minus_one = repr::literal(repr::mask_u64(rw), rw);
        let e = match r {
            Repr::Int(w) => {
                let (a, b) = if signed { (repr::sext(&x, w), repr::sext(&y, w)) } else { (x, y) };
                format!("({a} < {b} ? {minus_one} : ({a} > {b} ? 1u : 0u))")
            }
            Repr::Blob { wide_bits: Some(w), .. } => {
                repr::wrap(&format!("(int8_t)cbe_wcmp({x}, {y}, {w}u, {})", u8::from(signed)), rw)
            }
            _ => return Err(self.error("comparison of unsupported operands")),
        };
        self.set(inst, e)
    }

    fn bit_count(&mut self, inst: Value, kind: &str) -> Result<(), Error> {
        let x_value = llvm::operand(inst, 0);
        match self.repr_of(x_value)? {
            Repr::Int(w) => {
                let x = self.scalar(x_value)?;
                let c = repr::container(w);
                let e = match kind {
                    "ctlz" => repr::wrap(&format!("cbe_ctlz{c}({x}) - {}u", c - w), w.max(8)),
                    "cttz" if w == c => format!("cbe_cttz{c}({x})"),
                    // A zero input counts `c` in the container; the answer is `w`.
                    "cttz" => format!("({x} ? cbe_cttz{c}({x}) : {w}u)"),
                    "ctpop" => format!("cbe_ctpop{c}({x})"),
                    "bswap" if w == 16 => format!("(uint16_t)(({x} << 8u) ^ ({x} >> 8u))"),
                    "bswap" if w == 32 => format!("cbe_bswap32({x})"),
                    "bitreverse" => format!("({})(cbe_bitrev{c}({x}) >> {})", repr::uint_type(w), c - w),
                    _ => return Err(self.error(format!("{kind} on i{w}"))),
                };
                self.set(inst, format!("({})({e})", repr::uint_type(w)))
            }
            Repr::Blob { wide_bits: Some(w), .. } => {
                let (x, d) = (self.blob(x_value)?, self.blob(inst)?);
                match kind {
                    "ctlz" | "cttz" | "ctpop" => self.line(format!("cbe_wfrom32({d}, {w}u, cbe_w{kind}({x}, {w}u), 16u, 0);")),
                    "bswap" if w % 16 == 0 => self.line(format!("cbe_wbswap({d}, {x}, {w}u);")),
                    "bitreverse" => self.line(format!("cbe_wbitrev({d}, {x}, {w}u);")),
                    _ => return Err(self.error(format!("{kind} on i{w}"))),
                }
                Ok(())
            }
            _ => Err(self.error(format!("{kind} on an unsupported type"))),
        }
    }

    fn funnel_shift(&mut self, inst: Value, right: bool) -> Result<(), Error> {
        let (xv, yv, sv) = (llvm::operand(inst, 0), llvm::operand(inst, 1), llvm::operand(inst, 2));
        match self.repr_of(xv)? {
            Repr::Int(w) => {
                let (x, y) = (self.scalar(xv)?, self.scalar(yv)?);
                let e = if llvm::is_const_int(sv) {
                    let s = (llvm::const_zext(sv) % u64::from(w)) as u32;
                    // The two halves share no bit, so `^` joins them as `|` would: SDCC 4.2
                    // compiled a 16-bit rotate by 1 written with `|` in place, and a later
                    // reader of the operand saw the rotated value (docs/cbe-notes.md, bug 7).
                    match (s, right) {
                        (0, false) => x,
                        (0, true) => y,
                        (s, false) => repr::wrap(&format!("{} ^ ({y} >> {})", repr::shl_const(&x, s, w), w - s), w),
                        (s, true) => repr::wrap(&format!("({y} >> {s}) ^ {}", repr::shl_const(&x, w - s, w)), w),
                    }
                } else if w == 8 || w == 16 {
                    // Inline for the common rotates of bytes and words (the helper costs about
                    // 1.7k cycles a call): the amount is taken modulo the width with a mask,
                    // and a zero amount picks an operand instead of shifting by the full width.
                    // The two shifts are `repr::binop`'s, so the right one keeps its guard
                    // against SDCC bug 4.
                    let m = format!("({} & {}u)", self.scalar(sv)?, w - 1);
                    let rest = format!("({w}u - {m})");
                    let shift = |op, v: &str, value: Value, by: &str| repr::binop(op, w, v, by, llvm::is_const_int(value), None, true);
                    let (picked, high, low) = if right {
                        (&y, shift(BinOp::Shl, &x, xv, &rest), shift(BinOp::LShr, &y, yv, &m))
                    } else {
                        (&x, shift(BinOp::Shl, &x, xv, &m), shift(BinOp::LShr, &y, yv, &rest))
                    };
                    format!("(({m} == 0u) ? {picked} : ({})({high} ^ {low}))", repr::uint_type(w))
                } else {
                    let s = self.scalar(sv)?;
                    let helper = if right { "cbe_fshr32" } else { "cbe_fshl32" };
                    format!("({})({helper}({x}, {y}, {s}, {w}u))", repr::uint_type(w))
                };
                self.set(inst, e)
            }
            Repr::Blob { wide_bits: Some(w), .. } => {
                let (x, y, d) = (self.blob(xv)?, self.blob(yv)?, self.blob(inst)?);
                let amount = if llvm::is_const_int(sv) && w <= 64 {
                    format!("{}u", llvm::const_zext(sv) % u64::from(w))
                } else {
                    let s = self.blob(sv)?;
                    format!("cbe_wmodsmall({s}, {w}u, {w}u)")
                };
                self.line(format!("cbe_wfsh({d}, {x}, {y}, {amount}, {w}u, {});", u8::from(right)));
                Ok(())
            }
            _ => Err(self.error("funnel shift on an unsupported type")),
        }
    }
}
