//! `cbe`: a C back end for the Game Boy route.
//!
//! rustc (target avr-none: 16-bit pointers, alignment 1, little endian) writes one
//! whole-program LLVM module; this crate reads it through LLVM and writes C that SDCC 4.2
//! compiles for the SM83 (`sdcc -msm83`). See docs/cbe-notes.md for the representation and
//! conventions, and `runtime/` for the helpers the generated C calls.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::fmt::Write;
use std::path::Path;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use llvm_sys::target::{LLVMCreateTargetData, LLVMDisposeTargetData, LLVMPointerSize};

mod banking;
mod consts;
mod function;
mod intrinsics;
mod llvm;
mod names;
mod reentrancy;
mod repr;
mod schedule;
mod sharing;

use consts::{Piece, Placement};
use llvm::{Layout, Value};
use repr::Repr;

/// One C symbol the back end defined or referenced, with the Rust item it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolEntry {
    pub c_name: String,
    /// The demangled Rust path (without hash), or the exact name for unmangled symbols.
    pub rust_name: String,
    /// For defined functions: the id that `cbe_trap` receives from this function.
    pub function_id: Option<u16>,
}

/// A function whose code can call `cbe_trap` (a panic, `llvm.trap` or `unreachable`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapSite {
    pub function_id: u16,
    pub rust_name: String,
    /// How many places in the function call `cbe_trap`.
    pub count: usize,
}

#[derive(Clone, Debug)]
pub struct Translation {
    /// The C translation unit; it includes `cbe.h` from `runtime/`.
    pub c_source: String,
    /// The same program as separate translation units: the data, then one per function (each
    /// with the declarations of everything). SDCC's time grows superlinearly with the size of
    /// a unit, and 4.2 crashes on some whole engine units whose functions compile alone.
    pub units: Vec<String>,
    /// Defined functions first, in id order (`symbols[id]` is function `id`), then data, then
    /// the copies of functions placed in several banks (C name and Rust name with the suffix
    /// `_bN`, the function's id). Such a function's `symbols[id].c_name` is not defined in C:
    /// only its copies are.
    pub symbols: Vec<SymbolEntry>,
    pub trap_sites: Vec<TrapSite>,
    /// The ROM banks holding a copy of each defined function, by id, ascending (`[0]`: the
    /// fixed bank; see `banking`). `units[id + 1]` is the copy in `function_banks[id][0]`;
    /// the units of further copies follow all those, in id then bank order. A unit starts
    /// with `#pragma bank N` for a copy in bank N.
    pub function_banks: Vec<Vec<u8>>,
}

impl Translation {
    /// Rust names of the defined functions, indexed by the id `cbe_trap` receives.
    pub fn trap_names(&self) -> Vec<String> {
        self.symbols.iter().take_while(|s| s.function_id.is_some()).map(|s| s.rust_name.clone()).collect()
    }

    /// (C name, Rust name) pairs for every symbol.
    pub fn symbol_pairs(&self) -> Vec<(String, String)> {
        self.symbols.iter().map(|s| (s.c_name.clone(), s.rust_name.clone())).collect()
    }

    /// The symbol map as text: `id<TAB>C name<TAB>Rust name`, id `-` for data.
    pub fn symbol_map(&self) -> String {
        let mut s = String::new();
        for sym in &self.symbols {
            let id = sym.function_id.map_or("-".to_string(), |i| i.to_string());
            let _ = writeln!(s, "{id}\t{}\t{}", sym.c_name, sym.rust_name);
        }
        s
    }
}

/// Why a module could not be translated: names the function (or global) and the instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The Rust name of the function or global being translated, if any.
    pub function: Option<String>,
    /// The offending instruction (or constant) as LLVM prints it.
    pub instruction: Option<String>,
    pub message: String,
}

impl Error {
    fn module(message: impl Into<String>) -> Error {
        Error { function: None, instruction: None, message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(function) = &self.function {
            write!(f, "in `{function}`: ")?;
        }
        if let Some(instruction) = &self.instruction {
            write!(f, "cannot translate `{instruction}`: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for Error {}

/// Translates a whole-program module (`.ll` text or `.bc` bitcode) to C.
pub fn translate_file(path: &Path) -> Result<Translation, Error> {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_file(path)
        .map_err(|e| Error::module(format!("cannot read {}: {}", path.display(), e.to_string_lossy())))?;
    let module = context
        .create_module_from_ir(buffer)
        .map_err(|e| Error::module(format!("cannot parse {}: {}", path.display(), e.to_string_lossy())))?;
    let data_layout = module.get_data_layout();
    // SAFETY: the datalayout string is NUL-terminated and outlives the call.
    let td = unsafe { LLVMCreateTargetData(data_layout.as_ptr()) };
    let layout = Layout { td };
    let result = ModuleTranslator::new(&layout).translate(module.as_mut_ptr());
    // SAFETY: created above, used only by `layout`, which is not used past this point.
    unsafe { LLVMDisposeTargetData(td) };
    result
}

/// State shared by the functions of one module.
pub(crate) struct ModuleTranslator<'a> {
    pub layout: &'a Layout,
    /// C names of functions and globals.
    pub names: HashMap<Value, String>,
    /// Constants used as memory by instructions: name and contents.
    pub pool: Vec<(String, Vec<Piece>)>,
    pool_index: HashMap<Vec<Piece>, String>,
    /// Functions that can never be active twice at once (see `reentrancy`).
    pub static_frames: HashSet<Value>,
    /// Banked entry points (called through crt0's trampoline: `__banked` in C) and their bank.
    pub banked_entries: HashMap<Value, u8>,
}

impl<'a> ModuleTranslator<'a> {
    fn new(layout: &'a Layout) -> Self {
        ModuleTranslator {
            layout,
            names: HashMap::new(),
            pool: Vec::new(),
            pool_index: HashMap::new(),
            static_frames: HashSet::new(),
            banked_entries: HashMap::new(),
        }
    }

    /// The name of a read-only copy of constant `v`, for instructions that need it in memory.
    pub fn pool_constant(&mut self, v: Value) -> Result<String, String> {
        let mut pieces = Vec::new();
        consts::flatten(v, self.layout, &self.names, &mut pieces)?;
        if let Some(name) = self.pool_index.get(&pieces) {
            return Ok(name.clone());
        }
        let name = format!("k{}", self.pool.len());
        self.pool.push((name.clone(), pieces.clone()));
        self.pool_index.insert(pieces, name.clone());
        Ok(name)
    }

    fn translate(mut self, m: llvm_sys::prelude::LLVMModuleRef) -> Result<Translation, Error> {
        // SAFETY: `td` is valid for the translation.
        if unsafe { LLVMPointerSize(self.layout.td) } != 2 {
            return Err(Error::module("the module is not for a 16-bit-pointer target (build with --target avr-none)"));
        }
        if let Some(alias) = llvm::first_alias(m) {
            return Err(Error {
                function: None,
                instruction: Some(llvm::print(alias)),
                message: "global aliases are not supported".into(),
            });
        }

        let mut symbols = Vec::new();
        let mut exact_names = Vec::new();
        let functions: Vec<Value> =
            llvm::functions(m).into_iter().filter(|&f| !llvm::name(f).starts_with("llvm.")).collect();
        let defined: Vec<Value> = functions.iter().copied().filter(|&f| !llvm::is_declaration(f)).collect();
        if defined.len() > usize::from(u16::MAX) {
            return Err(Error::module("too many functions for 16-bit trap ids"));
        }
        for (id, &f) in defined.iter().enumerate() {
            let original = llvm::name(f);
            let c_name = if keeps_exact_name(f, &original) {
                exact_names.push(original.clone());
                original.clone()
            } else {
                names::generated('f', id, &original)
            };
            self.names.insert(f, c_name.clone());
            symbols.push(SymbolEntry { c_name, rust_name: names::demangle(&original), function_id: Some(id as u16) });
        }
        for &f in functions.iter().filter(|&&f| llvm::is_declaration(f)) {
            let original = llvm::name(f);
            if !names::is_c_identifier(&original) {
                return Err(Error::module(format!("external function `{original}` has no valid C name")));
            }
            exact_names.push(original.clone());
            self.names.insert(f, original);
        }
        let globals: Vec<Value> = llvm::globals(m).into_iter().filter(|&g| !llvm::name(g).starts_with("llvm.")).collect();
        for (i, &g) in globals.iter().enumerate() {
            let original = llvm::name(g);
            let c_name = if keeps_exact_name(g, &original) || llvm::is_declaration(g) {
                if !names::is_c_identifier(&original) {
                    return Err(Error::module(format!("external global `{original}` has no valid C name")));
                }
                exact_names.push(original.clone());
                original.clone()
            } else {
                names::generated('g', i, &original)
            };
            self.names.insert(g, c_name.clone());
            symbols.push(SymbolEntry { c_name, rust_name: names::demangle(&original), function_id: None });
        }
        if let Some(clash) = exact_names.iter().find(|n| names::looks_generated(n)) {
            return Err(Error::module(format!(
                "the external name `{clash}` has the shape of the back end's generated names; rename it"
            )));
        }

        let function_banks = self.place_in_banks(&defined, &globals)?;
        // Functions with copies in several banks: each copy is named `<name>_b<bank>`.
        let copied: Vec<usize> = (0..defined.len()).filter(|&id| function_banks[id].len() > 1).collect();
        let copy_name = |base: &str, bank: u8| format!("{base}_b{bank}");
        let base_names: HashMap<usize, String> = copied.iter().map(|&id| (id, self.names[&defined[id]].clone())).collect();
        for &id in &copied {
            for &bank in &function_banks[id] {
                symbols.push(SymbolEntry {
                    c_name: copy_name(&base_names[&id], bank),
                    rust_name: copy_name(&symbols[id].rust_name, bank),
                    function_id: Some(id as u16),
                });
            }
        }

        let mut prototypes = String::new();
        let index: HashMap<Value, usize> = defined.iter().enumerate().map(|(i, &f)| (f, i)).collect();
        for &f in &functions {
            let name = &self.names[&f];
            if is_runtime_declared(name) {
                continue;
            }
            let copies: Vec<String> = match index.get(&f) {
                Some(&id) if function_banks[id].len() > 1 => {
                    function_banks[id].iter().map(|&bank| copy_name(name, bank)).collect()
                }
                _ => vec![name.clone()],
            };
            for name in &copies {
                let proto = function::prototype(self.layout, name, llvm::function_type(f)).map_err(|message| Error {
                    function: Some(names::demangle(&llvm::name(f))),
                    instruction: None,
                    message,
                })?;
                let banked = if self.banked_entries.contains_key(&f) { " __banked" } else { "" };
                let _ = writeln!(prototypes, "{proto}{banked};");
            }
        }

        let call_graph = reentrancy::call_graph(&defined);
        self.static_frames = reentrancy::non_reentrant(&defined, &call_graph);
        // Each copy's body is translated with the names of the copies in its own bank (a copy
        // in bank N calls bank-N copies). Copies share the function's static frame: they are
        // never active together, since the call graph (through entries too) has no cycle
        // through a function with a static frame.
        let mut copies: Vec<(usize, u8)> = (0..defined.len()).map(|id| (id, function_banks[id][0])).collect();
        copies.extend(copied.iter().flat_map(|&id| function_banks[id][1..].iter().map(move |&bank| (id, bank))));
        let mut bodies = Vec::new();
        let mut trap_sites = Vec::new();
        let mut frame_bytes = HashMap::new();
        let mut names_bank = None;
        for &(id, bank) in &copies {
            let f = defined[id];
            if !copied.is_empty() && names_bank != Some(bank) {
                for &g in &copied {
                    self.names.insert(defined[g], copy_name(&base_names[&g], bank));
                }
                names_bank = Some(bank);
            }
            let translated = function::translate(&mut self, f, id as u16)?;
            bodies.push(translated.text);
            if frame_bytes.insert(f, translated.frame_bytes).is_none() && translated.traps > 0 {
                let count = translated.traps;
                trap_sites.push(TrapSite { function_id: id as u16, rust_name: symbols[id].rust_name.clone(), count });
            }
        }
        for &g in &copied {
            self.names.insert(defined[g], base_names[&g].clone());
        }
        let (frame_offsets, frames_total) = reentrancy::overlay(&defined, &call_graph, &frame_bytes);
        for (body, &(id, _)) in bodies.iter_mut().zip(&copies) {
            if let Some(offset) = frame_offsets.get(&defined[id]) {
                *body = body.replace(function::FRAME_BASE, &offset.to_string());
            }
        }

        let mut data = Vec::new();
        let mut sparse_init = String::new();
        for &g in &globals {
            let name = self.names[&g].clone();
            let rust_name = names::demangle(&llvm::name(g));
            let global_error = |message: String| Error { function: Some(rust_name.clone()), instruction: None, message };
            if llvm::is_thread_local(g) {
                return Err(global_error("thread-local globals are not supported".into()));
            }
            Repr::of(llvm::global_value_type(g), self.layout)
                .map_err(|m| global_error(format!("global of unsupported type: {m}")))?;
            if llvm::is_declaration(g) {
                let qualifier = if llvm::is_global_constant(g) { "const " } else { "" };
                data.push(consts::DataDefinition {
                    typedef: None,
                    declaration: format!("extern {qualifier}uint8_t {name}[];"),
                    definition: String::new(),
                });
                continue;
            }
            let init = llvm::initializer(g);
            let mut pieces = Vec::new();
            consts::flatten(init, self.layout, &self.names, &mut pieces).map_err(|m| Error {
                function: Some(rust_name.clone()),
                instruction: Some(llvm::print(init)),
                message: m,
            })?;
            let all_zero = pieces.iter().all(|p| matches!(p, Piece::Bytes(b) if b.iter().all(|&x| x == 0)));
            let placement = if llvm::is_global_constant(g) {
                Placement::ReadOnly
            } else if all_zero {
                Placement::Zeroed
            } else if consts::sparse_init(&name, &pieces, &mut sparse_init) {
                // Cleared by crt0, then its other bytes set by `cbe_init_data`: cheaper in ROM
                // than a full copy in _INITIALIZER.
                Placement::Zeroed
            } else {
                Placement::Initialised
            };
            data.push(consts::define(&name, &pieces, placement));
        }
        for (name, pieces) in &self.pool {
            data.push(consts::define(name, pieces, Placement::ReadOnly));
        }

        let mut head = String::new();
        head.push_str("/* Generated by tools/cbe from LLVM IR: do not edit. */\n#include \"cbe.h\"\n");
        // The static frames of all non-reentrant functions, overlaid (see `reentrancy::overlay`).
        head.push_str("extern uint8_t cbe_frames[];\n");
        // Unused parameters are normal in translated code (e.g. `&self` of a constant method).
        head.push_str("#pragma disable_warning 85\n\n");
        for d in &data {
            if let Some(t) = &d.typedef {
                let _ = writeln!(head, "{t}");
            }
        }
        for d in &data {
            let _ = writeln!(head, "{}", d.declaration);
        }
        head.push('\n');
        head.push_str(&prototypes);
        head.push('\n');
        let mut definitions = format!("uint8_t cbe_frames[{}];\n", frames_total.max(1));
        for d in &data {
            if !d.definition.is_empty() {
                let _ = writeln!(definitions, "{}", d.definition);
            }
        }
        if !sparse_init.is_empty() {
            // Replaces the runtime's empty default (tools/cbe/runtime/cbe.c).
            let _ = writeln!(definitions, "void cbe_init_data(void) {{\n{sparse_init}}}");
        }
        // Everything but function bodies stays in bank 0: a banked unit holds only its
        // function (SDCC would put the unit's constants in the same bank).
        let mut units = vec![format!("{head}{definitions}")];
        units.extend(bodies.iter().zip(&copies).map(|(body, &(_, bank))| match bank {
            0 => format!("{head}{body}"),
            _ => format!("#pragma bank {bank}\n{head}{body}"),
        }));
        // The whole program as one file is for reading: it notes the banks instead.
        let readable: Vec<String> = bodies
            .iter()
            .zip(&copies)
            .map(|(body, &(_, bank))| if bank == 0 { body.clone() } else { format!("/* in ROM bank {bank} */\n{body}") })
            .collect();
        let c_source = format!("{head}{definitions}\n{}", readable.join("\n"));
        Ok(Translation { c_source, units, symbols, trap_sites, function_banks })
    }

    /// Reads the banked entry points (`.bankN` sections) and places every defined function in a
    /// ROM bank or several (`banking::place`); returns the banks by function id.
    fn place_in_banks(&mut self, defined: &[Value], globals: &[Value]) -> Result<Vec<Vec<u8>>, Error> {
        for &g in globals {
            if let Some(section) = llvm::section(g)
                && section.starts_with(".bank")
            {
                return Err(Error {
                    function: Some(names::demangle(&llvm::name(g))),
                    instruction: None,
                    message: format!("section `{section}` on data: only functions can be banked; data stays in bank 0"),
                });
            }
        }
        let index: HashMap<Value, usize> = defined.iter().enumerate().map(|(i, &f)| (f, i)).collect();
        let mut nodes = Vec::with_capacity(defined.len());
        for &f in defined {
            let rust_name = names::demangle(&llvm::name(f));
            let entry = match llvm::section(f) {
                Some(section) => banking::bank_of_section(&section)
                    .map_err(|message| Error { function: Some(rust_name.clone()), instruction: None, message })?,
                None => None,
            };
            let mut callees = Vec::new();
            for b in llvm::blocks(f) {
                for i in llvm::instructions(b) {
                    if llvm::opcode(i) == llvm_sys::LLVMOpcode::LLVMCall
                        && let Some(&callee) = index.get(&llvm::called_value(i))
                    {
                        callees.push(callee);
                    }
                }
            }
            nodes.push(banking::Node {
                name: rust_name,
                entry,
                external: !llvm::linkage_is_local(f),
                address_taken: llvm::users(f).iter().any(|&u| !reentrancy::is_direct_call_of(u, f)),
                callees,
            });
        }
        let banks = banking::place(&nodes).map_err(Error::module)?;
        for (&f, node) in defined.iter().zip(&nodes) {
            if let Some(bank) = node.entry {
                self.banked_entries.insert(f, bank);
            }
        }
        Ok(banks)
    }
}

/// External, unmangled, valid C names stay as they are (crt0 and other C code use them).
fn keeps_exact_name(v: Value, name: &str) -> bool {
    !llvm::linkage_is_local(v) && !names::is_rust_mangled(name) && names::is_c_identifier(name)
}

/// Functions that `cbe.h` already declares (the generated code must not redeclare them with
/// a conflicting prototype).
fn is_runtime_declared(name: &str) -> bool {
    name == "cbe_trap"
}
