//! The memory map (docs/ARCHITECTURE.md), the linker map reader that checks a build against it,
//! and the `.sym` file that debugging emulators (BGB, SameBoy, mGBA, Emulicious) load.
//! Hardware reference: Pan Docs, "Memory Map" and "The Cartridge Header".

/// Code starts right after the cartridge header (0x0100-0x014F).
pub const CODE_START: u16 = 0x0150;
/// Without bank switching the CPU sees ROM at 0x0000-0x7FFF.
pub const ROM_END: u32 = 0x8000;
/// The shadow OAM takes 0xC000-0xC09F; C data starts on the next page.
pub const SHADOW_OAM: u16 = 0xC000;
pub const DATA_START: u16 = 0xC100;
/// crt0 sets SP here; the stack grows down towards the data.
pub const STACK_TOP: u32 = 0xE000;
/// Room kept free for the stack: the build fails if statics eat into it.
pub const STACK_RESERVE: u32 = 1024;
/// MBC5 + RAM + battery: saves survive power-off, and MBC5 does not need the MBC1 bank-0 quirks.
pub const CARTRIDGE_TYPE: u8 = 0x1B;
/// One 8 KiB bank of cartridge RAM.
pub const CARTRIDGE_RAM_BANKS: u8 = 1;
/// Two 16 KiB banks: the 32 KiB the CPU sees without switching.
pub const CARTRIDGE_ROM_BANKS: u8 = 2;

/// One linker area (SDCC's sections) as the `.map` file lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub name: String,
    pub start: u32,
    pub size: u32,
}

impl Region {
    pub fn end(&self) -> u32 {
        self.start + self.size
    }
}

/// Where a build's code and data landed.
#[derive(Clone, Debug)]
pub struct MemoryUsage {
    pub regions: Vec<Region>,
}

impl MemoryUsage {
    /// Reads the area table of an sdldgb `.map` file
    /// (`_CODE   00000150   00000038 =   56. bytes (REL,CON)`).
    pub fn from_map(map: &str) -> Result<MemoryUsage, String> {
        let mut regions = Vec::new();
        for line in map.lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.len() < 4 || !fields[0].starts_with('_') || fields[3] != "=" {
                continue;
            }
            let (Ok(start), Ok(size)) = (u32::from_str_radix(fields[1], 16), u32::from_str_radix(fields[2], 16)) else {
                continue;
            };
            // The map repeats an area's line (once per page of the listing): count it once.
            if size > 0 && !regions.iter().any(|r: &Region| r.name == fields[0]) {
                regions.push(Region { name: fields[0].to_string(), start, size });
            }
        }
        if !regions.iter().any(|r| r.name == "_CODE") {
            return Err("the linker map lists no _CODE area".to_string());
        }
        Ok(MemoryUsage { regions })
    }

    fn relocatable(&self) -> impl Iterator<Item = &Region> {
        // Absolute areas (vectors, header) are placed by crt0 itself.
        self.regions.iter().filter(|r| !r.name.starts_with("_HEADER") && !r.name.ends_with("ABS"))
    }

    /// Bytes of code and read-only data after the header.
    pub fn rom_bytes(&self) -> u32 {
        self.relocatable().filter(|r| r.start < ROM_END).map(|r| r.size).sum()
    }

    /// One past the last ROM byte used.
    pub fn rom_end(&self) -> u32 {
        self.relocatable().filter(|r| r.start < ROM_END).map(Region::end).max().unwrap_or(u32::from(CODE_START))
    }

    /// Bytes of WRAM taken by statics (not counting the shadow OAM or the stack).
    pub fn wram_bytes(&self) -> u32 {
        self.relocatable().filter(|r| r.start >= u32::from(SHADOW_OAM) && r.start < STACK_TOP).map(|r| r.size).sum()
    }

    /// One past the last WRAM byte taken by statics.
    pub fn wram_end(&self) -> u32 {
        self.relocatable()
            .filter(|r| r.start >= u32::from(SHADOW_OAM) && r.start < STACK_TOP)
            .map(Region::end)
            .max()
            .unwrap_or(u32::from(DATA_START))
    }

    /// Fails when code spills past 0x7FFF or statics leave less than `STACK_RESERVE` bytes.
    pub fn check(&self) -> Result<(), String> {
        if self.rom_end() > ROM_END {
            return Err(format!(
                "code and constants end at {:#06x}, past the {:#06x} bytes of unbanked ROM",
                self.rom_end(),
                ROM_END
            ));
        }
        if self.wram_end() + STACK_RESERVE > STACK_TOP {
            return Err(format!(
                "statics end at {:#06x}, leaving {} bytes of stack (at least {STACK_RESERVE} wanted)",
                self.wram_end(),
                STACK_TOP.saturating_sub(self.wram_end())
            ));
        }
        Ok(())
    }

    /// A short report for the build log.
    pub fn summary(&self) -> String {
        format!(
            "ROM: {} bytes of code and data (0x{:04X}-0x{:04X}) of {} | WRAM: {} bytes of statics + 160 shadow OAM, {} bytes left for the stack",
            self.rom_bytes(),
            CODE_START,
            self.rom_end(),
            ROM_END - u32::from(CODE_START),
            self.wram_bytes(),
            STACK_TOP - self.wram_end()
        )
    }
}

/// The C symbols of a linker `.noi` list (`DEF _name 0x1234`), without SDCC's leading
/// underscore. The linker's bookkeeping (`s__CODE`, `l__DATA`: no leading underscore) and
/// runtime-library internals (`__mulint`) are left out.
pub fn symbol_addresses(noi: &str) -> Vec<(String, u16)> {
    let mut symbols = Vec::new();
    for line in noi.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let ["DEF", symbol, address] = fields[..] else { continue };
        let Some(c_name) = symbol.strip_prefix('_') else { continue };
        if c_name.starts_with('_') {
            continue;
        }
        if let Ok(address) = u16::from_str_radix(address.trim_start_matches("0x"), 16) {
            symbols.push((c_name.to_string(), address));
        }
    }
    symbols.sort_by_key(|(_, address)| *address);
    symbols
}

/// Builds a no$gmb-style `.sym` file (`BB:AAAA name`) that names each C symbol after the Rust
/// item it came from (`rust_names`: C name, Rust name).
pub fn sym_file(noi: &str, rust_names: &[(String, String)]) -> String {
    let mut out = String::from("; Hitori symbols: Rust names for the C the back end wrote\n");
    for (c_name, address) in symbol_addresses(noi) {
        let name = rust_names.iter().find(|(c, _)| *c == c_name).map_or(c_name.as_str(), |(_, rust)| rust.as_str());
        let bank = if (0x4000..0x8000).contains(&address) { 1 } else { 0 };
        // Debuggers split fields on spaces; Rust paths may contain them (`<T as Trait>`).
        out.push_str(&format!("{bank:02X}:{address:04X} {}\n", name.replace(' ', "_")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "\
Area                                    Addr        Size        Decimal Bytes (Attributes)
_CODE                               00000150    00000038 =          56. bytes (REL,CON)
_HEADER0                            00000000    00000009 =           9. bytes (ABS,CON)
_HOME                               00000188    00000066 =         102. bytes (REL,CON)
_INITIALIZER                        000001EE    00000001 =           1. bytes (REL,CON)
_DATA                               0000C100    00000004 =           4. bytes (REL,CON)
_INITIALIZED                        0000C104    00000001 =           1. bytes (REL,CON)
";

    #[test]
    fn map_areas_are_summed_per_memory() {
        // A repeated area line (as long maps have) counts once.
        let repeated = format!("{MAP}_CODE                               00000150    00000038 =          56. bytes (REL,CON)\n");
        let usage = MemoryUsage::from_map(&repeated).unwrap();
        assert_eq!(usage.rom_bytes(), 56 + 102 + 1);
        assert_eq!(usage.rom_end(), 0x1EF);
        assert_eq!(usage.wram_bytes(), 5);
        assert_eq!(usage.wram_end(), 0xC105);
        usage.check().unwrap();
    }

    #[test]
    fn overflowing_rom_or_stack_is_rejected() {
        let big_code = MAP.replace("00000150    00000038", "00000150    00007F00");
        let err = MemoryUsage::from_map(&big_code).unwrap().check().unwrap_err();
        assert!(err.contains("past the 0x8000"), "{err}");
        let big_data = MAP.replace("0000C100    00000004", "0000C100    00001D00");
        let err = MemoryUsage::from_map(&big_data).unwrap().check().unwrap_err();
        assert!(err.contains("bytes of stack"), "{err}");
    }

    #[test]
    fn map_without_code_is_an_error() {
        assert!(MemoryUsage::from_map("nothing here").is_err());
    }

    #[test]
    fn sym_file_uses_rust_names_and_banks() {
        let noi = "DEF _rust_main 0x200\nDEF s__CODE 0x150\nDEF _f12 0x4010\nDEF __mulint 0x300\n";
        let names = vec![("f12".to_string(), "hitori::engine::solve<T as X>".to_string())];
        let sym = sym_file(noi, &names);
        assert!(sym.contains("00:0200 rust_main\n"), "{sym}");
        assert!(sym.contains("01:4010 hitori::engine::solve<T_as_X>\n"), "{sym}");
        assert!(!sym.contains("s__CODE") && !sym.contains("mulint"), "{sym}");
    }
}
