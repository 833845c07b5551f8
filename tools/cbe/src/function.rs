//! Translation of one function body.
//!
//! Every SSA value with a result gets a C local declared at the top of the function (a scalar
//! variable, or a byte array for blobs); basic blocks become labels and terminators become
//! `goto`s. Phi nodes are assigned on the edges into their block, as a parallel copy: a phi
//! that another phi of the same block reads is first saved in a temporary.
//!
//! Calling convention between generated functions: scalars are passed and returned as C
//! scalars; a blob argument is passed as a pointer to the caller's (never modified) copy, and
//! a blob result is written through a hidden first parameter `cbe_ret`. No C struct is ever
//! passed or returned by value (SDCC mishandles them).

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use llvm_sys::LLVMOpcode;

use crate::consts;
use crate::llvm::{self, Block, Layout, Type, Value};
use crate::names;
use crate::repr::{self, BinOp, Repr};
use crate::schedule;
use crate::sharing;
use crate::{Error, ModuleTranslator};

/// Where an SSA value lives in the C function.
#[derive(Clone, Debug)]
pub(crate) enum Storage {
    /// A C expression of the value's scalar type (a variable, a parameter or an alloca's array).
    Scalar(String),
    /// A pointer expression to the value's bytes.
    Blob(String),
    /// The `{ iN, i1 }` result of an overflow intrinsic, kept as two scalars because it is
    /// only ever taken apart by extractvalue.
    Pair(String, String),
}

/// The C prototype of a function of LLVM type `fn_type` (parameter names `p0`, `p1`...).
pub fn prototype(layout: &Layout, name: &str, fn_type: Type) -> Result<String, String> {
    let (ret, params) = c_signature(layout, fn_type)?;
    let mut list: Vec<String> = params.iter().enumerate().map(|(i, t)| format!("{t}p{i}")).collect();
    if ret == "void" && returns_blob(layout, fn_type)? {
        list.insert(0, "uint8_t *cbe_ret".to_string());
    }
    let list = if list.is_empty() { "void".to_string() } else { list.join(", ") };
    Ok(format!("{ret} {name}({list})"))
}

fn returns_blob(layout: &Layout, fn_type: Type) -> Result<bool, String> {
    Ok(matches!(Repr::of(llvm::return_type(fn_type), layout)?, Repr::Blob { .. }))
}

/// Return type and parameter types (each ending in a space or `*`, ready for a name).
fn c_signature(layout: &Layout, fn_type: Type) -> Result<(String, Vec<String>), String> {
    if llvm::is_vararg(fn_type) {
        return Err("variadic functions are not supported".into());
    }
    let ret = match Repr::of(llvm::return_type(fn_type), layout)? {
        Repr::Void | Repr::Blob { .. } => "void".to_string(),
        r => r.c_scalar().to_string(),
    };
    let mut params = Vec::new();
    for t in llvm::param_types(fn_type) {
        params.push(match Repr::of(t, layout)? {
            Repr::Void => return Err("void parameter".into()),
            Repr::Blob { .. } => "const uint8_t *".to_string(),
            Repr::Ptr => "uint8_t *".to_string(),
            r => format!("{} ", r.c_scalar()),
        });
    }
    Ok((ret, params))
}

/// The C type of a pointer to a function of LLVM type `fn_type`.
fn function_pointer_type(layout: &Layout, fn_type: Type) -> Result<String, String> {
    let (ret, mut params) = c_signature(layout, fn_type)?;
    if returns_blob(layout, fn_type)? {
        params.insert(0, "uint8_t *".to_string());
    }
    let list = if params.is_empty() { "void".to_string() } else { params.iter().map(|p| p.trim_end()).collect::<Vec<_>>().join(", ") };
    Ok(format!("{ret} (*)({list})"))
}

/// A translated function.
pub(crate) struct Translated {
    /// The C definition. With a static frame, its arrays are macros over `cbe_frames` at
    /// [`FRAME_BASE`], which the caller replaces by the frame's offset (see `reentrancy`).
    pub text: String,
    pub traps: usize,
    /// Bytes of the static frame (0 without one).
    pub frame_bytes: u16,
}

/// Stands in the C text for the offset of a function's static frame inside `cbe_frames`.
pub(crate) const FRAME_BASE: &str = "@FRAME_BASE@";

/// Translates function `f` (trap id `id`).
pub(crate) fn translate(m: &mut ModuleTranslator, f: Value, id: u16) -> Result<Translated, Error> {
    let name = m.names[&f].clone();
    let static_frame = m.static_frames.contains(&f);
    let rust_name = names::demangle(&llvm::name(f));
    let mut t = FunctionTranslator {
        m,
        func: f,
        id,
        rust_name,
        decls: Vec::new(),
        body: String::new(),
        storage: HashMap::new(),
        labels: HashMap::new(),
        phi_saves: HashMap::new(),
        // One order for both the liveness (`sharing`) and the C text.
        instruction_order: llvm::blocks(f).into_iter().map(|b| (b, schedule::block_order(b))).collect(),
        inlined: HashSet::new(),
        current: None,
        traps: 0,
        next_local: 0,
        static_frame,
        frame_arrays: Vec::new(),
        frame_bytes: 0,
    };
    let mut header = prototype(t.m.layout, &name, llvm::function_type(f)).map_err(|msg| t.error(msg))?;
    if t.m.banked_entries.contains_key(&f) {
        header.push_str(" __banked");
    }
    t.assign_storage()?;
    // Reverse post-order puts most jumps' targets right after them, and every loop's body
    // after its header. With LLVM's order and coalesced phis, SDCC 4.2 was seen (issue #16,
    // by hand-edited C) to hoist a loop-invariant load onto a path the loop's entry jumps past.
    let order = llvm::blocks_in_reverse_post_order(f);
    for (i, &block) in order.iter().enumerate() {
        t.translate_block(block, order.get(i + 1).copied())?;
    }
    let mut out = String::new();
    let _ = writeln!(out, "/* {} */", t.rust_name.replace("*/", "* /"));
    for (name, offset) in &t.frame_arrays {
        let _ = writeln!(out, "#define {name} (cbe_frames + {FRAME_BASE} + {offset}u)");
    }
    let _ = writeln!(out, "{header} {{");
    for d in &t.decls {
        let _ = writeln!(out, "    {d}");
    }
    out.push_str(&t.body);
    out.push_str("}\n");
    for (name, _) in &t.frame_arrays {
        let _ = writeln!(out, "#undef {name}");
    }
    Ok(Translated { text: out, traps: t.traps, frame_bytes: t.frame_bytes })
}

pub(crate) struct FunctionTranslator<'m, 'a> {
    pub m: &'m mut ModuleTranslator<'a>,
    func: Value,
    pub id: u16,
    rust_name: String,
    decls: Vec<String>,
    body: String,
    pub storage: HashMap<Value, Storage>,
    labels: HashMap<Block, String>,
    /// Temporaries holding a phi's old value during a parallel copy (by phi).
    phi_saves: HashMap<Value, String>,
    /// Each block's instructions in the order they are written (`schedule`).
    instruction_order: HashMap<Block, Vec<Value>>,
    /// Values whose expression is substituted into their single use instead of being
    /// assigned to a variable (fewer locals make SDCC faster and its code smaller).
    inlined: HashSet<Value>,
    /// The instruction being translated, for error messages.
    current: Option<Value>,
    pub traps: usize,
    next_local: usize,
    /// Whether byte arrays (blobs, allocas) may be `static`: true for functions that never run
    /// twice at once. Addressing them absolutely is smaller and faster than SP-relative
    /// addressing on the SM83, and keeps stack frames small: SDCC 4.2 miscompiles some
    /// accesses to frame offsets beyond `ldhl sp, #127` (see docs/cbe-notes.md).
    static_frame: bool,
    /// With a static frame: each array's name and offset in the frame.
    frame_arrays: Vec<(String, u16)>,
    frame_bytes: u16,
}

impl<'m, 'a> FunctionTranslator<'m, 'a> {
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error {
            function: Some(self.rust_name.clone()),
            instruction: self.current.map(llvm::print),
            message: message.into(),
        }
    }

    pub fn repr(&self, t: Type) -> Result<Repr, Error> {
        Repr::of(t, self.m.layout).map_err(|m| self.error(m))
    }

    pub fn repr_of(&self, v: Value) -> Result<Repr, Error> {
        self.repr(llvm::type_of(v))
    }

    pub fn line(&mut self, text: impl AsRef<str>) {
        self.body.push_str("    ");
        self.body.push_str(text.as_ref());
        self.body.push('\n');
    }

    /// Declares byte array `name`: in the stack frame, or in the static frame, which shares
    /// `cbe_frames` with every function that is never active at the same time.
    fn declare_array(&mut self, name: &str, size: u64) {
        let size = size.max(1);
        if self.static_frame {
            self.frame_arrays.push((name.to_string(), self.frame_bytes));
            self.frame_bytes = self.frame_bytes.saturating_add(u16::try_from(size).unwrap_or(u16::MAX));
        } else {
            self.decls.push(format!("uint8_t {name}[{size}];"));
        }
    }

    /// Declares a new local of `repr` and returns its name.
    pub fn new_local(&mut self, prefix: char, r: Repr) -> String {
        let name = format!("{prefix}{}", self.next_local);
        self.next_local += 1;
        match r {
            Repr::Blob { size, .. } => self.declare_array(&name, size as u64),
            _ => self.decls.push(format!("{} {name};", r.c_scalar())),
        }
        name
    }

    fn assign_storage(&mut self) -> Result<(), Error> {
        for (i, p) in llvm::params(self.func).into_iter().enumerate() {
            if llvm::param_has_byval(self.func, i as u32) {
                return Err(self.error("byval parameters are not supported"));
            }
            let s = match self.repr_of(p)? {
                Repr::Blob { .. } => Storage::Blob(format!("p{i}")),
                _ => Storage::Scalar(format!("p{i}")),
            };
            self.storage.insert(p, s);
        }
        let blocks = llvm::blocks(self.func);
        for (i, &b) in blocks.iter().enumerate() {
            self.labels.insert(b, format!("b{i}"));
        }
        let mut deferred = Vec::new();
        let mut shared: Vec<(Value, &'static str)> = Vec::new();
        for (bi, &b) in blocks.iter().enumerate() {
            for inst in llvm::instructions(b) {
                self.current = Some(inst);
                let r = self.repr_of(inst)?;
                if r == Repr::Void {
                    continue;
                }
                let op = llvm::opcode(inst);
                if op == LLVMOpcode::LLVMAlloca {
                    if bi != 0 {
                        return Err(self.error("alloca outside the entry block (dynamic stack allocation)"));
                    }
                    let count = llvm::operand(inst, 0);
                    if !llvm::is_const_int(count) {
                        return Err(self.error("alloca with a variable size"));
                    }
                    let size = self.m.layout.alloc_size(llvm::allocated_type(inst)) * llvm::const_zext(count);
                    let name = format!("a{}", self.next_local);
                    self.next_local += 1;
                    self.declare_array(&name, size as u64);
                    self.storage.insert(inst, Storage::Scalar(name));
                    continue;
                }
                if op == LLVMOpcode::LLVMExtractValue || op == LLVMOpcode::LLVMInsertValue {
                    deferred.push(inst);
                    continue;
                }
                if op == LLVMOpcode::LLVMCall && self.is_overflow_pair(inst) {
                    let (value_type, _) = self.pair_types(inst)?;
                    let a = self.new_local('v', value_type);
                    let o = self.new_local('o', Repr::Int(1));
                    self.storage.insert(inst, Storage::Pair(a, o));
                    continue;
                }
                if r != Repr::Void && !matches!(r, Repr::Blob { .. }) && inlinable(inst) {
                    // Declared only if the expression turns out too long (see `set`).
                    self.inlined.insert(inst);
                    continue;
                }
                match r {
                    // 32-bit variables are not shared: the changed allocation exposed SDCC
                    // bug 2 (docs/cbe-notes.md) in the corpus. Not retried since bug 2 is
                    // avoided (`repr::sdcc_bug2_shape`).
                    Repr::Blob { .. } | Repr::Int(17..) => {
                        let s = self.fresh_storage(r);
                        self.storage.insert(inst, s);
                    }
                    _ => shared.push((inst, r.c_scalar())),
                }
            }
        }
        // Scalars with disjoint live ranges share a variable (per C type).
        let slots = sharing::share(self.func, &self.instruction_order, &shared, &self.inlined, reuses_operand_variable);
        let mut variables: HashMap<(&'static str, usize), String> = HashMap::new();
        for (&(inst, c_type), slot) in shared.iter().zip(slots) {
            let name = match variables.get(&(c_type, slot)) {
                Some(name) => name.clone(),
                None => {
                    let name = self.new_local('v', self.repr_of(inst)?);
                    variables.insert((c_type, slot), name.clone());
                    name
                }
            };
            self.storage.insert(inst, Storage::Scalar(name));
        }
        // extractvalue/insertvalue may alias their operand's storage, which must exist first;
        // operands can be defined in blocks laid out later, so resolve recursively.
        for &inst in &deferred {
            self.resolve_deferred(inst, &deferred)?;
        }
        self.current = None;
        Ok(())
    }

    fn fresh_storage(&mut self, r: Repr) -> Storage {
        match r {
            Repr::Blob { .. } => Storage::Blob(self.new_local('v', r)),
            _ => Storage::Scalar(self.new_local('v', r)),
        }
    }

    fn resolve_deferred(&mut self, inst: Value, deferred: &[Value]) -> Result<(), Error> {
        if self.storage.contains_key(&inst) {
            return Ok(());
        }
        self.current = Some(inst);
        let base = llvm::operand(inst, 0);
        if deferred.contains(&base) {
            self.resolve_deferred(base, deferred)?;
            self.current = Some(inst);
        }
        let r = self.repr_of(inst)?;
        let s = match (llvm::opcode(inst), self.storage.get(&base)) {
            // Taking apart an overflow pair: the part itself.
            (LLVMOpcode::LLVMExtractValue, Some(Storage::Pair(a, o))) => match llvm::indices(inst)[..] {
                [0] if matches!(r, Repr::Blob { .. }) => Storage::Blob(a.clone()),
                [0] => Storage::Scalar(a.clone()),
                [1] => Storage::Scalar(o.clone()),
                _ => return Err(self.error("unexpected index into an overflow result")),
            },
            // Building on an aggregate nobody else reads: update it in place (a phi's or a
            // parameter's storage is shared with other values, so those are copied).
            (LLVMOpcode::LLVMInsertValue, Some(Storage::Blob(name)))
                if llvm::is_instruction(base)
                    && llvm::opcode(base) != LLVMOpcode::LLVMPHI
                    && llvm::users(base).len() == 1 =>
            {
                Storage::Blob(name.clone())
            }
            _ => self.fresh_storage(r),
        };
        self.storage.insert(inst, s);
        Ok(())
    }

    /// Whether `call` is an overflow intrinsic whose result is only taken apart.
    fn is_overflow_pair(&self, call: Value) -> bool {
        let callee = llvm::called_value(call);
        if !llvm::is_function(callee) {
            return false;
        }
        let name = llvm::name(callee);
        name.starts_with("llvm.") && name.contains(".with.overflow.") && llvm::users(call).iter().all(|&u| llvm::is_instruction(u) && llvm::opcode(u) == LLVMOpcode::LLVMExtractValue)
    }

    pub fn pair_types(&self, call: Value) -> Result<(Repr, Repr), Error> {
        let fields = llvm::struct_field_types(llvm::type_of(call));
        Ok((self.repr(fields[0])?, self.repr(fields[1])?))
    }

    // ---- operands ----

    /// A C expression for a scalar (native integer or pointer) operand.
    pub fn scalar(&mut self, v: Value) -> Result<String, Error> {
        if let Some(s) = self.storage.get(&v) {
            return match s {
                Storage::Scalar(e) => Ok(e.clone()),
                _ => Err(self.error(format!("`{}` used as a scalar", llvm::print(v)))),
            };
        }
        if llvm::is_constant(v) {
            return self.constant_scalar(v);
        }
        Err(self.error(format!("operand `{}` has no translation", llvm::print(v))))
    }

    /// Whether scalar operand `v` is a variable, a constant, a whole-byte load or a comparison: an
    /// expression SDCC 4.2 widens from a byte correctly (`repr::convert`, bug 3).
    pub fn is_plain(&self, v: Value) -> bool {
        if llvm::is_constant(v) {
            return true;
        }
        if llvm::is_instruction(v) {
            match llvm::opcode(v) {
                LLVMOpcode::LLVMICmp => return true,
                // A load of a narrower width is masked: an expression again.
                LLVMOpcode::LLVMLoad if matches!(self.repr_of(v), Ok(Repr::Int(8 | 16 | 32) | Repr::Ptr)) => return true,
                _ => {}
            }
        }
        matches!(self.storage.get(&v), Some(Storage::Scalar(e)) if e.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'))
    }

    /// A pointer expression to the bytes of a blob operand.
    pub fn blob(&mut self, v: Value) -> Result<String, Error> {
        if let Some(s) = self.storage.get(&v) {
            return match s {
                Storage::Blob(e) => Ok(e.clone()),
                _ => Err(self.error(format!("`{}` used as an aggregate", llvm::print(v)))),
            };
        }
        if llvm::is_constant(v) {
            let name = self.m.pool_constant(v).map_err(|m| self.error(m))?;
            return Ok(name);
        }
        Err(self.error(format!("operand `{}` has no translation", llvm::print(v))))
    }

    /// An argument for a call or helper: scalar expression or blob pointer.
    pub fn any(&mut self, v: Value) -> Result<String, Error> {
        match self.repr_of(v)? {
            Repr::Blob { .. } => self.blob(v),
            _ => self.scalar(v),
        }
    }

    fn constant_scalar(&mut self, v: Value) -> Result<String, Error> {
        let r = self.repr_of(v)?;
        if llvm::is_undef(v) || llvm::is_null_pointer(v) {
            return Ok(match r {
                Repr::Ptr => "(uint8_t *)0".to_string(),
                _ => "0u".to_string(),
            });
        }
        if let Repr::Int(bits) = r
            && llvm::is_const_int(v)
        {
            return Ok(repr::literal(llvm::const_zext(v), bits));
        }
        if llvm::is_function(v) || llvm::is_global_variable(v) {
            let name = self.m.names.get(&v).cloned().ok_or_else(|| self.error("reference to an unknown symbol"))?;
            return Ok(format!("({})", consts::address_expr(&name, 0)));
        }
        if llvm::is_const_expr(v) {
            return self.constant_expression(v);
        }
        Err(self.error(format!("unsupported constant `{}`", llvm::print(v))))
    }

    /// Constant expressions are translated like the instructions they stand for.
    fn constant_expression(&mut self, v: Value) -> Result<String, Error> {
        let op = llvm::const_opcode(v);
        if op == LLVMOpcode::LLVMGetElementPtr {
            let base = self.scalar(llvm::operand(v, 0))?;
            let offset = consts::constant_gep_offset(v, self.m.layout).map_err(|m| self.error(m))?;
            return Ok(offset_pointer(&base, offset));
        }
        if let Some(b) = BinOp::from_opcode(op) {
            let Repr::Int(bits) = self.repr_of(v)? else {
                return Err(self.error(format!("unsupported constant expression `{}`", llvm::print(v))));
            };
            return self.native_binop(b, bits, llvm::operand(v, 0), llvm::operand(v, 1));
        }
        self.cast_expression(op, llvm::operand(v, 0), llvm::type_of(v))?
            .ok_or_else(|| self.error(format!("unsupported constant expression `{}`", llvm::print(v))))
    }

    /// Casts between scalars as one expression; `None` when either side is a blob.
    fn cast_expression(&mut self, op: LLVMOpcode, src: Value, to: Type) -> Result<Option<String>, Error> {
        let from_r = self.repr_of(src)?;
        let to_r = self.repr(to)?;
        let e = match (op, from_r, to_r) {
            (LLVMOpcode::LLVMZExt, Repr::Int(a), Repr::Int(b)) => repr::convert(&self.scalar(src)?, a, b, false, self.is_plain(src)),
            (LLVMOpcode::LLVMSExt, Repr::Int(a), Repr::Int(b)) => repr::convert(&self.scalar(src)?, a, b, true, self.is_plain(src)),
            (LLVMOpcode::LLVMTrunc, Repr::Int(a), Repr::Int(b)) => repr::convert(&self.scalar(src)?, a, b, false, self.is_plain(src)),
            (LLVMOpcode::LLVMPtrToInt, Repr::Ptr, Repr::Int(b)) => {
                repr::convert(&format!("(uint16_t)({})", self.scalar(src)?), 16, b, false, true)
            }
            (LLVMOpcode::LLVMIntToPtr, Repr::Int(a), Repr::Ptr) => {
                format!("(uint8_t *)({})", repr::convert(&self.scalar(src)?, a, 16, false, self.is_plain(src)))
            }
            (LLVMOpcode::LLVMAddrSpaceCast | LLVMOpcode::LLVMBitCast, Repr::Ptr, Repr::Ptr) => self.scalar(src)?,
            (LLVMOpcode::LLVMBitCast, Repr::Int(a), Repr::Int(b)) if a == b => self.scalar(src)?,
            (
                LLVMOpcode::LLVMZExt
                | LLVMOpcode::LLVMSExt
                | LLVMOpcode::LLVMTrunc
                | LLVMOpcode::LLVMPtrToInt
                | LLVMOpcode::LLVMIntToPtr
                | LLVMOpcode::LLVMBitCast,
                Repr::Blob { .. },
                _,
            )
            | (
                LLVMOpcode::LLVMZExt
                | LLVMOpcode::LLVMSExt
                | LLVMOpcode::LLVMTrunc
                | LLVMOpcode::LLVMPtrToInt
                | LLVMOpcode::LLVMBitCast,
                _,
                Repr::Blob { .. },
            ) => return Ok(None),
            _ => return Err(self.error(format!("unsupported conversion from {from_r:?} to {to_r:?}"))),
        };
        Ok(Some(e))
    }

    // ---- blocks and terminators ----

    /// Translates block `b`; a last jump to `next`, the block written after it, is left out.
    fn translate_block(&mut self, b: Block, next: Option<Block>) -> Result<(), Error> {
        let label = self.labels[&b].clone();
        let _ = writeln!(self.body, "{label}:;");
        for inst in self.instruction_order[&b].clone() {
            self.current = Some(inst);
            self.translate_instruction(inst)?;
        }
        self.current = None;
        if let Some(next) = next {
            let jump = format!("goto {};\n", self.labels[&next]);
            if self.body.ends_with(&jump) {
                self.body.truncate(self.body.len() - jump.len());
                self.body.push('\n');
            }
        }
        Ok(())
    }

    /// The statements for the edge `from -> to`: phi copies, then the jump.
    fn edge(&mut self, from: Block, to: Block) -> Result<String, Error> {
        // (whether wider than 16 bits, phi, incoming value)
        let mut keyed: Vec<(bool, Value, Value)> = Vec::new();
        for inst in llvm::instructions(to) {
            if llvm::opcode(inst) != LLVMOpcode::LLVMPHI {
                break;
            }
            // A block may reach another through several edges (switch cases): all carry the
            // same incoming value.
            if let Some(&(v, _)) = llvm::incoming(inst).iter().find(|(_, blk)| *blk == from) {
                if v != inst {
                    keyed.push((!matches!(self.repr_of(inst)?, Repr::Int(1..=16) | Repr::Ptr), inst, v));
                }
            }
        }
        // Scalars of one or two bytes first, 32-bit ones after: SDCC 4.2 copies a 32-bit
        // stack value through A without saving a byte value it holds there for a later copy
        // of the same edge ("bug 6", docs/cbe-notes.md). Values computed just before the edge
        // (a call's result is in A) are then stored before any such copy. (Blobs are copied
        // by a call, around which SDCC saves what it needs.)
        keyed.sort_by_key(|&(wide, _, _)| wide);
        // (whether wide, phi, destination, source); a phi that shares its incoming value's
        // variable (see `sharing`) needs no copy.
        let mut pending = Vec::new();
        for (wide, phi, src) in keyed {
            let (dest, from) = (self.any(phi)?, self.any(src)?);
            if dest != from {
                pending.push((wide, phi, dest, from));
            }
        }
        // The copies form a parallel copy: each is made once no other still reads its
        // destination; where every one left waits for another (a cycle, as in a swap), one
        // destination's old value is saved in a temporary first. Phis of `to` are the only
        // variables both written and read here (any other value a copy reads is live at the
        // edge, so no phi of `to` shares its variable). The wide ones stay after the narrow
        // ones: variables of different C types never depend on each other.
        let mut text = String::new();
        while let Some(&(wide, ..)) = pending.first() {
            let waits = |dest: &String| pending.iter().any(|(_, _, _, from)| from == dest);
            match pending.iter().position(|(w, _, dest, _)| *w == wide && !waits(dest)) {
                Some(i) => {
                    let (_, phi, dest, from) = pending.remove(i);
                    text.push_str(&self.copy_statement(&dest, &from, self.repr_of(phi)?));
                }
                None => {
                    let (_, phi, dest, _) = pending[0].clone();
                    let r = self.repr_of(phi)?;
                    let tmp = match self.phi_saves.get(&phi) {
                        Some(t) => t.clone(),
                        None => {
                            let t = self.new_local('t', r);
                            self.phi_saves.insert(phi, t.clone());
                            t
                        }
                    };
                    text.push_str(&self.copy_statement(&tmp, &dest, r));
                    for (_, _, _, from) in pending.iter_mut().filter(|(_, _, _, from)| *from == dest) {
                        *from = tmp.clone();
                    }
                }
            }
        }
        let _ = write!(text, "goto {};", self.labels[&to]);
        Ok(text)
    }

    fn copy_statement(&self, dest: &str, src: &str, r: Repr) -> String {
        match r {
            Repr::Blob { size, .. } => format!("cbe_copy({dest}, {src}, {size}); "),
            _ => format!("{dest} = {src}; "),
        }
    }

    /// Calls `cbe_trap` (a trap right after a trap, as `llvm.trap` before `unreachable`, is
    /// left out). One shared call that every trap jumps to was tried: the joined paths made
    /// SDCC's allocation worse (latin_fill in `make bench-codegen`: 972 -> 1101 bytes).
    pub fn trap(&mut self) {
        let id = self.id;
        let call = format!("cbe_trap({id}u);\n");
        if self.body.ends_with(&call) {
            return;
        }
        self.traps += 1;
        self.line(call.trim_end());
    }

    /// Assigns a scalar result (skipped when nothing uses it: no side effects are lost since
    /// only pure expressions come through here).
    pub fn set(&mut self, inst: Value, expr: String) -> Result<(), Error> {
        if llvm::users(inst).is_empty() {
            return Ok(());
        }
        if self.inlined.contains(&inst) {
            if expr.len() <= MAX_INLINE_CHARS {
                self.storage.insert(inst, Storage::Scalar(format!("({expr})")));
                return Ok(());
            }
            let s = self.fresh_storage(self.repr_of(inst)?);
            self.storage.insert(inst, s);
        }
        let dest = self.scalar(inst)?;
        self.line(format!("{dest} = {expr};"));
        Ok(())
    }

    fn translate_instruction(&mut self, inst: Value) -> Result<(), Error> {
        use LLVMOpcode::*;
        let op = llvm::opcode(inst);
        if let Some(b) = BinOp::from_opcode(op) {
            return self.binary(inst, b);
        }
        match op {
            LLVMRet => {
                if llvm::operand_count(inst) == 0 {
                    self.line("return;");
                } else {
                    let v = llvm::operand(inst, 0);
                    match self.repr_of(v)? {
                        Repr::Blob { size, .. } => {
                            let src = self.blob(v)?;
                            self.line(format!("cbe_copy(cbe_ret, {src}, {size});"));
                            self.line("return;");
                        }
                        _ => {
                            let e = self.scalar(v)?;
                            self.line(format!("return {e};"));
                        }
                    }
                }
            }
            LLVMBr => {
                let from = llvm::block_of(inst);
                if llvm::is_conditional(inst) {
                    let cond = self.scalar(llvm::operand(inst, 0))?;
                    let t = self.edge(from, llvm::successor(inst, 0))?;
                    let f = self.edge(from, llvm::successor(inst, 1))?;
                    self.line(format!("if ({cond}) {{ {t} }}"));
                    self.line(f);
                } else {
                    let e = self.edge(from, llvm::successor(inst, 0))?;
                    self.line(e);
                }
            }
            LLVMSwitch => self.switch(inst)?,
            LLVMUnreachable => self.trap(),
            LLVMICmp => self.icmp(inst)?,
            LLVMSelect => {
                let c = self.scalar(llvm::operand(inst, 0))?;
                match self.repr_of(inst)? {
                    Repr::Blob { size, .. } => {
                        let a = self.blob(llvm::operand(inst, 1))?;
                        let b = self.blob(llvm::operand(inst, 2))?;
                        let d = self.blob(inst)?;
                        self.line(format!("cbe_copy({d}, {c} ? {a} : {b}, {size});"));
                    }
                    // LLVM's logical `a && b` and `a || b` of booleans (`select a, b, false`
                    // and `select a, true, b`), branched on: as C's, for the reason given in
                    // `binary`.
                    Repr::Int(1) if is_branch_condition(inst) && is_const_bool(llvm::operand(inst, 2), false) => {
                        let a = self.scalar(llvm::operand(inst, 1))?;
                        self.set(inst, format!("({c} && {a})"))?;
                    }
                    Repr::Int(1) if is_branch_condition(inst) && is_const_bool(llvm::operand(inst, 1), true) => {
                        let b = self.scalar(llvm::operand(inst, 2))?;
                        self.set(inst, format!("({c} || {b})"))?;
                    }
                    _ => {
                        let a = self.scalar(llvm::operand(inst, 1))?;
                        let b = self.scalar(llvm::operand(inst, 2))?;
                        self.set(inst, format!("({c} ? {a} : {b})"))?;
                    }
                }
            }
            LLVMZExt | LLVMSExt | LLVMTrunc | LLVMPtrToInt | LLVMIntToPtr | LLVMAddrSpaceCast | LLVMBitCast => {
                let src = llvm::operand(inst, 0);
                match self.cast_expression(op, src, llvm::type_of(inst))? {
                    Some(e) => self.set(inst, e)?,
                    None => self.wide_cast(inst, op, src)?,
                }
            }
            LLVMFreeze => {
                let src = llvm::operand(inst, 0);
                match self.repr_of(inst)? {
                    Repr::Blob { size, .. } => {
                        let (d, s) = (self.blob(inst)?, self.blob(src)?);
                        self.line(format!("cbe_copy({d}, {s}, {size});"));
                    }
                    _ => {
                        let s = self.scalar(src)?;
                        self.set(inst, s)?;
                    }
                }
            }
            LLVMAlloca | LLVMPHI => {}
            LLVMLoad => self.load(inst)?,
            LLVMStore => self.store(inst)?,
            LLVMGetElementPtr => self.gep(inst)?,
            LLVMExtractValue => self.extract_value(inst)?,
            LLVMInsertValue => self.insert_value(inst)?,
            LLVMCall => self.call(inst)?,
            LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem | LLVMFNeg | LLVMFCmp | LLVMFPToUI | LLVMFPToSI
            | LLVMUIToFP | LLVMSIToFP | LLVMFPTrunc | LLVMFPExt => {
                return Err(self.error("floating point is not supported on the Game Boy"));
            }
            LLVMExtractElement | LLVMInsertElement | LLVMShuffleVector => {
                return Err(self.error("vector operations are not supported"));
            }
            _ => return Err(self.error("unsupported instruction")),
        }
        Ok(())
    }

    fn binary(&mut self, inst: Value, b: BinOp) -> Result<(), Error> {
        let (x, y) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
        match self.repr_of(inst)? {
            // A branch on `a | b` or `a & b` of booleans: C's `||` and `&&` let SDCC jump on
            // each comparison instead of making two bytes of 0 or 1 and combining them. The
            // operands are pure, so not evaluating the second one changes nothing.
            Repr::Int(1) if matches!(b, BinOp::Or | BinOp::And) && is_branch_condition(inst) => {
                let (xs, ys) = (self.scalar(x)?, self.scalar(y)?);
                let c_op = if b == BinOp::Or { "||" } else { "&&" };
                self.set(inst, format!("({xs} {c_op} {ys})"))
            }
            Repr::Int(bits) => {
                let e = self.native_binop(b, bits, x, y)?;
                self.set(inst, e)
            }
            Repr::Blob { wide_bits: Some(bits), .. } => {
                let (xs, d) = (self.blob(x)?, self.blob(inst)?);
                let helper = b.wide_helper();
                if matches!(b, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
                    // Amounts past 65535 exceed every width: any 16 bits of them do as well as
                    // any other for a poison result.
                    let amount = self.wide_low16(y)?;
                    self.line(format!("{helper}({d}, {xs}, {amount}, {bits}u);"));
                } else {
                    let ys = self.blob(y)?;
                    self.line(format!("{helper}({d}, {xs}, {ys}, {bits}u);"));
                }
                Ok(())
            }
            _ => Err(self.error("arithmetic on a non-integer type")),
        }
    }

    /// The C expression for `x op y` on native integers. A constant operand goes on the right
    /// when the operation commutes (LLVM canonicalises instructions so, not necessarily constant
    /// expressions): `repr::binop` chooses its code by that constant's value.
    fn native_binop(&mut self, b: BinOp, bits: u32, x: Value, y: Value) -> Result<String, Error> {
        let (x, y) = if b.commutes() && llvm::is_const_int(x) && !llvm::is_const_int(y) { (y, x) } else { (x, y) };
        let k = llvm::is_const_int(y).then(|| llvm::const_zext(y));
        let xs = self.scalar(x)?;
        // A shift amount is reduced below the width (at most 32) and taken as a byte: a byte
        // widened for the shift (`1u16 << (digit as u16)`) serves as it is.
        let is_shift = matches!(b, BinOp::Shl | BinOp::LShr | BinOp::AShr);
        let amount = match self.widened_byte(y) {
            Some(byte) if is_shift => byte,
            _ => y,
        };
        let in_range = is_shift && masked_below(amount, repr::container(bits));
        let ys = self.scalar(amount)?;
        Ok(repr::binop(b, bits, &xs, &ys, llvm::is_const_int(x), k, in_range))
    }

    /// The byte that `v` zero-extends, when `v` is a zero extension of an 8-bit value
    /// substituted into its use (so the byte is live there, see `sharing`).
    fn widened_byte(&self, v: Value) -> Option<Value> {
        if !self.inlined.contains(&v) || llvm::opcode(v) != LLVMOpcode::LLVMZExt {
            return None;
        }
        let from = llvm::operand(v, 0);
        (llvm::int_width(llvm::type_of(from)) == 8).then_some(from)
    }

    /// The low 16 bits of a wide integer operand.
    pub fn wide_low16(&mut self, v: Value) -> Result<String, Error> {
        if llvm::is_const_int(v) {
            let bytes = repr::int_bytes(v, llvm::int_width(llvm::type_of(v))).map_err(|m| self.error(m))?;
            return Ok(repr::literal(u64::from(u16::from_le_bytes([bytes[0], bytes[1]])), 16));
        }
        let b = self.blob(v)?;
        Ok(format!("*(const uint16_t *)({b})"))
    }

    fn icmp(&mut self, inst: Value) -> Result<(), Error> {
        let (x, y) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
        let pred = llvm::icmp_predicate(inst);
        let e = match self.repr_of(x)? {
            Repr::Int(bits) => {
                let (xs, ys) = (self.scalar(x)?, self.scalar(y)?);
                repr::compare(pred, bits, &xs, &ys)
            }
            Repr::Ptr => {
                let (xs, ys) = (self.scalar(x)?, self.scalar(y)?);
                repr::compare(pred, 16, &format!("(uint16_t)({xs})"), &format!("(uint16_t)({ys})"))
            }
            Repr::Blob { wide_bits: Some(bits), .. } => {
                let (xs, ys) = (self.blob(x)?, self.blob(y)?);
                let (signed, op) = repr::wide_compare(pred);
                format!("(cbe_wcmp({xs}, {ys}, {bits}u, {}) {op} 0)", u8::from(signed))
            }
            _ => return Err(self.error("comparison of unsupported operands")),
        };
        self.set(inst, e)
    }

    fn wide_cast(&mut self, inst: Value, op: LLVMOpcode, src: Value) -> Result<(), Error> {
        let signed = u8::from(op == LLVMOpcode::LLVMSExt);
        let to = self.repr_of(inst)?;
        match (self.repr_of(src)?, to) {
            (Repr::Int(a), Repr::Blob { wide_bits: Some(b), .. }) => {
                let (s, d) = (self.scalar(src)?, self.blob(inst)?);
                self.line(format!("cbe_wfrom32({d}, {b}u, (uint32_t)({s}), {a}u, {signed});"));
            }
            (Repr::Ptr, Repr::Blob { wide_bits: Some(b), .. }) => {
                let (s, d) = (self.scalar(src)?, self.blob(inst)?);
                self.line(format!("cbe_wfrom32({d}, {b}u, (uint16_t)({s}), 16u, 0);"));
            }
            (Repr::Blob { wide_bits: Some(a), .. }, Repr::Blob { wide_bits: Some(b), .. }) => {
                let (s, d) = (self.blob(src)?, self.blob(inst)?);
                if op == LLVMOpcode::LLVMBitCast {
                    self.line(format!("cbe_copy({d}, {s}, {});", b.div_ceil(8)));
                } else {
                    self.line(format!("cbe_wresize({d}, {b}u, {s}, {a}u, {signed});"));
                }
            }
            (Repr::Blob { wide_bits: Some(_), .. }, Repr::Int(b)) => {
                let s = self.blob(src)?;
                self.set(inst, repr::wrap(&format!("*(const uint32_t *)({s})"), b))?;
            }
            (Repr::Blob { wide_bits: Some(_), .. }, Repr::Ptr) => {
                let s = self.blob(src)?;
                self.set(inst, format!("(uint8_t *)*(const uint16_t *)({s})"))?;
            }
            (a, b) => return Err(self.error(format!("unsupported conversion from {a:?} to {b:?}"))),
        }
        Ok(())
    }

    fn switch(&mut self, inst: Value) -> Result<(), Error> {
        let from = llvm::block_of(inst);
        let cond = llvm::operand(inst, 0);
        let n = llvm::successor_count(inst);
        match self.repr_of(cond)? {
            Repr::Int(bits) => {
                let c = self.scalar(cond)?;
                self.line(format!("switch ({c}) {{"));
                for i in 1..n {
                    let k = repr::literal(llvm::const_zext(llvm::switch_case_value(inst, i)), bits);
                    let e = self.edge(from, llvm::successor(inst, i))?;
                    self.line(format!("case {k}: {e}"));
                }
                let e = self.edge(from, llvm::successor(inst, 0))?;
                self.line(format!("default: {e}"));
                self.line("}");
            }
            Repr::Blob { wide_bits: Some(bits), .. } => {
                let c = self.blob(cond)?;
                for i in 1..n {
                    let k = self.blob(llvm::switch_case_value(inst, i))?;
                    let e = self.edge(from, llvm::successor(inst, i))?;
                    self.line(format!("if (cbe_wcmp({c}, {k}, {bits}u, 0) == 0) {{ {e} }}"));
                }
                let e = self.edge(from, llvm::successor(inst, 0))?;
                self.line(e);
            }
            _ => return Err(self.error("switch on an unsupported type")),
        }
        Ok(())
    }

    /// Whether a memory access must be volatile in C (volatile, or atomic: on one core with
    /// interrupts, a single-byte access is atomic as long as it is not split or cached).
    fn access_is_volatile(&self, inst: Value, size: u32) -> Result<bool, Error> {
        if llvm::is_atomic_access(inst) {
            if size != 1 {
                return Err(self.error("atomic accesses wider than one byte are not atomic on the SM83"));
            }
            return Ok(true);
        }
        Ok(llvm::is_volatile(inst))
    }

    fn load(&mut self, inst: Value) -> Result<(), Error> {
        let p = self.scalar(llvm::operand(inst, 0))?;
        let r = self.repr_of(inst)?;
        let size = self.m.layout.store_size(llvm::type_of(inst)) as u32;
        let volatile = self.access_is_volatile(inst, size)?;
        let q = if volatile { "volatile " } else { "" };
        match r {
            Repr::Ptr if volatile => self.volatile_read(inst, format!("*({q}uint8_t **)({p})")),
            Repr::Ptr => self.set(inst, format!("*({q}uint8_t **)({p})")),
            Repr::Int(bits) => {
                let c = repr::container(bits);
                let raw = if size * 8 == c {
                    format!("*({q}{} *)({p})", repr::uint_type(bits))
                } else if volatile {
                    return Err(self.error("volatile access of an odd-sized integer"));
                } else {
                    // 3 bytes (i17..i24) in a uint32_t.
                    format!("((uint32_t)*(uint16_t *)({p}) | ((uint32_t)*(uint8_t *)(({p}) + 2) << 16u))")
                };
                let e = if bits == c { raw } else { repr::wrap(&raw, bits) };
                if volatile { self.volatile_read(inst, e) } else { self.set(inst, e) }
            }
            Repr::Blob { size, wide_bits } => {
                if volatile {
                    return Err(self.error("volatile access of an aggregate or wide integer"));
                }
                let d = self.blob(inst)?;
                self.line(format!("cbe_copy({d}, {p}, {size});"));
                if let Some(bits) = wide_bits
                    && bits % 8 != 0
                {
                    // Keep the bits above the width zero, as every wide value must.
                    self.line(format!("{d}[{}] &= {:#04x};", size - 1, (1u32 << (bits % 8)) - 1));
                }
                Ok(())
            }
            Repr::Void => Err(self.error("load of void")),
        }
    }

    /// A volatile read happens even when its value is unused.
    fn volatile_read(&mut self, inst: Value, expr: String) -> Result<(), Error> {
        if llvm::users(inst).is_empty() {
            self.line(format!("(void){expr};"));
            Ok(())
        } else {
            self.set(inst, expr)
        }
    }

    fn store(&mut self, inst: Value) -> Result<(), Error> {
        let v = llvm::operand(inst, 0);
        let p = self.scalar(llvm::operand(inst, 1))?;
        let size = self.m.layout.store_size(llvm::type_of(v)) as u32;
        let volatile = self.access_is_volatile(inst, size)?;
        let q = if volatile { "volatile " } else { "" };
        match self.repr_of(v)? {
            Repr::Ptr => {
                let e = self.scalar(v)?;
                self.line(format!("*({q}uint8_t **)({p}) = {e};"));
            }
            Repr::Int(bits) => {
                let e = self.scalar(v)?;
                if size * 8 == repr::container(bits) {
                    self.line(format!("*({q}{} *)({p}) = {e};", repr::uint_type(bits)));
                } else if volatile {
                    return Err(self.error("volatile access of an odd-sized integer"));
                } else {
                    // Evaluated once: the value may be a substituted load of the same bytes.
                    let t = self.new_local('t', Repr::Int(32));
                    self.line(format!("{t} = {e};"));
                    self.line(format!("*(uint16_t *)({p}) = (uint16_t){t};"));
                    self.line(format!("*(uint8_t *)(({p}) + 2) = (uint8_t)({t} >> 16);"));
                }
            }
            Repr::Blob { size, .. } => {
                if volatile {
                    return Err(self.error("volatile access of an aggregate or wide integer"));
                }
                let s = self.blob(v)?;
                self.line(format!("cbe_copy({p}, {s}, {size});"));
            }
            Repr::Void => return Err(self.error("store of void")),
        }
        Ok(())
    }

    fn gep(&mut self, inst: Value) -> Result<(), Error> {
        let base = self.scalar(llvm::operand(inst, 0))?;
        let mut t = llvm::gep_source_type(inst);
        let mut constant = 0i64;
        let mut terms = Vec::new();
        for i in 1..llvm::operand_count(inst) {
            let index = llvm::operand(inst, i);
            let scale: u64;
            if i == 1 {
                scale = self.m.layout.alloc_size(t);
            } else {
                match llvm::kind(t) {
                    llvm_sys::LLVMTypeKind::LLVMStructTypeKind => {
                        let k = llvm::const_zext(index) as u32;
                        constant += self.m.layout.field_offset(t, k) as i64;
                        t = llvm::struct_field_types(t)[k as usize];
                        continue;
                    }
                    llvm_sys::LLVMTypeKind::LLVMArrayTypeKind => {
                        t = llvm::element_type(t);
                        scale = self.m.layout.alloc_size(t);
                    }
                    _ => return Err(self.error(format!("GEP over {}", llvm::print_type(t)))),
                }
            }
            if llvm::is_const_int(index) && llvm::int_width(llvm::type_of(index)) <= 64 {
                constant = constant.wrapping_add(llvm::const_sext(index).wrapping_mul(scale as i64));
                continue;
            }
            // Indices are sign-extended or truncated to the 16-bit index width.
            let idx = match self.repr_of(index)? {
                Repr::Int(bits) if bits < 16 => format!("(uint16_t){}", repr::sext(&self.scalar(index)?, bits)),
                Repr::Int(16) => self.scalar(index)?,
                Repr::Int(_) => format!("(uint16_t)({})", self.scalar(index)?),
                Repr::Blob { wide_bits: Some(_), .. } => self.wide_low16(index)?,
                _ => return Err(self.error("vector GEP indices are not supported")),
            };
            terms.push(if scale == 1 { idx } else { format!("(uint16_t){}", repr::scaled(&format!("(uint16_t)({idx})"), scale)) });
        }
        let e = if terms.is_empty() {
            offset_pointer(&base, constant)
        } else {
            let k = (constant as u64) & 0xFFFF;
            if k != 0 {
                terms.push(repr::literal(k, 16));
            }
            format!("({base} + (uint16_t)({}))", terms.join(" + "))
        };
        self.set(inst, e)
    }

    /// Offset and type of the member an extractvalue/insertvalue addresses.
    fn member(&self, aggregate: Type, indices: &[u32]) -> Result<(u32, Type), Error> {
        let mut t = aggregate;
        let mut offset = 0u64;
        for &i in indices {
            match llvm::kind(t) {
                llvm_sys::LLVMTypeKind::LLVMStructTypeKind => {
                    offset += self.m.layout.field_offset(t, i);
                    t = llvm::struct_field_types(t)[i as usize];
                }
                llvm_sys::LLVMTypeKind::LLVMArrayTypeKind => {
                    t = llvm::element_type(t);
                    offset += u64::from(i) * self.m.layout.alloc_size(t);
                }
                _ => return Err(self.error("member of a non-aggregate")),
            }
        }
        Ok((offset as u32, t))
    }

    fn extract_value(&mut self, inst: Value) -> Result<(), Error> {
        let agg = llvm::operand(inst, 0);
        if let Some(Storage::Pair(..)) = self.storage.get(&agg) {
            return Ok(()); // the extracted part is the pair's own variable
        }
        let (offset, _) = self.member(llvm::type_of(agg), &llvm::indices(inst))?;
        let src = self.blob(agg)?;
        let at = format!("({src} + {offset})");
        match self.repr_of(inst)? {
            Repr::Ptr => self.set(inst, format!("*(uint8_t **){at}")),
            Repr::Int(bits) => {
                let size = bits.div_ceil(8);
                let raw = if size * 8 == repr::container(bits) {
                    format!("*({} *){at}", repr::uint_type(bits))
                } else {
                    format!("((uint32_t)*(uint16_t *){at} | ((uint32_t)*(uint8_t *)({at} + 2) << 16u))")
                };
                self.set(inst, raw)
            }
            Repr::Blob { size, .. } => {
                let d = self.blob(inst)?;
                self.line(format!("cbe_copy({d}, {at}, {size});"));
                Ok(())
            }
            Repr::Void => Err(self.error("extractvalue of void")),
        }
    }

    fn insert_value(&mut self, inst: Value) -> Result<(), Error> {
        let agg = llvm::operand(inst, 0);
        let v = llvm::operand(inst, 1);
        let Repr::Blob { size, .. } = self.repr_of(inst)? else {
            return Err(self.error("insertvalue into a non-aggregate"));
        };
        let d = self.blob(inst)?;
        if !llvm::is_undef(agg) {
            let s = self.blob(agg)?;
            if s != d {
                self.line(format!("cbe_copy({d}, {s}, {size});"));
            }
        }
        let (offset, _) = self.member(llvm::type_of(agg), &llvm::indices(inst))?;
        let at = format!("({d} + {offset})");
        match self.repr_of(v)? {
            Repr::Ptr => {
                let e = self.scalar(v)?;
                self.line(format!("*(uint8_t **){at} = {e};"));
            }
            Repr::Int(bits) => {
                let e = self.scalar(v)?;
                if bits.div_ceil(8) * 8 == repr::container(bits) {
                    self.line(format!("*({} *){at} = {e};", repr::uint_type(bits)));
                } else {
                    self.line(format!("*(uint16_t *){at} = (uint16_t)({e});"));
                    self.line(format!("*(uint8_t *)({at} + 2) = (uint8_t)(({e}) >> 16);"));
                }
            }
            Repr::Blob { size: vs, .. } => {
                let s = self.blob(v)?;
                self.line(format!("cbe_copy({at}, {s}, {vs});"));
            }
            Repr::Void => return Err(self.error("insertvalue of void")),
        }
        Ok(())
    }

    fn call(&mut self, inst: Value) -> Result<(), Error> {
        let callee = llvm::called_value(inst);
        if llvm::is_inline_asm(callee) {
            // `core::hint::black_box` is an empty asm statement with a memory clobber: doing
            // nothing is exactly its meaning. Real assembly cannot cross to SDCC.
            if llvm::inline_asm_template(callee).trim().is_empty() && self.repr_of(inst)? == Repr::Void {
                return Ok(());
            }
            return Err(self.error("inline assembly is not supported"));
        }
        if llvm::is_function(callee) && llvm::name(callee).starts_with("llvm.") {
            return self.intrinsic(inst, &llvm::name(callee));
        }
        let fn_type = llvm::called_function_type(inst);
        let layout = self.m.layout;
        if llvm::is_vararg(fn_type) {
            return Err(self.error("calls to variadic functions are not supported"));
        }
        let mut args = Vec::new();
        let ret = self.repr_of(inst)?;
        if let Repr::Blob { .. } = ret {
            args.push(self.blob(inst)?);
        }
        for i in 0..llvm::arg_count(inst) {
            args.push(self.any(llvm::operand(inst, i))?);
        }
        let target = if llvm::is_function(callee) && llvm::function_type(callee) == fn_type {
            self.m.names[&callee].clone()
        } else {
            let ptr_type = function_pointer_type(layout, fn_type).map_err(|m| self.error(m))?;
            let f = self.scalar(callee)?;
            format!("(({ptr_type})({f}))")
        };
        let call = format!("{target}({})", args.join(", "));
        match ret {
            Repr::Int(_) | Repr::Ptr if !llvm::users(inst).is_empty() => {
                let d = self.scalar(inst)?;
                self.line(format!("{d} = {call};"));
            }
            _ => self.line(format!("{call};")),
        }
        Ok(())
    }
}

/// Expressions longer than this get a variable even when used once (bounds the text growth
/// of nested substitutions).
const MAX_INLINE_CHARS: usize = 160;

/// Whether a value can be computed at its single use instead of at its definition: it is a
/// pure expression (or a plain load with no store or call before it is read), used once, by a
/// non-phi instruction of the same block (phi copies run on edges, where a substituted
/// expression could read a phi variable that an earlier copy already overwrote).
fn inlinable(inst: Value) -> bool {
    use LLVMOpcode::*;
    let users = llvm::users(inst);
    let [user] = users[..] else { return false };
    if !llvm::is_instruction(user) || llvm::opcode(user) == LLVMPHI || llvm::block_of(user) != llvm::block_of(inst) {
        return false;
    }
    let op = llvm::opcode(inst);
    let pure = schedule::is_pure(op);
    if pure {
        return true;
    }
    if op != LLVMLoad || llvm::is_volatile(inst) || llvm::is_atomic_access(inst) {
        return false;
    }
    // The load is read where its expression is written: at its user or, when that is a pure
    // expression substituted into its own single user, further on (`v = load; c = trunc v;
    // store 0; br c` reads the load at the branch). Nothing from the load to there may
    // write memory.
    let block = llvm::block_of(inst);
    let mut read_at = user;
    while schedule::is_pure(llvm::opcode(read_at)) {
        match llvm::users(read_at)[..] {
            [next] if llvm::is_instruction(next) && llvm::opcode(next) != LLVMPHI && llvm::block_of(next) == block => read_at = next,
            _ => break,
        }
    }
    let mut between = false;
    for i in llvm::instructions(block) {
        if i == inst {
            between = true;
        } else if i == read_at {
            return true;
        } else if between && matches!(llvm::opcode(i), LLVMStore | LLVMCall | LLVMFence | LLVMAtomicRMW | LLVMAtomicCmpXchg) {
            return false;
        }
    }
    false
}

/// Whether `v` is `x & k` with a constant `k` below `limit` (a power of two).
fn masked_below(v: Value, limit: u32) -> bool {
    llvm::is_instruction(v)
        && llvm::opcode(v) == LLVMOpcode::LLVMAnd
        && llvm::is_const_int(llvm::operand(v, 1))
        && llvm::const_zext(llvm::operand(v, 1)) < u64::from(limit)
}

/// Whether `v` is the constant boolean `value`.
fn is_const_bool(v: Value, value: bool) -> bool {
    llvm::is_const_int(v) && llvm::const_zext(v) == u64::from(value)
}

/// Whether `inst`'s one use is as the condition of a conditional branch.
fn is_branch_condition(inst: Value) -> bool {
    matches!(llvm::users(inst)[..], [user] if llvm::is_instruction(user) && llvm::opcode(user) == LLVMOpcode::LLVMBr)
}

/// Whether the translation of `inst` is the one statement `result = expression;` (for a
/// scalar result), reading every operand before it writes the result, and its result may
/// take over the variable of an operand that dies there (`sharing`).
fn reuses_operand_variable(inst: Value) -> bool {
    use LLVMOpcode::*;
    match llvm::opcode(inst) {
        // Allowed, but SDCC then shifts or combines a variable it keeps on the stack in place,
        // a byte at a time through memory (a 16-bit shift is a loop of `sla (hl); rl (hl)`):
        // make bench-codegen's row_copy 1.21x -> 0.67x cycles, latin_fill 0.98x -> 0.84x.
        LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor => false,
        op if schedule::is_pure(op) => true,
        LLVMLoad => true,
        // Intrinsics may take several statements; a call is `result = f(arguments);`.
        LLVMCall => {
            let callee = llvm::called_value(inst);
            !llvm::is_inline_asm(callee) && !(llvm::is_function(callee) && llvm::name(callee).starts_with("llvm."))
        }
        _ => false,
    }
}

/// `base` moved by a constant number of bytes (wrapping in the 16-bit address space).
pub fn offset_pointer(base: &str, offset: i64) -> String {
    let k = offset.rem_euclid(0x10000);
    match k {
        0 => base.to_string(),
        k if k < 0x8000 => format!("({base} + {k}u)"),
        k => format!("({base} - {}u)", 0x10000 - k),
    }
}
