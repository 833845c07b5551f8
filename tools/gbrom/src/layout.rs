//! The memory map (docs/ARCHITECTURE.md), the linker map reader that checks a build against it,
//! and the `.sym` file that debugging emulators (BGB, SameBoy, mGBA, Emulicious) load.
//! Hardware reference: Pan Docs, "Memory Map" and "The Cartridge Header".

/// Code starts right after the cartridge header (0x0100-0x014F).
pub const CODE_START: u16 = 0x0150;
/// Without bank switching the CPU sees ROM at 0x0000-0x7FFF.
pub const ROM_END: u32 = 0x8000;
/// With banked code, only 0x0000-0x3FFF (bank 0) is always mapped; 0x4000-0x7FFF shows the
/// bank selected with MBC5.
pub const BANK_0_END: u32 = 0x4000;
pub const BANK_SIZE: u32 = 0x4000;
/// The linker places bank N's code (SDCC area `_CODE_N`) at N * 0x10000 + 0x4000; makebin
/// turns such addresses into ROM offsets N * 0x4000 + (address - 0x4000).
pub const fn bank_base(bank: u32) -> u32 {
    (bank << 16) | 0x4000
}
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
/// Without banked code: two 16 KiB banks, the 32 KiB the CPU sees without switching.
pub const CARTRIDGE_ROM_BANKS: u8 = 2;

/// The ROM banks a cartridge needs when code goes up to `highest_bank`: a power of two (the
/// header can only say so), at least 2.
pub fn rom_banks(highest_bank: u32) -> u32 {
    (highest_bank + 1).next_power_of_two().max(u32::from(CARTRIDGE_ROM_BANKS))
}

/// The header's ROM size byte (0x0148) for `banks` 16 KiB banks: 32 KiB << value.
pub fn rom_size_code(banks: u32) -> u8 {
    banks.trailing_zeros() as u8 - 1
}

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

    /// The switchable banks that hold code (areas linked at `bank_base(N)`), in order.
    pub fn banks(&self) -> Vec<u32> {
        let mut banks: Vec<u32> = self.relocatable().filter(|r| r.start >= 0x10000).map(|r| r.start >> 16).collect();
        banks.sort_unstable();
        banks.dedup();
        banks
    }

    /// Bytes used in switchable bank `bank`.
    pub fn bank_bytes(&self, bank: u32) -> u32 {
        self.relocatable().filter(|r| r.start >> 16 == bank && r.start >= 0x10000).map(|r| r.size).sum()
    }

    /// One past the last address (as the CPU sees it, 0x4000-0x8000) used in `bank`.
    pub fn bank_end(&self, bank: u32) -> u32 {
        self.relocatable()
            .filter(|r| r.start >> 16 == bank && r.start >= 0x10000)
            .map(|r| r.end() - (bank << 16))
            .max()
            .unwrap_or(0x4000)
    }

    /// Where the always-mapped ROM ends: 0x8000 without banked code, 0x4000 with.
    pub fn fixed_rom_end(&self) -> u32 {
        if self.banks().is_empty() { ROM_END } else { BANK_0_END }
    }

    /// The ROM banks the cartridge needs (a power of two, at least 2).
    pub fn rom_banks(&self) -> u32 {
        rom_banks(self.banks().last().copied().unwrap_or(1))
    }

    /// Bytes of code and read-only data after the header, outside the switchable banks.
    pub fn rom_bytes(&self) -> u32 {
        self.relocatable().filter(|r| r.start < ROM_END).map(|r| r.size).sum()
    }

    /// One past the last ROM byte used outside the switchable banks.
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

    /// Fails when code spills past 0x7FFF (0x3FFF once code is banked: 0x4000-0x7FFF is then
    /// switched), a bank overflows its 16 KiB, or statics leave less than `STACK_RESERVE` bytes.
    pub fn check(&self) -> Result<(), String> {
        if self.rom_end() > self.fixed_rom_end() {
            return Err(if self.banks().is_empty() {
                format!(
                    "code and constants end at {:#06x}, past the {:#06x} bytes of unbanked ROM \
                     (put functions in switchable banks: docs/ARCHITECTURE.md, \"ROM banks\")",
                    self.rom_end(),
                    ROM_END
                )
            } else {
                format!(
                    "bank 0 overflows: code and constants end at {:#06x}, past {:#06x} (with banked code \
                     only bank 0 is always mapped; move more functions into banks)",
                    self.rom_end(),
                    BANK_0_END
                )
            });
        }
        for r in self.relocatable().filter(|r| r.start >= 0x10000) {
            let bank = r.start >> 16;
            let named = r.name.strip_prefix("_CODE_").and_then(|n| n.parse::<u32>().ok());
            if named != Some(bank) || r.start < bank_base(bank) {
                let base = bank_base(bank);
                return Err(format!("area {} linked at {:#x}, outside bank {bank}'s {base:#x}", r.name, r.start));
            }
        }
        if let Some(r) = self.relocatable().find(|r| r.name.starts_with("_CODE_") && r.start < 0x10000) {
            let (name, start) = (&r.name, r.start);
            return Err(format!("area {name} was linked at {start:#06x}, not in its bank (no -b option for it?)"));
        }
        for bank in self.banks() {
            if self.bank_end(bank) > ROM_END {
                return Err(format!(
                    "bank {bank} overflows: {} bytes of code, {} more than its {BANK_SIZE}",
                    self.bank_bytes(bank),
                    self.bank_end(bank) - ROM_END
                ));
            }
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
        let mut rom = format!(
            "ROM: {} bytes of code and data (0x{:04X}-0x{:04X}) of {}",
            self.rom_bytes(),
            CODE_START,
            self.rom_end(),
            self.fixed_rom_end() - u32::from(CODE_START),
        );
        if !self.banks().is_empty() {
            for bank in self.banks() {
                rom.push_str(&format!(", bank {bank}: {} of {BANK_SIZE}", self.bank_bytes(bank)));
            }
            rom.push_str(&format!(" ({} banks, {} KiB)", self.rom_banks(), self.rom_banks() * 16));
        }
        format!(
            "{rom} | WRAM: {} bytes of statics + 160 shadow OAM, {} bytes left for the stack",
            self.wram_bytes(),
            STACK_TOP - self.wram_end()
        )
    }
}

/// The C symbols of a linker `.noi` list (`DEF _name 0x1234`), without SDCC's leading
/// underscore, at their linker addresses (bank N's at N * 0x10000 + CPU address). The linker's
/// bookkeeping (`s__CODE`, `l__DATA`: no leading underscore) and runtime-library internals
/// (`__mulint`) are left out.
pub fn symbol_addresses(noi: &str) -> Vec<(String, u32)> {
    let mut symbols = Vec::new();
    for line in noi.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let ["DEF", symbol, address] = fields[..] else { continue };
        let Some(c_name) = symbol.strip_prefix('_') else { continue };
        if c_name.starts_with('_') {
            continue;
        }
        if let Ok(address) = u32::from_str_radix(address.trim_start_matches("0x"), 16) {
            symbols.push((c_name.to_string(), address));
        }
    }
    symbols.sort_by_key(|(_, address)| *address);
    symbols
}

/// The ROM bank and CPU address of a linker address. Bank 0's areas past 0x4000 (possible only
/// without banked code) are physical bank 1.
pub fn bank_and_address(address: u32) -> (u32, u16) {
    let cpu = (address & 0xFFFF) as u16;
    match address {
        0x10000.. => (address >> 16, cpu),
        0x4000..0x8000 => (1, cpu),
        _ => (0, cpu),
    }
}

/// The offset in the ROM file of a linker address in ROM (bank 0 or a switchable bank).
pub fn rom_offset(address: u32) -> usize {
    let (bank, cpu) = bank_and_address(address);
    if address < 0x10000 {
        usize::from(cpu)
    } else {
        bank as usize * BANK_SIZE as usize + usize::from(cpu) - 0x4000
    }
}

/// Builds a no$gmb-style `.sym` file (`BB:AAAA name`) that names each C symbol after the Rust
/// item it came from (`rust_names`: C name, Rust name).
pub fn sym_file(noi: &str, rust_names: &[(String, String)]) -> String {
    let mut out = String::from("; Hitori symbols: Rust names for the C the back end wrote\n");
    for (c_name, address) in symbol_addresses(noi) {
        let name = rust_names.iter().find(|(c, _)| *c == c_name).map_or(c_name.as_str(), |(_, rust)| rust.as_str());
        let (bank, cpu_address) = bank_and_address(address);
        // Debuggers split fields on spaces; Rust paths may contain them (`<T as Trait>`).
        out.push_str(&format!("{bank:02X}:{cpu_address:04X} {}\n", name.replace(' ', "_")));
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

    const BANKED_MAP: &str = "\
_CODE                               00000150    00003000 =       12288. bytes (REL,CON)
_CODE_2                             00024000    00000200 =         512. bytes (REL,CON)
_CODE_1                             00014000    00003FF0 =       16368. bytes (REL,CON)
_DATA                               0000C100    00000004 =           4. bytes (REL,CON)
";

    #[test]
    fn banked_areas_are_counted_per_bank() {
        let usage = MemoryUsage::from_map(BANKED_MAP).unwrap();
        assert_eq!(usage.banks(), [1, 2]);
        assert_eq!(usage.bank_bytes(1), 0x3FF0);
        assert_eq!(usage.bank_bytes(2), 0x200);
        assert_eq!(usage.rom_bytes(), 0x3000);
        assert_eq!(usage.rom_banks(), 4);
        usage.check().unwrap();
        let summary = usage.summary();
        assert!(summary.contains("bank 1: 16368 of 16384, bank 2: 512 of 16384 (4 banks, 64 KiB)"), "{summary}");
    }

    #[test]
    fn overflowing_banks_are_rejected() {
        let big_bank = BANKED_MAP.replace("00014000    00003FF0", "00014000    00004010");
        let err = MemoryUsage::from_map(&big_bank).unwrap().check().unwrap_err();
        assert!(err.contains("bank 1 overflows") && err.contains("16 more"), "{err}");
        // With banked code, bank 0 ends at 0x4000.
        let big_home = BANKED_MAP.replace("00000150    00003000", "00000150    00003F00");
        let err = MemoryUsage::from_map(&big_home).unwrap().check().unwrap_err();
        assert!(err.contains("bank 0 overflows"), "{err}");
        // A bank area the linker did not place in its bank.
        let unplaced = BANKED_MAP.replace("00024000", "00003150");
        let err = MemoryUsage::from_map(&unplaced).unwrap().check().unwrap_err();
        assert!(err.contains("_CODE_2"), "{err}");
    }

    #[test]
    fn bank_counts_and_header_codes() {
        assert_eq!([1, 2, 3, 4, 7, 8].map(rom_banks), [2, 4, 4, 8, 8, 16]);
        assert_eq!([2, 4, 8, 16, 512].map(rom_size_code), [0, 1, 2, 3, 8]);
        assert_eq!(rom_offset(0x24010), 0x8010);
        assert_eq!(rom_offset(0x14000), 0x4000);
        assert_eq!(rom_offset(0x5000), 0x5000);
    }

    #[test]
    fn map_without_code_is_an_error() {
        assert!(MemoryUsage::from_map("nothing here").is_err());
    }

    #[test]
    fn sym_file_uses_rust_names_and_banks() {
        let noi = "DEF _rust_main 0x200\nDEF s__CODE 0x150\nDEF _f12 0x4010\nDEF __mulint 0x300\n";
        let names = vec![("f12".to_string(), "hitori::puzzles::hitori::solve<T as X>".to_string())];
        let sym = sym_file(noi, &names);
        assert!(sym.contains("00:0200 rust_main\n"), "{sym}");
        assert!(sym.contains("01:4010 hitori::puzzles::hitori::solve<T_as_X>\n"), "{sym}");
        assert!(!sym.contains("s__CODE") && !sym.contains("mulint"), "{sym}");
        let banked = sym_file("DEF _f3 0x24123\nDEF b_f3 0x2\n", &[("f3".to_string(), "far::g".to_string())]);
        assert_eq!(banked.lines().skip(1).collect::<Vec<_>>(), ["02:4123 far::g"]);
    }
}
