//! Thin wrappers over the LLVM C API for walking a module.
//!
//! inkwell owns the context and module; everything below works on raw `LLVMValueRef`s because
//! inkwell panics on metadata operands and has no accessors for switch cases, constant
//! expressions or wide constants (see docs/cbe-notes.md). Every reference handled here comes
//! from the module that `lib.rs` keeps alive for the whole translation, which is what makes the
//! `unsafe` blocks sound.

use std::ffi::{CStr, c_char};

use llvm_sys::LLVMOpcode;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;

pub type Value = LLVMValueRef;
pub type Type = LLVMTypeRef;
pub type Block = LLVMBasicBlockRef;

fn owned_message(text: *mut c_char) -> String {
    if text.is_null() {
        return String::new();
    }
    // SAFETY: LLVM returned a NUL-terminated string that we own and free here.
    unsafe {
        let s = CStr::from_ptr(text).to_string_lossy().into_owned();
        LLVMDisposeMessage(text);
        s
    }
}

/// The value's name without the `@`/`%` sigil ("" for unnamed values).
pub fn name(v: Value) -> String {
    let mut len = 0usize;
    // SAFETY: see the module comment.
    unsafe {
        let p = LLVMGetValueName2(v, &mut len);
        if p.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
    }
}

/// The value as LLVM prints it (an instruction prints as its full IR line).
pub fn print(v: Value) -> String {
    // SAFETY: see the module comment.
    owned_message(unsafe { LLVMPrintValueToString(v) }).trim().to_string()
}

pub fn print_type(t: Type) -> String {
    // SAFETY: see the module comment.
    owned_message(unsafe { LLVMPrintTypeToString(t) })
}

pub fn type_of(v: Value) -> Type {
    // SAFETY: see the module comment.
    unsafe { LLVMTypeOf(v) }
}

pub fn kind(t: Type) -> LLVMTypeKind {
    // SAFETY: see the module comment.
    unsafe { LLVMGetTypeKind(t) }
}

pub fn int_width(t: Type) -> u32 {
    // SAFETY: see the module comment.
    unsafe { LLVMGetIntTypeWidth(t) }
}

pub fn operand_count(v: Value) -> u32 {
    // SAFETY: see the module comment.
    unsafe { LLVMGetNumOperands(v) as u32 }
}

pub fn operand(v: Value, i: u32) -> Value {
    // SAFETY: see the module comment; callers stay below `operand_count`.
    unsafe { LLVMGetOperand(v, i) }
}

pub fn opcode(inst: Value) -> LLVMOpcode {
    // SAFETY: see the module comment.
    unsafe { LLVMGetInstructionOpcode(inst) }
}

pub fn const_opcode(c: Value) -> LLVMOpcode {
    // SAFETY: see the module comment.
    unsafe { LLVMGetConstOpcode(c) }
}

pub fn is_instruction(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAInstruction(v).is_null() }
}
pub fn is_constant(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAConstant(v).is_null() }
}
pub fn is_const_int(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAConstantInt(v).is_null() }
}
pub fn is_const_expr(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAConstantExpr(v).is_null() }
}
pub fn is_function(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAFunction(v).is_null() }
}
pub fn is_global_variable(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAGlobalVariable(v).is_null() }
}
pub fn is_null_pointer(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAConstantPointerNull(v).is_null() }
}
/// `undef` or `poison`: any bit pattern is a valid translation.
pub fn is_undef(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { LLVMIsUndef(v) != 0 || LLVMIsPoison(v) != 0 }
}
pub fn is_aggregate_zero(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAConstantAggregateZero(v).is_null() }
}
pub fn is_const_data_sequential(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAConstantDataSequential(v).is_null() }
}
pub fn is_const_struct(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAConstantStruct(v).is_null() }
}
pub fn is_const_array(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAConstantArray(v).is_null() }
}
pub fn is_inline_asm(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { !LLVMIsAInlineAsm(v).is_null() }
}

/// The template of an inline-asm callee.
pub fn inline_asm_template(v: Value) -> String {
    let mut len = 0usize;
    // SAFETY: see the module comment; `v` is an InlineAsm value.
    unsafe {
        let p = LLVMGetInlineAsmAsmString(v, &mut len);
        String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
    }
}

/// A ConstantInt's value zero-extended (only for widths up to 64).
pub fn const_zext(v: Value) -> u64 {
    // SAFETY: see the module comment.
    unsafe { LLVMConstIntGetZExtValue(v) }
}
pub fn const_sext(v: Value) -> i64 {
    // SAFETY: see the module comment.
    unsafe { LLVMConstIntGetSExtValue(v) }
}

/// Elements of a constant aggregate (struct, array, vector, data sequence).
pub fn aggregate_element(v: Value, i: u32) -> Value {
    // SAFETY: see the module comment.
    unsafe { LLVMGetAggregateElement(v, i) }
}

pub fn linkage_is_local(g: Value) -> bool {
    // SAFETY: see the module comment.
    let l = unsafe { LLVMGetLinkage(g) };
    matches!(l, llvm_sys::LLVMLinkage::LLVMInternalLinkage | llvm_sys::LLVMLinkage::LLVMPrivateLinkage)
}
/// The section a function or global was put in (`#[link_section]`), if any.
pub fn section(g: Value) -> Option<String> {
    // SAFETY: see the module comment; the section name is owned by the value.
    unsafe {
        let p = LLVMGetSection(g);
        if p.is_null() {
            return None;
        }
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        (!s.is_empty()).then_some(s)
    }
}
pub fn is_declaration(g: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { LLVMIsDeclaration(g) != 0 }
}
pub fn is_global_constant(g: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { LLVMIsGlobalConstant(g) != 0 }
}
pub fn is_thread_local(g: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { LLVMIsThreadLocal(g) != 0 }
}
pub fn initializer(g: Value) -> Value {
    // SAFETY: see the module comment.
    unsafe { LLVMGetInitializer(g) }
}
pub fn global_value_type(g: Value) -> Type {
    // SAFETY: see the module comment.
    unsafe { LLVMGlobalGetValueType(g) }
}

pub fn functions(m: LLVMModuleRef) -> Vec<Value> {
    let mut out = Vec::new();
    // SAFETY: see the module comment.
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            out.push(f);
            f = LLVMGetNextFunction(f);
        }
    }
    out
}
pub fn globals(m: LLVMModuleRef) -> Vec<Value> {
    let mut out = Vec::new();
    // SAFETY: see the module comment.
    unsafe {
        let mut g = LLVMGetFirstGlobal(m);
        while !g.is_null() {
            out.push(g);
            g = LLVMGetNextGlobal(g);
        }
    }
    out
}
pub fn first_alias(m: LLVMModuleRef) -> Option<Value> {
    // SAFETY: see the module comment.
    let a = unsafe { LLVMGetFirstGlobalAlias(m) };
    (!a.is_null()).then_some(a)
}
pub fn params(f: Value) -> Vec<Value> {
    // SAFETY: see the module comment.
    unsafe { (0..LLVMCountParams(f)).map(|i| LLVMGetParam(f, i)).collect() }
}
pub fn function_type(f: Value) -> Type {
    global_value_type(f)
}
pub fn return_type(fn_type: Type) -> Type {
    // SAFETY: see the module comment.
    unsafe { LLVMGetReturnType(fn_type) }
}
pub fn param_types(fn_type: Type) -> Vec<Type> {
    // SAFETY: see the module comment.
    unsafe {
        let n = LLVMCountParamTypes(fn_type) as usize;
        let mut v = vec![std::ptr::null_mut(); n];
        LLVMGetParamTypes(fn_type, v.as_mut_ptr());
        v
    }
}
pub fn is_vararg(fn_type: Type) -> bool {
    // SAFETY: see the module comment.
    unsafe { LLVMIsFunctionVarArg(fn_type) != 0 }
}
pub fn blocks(f: Value) -> Vec<Block> {
    let mut out = Vec::new();
    // SAFETY: see the module comment.
    unsafe {
        let mut b = LLVMGetFirstBasicBlock(f);
        while !b.is_null() {
            out.push(b);
            b = LLVMGetNextBasicBlock(b);
        }
    }
    out
}
/// The blocks of `f` in reverse post-order of a depth-first walk from the entry (successors
/// taken in order, so a conditional branch's false successor comes right after it), then
/// any block the walk does not reach, in their order.
pub fn blocks_in_reverse_post_order(f: Value) -> Vec<Block> {
    let all = blocks(f);
    let mut visited: std::collections::HashSet<Block> = std::collections::HashSet::new();
    let mut post = Vec::with_capacity(all.len());
    if let Some(&entry) = all.first() {
        // (block, next successor to visit)
        let mut stack = vec![(entry, 0u32)];
        visited.insert(entry);
        while let Some((b, next)) = stack.last_mut() {
            let b = *b;
            let terminator = instructions(b).pop().expect("block without terminator");
            if *next < successor_count(terminator) {
                let s = successor(terminator, *next);
                *next += 1;
                if visited.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
    }
    post.reverse();
    post.extend(all.into_iter().filter(|b| !visited.contains(b)));
    post
}
pub fn instructions(b: Block) -> Vec<Value> {
    let mut out = Vec::new();
    // SAFETY: see the module comment.
    unsafe {
        let mut i = LLVMGetFirstInstruction(b);
        while !i.is_null() {
            out.push(i);
            i = LLVMGetNextInstruction(i);
        }
    }
    out
}
pub fn block_of(inst: Value) -> Block {
    // SAFETY: see the module comment.
    unsafe { LLVMGetInstructionParent(inst) }
}

/// The instructions using `v` (one entry per use).
pub fn users(v: Value) -> Vec<Value> {
    let mut out = Vec::new();
    // SAFETY: see the module comment.
    unsafe {
        let mut u = LLVMGetFirstUse(v);
        while !u.is_null() {
            out.push(LLVMGetUser(u));
            u = LLVMGetNextUse(u);
        }
    }
    out
}

pub fn incoming(phi: Value) -> Vec<(Value, Block)> {
    // SAFETY: see the module comment.
    unsafe {
        (0..LLVMCountIncoming(phi)).map(|i| (LLVMGetIncomingValue(phi, i), LLVMGetIncomingBlock(phi, i))).collect()
    }
}
pub fn is_conditional(br: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { LLVMIsConditional(br) != 0 }
}
pub fn successor(term: Value, i: u32) -> Block {
    // SAFETY: see the module comment.
    unsafe { LLVMGetSuccessor(term, i) }
}
pub fn successor_count(term: Value) -> u32 {
    // SAFETY: see the module comment.
    unsafe { LLVMGetNumSuccessors(term) }
}
/// Case value `i` of a switch, `i >= 1` (successor 0 is the default).
pub fn switch_case_value(sw: Value, i: u32) -> Value {
    // SAFETY: see the module comment.
    unsafe { LLVMGetSwitchCaseValue(sw, i) }
}
pub fn icmp_predicate(v: Value) -> llvm_sys::LLVMIntPredicate {
    // SAFETY: see the module comment.
    unsafe { LLVMGetICmpPredicate(v) }
}
pub fn is_volatile(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { LLVMGetVolatile(v) != 0 }
}
pub fn is_atomic_access(v: Value) -> bool {
    // SAFETY: see the module comment.
    unsafe { LLVMGetOrdering(v) != llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic }
}
pub fn allocated_type(v: Value) -> Type {
    // SAFETY: see the module comment.
    unsafe { LLVMGetAllocatedType(v) }
}
pub fn gep_source_type(v: Value) -> Type {
    // SAFETY: see the module comment.
    unsafe { LLVMGetGEPSourceElementType(v) }
}
/// The constant indices of an extractvalue/insertvalue.
pub fn indices(v: Value) -> Vec<u32> {
    // SAFETY: see the module comment.
    unsafe {
        let n = LLVMGetNumIndices(v) as usize;
        std::slice::from_raw_parts(LLVMGetIndices(v), n).to_vec()
    }
}
pub fn called_value(call: Value) -> Value {
    // SAFETY: see the module comment.
    unsafe { LLVMGetCalledValue(call) }
}
pub fn called_function_type(call: Value) -> Type {
    // SAFETY: see the module comment.
    unsafe { LLVMGetCalledFunctionType(call) }
}
pub fn arg_count(call: Value) -> u32 {
    // SAFETY: see the module comment.
    unsafe { LLVMGetNumArgOperands(call) }
}
pub fn struct_field_types(t: Type) -> Vec<Type> {
    // SAFETY: see the module comment.
    unsafe { (0..LLVMCountStructElementTypes(t)).map(|i| LLVMStructGetTypeAtIndex(t, i)).collect() }
}
pub fn element_type(t: Type) -> Type {
    // SAFETY: see the module comment.
    unsafe { LLVMGetElementType(t) }
}
pub fn array_length(t: Type) -> u64 {
    // SAFETY: see the module comment.
    unsafe { LLVMGetArrayLength2(t) }
}

/// Whether a parameter carries `byval` (the callee would own a copy: not supported).
pub fn param_has_byval(f: Value, index: u32) -> bool {
    const NAME: &str = "byval";
    // SAFETY: see the module comment; attribute index i+1 is parameter i.
    unsafe {
        let kind = LLVMGetEnumAttributeKindForName(NAME.as_ptr() as *const c_char, NAME.len());
        !LLVMGetEnumAttributeAtIndex(f, index + 1, kind).is_null()
    }
}

/// Sizes and offsets from the module's datalayout.
pub struct Layout {
    pub td: LLVMTargetDataRef,
}

impl Layout {
    pub fn alloc_size(&self, t: Type) -> u64 {
        // SAFETY: `td` lives as long as the translation.
        unsafe { LLVMABISizeOfType(self.td, t) }
    }
    pub fn store_size(&self, t: Type) -> u64 {
        // SAFETY: as above.
        unsafe { LLVMStoreSizeOfType(self.td, t) }
    }
    pub fn field_offset(&self, struct_type: Type, field: u32) -> u64 {
        // SAFETY: as above.
        unsafe { LLVMOffsetOfElement(self.td, struct_type, field) }
    }
}
