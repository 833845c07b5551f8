//! Game Boy Color: telling the machines apart, colour palettes, VRAM bank 1 and the
//! background's tile attributes.
//!
//! Pan Docs "CGB Registers", "Palettes" ("LCD Color Palettes (CGB only)"), "VRAM Banks",
//! "BG Map Attributes (CGB Mode only)" and "Power Up Sequence" ("CPU registers"). One ROM
//! serves both machines: the header's CGB flag (0x143 = 0x80, "Game Boy Color compatible")
//! makes a Color run it in CGB mode, and the program finds out which machine it runs on from
//! the A register at its entry ([`Model::at_boot`]). On the original Game Boy these registers
//! do not exist: writes to them are ignored, so DMG code must simply not rely on them.
//!
//! Palette RAM is read by the PPU while it draws: like VRAM, it may be written only outside
//! mode 3 (Pan Docs "LCD Color Palettes": "...inaccessible during Mode 3"), so palette and
//! bank-1 writes take the same [`VramAccess`] token as VRAM writes (VBlank or LCD off).

use crate::mmio::{ReadOnly, VolAddress, WriteOnly};
use crate::video::{VramAccess, VramAddress, VramRangeError};
use bitflags::bitflags;

/// Which console runs the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// An original Game Boy, a Pocket, or a Super Game Boy: four greys (`BGP`, `OBP0/1`).
    Dmg,
    /// A Game Boy Color (or Advance) in CGB mode: colour palettes, VRAM bank 1.
    Cgb,
}

/// The A register's value at the cartridge's entry on a Color in CGB mode (Pan Docs "Power Up
/// Sequence", "CPU registers": 0x01 on DMG and SGB, 0xFF on MGB and SGB2, 0x11 on CGB and AGB).
pub const CGB_BOOT_A: u8 = 0x11;

/// The A register as the cartridge's entry found it: crt0 keeps it in HRAM at 0xFFFC
/// (`gb_boot_a`, docs/ARCHITECTURE.md) before clearing RAM.
// SAFETY: a byte of HRAM that crt0 writes once at boot and nothing else writes.
pub const BOOT_A: VolAddress<u8, ReadOnly> = unsafe { VolAddress::new(0xFFFC) };

impl Model {
    /// The machine, told by the A register at entry, `boot_a`.
    pub const fn from_boot_a(boot_a: u8) -> Model {
        if boot_a == CGB_BOOT_A { Model::Cgb } else { Model::Dmg }
    }

    /// The machine the program runs on (crt0's [`BOOT_A`]).
    pub fn at_boot() -> Model {
        Model::from_boot_a(BOOT_A.read())
    }
}

/// A 15-bit colour as the Color stores it: red in bits 0-4, green 5-9, blue 10-14, each 0-31
/// (Pan Docs "LCD Color Palettes", "FF69 — BCPD/BGPD").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Color(u16);

impl Color {
    pub const WHITE: Color = Color::rgb(31, 31, 31);
    pub const BLACK: Color = Color::rgb(0, 0, 0);

    /// The colour with these 5-bit channels (each taken `& 31`).
    pub const fn rgb(red: u8, green: u8, blue: u8) -> Color {
        Color((red & 31) as u16 | ((green & 31) as u16) << 5 | ((blue & 31) as u16) << 10)
    }

    /// The nearest colour to a 24-bit one (each channel's top 5 bits).
    pub const fn from_rgb888(rgb: u32) -> Color {
        Color::rgb((rgb >> 19) as u8, (rgb >> 11) as u8, (rgb >> 3) as u8)
    }

    /// The 15-bit value.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The two bytes palette RAM holds, low first.
    pub const fn to_le_bytes(self) -> [u8; 2] {
        self.0.to_le_bytes()
    }
}

/// A colour palette: the colours of colour indices 0-3 (for objects index 0 is transparent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColorPalette(pub [Color; 4]);

impl ColorPalette {
    /// Bytes a palette takes in palette RAM.
    pub const BYTES: u8 = 8;
    /// Palettes of each kind (background and object).
    pub const COUNT: u8 = 8;

    /// The 8 bytes palette RAM holds.
    pub const fn to_bytes(self) -> [u8; 8] {
        let mut bytes = [0; 8];
        let mut color = 0;
        while color < 4 {
            let [low, high] = self.0[color].to_le_bytes();
            bytes[color * 2] = low;
            bytes[color * 2 + 1] = high;
            color += 1;
        }
        bytes
    }
}

/// `BCPS`/`OCPS` (0xFF68, 0xFF6A), Pan Docs "FF68 — BCPS/BGPI": the palette RAM byte the
/// data register reaches next (bits 0-5) and whether each data write moves on (bit 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct PaletteSelect(u8);

impl PaletteSelect {
    const AUTO_INCREMENT: u8 = 1 << 7;

    /// Starts at palette `palette & 7`'s first byte and moves on after each write.
    pub const fn auto_increment(palette: u8) -> PaletteSelect {
        PaletteSelect(Self::AUTO_INCREMENT | (palette & 7) * ColorPalette::BYTES)
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// A VRAM bank (`VBK`, 0xFF4F, Pan Docs "FF4F — VBK"): bank 0 holds the tile data and maps
/// the DMG also has, bank 1 more tile data and, at the maps' addresses, the maps' attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum VramBank {
    Bank0 = 0,
    Bank1 = 1,
}

bitflags! {
    /// A background or window map entry's attributes, in VRAM bank 1 at the entry's address
    /// (Pan Docs "BG Map Attributes (CGB Mode only)"). The palette number, bits 0-2, has no
    /// flag: see [`TileAttributes::palette`].
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub struct TileAttributes: u8 {
        /// Drawn over objects (unless `LCDC.0` is clear).
        const PRIORITY = 1 << 7;
        const FLIP_Y = 1 << 6;
        const FLIP_X = 1 << 5;
        /// The tile's data is in VRAM bank 1.
        const BANK_1 = 1 << 3;
        const _ = 0b111;
    }
}

impl TileAttributes {
    /// Attributes that draw with background palette `palette & 7`.
    pub const fn palette(palette: u8) -> TileAttributes {
        TileAttributes::from_bits_retain(palette & 7)
    }

    /// The background palette number.
    pub const fn palette_number(self) -> u8 {
        self.bits() & 7
    }
}

// SAFETY (for every `new` below): the Color's registers, one byte each (Pan Docs "CGB
// Registers"); on the DMG the addresses are unmapped I/O, where writes are ignored and reads
// return 0xFF. Every byte is a valid value of each type.
/// `VBK`: the VRAM bank the CPU sees at 0x8000-0x9FFF.
pub const VBK: VolAddress<VramBank, WriteOnly> = unsafe { VolAddress::new(0xFF4F) };
/// `BCPS`: which background palette byte `BCPD` reaches.
pub const BCPS: VolAddress<PaletteSelect, WriteOnly> = unsafe { VolAddress::new(0xFF68) };
/// `BCPD`: background palette RAM, a byte at a time.
pub const BCPD: VolAddress<u8> = unsafe { VolAddress::new(0xFF69) };
/// `OCPS`: which object palette byte `OCPD` reaches.
pub const OCPS: VolAddress<PaletteSelect, WriteOnly> = unsafe { VolAddress::new(0xFF6A) };
/// `OCPD`: object palette RAM, a byte at a time.
pub const OCPD: VolAddress<u8> = unsafe { VolAddress::new(0xFF6B) };

/// Which palette RAM to write: the background's or the objects'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaletteKind {
    Background,
    Object,
}

/// Writes `palettes` to palette RAM from palette `first` on (at most 8 in all; those past
/// palette 7 are dropped).
pub fn load_palettes(_access: &impl VramAccess, kind: PaletteKind, first: u8, palettes: &[ColorPalette]) {
    let (select, data) = match kind {
        PaletteKind::Background => (BCPS, BCPD),
        PaletteKind::Object => (OCPS, OCPD),
    };
    select.write(PaletteSelect::auto_increment(first));
    let room = usize::from(ColorPalette::COUNT.saturating_sub(first));
    for palette in palettes.iter().take(room) {
        for byte in palette.to_bytes() {
            data.write(byte);
        }
    }
}

/// Runs `f` with VRAM bank 1 mapped at 0x8000-0x9FFF (the maps' attributes at the maps'
/// addresses: write them with `crate::video`'s functions and the token `f` is lent), then
/// maps bank 0 again, which the rest of the program expects.
pub fn with_vram_bank_1<A: VramAccess, R>(access: &A, f: impl FnOnce(&A) -> R) -> R {
    VBK.write(VramBank::Bank1);
    let result = f(access);
    VBK.write(VramBank::Bank0);
    result
}

/// Which tiles draw in palettes of their own, by tile index: `len` tiles from `first` in
/// palette 1, the `len` after them in palette 2, every other tile in palette 0. A puzzle's cell
/// art keeps the variants to colour (error, hint) in two such blocks, so a map entry's palette
/// follows from its tile alone and needs no record of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaletteSpans {
    /// The first tile of the first span; both spans must end by tile 255.
    pub first: u8,
    /// Tiles in each span (0: every tile in palette 0).
    pub len: u8,
}

impl PaletteSpans {
    /// Every tile in palette 0.
    pub const NONE: PaletteSpans = PaletteSpans { first: 0, len: 0 };

    /// The palette number `tile` draws in.
    pub const fn palette_of(self, tile: u8) -> u8 {
        let from_first = tile.wrapping_sub(self.first);
        if from_first < self.len {
            1
        } else if from_first - self.len < self.len {
            2
        } else {
            0
        }
    }

    /// As crt0's loop takes them: the first tile in the low byte, the length in the high.
    const fn packed(self) -> u16 {
        (self.len as u16) << 8 | self.first as u16
    }
}

/// Writes into VRAM bank 1, from `start` on, the attributes of map entries that show `tiles`
/// (at most 255): each the palette `spans` gives its tile, no flip, no priority, tile data in
/// bank 0. Nothing is written if they would not fit. Bank 0 is mapped again after.
pub fn copy_attributes(access: &impl VramAccess, start: VramAddress, tiles: &[u8], spans: PaletteSpans) -> Result<(), VramRangeError> {
    start.check_len(tiles.len())?;
    if tiles.is_empty() {
        return Ok(());
    }
    with_vram_bank_1(access, |_| {
        // SAFETY: `tiles.len()` bytes of VRAM from `start` (checked above), which no Rust
        // object occupies, written while the token says the PPU allows it; `tiles` is readable.
        unsafe { crate::crt0::copy_attributes(usize::from(start.get()) as *mut u8, tiles.as_ptr(), tiles.len(), spans.packed()) }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_from_the_a_register() {
        assert_eq!(Model::from_boot_a(0x11), Model::Cgb);
        assert_eq!(Model::from_boot_a(0x01), Model::Dmg);
        assert_eq!(Model::from_boot_a(0xFF), Model::Dmg, "a Pocket");
        assert_eq!(BOOT_A.address(), 0xFFFC);
    }

    #[test]
    fn spans_give_each_tile_its_palette() {
        let spans = PaletteSpans { first: 124, len: 36 };
        assert_eq!([123, 124, 159, 160, 195, 196, 255, 0].map(|tile| spans.palette_of(tile)), [0, 1, 1, 2, 2, 0, 0, 0]);
        assert!((0..=255).all(|tile| PaletteSpans::NONE.palette_of(tile) == 0));
        assert_eq!(spans.packed(), 0x247C);
    }

    #[test]
    fn colors_pack_red_low() {
        assert_eq!(Color::WHITE.bits(), 0x7FFF);
        assert_eq!(Color::rgb(31, 0, 0).bits(), 0x001F);
        assert_eq!(Color::rgb(0, 31, 0).bits(), 0x03E0);
        assert_eq!(Color::rgb(0, 0, 31).bits(), 0x7C00);
        assert_eq!(Color::from_rgb888(0xFF8000), Color::rgb(31, 16, 0));
        assert_eq!(Color::rgb(0, 0, 31).to_le_bytes(), [0x00, 0x7C]);
    }

    #[test]
    fn palette_bytes_are_little_endian_in_index_order() {
        let palette = ColorPalette([Color::WHITE, Color::rgb(31, 0, 0), Color::rgb(0, 0, 31), Color::BLACK]);
        assert_eq!(palette.to_bytes(), [0xFF, 0x7F, 0x1F, 0x00, 0x00, 0x7C, 0x00, 0x00]);
    }

    #[test]
    fn palette_select() {
        assert_eq!(PaletteSelect::auto_increment(0).bits(), 0x80);
        assert_eq!(PaletteSelect::auto_increment(7).bits(), 0x80 | 56);
        assert_eq!(PaletteSelect::auto_increment(9).bits(), 0x88, "palette numbers wrap at 8");
    }

    #[test]
    fn tile_attributes() {
        assert_eq!(TileAttributes::palette(5).bits(), 5);
        assert_eq!((TileAttributes::palette(3) | TileAttributes::FLIP_X).palette_number(), 3);
        assert_eq!(TileAttributes::BANK_1.bits(), 0x08);
        assert_eq!(TileAttributes::PRIORITY.bits(), 0x80);
    }

    #[test]
    fn register_addresses() {
        assert_eq!(VBK.address(), 0xFF4F);
        assert_eq!(BCPS.address(), 0xFF68);
        assert_eq!(BCPD.address(), 0xFF69);
        assert_eq!(OCPS.address(), 0xFF6A);
        assert_eq!(OCPD.address(), 0xFF6B);
    }
}
