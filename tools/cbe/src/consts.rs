//! Constant data: global initialisers and constants that instructions use as memory
//! (aggregate and wide-integer operands).
//!
//! A constant is flattened into little-endian bytes plus 16-bit address slots. Without address
//! slots it becomes a `uint8_t` array; with them, a struct whose members are byte arrays and
//! `uint8_t *` fields initialised with `(uint8_t *)&symbol + addend`. SDCC lays structs out
//! without padding, so the struct has exactly LLVM's layout (all alignments are 1 on AVR).

use std::collections::HashMap;
use std::fmt::Write;

use llvm_sys::LLVMOpcode;
use llvm_sys::LLVMTypeKind;

use crate::llvm::{self, Layout, Value};
use crate::repr;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Bytes(Vec<u8>),
    /// A 16-bit address: the symbol's C name plus a byte offset.
    Address { symbol: String, addend: i64 },
}

pub fn size_of(pieces: &[Piece]) -> usize {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Bytes(b) => b.len(),
            Piece::Address { .. } => 2,
        })
        .sum()
}

fn push_bytes(out: &mut Vec<Piece>, bytes: &[u8]) {
    if let Some(Piece::Bytes(last)) = out.last_mut() {
        last.extend_from_slice(bytes);
    } else if !bytes.is_empty() {
        out.push(Piece::Bytes(bytes.to_vec()));
    }
}

/// Flattens constant `v` into `out` (exactly its allocation size in bytes).
pub fn flatten(v: Value, layout: &Layout, names: &HashMap<Value, String>, out: &mut Vec<Piece>) -> Result<(), String> {
    let t = llvm::type_of(v);
    let size = layout.alloc_size(t) as usize;
    if llvm::is_undef(v) || llvm::is_aggregate_zero(v) || llvm::is_null_pointer(v) {
        push_bytes(out, &vec![0; size]);
        return Ok(());
    }
    match llvm::kind(t) {
        LLVMTypeKind::LLVMIntegerTypeKind if llvm::is_const_int(v) => {
            let mut bytes = repr::int_bytes(v, llvm::int_width(t))?;
            bytes.resize(size, 0);
            push_bytes(out, &bytes);
            return Ok(());
        }
        LLVMTypeKind::LLVMStructTypeKind if llvm::is_const_struct(v) => {
            let start = size_of(out);
            for (i, _) in llvm::struct_field_types(t).iter().enumerate() {
                let offset = layout.field_offset(t, i as u32) as usize;
                let at = size_of(out) - start;
                push_bytes(out, &vec![0; offset - at]);
                flatten(llvm::aggregate_element(v, i as u32), layout, names, out)?;
            }
            let at = size_of(out) - start;
            push_bytes(out, &vec![0; size - at]);
            return Ok(());
        }
        LLVMTypeKind::LLVMArrayTypeKind if llvm::is_const_array(v) || llvm::is_const_data_sequential(v) => {
            for i in 0..llvm::array_length(t) {
                flatten(llvm::aggregate_element(v, i as u32), layout, names, out)?;
            }
            return Ok(());
        }
        _ => {}
    }
    if llvm::is_function(v) || llvm::is_global_variable(v) || llvm::is_const_expr(v) {
        return flatten_symbolic(v, size, layout, names, out);
    }
    Err(format!("unsupported constant `{}`", llvm::print(v)))
}

/// Constants that depend on where the linker puts things: addresses, and integers computed
/// from them.
fn flatten_symbolic(
    v: Value,
    size: usize,
    layout: &Layout,
    names: &HashMap<Value, String>,
    out: &mut Vec<Piece>,
) -> Result<(), String> {
    if llvm::is_const_expr(v) && llvm::const_opcode(v) == LLVMOpcode::LLVMIntToPtr {
        return flatten(llvm::operand(v, 0), layout, names, out).map(|_| ());
    }
    let (symbol, addend) = address_of(v, layout, names)?;
    if size < 2 {
        return Err(format!("an address does not fit in `{}`", llvm::print(v)));
    }
    out.push(Piece::Address { symbol, addend });
    // A pointer converted to a wider integer: addresses are below 0x10000, so zero-extended.
    push_bytes(out, &vec![0; size - 2]);
    Ok(())
}

/// A constant pointer (or pointer-derived integer) as symbol + byte offset.
pub fn address_of(v: Value, layout: &Layout, names: &HashMap<Value, String>) -> Result<(String, i64), String> {
    if llvm::is_function(v) || llvm::is_global_variable(v) {
        return match names.get(&v) {
            Some(name) => Ok((name.clone(), 0)),
            None => Err(format!("no C name for `{}`", llvm::name(v))),
        };
    }
    if !llvm::is_const_expr(v) {
        return Err(format!("`{}` is not an address", llvm::print(v)));
    }
    match llvm::const_opcode(v) {
        LLVMOpcode::LLVMGetElementPtr => {
            let (symbol, addend) = address_of(llvm::operand(v, 0), layout, names)?;
            let offset = constant_gep_offset(v, layout)?;
            Ok((symbol, addend + offset))
        }
        LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast | LLVMOpcode::LLVMPtrToInt => {
            address_of(llvm::operand(v, 0), layout, names)
        }
        LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMSub => {
            let (a, b) = (llvm::operand(v, 0), llvm::operand(v, 1));
            let negate = llvm::const_opcode(v) == LLVMOpcode::LLVMSub;
            if llvm::is_const_int(b) {
                let (symbol, addend) = address_of(a, layout, names)?;
                let k = llvm::const_sext(b);
                Ok((symbol, if negate { addend - k } else { addend + k }))
            } else if llvm::is_const_int(a) && !negate {
                let (symbol, addend) = address_of(b, layout, names)?;
                Ok((symbol, addend + llvm::const_sext(a)))
            } else {
                Err(format!("unsupported address arithmetic `{}`", llvm::print(v)))
            }
        }
        _ => Err(format!("unsupported constant expression `{}`", llvm::print(v))),
    }
}

/// Byte offset of a GEP whose indices are all constants.
pub fn constant_gep_offset(gep: Value, layout: &Layout) -> Result<i64, String> {
    let mut offset = 0i64;
    let mut t = llvm::gep_source_type(gep);
    for i in 1..llvm::operand_count(gep) {
        let index = llvm::operand(gep, i);
        if !llvm::is_const_int(index) {
            return Err(format!("non-constant index in `{}`", llvm::print(gep)));
        }
        let k = llvm::const_sext(index);
        if i == 1 {
            offset += k * layout.alloc_size(t) as i64;
            continue;
        }
        match llvm::kind(t) {
            LLVMTypeKind::LLVMStructTypeKind => {
                offset += layout.field_offset(t, k as u32) as i64;
                t = llvm::struct_field_types(t)[k as usize];
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                t = llvm::element_type(t);
                offset += k * layout.alloc_size(t) as i64;
            }
            _ => return Err(format!("unsupported GEP over {} in `{}`", llvm::print_type(t), llvm::print(gep))),
        }
    }
    Ok(offset)
}

/// C text for one data object.
pub struct DataDefinition {
    /// A typedef the declaration needs (for objects holding addresses).
    pub typedef: Option<String>,
    pub declaration: String,
    pub definition: String,
}

/// How a data object is placed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// `const`: SDCC keeps it in ROM (_CODE).
    ReadOnly,
    /// Initialised RAM: SDCC's _INITIALIZED, copied from _INITIALIZER by crt0.
    Initialised,
    /// RAM that crt0 clears.
    Zeroed,
}

/// Statics at least this large are cleared and patched at boot when the patches take at most
/// half their size in ROM.
const SPARSE_MIN_BYTES: usize = 64;
/// Zero bytes inside a run that still do not end it (one `memcpy` beats two).
const SPARSE_MAX_GAP: usize = 4;
/// ROM bytes of one patch statement besides its copied bytes (SDCC: address, value or
/// source, length and the call), an estimate.
const PATCH_CODE_BYTES: usize = 12;

/// An initialiser's bytes, if it holds no addresses (those are resolved by the linker).
fn address_free_bytes(pieces: &[Piece]) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    for p in pieces {
        match p {
            Piece::Bytes(b) => bytes.extend_from_slice(b),
            Piece::Address { .. } => return None,
        }
    }
    Some(bytes)
}

/// The non-zero runs of `bytes` (start, end), zero gaps of up to `SPARSE_MAX_GAP` inside.
fn non_zero_runs(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == 0 {
            at += 1;
            continue;
        }
        let start = at;
        let mut end = at + 1;
        let mut gap = 0;
        let mut i = end;
        while i < bytes.len() && gap <= SPARSE_MAX_GAP {
            if bytes[i] == 0 {
                gap += 1;
            } else {
                gap = 0;
                end = i + 1;
            }
            i += 1;
        }
        runs.push((start, end));
        at = end;
    }
    runs
}

/// For a static `name` that crt0 clears: C statements (for `cbe_init_data`) that set its
/// non-zero bytes, appended to `out`, when it is address-free, large and its patches take
/// at most half its size in ROM (runs of one value by `cbe_fill`, others by `cbe_copy` from a
/// constant, lone bytes by a store); false, with nothing written, otherwise. (The game's
/// state, for one, is long runs of one value: a copy of it all would be 3.5 KB of bank 0 and
/// a slow loop at boot.)
pub fn sparse_init(name: &str, pieces: &[Piece], out: &mut String) -> bool {
    let Some(bytes) = address_free_bytes(pieces) else { return false };
    if bytes.len() < SPARSE_MIN_BYTES {
        return false;
    }
    let runs = non_zero_runs(&bytes);
    let uniform = |&(start, end): &(usize, usize)| bytes[start..end].iter().all(|&b| b == bytes[start]);
    let rom: usize = runs.iter().map(|run| PATCH_CODE_BYTES + if uniform(run) { 0 } else { run.1 - run.0 }).sum();
    if rom * 2 > bytes.len() {
        return false;
    }
    for run @ &(start, end) in &runs {
        let len = end - start;
        if len == 1 {
            let _ = writeln!(out, "    {name}[{start}] = {};", bytes[start]);
        } else if uniform(run) {
            let _ = writeln!(out, "    cbe_fill({name} + {start}, {}, {len});", bytes[start]);
        } else {
            let _ = writeln!(out, "    {{ static const uint8_t k[{len}] = {}; cbe_copy({name} + {start}, k, {len}); }}", byte_list(&bytes[start..end]));
        }
    }
    true
}

pub fn define(name: &str, pieces: &[Piece], placement: Placement) -> DataDefinition {
    // C has no empty objects; a zero-sized Rust static still needs an address.
    let size = size_of(pieces).max(1);
    let qualifier = if placement == Placement::ReadOnly { "const " } else { "" };
    if placement == Placement::Zeroed {
        return DataDefinition {
            typedef: None,
            declaration: format!("extern uint8_t {name}[{size}];"),
            definition: format!("uint8_t {name}[{size}];"),
        };
    }
    if let Some(mut bytes) = address_free_bytes(pieces) {
        bytes.resize(size, 0);
        return DataDefinition {
            typedef: None,
            declaration: format!("extern {qualifier}uint8_t {name}[{size}];"),
            definition: format!("{qualifier}uint8_t {name}[{size}] = {};", byte_list(&bytes)),
        };
    }
    let mut fields = String::new();
    let mut values = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        match p {
            Piece::Bytes(b) => {
                let _ = write!(fields, " uint8_t f{i}[{}];", b.len());
                values.push(byte_list(b));
            }
            Piece::Address { symbol, addend } => {
                let _ = write!(fields, " uint8_t *f{i};");
                values.push(address_expr(symbol, *addend));
            }
        }
    }
    let type_name = format!("{name}_t");
    DataDefinition {
        typedef: Some(format!("typedef struct {{{fields} }} {type_name};")),
        declaration: format!("extern {qualifier}{type_name} {name};"),
        definition: format!("{qualifier}{type_name} {name} = {{ {} }};", values.join(", ")),
    }
}

pub fn address_expr(symbol: &str, addend: i64) -> String {
    match addend {
        0 => format!("(uint8_t *)&{symbol}"),
        a if a > 0 => format!("(uint8_t *)&{symbol} + {a}"),
        a => format!("(uint8_t *)&{symbol} - {}", -a),
    }
}

fn byte_list(bytes: &[u8]) -> String {
    let mut s = String::from("{");
    for (i, b) in bytes.iter().enumerate() {
        if i % 16 == 0 {
            s.push_str("\n  ");
        }
        let _ = write!(s, "{b:#04x},");
    }
    s.push_str("\n}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_are_patched_and_dense_data_is_copied_whole() {
        let mut bytes = vec![0u8; 200];
        bytes[10..110].fill(7);
        bytes[150] = 3;
        bytes[160..163].copy_from_slice(&[1, 0, 2]);
        let mut out = String::new();
        assert!(sparse_init("s", &[Piece::Bytes(bytes)], &mut out));
        assert_eq!(
            out,
            "    cbe_fill(s + 10, 7, 100);\n    s[150] = 3;\n    { static const uint8_t k[3] = {\n  0x01,0x00,0x02,\n}; cbe_copy(s + 160, k, 3); }\n"
        );

        let dense: Vec<u8> = (0..200u32).map(|i| (i * 7 % 251) as u8 | 1).collect();
        let mut out = String::new();
        assert!(!sparse_init("s", &[Piece::Bytes(dense)], &mut out));
        assert!(out.is_empty());
        let small = vec![5u8; SPARSE_MIN_BYTES - 1];
        assert!(!sparse_init("s", &[Piece::Bytes(small)], &mut out), "small statics are copied whole");
        let with_address = [Piece::Bytes(vec![0; 100]), Piece::Address { symbol: "t".into(), addend: 0 }];
        assert!(!sparse_init("s", &with_address, &mut out), "addresses are left to the linker");
    }
}
