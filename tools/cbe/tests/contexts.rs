//! Static frames and the program's three contexts (main program, background worker, VBlank
//! interrupt): a function two contexts reach keeps its arrays on the stack, and each
//! context's static frames lie in a region of their own, since one context may be stopped in
//! the middle of any of its functions while another runs.

mod ir;

use ir::translate_ir;

/// A function with a 16-byte array that its caller's value decides an element of (so the
/// array stays), named `name`.
fn with_array(name: &str) -> String {
    format!(
        "define internal i8 @{name}(i8 %i) addrspace(1) {{\n\
         start:\n  %a = alloca [16 x i8], align 1\n  call addrspace(1) void @llvm.memset.p0.i16(ptr %a, i8 7, i16 16, i1 false)\n  \
         %p = getelementptr inbounds i8, ptr %a, i8 %i\n  store volatile i8 %i, ptr %p, align 1\n  %v = load volatile i8, ptr %a, align 1\n  ret i8 %v\n}}\n"
    )
}

fn entry(name: &str, callees: &[&str]) -> String {
    let calls: String = callees.iter().map(|c| format!("  %{c} = call addrspace(1) i8 @{c}(i8 3)\n")).collect();
    format!("define void @{name}() addrspace(1) {{\nstart:\n{calls}  ret void\n}}\n")
}

/// Where `name`'s array sits in `cbe_frames`, if it has a static frame.
fn frame_offset(c: &str, name: &str) -> Option<u32> {
    // Each definition follows a comment with its Rust name; its arrays' macros come first.
    let start = c.find(&format!("/* {name} */"))?;
    let body = &c[start..];
    let body = &body[..body.find("\n}\n")?];
    let define = body.find("(cbe_frames + ")?;
    let digits: String = body[define + "(cbe_frames + ".len()..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[test]
fn each_context_has_its_own_frames_and_shared_functions_use_the_stack() {
    let module = [
        with_array("main_only"),
        with_array("worker_only"),
        with_array("irq_only"),
        with_array("main_and_worker"),
        entry("rust_main", &["main_only", "main_and_worker"]),
        entry("rust_worker", &["worker_only", "main_and_worker"]),
        entry("rust_vblank", &["irq_only"]),
        "declare void @llvm.memset.p0.i16(ptr, i8, i16, i1) addrspace(1)\n".to_string(),
    ]
    .concat();
    let t = translate_ir("contexts", &module).unwrap_or_else(|e| panic!("{e}\n{module}"));
    let c = &t.c_source;
    let offsets: Vec<u32> = ["main_only", "worker_only", "irq_only"]
        .iter()
        .map(|name| frame_offset(c, name).unwrap_or_else(|| panic!("{name} has no static frame:\n{c}")))
        .collect();
    // Three 16-byte frames that are never active together within a context, but are across
    // contexts: no two may overlap.
    let mut sorted = offsets.clone();
    sorted.sort_unstable();
    assert!(sorted.windows(2).all(|w| w[1] >= w[0] + 16), "overlapping frames {offsets:?}:\n{c}");
    assert_eq!(frame_offset(c, "main_and_worker"), None, "a function of two contexts has a static frame:\n{c}");
}
