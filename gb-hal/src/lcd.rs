//! LCD registers: control, status, scrolling, window and palettes.
//!
//! Pan Docs sections "LCD Control", "LCD Status Registers", "Scrolling" ("View port" and
//! "Window" registers) and "Palettes" ("LCD Monochrome Palettes").
//!
//! The LCD may only be switched off during VBlank: Pan Docs ("LCDC.7 — LCD enable") warns
//! that stopping it outside VBlank can damage a real DMG's screen. So this module never
//! exposes a raw write of the enable bit: [`set_control`] keeps it as it is, and
//! [`with_lcd_off`] waits for `LY >= 144` before clearing it and restores it afterwards.

use crate::mmio::{ReadOnly, VolAddress};
use crate::video::LcdOff;
use bitflags::bitflags;

bitflags! {
    /// `LCDC` (0xFF40), Pan Docs "LCD Control".
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct LcdControl: u8 {
        /// LCD and PPU on. Change it only through [`with_lcd_off`].
        const LCD_ON = 1 << 7;
        /// The window uses the tile map at 0x9C00 instead of 0x9800.
        const WINDOW_MAP_9C00 = 1 << 6;
        /// The window layer is drawn.
        const WINDOW_ON = 1 << 5;
        /// Background and window tile indices address 0x8000 unsigned instead of 0x9000
        /// signed (see [`crate::video::TileAddressing`]).
        const BG_WINDOW_TILES_8000 = 1 << 4;
        /// The background uses the tile map at 0x9C00 instead of 0x9800.
        const BG_MAP_9C00 = 1 << 3;
        /// Objects are 8x16 pixels instead of 8x8.
        const OBJ_TALL = 1 << 2;
        /// Objects (sprites) are drawn.
        const OBJ_ON = 1 << 1;
        /// Background and window are drawn (on the DMG, clearing it blanks both to white).
        const BG_WINDOW_ON = 1 << 0;
    }
}

bitflags! {
    /// `STAT` (0xFF41), Pan Docs "LCD Status Registers". Bits 0-2 are read-only; the PPU
    /// mode in bits 0-1 has no flag of its own and is read with [`LcdStatus::mode`] (the
    /// value read from the register keeps every bit).
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct LcdStatus: u8 {
        /// Request the STAT interrupt when `LY == LYC`.
        const LYC_INTERRUPT = 1 << 6;
        /// Request the STAT interrupt on entering mode 2 (OAM scan).
        const OAM_SCAN_INTERRUPT = 1 << 5;
        /// Request the STAT interrupt on entering mode 1 (VBlank).
        const VBLANK_INTERRUPT = 1 << 4;
        /// Request the STAT interrupt on entering mode 0 (HBlank).
        const HBLANK_INTERRUPT = 1 << 3;
        /// Read-only: `LY` currently equals `LYC`.
        const LYC_EQUALS_LY = 1 << 2;
    }
}

/// What the PPU is doing, `STAT` bits 0-1 (Pan Docs "PPU modes").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum PpuMode {
    /// Mode 0: end of a line; VRAM and OAM are accessible.
    HBlank = 0,
    /// Mode 1: lines 144-153; VRAM and OAM are accessible.
    VBlank = 1,
    /// Mode 2: searching OAM; VRAM is accessible, OAM is not.
    OamScan = 2,
    /// Mode 3: sending pixels; neither VRAM nor OAM is accessible.
    Drawing = 3,
}

impl LcdStatus {
    /// The PPU mode in bits 0-1.
    pub const fn mode(self) -> PpuMode {
        match self.bits() & 0b11 {
            0 => PpuMode::HBlank,
            1 => PpuMode::VBlank,
            2 => PpuMode::OamScan,
            _ => PpuMode::Drawing,
        }
    }
}

/// One of the four DMG grey levels (Pan Docs "LCD Monochrome Palettes").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Shade {
    White = 0,
    LightGrey = 1,
    DarkGrey = 2,
    Black = 3,
}

impl Shade {
    /// The shade with number `value & 3` (the hardware's 2-bit field).
    pub const fn from_bits(value: u8) -> Shade {
        match value & 0b11 {
            0 => Shade::White,
            1 => Shade::LightGrey,
            2 => Shade::DarkGrey,
            _ => Shade::Black,
        }
    }
}

/// A DMG palette register value (`BGP`, `OBP0`, `OBP1`): 2 bits per colour index, index 0 in
/// bits 0-1. For objects, colour index 0 is transparent whatever its shade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct Palette(u8);

impl Palette {
    /// Colour index `n` shows shade `n`: how the tile art in `assets/` is meant to be seen.
    pub const IDENTITY: Palette = Palette::new(Shade::White, Shade::LightGrey, Shade::DarkGrey, Shade::Black);

    /// The palette showing colour indices 0, 1, 2, 3 as the given shades.
    pub const fn new(color0: Shade, color1: Shade, color2: Shade, color3: Shade) -> Palette {
        Palette(color0 as u8 | (color1 as u8) << 2 | (color2 as u8) << 4 | (color3 as u8) << 6)
    }

    /// The palette with this register value.
    pub const fn from_bits(bits: u8) -> Palette {
        Palette(bits)
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The shade of colour index `color & 3`.
    pub const fn shade(self, color: u8) -> Shade {
        Shade::from_bits(self.0 >> ((color & 0b11) * 2))
    }

    /// This palette with colour index `color & 3` showing `shade`.
    pub const fn with_shade(self, color: u8, shade: Shade) -> Palette {
        let shift = (color & 0b11) * 2;
        Palette(self.0 & !(0b11 << shift) | (shade as u8) << shift)
    }

    /// Every shade moved `steps` levels towards white (a fade-out step; 3 steps give white).
    pub const fn lightened(self, steps: u8) -> Palette {
        let mut result = self;
        let mut color = 0;
        while color < 4 {
            let shade = self.shade(color) as u8;
            let lighter = shade.saturating_sub(steps);
            result = result.with_shade(color, Shade::from_bits(lighter));
            color += 1;
        }
        result
    }

    /// Every shade moved `steps` levels towards black (3 steps give black).
    pub const fn darkened(self, steps: u8) -> Palette {
        let mut result = self;
        let mut color = 0;
        while color < 4 {
            let shade = self.shade(color) as u8;
            let darker = if steps >= 3 - shade { 3 } else { shade + steps };
            result = result.with_shade(color, Shade::from_bits(darker));
            color += 1;
        }
        result
    }
}

/// Register addresses (Pan Docs "Memory Map", "I/O Ranges").
// SAFETY (for every `new` below): these are the DMG's LCD registers, one byte each, and every
// byte value is a valid register type value (all are `repr(transparent)` over `u8`).
pub const LCDC: VolAddress<LcdControl> = unsafe { VolAddress::new(0xFF40) };
pub const STAT: VolAddress<LcdStatus> = unsafe { VolAddress::new(0xFF41) };
/// Background scroll Y: the map row at the top of the screen.
pub const SCY: VolAddress<u8> = unsafe { VolAddress::new(0xFF42) };
/// Background scroll X: the map column at the left of the screen.
pub const SCX: VolAddress<u8> = unsafe { VolAddress::new(0xFF43) };
/// The line being drawn, 0-153; 144-153 are VBlank. Reads 0 while the LCD is off.
pub const LY: VolAddress<u8, ReadOnly> = unsafe { VolAddress::new(0xFF44) };
/// Line compared with `LY` for the `LYC_EQUALS_LY` status bit and interrupt.
pub const LYC: VolAddress<u8> = unsafe { VolAddress::new(0xFF45) };
pub const BGP: VolAddress<Palette> = unsafe { VolAddress::new(0xFF47) };
pub const OBP0: VolAddress<Palette> = unsafe { VolAddress::new(0xFF48) };
pub const OBP1: VolAddress<Palette> = unsafe { VolAddress::new(0xFF49) };
/// Window top edge, in screen lines.
pub const WY: VolAddress<u8> = unsafe { VolAddress::new(0xFF4A) };
/// Window left edge plus 7 (see [`window_x_register`]).
pub const WX: VolAddress<u8> = unsafe { VolAddress::new(0xFF4B) };

/// First line of VBlank (Pan Docs "LCD Status Registers", "FF44 — LY").
pub const FIRST_VBLANK_LINE: u8 = 144;
/// Screen size in pixels.
pub const SCREEN_WIDTH: u8 = 160;
pub const SCREEN_HEIGHT: u8 = 144;

/// The `WX` value that puts the window's left edge at screen column `screen_x`
/// (Pan Docs "FF4A-FF4B — WY, WX": the window starts at `WX - 7`). Saturates, so a column far
/// off screen gives a value that hides the window (anything above 166).
pub const fn window_x_register(screen_x: u8) -> u8 {
    screen_x.saturating_add(7)
}

/// The current `LCDC` value.
pub fn control() -> LcdControl {
    LCDC.read()
}

/// Writes `LCDC` except [`LcdControl::LCD_ON`], which stays as it is: the LCD is switched off
/// only by [`with_lcd_off`], which knows to wait for VBlank.
pub fn set_control(control: LcdControl) {
    LCDC.update(|current| control.difference(LcdControl::LCD_ON) | current.intersection(LcdControl::LCD_ON));
}

/// Whether the LCD is on.
pub fn is_on() -> bool {
    LCDC.read().contains(LcdControl::LCD_ON)
}

/// The line being drawn (`LY`).
pub fn current_line() -> u8 {
    LY.read()
}

/// Sets the background scroll (`SCX`, `SCY`).
pub fn set_scroll(x: u8, y: u8) {
    SCX.write(x);
    SCY.write(y);
}

/// Puts the window's top-left corner at screen position (`x`, `y`).
pub fn set_window_position(x: u8, y: u8) {
    WX.write(window_x_register(x));
    WY.write(y);
}

/// Switches the LCD off (first waiting, by polling `LY`, for VBlank), runs `f` with the
/// [`LcdOff`] token that allows any amount of VRAM and OAM access, then switches the LCD back
/// on if it was on. Nested calls are fine: an inner call finds the LCD off and leaves it off.
///
/// While the LCD is off the screen shows white and no VBlank interrupt happens, so
/// [`crate::interrupts::wait_for_vblank`] returns at once. A VBlank interrupt handler that runs
/// between the `LY` poll and the switch-off delays it: keep `rust_vblank` well below 10 lines.
pub fn with_lcd_off<R>(f: impl FnOnce(&LcdOff) -> R) -> R {
    let was_on = is_on();
    if was_on {
        while LY.read() < FIRST_VBLANK_LINE {}
        LCDC.update(|control| control.difference(LcdControl::LCD_ON));
    }
    let result = f(&LcdOff::new());
    if was_on {
        LCDC.update(|control| control.union(LcdControl::LCD_ON));
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bits_follow_pan_docs() {
        assert_eq!(LcdControl::LCD_ON.bits(), 0x80);
        assert_eq!(LcdControl::BG_WINDOW_TILES_8000.bits(), 0x10);
        // The boot ROM leaves 0x91: LCD on, tiles at 0x8000, background on.
        let boot = LcdControl::LCD_ON | LcdControl::BG_WINDOW_TILES_8000 | LcdControl::BG_WINDOW_ON;
        assert_eq!(boot.bits(), 0x91);
    }

    #[test]
    fn status_mode_reads_the_low_two_bits() {
        assert_eq!(LcdStatus::from_bits_retain(0x85).mode(), PpuMode::VBlank);
        assert_eq!(LcdStatus::from_bits_retain(0x44).mode(), PpuMode::HBlank);
        assert_eq!(LcdStatus::from_bits_retain(0x02).mode(), PpuMode::OamScan);
        assert_eq!(LcdStatus::from_bits_retain(0xFF).mode(), PpuMode::Drawing);
    }

    #[test]
    fn identity_palette_is_the_usual_e4() {
        assert_eq!(Palette::IDENTITY.bits(), 0xE4);
        assert_eq!(Palette::IDENTITY.shade(2), Shade::DarkGrey);
    }

    #[test]
    fn palette_packs_two_bits_per_color() {
        let palette = Palette::new(Shade::Black, Shade::White, Shade::LightGrey, Shade::DarkGrey);
        assert_eq!(palette.bits(), 0b10_01_00_11);
        assert_eq!(palette.shade(0), Shade::Black);
        assert_eq!(palette.shade(3), Shade::DarkGrey);
        // Only the low two bits of the colour index count, as in the hardware field.
        assert_eq!(palette.shade(4), Shade::Black);
    }

    #[test]
    fn with_shade_changes_one_color_only() {
        let palette = Palette::IDENTITY.with_shade(1, Shade::Black);
        assert_eq!(palette.bits(), 0b11_10_11_00);
        assert_eq!(palette.with_shade(1, Shade::LightGrey), Palette::IDENTITY);
    }

    #[test]
    fn lightening_saturates_at_white() {
        assert_eq!(Palette::IDENTITY.lightened(0), Palette::IDENTITY);
        let one = Palette::IDENTITY.lightened(1);
        assert_eq!(one, Palette::new(Shade::White, Shade::White, Shade::LightGrey, Shade::DarkGrey));
        assert_eq!(Palette::IDENTITY.lightened(3).bits(), 0);
        assert_eq!(Palette::IDENTITY.lightened(200).bits(), 0);
    }

    #[test]
    fn darkening_saturates_at_black() {
        let one = Palette::IDENTITY.darkened(1);
        assert_eq!(one, Palette::new(Shade::LightGrey, Shade::DarkGrey, Shade::Black, Shade::Black));
        assert_eq!(Palette::IDENTITY.darkened(3).bits(), 0xFF);
        assert_eq!(Palette::IDENTITY.darkened(255).bits(), 0xFF);
    }

    #[test]
    fn window_x_register_adds_seven_and_saturates() {
        assert_eq!(window_x_register(0), 7);
        assert_eq!(window_x_register(159), 166);
        assert_eq!(window_x_register(250), 255);
    }

    #[test]
    fn register_addresses() {
        assert_eq!(LCDC.address(), 0xFF40);
        assert_eq!(LY.address(), 0xFF44);
        assert_eq!(BGP.address(), 0xFF47);
        assert_eq!(WX.address(), 0xFF4B);
    }
}
