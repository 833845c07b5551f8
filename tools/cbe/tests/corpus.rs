//! The corpus runs natively and on the emulated Game Boy (through rustc avr-none -> cbe ->
//! SDCC); every value must agree. One ROM per program keeps each within 32 KiB.

mod support;

#[path = "corpus/mod.rs"]
mod corpus;

use support::Outcome;

/// Names the value where two result lists first differ.
fn first_difference(native: &[u32], console: &[u32]) -> Option<String> {
    (0..native.len().max(console.len())).find(|&i| native.get(i) != console.get(i)).map(|i| {
        format!(
            "value #{i}: native {:08x?}, console {:08x?}\n  native:  {native:08x?}\n  console: {console:08x?}",
            native.get(i),
            console.get(i)
        )
    })
}

/// Builds and runs each named program's ROM; returns the failures, how many values agreed and
/// the ROMs built.
fn check_programs(names: &[&str]) -> (Vec<String>, usize, Vec<gbrom::RomArtifacts>) {
    check_programs_with_flags(names, &[])
}

/// `check_programs` with `sdcc_flags` added to every SDCC compile (ROMs named after them).
fn check_programs_with_flags(names: &[&str], sdcc_flags: &[&str]) -> (Vec<String>, usize, Vec<gbrom::RomArtifacts>) {
    let modules = format!("#[path = {:?}]\nmod corpus;", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/mod.rs"));
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut roms = Vec::new();
    for (name, program) in corpus::PROGRAMS.iter().filter(|(n, _)| names.contains(n)) {
        let mut native = Vec::new();
        program(&mut |v| native.push(v));
        let started = std::time::Instant::now();
        let rom_name = match sdcc_flags {
            [] => format!("corpus-{name}"),
            _ => format!("corpus-{name}-flagged"),
        };
        let rom = match support::build_rom_with_flags(&rom_name, &modules, &format!("corpus::{name}::run"), sdcc_flags) {
            Ok(rom) => rom,
            Err(e) => {
                failures.push(format!("{name}: build failed: {e}"));
                continue;
            }
        };
        let built = started.elapsed();
        let outcome = support::run_rom(&rom, 1_000_000_000);
        eprintln!(
            "{name}: built in {built:.1?}, ran in {:.1?}, code ends at {:#x}",
            started.elapsed() - built,
            rom.usage.rom_end()
        );
        match outcome {
            Err(e) => failures.push(format!("{name}: {e}")),
            Ok(Outcome::Trap(id, function)) => failures.push(format!("{name}: trapped in `{function}` (id {id})")),
            Ok(Outcome::Values(console)) => match first_difference(&native, &console) {
                Some(diff) => failures.push(format!("{name}: {diff}")),
                None => checked += native.len(),
            },
        }
        roms.push(rom);
    }
    (failures, checked, roms)
}

#[test]
fn corpus_matches_native_on_the_console() {
    let (failures, checked, _) = check_programs(&["arith", "control", "intrinsics", "aggregates", "memory", "fuzz_found", "sdcc_shapes", "sdcc_statics"]);
    assert!(failures.is_empty(), "{} corpus failures:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{checked} values agree");
}

/// The same programs with SDCC's global optimisations off, as gbrom compiles units of more
/// than 400 statement lines (the game's large functions): bug 6 (docs/cbe-notes.md) was
/// said to take other shapes with `--noinvariant`, and the phi copies of coalesced variables
/// meet SDCC's allocator differently there.
#[test]
fn corpus_matches_native_with_sdccs_large_unit_flags() {
    let (failures, checked, _) = check_programs_with_flags(&["arith", "control", "fuzz_found", "sdcc_shapes"], &gbrom::LARGE_UNIT_FLAGS);
    assert!(failures.is_empty(), "{} corpus failures:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{checked} values agree");
}

/// Its own ROM (the corpus ROM would pass 32 KiB). It met SDCC bug 2 (docs/cbe-notes.md):
/// `Rng::new`'s `seed | 1` in `rust_main`, fails without `repr::sdcc_bug2_shape`.
#[test]
fn wide_integers_match_native_on_the_console() {
    let (failures, checked, _) = check_programs(&["wide"]);
    assert!(failures.is_empty(), "{} corpus failures:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{checked} values agree");
}

/// The Rust names of a `.sym` file (`BB:AAAA name`) with their bank and address.
fn sym_entries(sym: &str) -> Vec<(u32, u16, String)> {
    sym.lines()
        .filter(|l| !l.starts_with(';'))
        .filter_map(|l| {
            let (location, name) = l.split_once(' ')?;
            let (bank, address) = location.split_once(':')?;
            Some((u32::from_str_radix(bank, 16).ok()?, u16::from_str_radix(address, 16).ok()?, name.to_string()))
        })
        .collect()
}

/// Banked entry points (`.bank1`, `.bank2`) agree with native code, and the ROM really has
/// them in their banks: the `.sym` names them with bank numbers, the code bytes sit at
/// N * 0x4000 + offset in the file (and the emulated MBC5 maps them there), the header's ROM
/// size matches the file, and on the emulated console bank 2's code runs with bank 2 mapped.
/// Also times the trampoline.
#[test]
fn banked_calls_match_native_and_land_in_their_banks() {
    let (failures, checked, roms) = check_programs(&["banking"]);
    assert!(failures.is_empty(), "{} corpus failures:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{checked} values agree");
    let rom = &roms[0];
    eprintln!("{}", rom.usage.summary());
    assert_eq!(rom.usage.banks(), [1, 2], "code banks");

    let sym = std::fs::read_to_string(&rom.sym).unwrap();
    let entries = sym_entries(&sym);
    let find = |item: &str| {
        let wanted = format!("corpus::banking::{item}");
        entries
            .iter()
            .find(|(_, _, name)| name.ends_with(&wanted))
            .map(|(bank, address, _)| (*bank, *address))
            .unwrap_or_else(|| panic!("no {wanted} in {}", rom.sym.display()))
    };
    for (item, bank) in [
        ("leaf", 2),
        ("b2_back", 2),
        ("bank2_only", 2),
        ("b1_u32", 1),
        ("bank1_only", 1),
        ("b1_tree", 1),
        ("shared", 0),
        ("pointed", 0),
        ("both_banks_b1", 1),
        ("both_banks_b2", 2),
        ("both_leaf_b1", 1),
        ("both_leaf_b2", 2),
    ] {
        assert_eq!(find(item).0, bank, "bank of {item}\n{sym}");
    }
    // Shared by banks 1 and 2 only: copied, no bank-0 version.
    for item in ["both_banks", "both_leaf"] {
        let wanted = format!("corpus::banking::{item}");
        assert!(!entries.iter().any(|(_, _, name)| name.ends_with(&wanted)), "{item} not copied\n{sym}");
    }

    let bytes = std::fs::read(&rom.rom).unwrap();
    let banks = rom.usage.rom_banks();
    assert_eq!(banks, 4);
    assert_eq!(bytes.len(), banks as usize * 0x4000, "ROM file size");
    assert_eq!(bytes[0x148], gbrom::layout::rom_size_code(banks), "header ROM size byte");
    assert_eq!(bytes[0x148], 1, "64 KiB");
    let offset_of = |item: &str| {
        let (bank, address) = find(item);
        bank as usize * 0x4000 + usize::from(address) - 0x4000
    };
    for item in ["leaf", "b2_back", "bank2_only", "both_banks_b2"] {
        let offset = offset_of(item);
        assert!((0x8000..0xC000).contains(&offset), "{item} at ROM offset {offset:#x}");
        assert!(bytes[offset..offset + 8].iter().any(|&b| b != 0xFF), "{item}: filler bytes at {offset:#x}");
    }

    let offset = offset_of("both_banks_b1");
    assert!((0x4000..0x8000).contains(&offset), "both_banks_b1 at ROM offset {offset:#x}");
    assert!(bytes[offset..offset + 8].iter().any(|&b| b != 0xFF), "both_banks_b1: filler bytes");

    // On the console: `leaf` runs with bank 2 mapped (crt0's current_rom_bank at 0xFFFE and
    // the code there). `leaf` is the first banked call, so the first pass through the
    // trampoline is that call: its time minus leaf's own is the trampoline's cost.
    let (_, leaf) = find("leaf");
    let noi = std::fs::read_to_string(rom.intermediates.join("corpus-banking.noi")).unwrap();
    let trampoline = noi
        .lines()
        .find_map(|l| l.strip_prefix("DEF ___sdcc_bcall_ehl 0x"))
        .map(|a| u16::from_str_radix(a, 16).unwrap());
    let mut console = gbemu::Console::new(&bytes, None).unwrap();
    console.run_to_pc(leaf, 10_000_000).expect("leaf runs");
    assert_eq!(console.read(0xFFFE), 2, "current_rom_bank inside leaf");
    // What the CPU sees at leaf's address is the file's bank-2 copy.
    let seen: Vec<u8> = (0..8).map(|i| console.read(leaf + i)).collect();
    assert_eq!(seen[..], bytes[offset_of("leaf")..offset_of("leaf") + 8], "code mapped at {leaf:#06x}");
    let sp = console.sp();
    let back = u16::from_le_bytes([console.read(sp), console.read(sp + 1)]);
    let callee = console.run_to_pc(back, 10_000).expect("leaf returns");
    let mut console = gbemu::Console::new(&bytes, None).unwrap();
    let trampoline = trampoline.expect("trampoline symbol");
    let total = console.time_next_call(trampoline, 10_000_000).expect("trampoline runs");
    eprintln!("banked call: trampoline {} T-cycles around leaf's {callee}", total - callee);
    assert!((100..=200).contains(&(total - callee)), "trampoline overhead {} cycles", total - callee);
}
