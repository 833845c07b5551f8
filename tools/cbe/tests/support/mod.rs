//! Shared by the ROM tests: wrap a `no_std` program in a console crate that reports over the
//! serial port, build it through the whole chain (gbrom -> cbe -> SDCC), run it headless.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use gbemu::Console;
use gbrom::RomSpec;

/// Ends every report; a trap report starts with `TRAP_MARK` and the function id.
pub const END_MARK: &[u8] = b"\xA5END\x5A!";
pub const TRAP_MARK: &[u8] = b"\xA5TRAP";

/// What the console printed.
#[derive(Debug)]
pub enum Outcome {
    Values(Vec<u32>),
    /// `cbe_trap` ran: the id and the Rust name of the function that trapped.
    Trap(u16, String),
}

/// The console crate's lib.rs: `entry` is an expression of type `fn(&mut dyn FnMut(u32))`,
/// `modules` declares what it needs.
fn console_lib(modules: &str, entry: &str) -> String {
    format!(
        r#"#![no_std]
#![allow(dead_code, static_mut_refs, unused_imports)]
use core::ptr::{{read_volatile, write_volatile}};

{modules}

/// Pan Docs, "Serial Data Transfer": write SB, start with SC = 0x81, wait for bit 7 to clear.
fn serial(b: u8) {{
    // SAFETY: the DMG serial registers.
    unsafe {{
        write_volatile(0xFF01 as *mut u8, b);
        write_volatile(0xFF02 as *mut u8, 0x81);
        while read_volatile(0xFF02 as *const u8) & 0x80 != 0 {{}}
    }}
}}

fn send(bytes: &[u8]) {{
    for &b in bytes {{
        serial(b);
    }}
}}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {{
    loop {{}}
}}

#[unsafe(no_mangle)]
pub extern "C" fn rust_main() -> ! {{
    let entry: fn(&mut dyn FnMut(u32)) = {entry};
    entry(&mut |v: u32| send(&v.to_le_bytes()));
    send(&{END_MARK:?});
    loop {{}}
}}

#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {{}}

/// crt0 starts it as the background worker; these programs have none, so it never runs.
/// Not empty: LLVM would merge it with the empty `rust_vblank` into an alias.
#[unsafe(no_mangle)]
pub extern "C" fn rust_worker() {{
    loop {{}}
}}

#[unsafe(no_mangle)]
pub extern "C" fn cbe_trap(id: u16) -> ! {{
    send(&{TRAP_MARK:?});
    send(&id.to_le_bytes());
    send(&{END_MARK:?});
    loop {{}}
}}
"#
    )
}

const CONSOLE_MANIFEST: &str = r#"[package]
name = "NAME"
version = "0.1.0"
edition = "2024"
publish = false

[lib]
crate-type = ["staticlib"]
path = "src/lib.rs"

[workspace]
"#;

/// Scratch space for generated crates and ROMs (kept between runs so AVR builds stay warm).
pub fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cbe-roms")
}

/// Writes the console crate `name`, builds its ROM and returns the artifacts.
pub fn build_rom(name: &str, modules: &str, entry: &str) -> Result<gbrom::RomArtifacts, String> {
    build_rom_with_flags(name, modules, entry, &[])
}

/// `build_rom` with `sdcc_flags` added to every SDCC compile.
pub fn build_rom_with_flags(name: &str, modules: &str, entry: &str, sdcc_flags: &[&str]) -> Result<gbrom::RomArtifacts, String> {
    let dir = scratch().join(name);
    fs::create_dir_all(dir.join("src")).map_err(|e| e.to_string())?;
    write_if_changed(&dir.join("Cargo.toml"), &CONSOLE_MANIFEST.replace("NAME", name))?;
    write_if_changed(&dir.join("src/lib.rs"), &console_lib(modules, entry))?;
    let spec = RomSpec {
        crate_dir: dir.clone(),
        package: None,
        features: Vec::new(),
        output: scratch().join(format!("{name}.gb")),
        title: name.chars().take(11).collect::<String>().to_uppercase(),
        target_dir: scratch().join("avr-target"),
        sdcc_flags: sdcc_flags.iter().map(|f| f.to_string()).collect(),
        color: false,
    };
    gbrom::build(&spec).map_err(|e| e.to_string())
}

/// Keeps mtimes stable so cargo does not rebuild unchanged crates.
fn write_if_changed(path: &Path, text: &str) -> Result<(), String> {
    if fs::read_to_string(path).ok().as_deref() == Some(text) {
        return Ok(());
    }
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs a ROM until its end marker (or `max_cycles`) and decodes the report.
pub fn run_rom(rom: &gbrom::RomArtifacts, max_cycles: u64) -> Result<Outcome, String> {
    let bytes = fs::read(&rom.rom).map_err(|e| e.to_string())?;
    let mut console = Console::new(&bytes, None).map_err(|e| e.to_string())?;
    let output = console.run_until_serial_end(END_MARK, max_cycles).map_err(|e| e.to_string())?;
    let body = &output[..output.len() - END_MARK.len()];
    if let Some(at) = find(body, TRAP_MARK) {
        let id_bytes = &body[at + TRAP_MARK.len()..];
        let id = u16::from_le_bytes([id_bytes[0], id_bytes[1]]);
        let name = rom.trap_names.get(usize::from(id)).cloned().unwrap_or_else(|| format!("<id {id}>"));
        return Ok(Outcome::Trap(id, name));
    }
    if body.len() % 4 != 0 {
        return Err(format!("serial output of {} bytes is not whole u32 values", body.len()));
    }
    Ok(Outcome::Values(body.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()))
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The serial reporting and entry points for a hand-written C test program whose
/// `void run(void)` calls `report(uint32_t)`.
const C_HARNESS: &str = r#"
#include "cbe.h"
static void serial(uint8_t b)
{
    *(volatile uint8_t *)0xFF01 = b;
    *(volatile uint8_t *)0xFF02 = 0x81;
    while (*(volatile uint8_t *)0xFF02 & 0x80)
        ;
}
static void send(const uint8_t *p, uint8_t n)
{
    while (n--)
        serial(*p++);
}
void report(uint32_t v)
{
    uint8_t b[4];
    b[0] = (uint8_t)v; b[1] = (uint8_t)(v >> 8); b[2] = (uint8_t)(v >> 16); b[3] = (uint8_t)(v >> 24);
    send(b, 4);
}
void run(void);
void rust_vblank(void) {}
void rust_worker(void) {}
void cbe_trap(uint16_t id)
{
    send((const uint8_t *)"\xA5" "TRAP", 5);
    send((const uint8_t *)&id, 2);
    send((const uint8_t *)"\xA5" "END" "\x5A" "!", 6);
    for (;;)
        ;
}
void rust_main(void)
{
    run();
    send((const uint8_t *)"\xA5" "END" "\x5A" "!", 6);
    for (;;)
        ;
}
"#;

/// Builds a ROM from hand-written C (`program` defines `void run(void)` and may call
/// `report(uint32_t)`) with the back end's runtime, runs it for at most `max_cycles`, and
/// returns what it reported.
pub fn run_c(name: &str, program: &str, max_cycles: u64) -> Result<Outcome, String> {
    let dir = scratch().join(name);
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let source = dir.join(format!("{name}.c"));
    fs::write(&source, format!("{C_HARNESS}\nvoid report(uint32_t v);\n{program}")).map_err(|e| e.to_string())?;
    let rom = gbrom::link_rom(&[source], &[], &dir.join(format!("{name}.gb")), "CTEST", &[]).map_err(|e| e.to_string())?;
    run_rom(&rom, max_cycles)
}
