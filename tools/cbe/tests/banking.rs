//! Banked entry points (`section ".bankN"` in IR) become `__banked` C functions in units with
//! `#pragma bank N`; misuse is refused naming the function. The console side is
//! `banked_calls_match_native_and_land_in_their_banks` in tests/corpus.rs.

mod ir;

use ir::translate_ir;

const PROGRAM: &str = r#"
@table = internal constant [4 x i8] c"\01\02\03\04"

define i16 @rust_main() addrspace(1) {
start:
  %a = call addrspace(1) i16 @far_one(i8 3)
  %b = call addrspace(1) i32 @far_two(i16 %a)
  %t = trunc i32 %b to i16
  ret i16 %t
}

define internal i16 @far_one(i8 %x) addrspace(1) section ".bank1" {
start:
  %h = call addrspace(1) i16 @helper(i8 %x)
  ret i16 %h
}

define internal i16 @helper(i8 %x) addrspace(1) {
start:
  %p = getelementptr i8, ptr @table, i8 %x
  %v = load i8, ptr %p
  %w = zext i8 %v to i16
  ret i16 %w
}

define internal i32 @far_two(i16 %x) addrspace(1) section ".bank2" {
start:
  %w = zext i16 %x to i32
  ret i32 %w
}
"#;

#[test]
fn entries_are_banked_and_their_callees_follow() {
    let t = translate_ir("banked", PROGRAM).unwrap();
    let id = |rust: &str| t.symbols.iter().position(|s| s.rust_name == rust).unwrap();
    let c_name = |rust: &str| t.symbols[id(rust)].c_name.clone();
    assert_eq!(t.function_banks[id("rust_main")], [0]);
    assert_eq!(t.function_banks[id("far_one")], [1]);
    assert_eq!(t.function_banks[id("helper")], [1]);
    assert_eq!(t.function_banks[id("far_two")], [2]);

    let unit = |rust: &str| &t.units[id(rust) + 1];
    assert!(unit("far_one").starts_with("#pragma bank 1\n"), "{}", unit("far_one"));
    assert!(unit("helper").starts_with("#pragma bank 1\n"));
    assert!(unit("far_two").starts_with("#pragma bank 2\n"));
    assert!(!unit("rust_main").contains("#pragma bank"));
    // Every unit declares entries `__banked`; definitions say so too.
    let (one, helper) = (c_name("far_one"), c_name("helper"));
    for u in &t.units {
        assert!(u.contains(&format!("uint16_t {one}(uint8_t p0) __banked;")), "{u}");
        assert!(u.contains(&format!("uint16_t {helper}(uint8_t p0);")), "{u}");
    }
    assert!(unit("far_one").contains(&format!("uint16_t {one}(uint8_t p0) __banked {{")), "{}", unit("far_one"));
    // Constants stay in the bank-0 data unit.
    let table = c_name("table");
    assert!(t.units[0].contains(&format!("const uint8_t {table}[4] = ")) && !t.units[0].contains("#pragma bank"));
    assert!(t.units[1..].iter().all(|u| !u.contains(&format!("{table}[4] ="))));
}

#[test]
fn address_taken_entry_is_refused_by_name() {
    let err = translate_ir(
        "banked_pointer",
        r#"
@ptr = global ptr addrspace(1) @far_one

define void @rust_main() addrspace(1) {
start:
  ret void
}

define internal void @far_one() addrspace(1) section ".bank1" {
start:
  ret void
}
"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("`far_one`") && err.to_string().contains("address is taken"), "{err}");
}

#[test]
fn bank_0_section_is_refused() {
    let err = translate_ir(
        "bank0",
        "define void @rust_main() addrspace(1) section \".bank0\" {\nstart:\n  ret void\n}\n",
    )
    .unwrap_err();
    assert_eq!(err.function.as_deref(), Some("rust_main"));
    assert!(err.message.contains("fixed bank"), "{err}");
}

#[test]
fn functions_shared_by_two_banks_are_copied_into_each() {
    let t = translate_ir(
        "banked_copies",
        r#"
define i16 @rust_main() addrspace(1) {
start:
  %a = call addrspace(1) i16 @far_one(i16 3)
  %b = call addrspace(1) i16 @far_two(i16 %a)
  ret i16 %b
}

define internal i16 @far_one(i16 %x) addrspace(1) section ".bank1" {
start:
  %h = call addrspace(1) i16 @both(i16 %x)
  ret i16 %h
}

define internal i16 @far_two(i16 %x) addrspace(1) section ".bank2" {
start:
  %h = call addrspace(1) i16 @both(i16 %x)
  ret i16 %h
}

define internal i16 @both(i16 %x) addrspace(1) {
start:
  %y = call addrspace(1) i16 @leaf(i16 %x)
  ret i16 %y
}

define internal i16 @leaf(i16 %x) addrspace(1) {
start:
  %y = xor i16 %x, 21845
  ret i16 %y
}
"#,
    )
    .unwrap();
    let id = |rust: &str| t.symbols.iter().position(|s| s.rust_name == rust).unwrap();
    let c_name = |rust: &str| t.symbols[id(rust)].c_name.clone();
    assert_eq!(t.function_banks[id("both")], [1, 2]);
    assert_eq!(t.function_banks[id("leaf")], [1, 2]);
    // One unit per copy, each calling its own bank's copies; the trap id is the original's.
    let (both, leaf) = (c_name("both"), c_name("leaf"));
    for bank in [1, 2] {
        let copy = format!("{both}_b{bank}");
        let sym = t.symbols.iter().find(|s| s.c_name == copy).unwrap();
        assert_eq!(sym.rust_name, format!("both_b{bank}"));
        assert_eq!(sym.function_id, Some(id("both") as u16));
        let units: Vec<&String> =
            t.units.iter().filter(|u| u.contains(&format!("uint16_t {copy}(uint16_t p0) {{"))).collect();
        assert_eq!(units.len(), 1, "{copy}");
        assert!(units[0].starts_with(&format!("#pragma bank {bank}\n")), "{}", units[0]);
        assert!(units[0].contains(&format!("{leaf}_b{bank}(")) && !units[0].contains(&format!("{leaf}_b{}(p", 3 - bank)));
    }
    let far_two = t.units.iter().find(|u| u.contains(&format!("{}(uint16_t p0) __banked {{", c_name("far_two")))).unwrap();
    assert!(far_two.contains(&format!("{both}_b2(")), "{far_two}");
    assert_eq!(t.units.len(), 1 + 5 + 2);
}
