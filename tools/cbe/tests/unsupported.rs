//! Constructs the console cannot run are refused with an error that names the function and
//! the instruction, never translated into C that means something else.

mod ir;

use ir::translate_ir;

#[test]
fn float_arithmetic_names_function_and_instruction() {
    let err = translate_ir(
        "float",
        "define float @_RNvCsDEznSwUOgz_5probe2ov(float %a, float %b) addrspace(1) {\n\
         start:\n  %s = fadd float %a, %b\n  ret float %s\n}\n",
    )
    .unwrap_err();
    let text = err.to_string();
    // The signature already has a float: the function is named even before any instruction.
    assert!(text.contains("probe::ov"), "{text}");
    assert!(text.contains("floating point"), "{text}");
}

#[test]
fn float_instruction_inside_integer_function_is_named() {
    let err = translate_ir(
        "float_inside",
        "define i16 @scale(i16 %x) addrspace(1) {\n\
         start:\n  %f = uitofp i16 %x to float\n  %g = fmul float %f, 1.5\n  %r = fptoui float %g to i16\n  ret i16 %r\n}\n",
    )
    .unwrap_err();
    assert_eq!(err.function.as_deref(), Some("scale"));
    let instruction = err.instruction.clone().unwrap_or_default();
    assert!(instruction.contains("uitofp i16 %x to float"), "{err}");
    assert!(err.to_string().contains("floating point"), "{err}");
}

#[test]
fn real_inline_assembly_is_refused() {
    let err = translate_ir(
        "asm",
        "define void @poke() addrspace(1) {\n\
         start:\n  call addrspace(0) void asm sideeffect \"nop\", \"\"()\n  ret void\n}\n",
    )
    .unwrap_err();
    assert_eq!(err.function.as_deref(), Some("poke"));
    assert!(err.instruction.as_deref().unwrap_or("").contains("asm sideeffect \"nop\""), "{err}");
    assert!(err.message.contains("inline assembly"), "{err}");
}

#[test]
fn vector_operations_are_refused() {
    let err = translate_ir(
        "vector",
        "define i8 @lane(i32 %x) addrspace(1) {\n\
         start:\n  %v = bitcast i32 %x to <4 x i8>\n  %e = extractelement <4 x i8> %v, i32 1\n  ret i8 %e\n}\n",
    )
    .unwrap_err();
    assert_eq!(err.function.as_deref(), Some("lane"));
    assert!(err.instruction.as_deref().unwrap_or("").contains("<4 x i8>"), "{err}");
}

#[test]
fn empty_asm_barrier_is_accepted() {
    // `core::hint::black_box` emits an empty asm statement: a no-op, translated as nothing.
    let t = translate_ir(
        "barrier",
        "define void @keep(ptr %p) addrspace(1) {\n\
         start:\n  call addrspace(0) void asm sideeffect \"\", \"r,~{memory}\"(ptr %p)\n  ret void\n}\n",
    )
    .unwrap();
    assert!(t.c_source.contains("void keep(uint8_t *p0)"), "{}", t.c_source);
}
