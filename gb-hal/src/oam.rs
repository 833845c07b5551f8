//! Objects (sprites): the shadow OAM table at 0xC000 and the DMA that shows it.
//!
//! Pan Docs "Object Attribute Memory (OAM)" and "OAM DMA Transfer". The real OAM (0xFE00) is
//! unreachable while the PPU draws, so the program edits a copy in WRAM at 0xC000 (reserved for
//! this by the linker, docs/ARCHITECTURE.md) and [`dma`] copies all 160 bytes in VBlank with
//! crt0's HRAM routine `gb_oam_dma`.
//!
//! Objects are written with crt0's copy or volatile byte stores: the C compiler cannot see
//! that `gb_oam_dma` reads 0xC000.

use crate::crt0;
use crate::mmio::{VolAddress, VolBlock};
use crate::video::VramAccess;
use bitflags::bitflags;

/// Number of objects in OAM.
pub const OBJECT_COUNT: u8 = 40;
/// Added to a screen row to get an object's Y byte: Y = 16 puts an 8x16 object's top at line 0.
pub const Y_OFFSET: u8 = 16;
/// Added to a screen column to get an object's X byte.
pub const X_OFFSET: u8 = 8;
/// Start of the shadow OAM (page aligned: DMA takes the source's high byte).
pub const SHADOW_OAM_START: u16 = 0xC000;

bitflags! {
    /// Object attribute byte, DMG bits (Pan Docs "Byte 3 — Attributes/Flags"; bits 0-3 are
    /// Game Boy Color only and stay 0 here).
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub struct ObjectAttributes: u8 {
        /// Background colours 1-3 are drawn over the object.
        const BEHIND_BACKGROUND = 1 << 7;
        /// Mirrored vertically.
        const FLIP_Y = 1 << 6;
        /// Mirrored horizontally.
        const FLIP_X = 1 << 5;
        /// Uses `OBP1` instead of `OBP0`.
        const PALETTE_OBP1 = 1 << 4;
    }
}

/// One OAM entry, in hardware layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Object {
    /// Screen row + 16.
    pub y: u8,
    /// Screen column + 8.
    pub x: u8,
    /// Tile index, always "$8000 addressing" (in 8x16 mode bit 0 is ignored).
    pub tile: u8,
    pub attributes: ObjectAttributes,
}

impl Object {
    /// An object that is not drawn: Y = 0 puts it above the screen (Pan Docs: "an off-screen
    /// value (for example, Y=0 or Y>=160) hides the object").
    pub const HIDDEN: Object = Object { y: 0, x: 0, tile: 0, attributes: ObjectAttributes::empty() };

    /// An object whose top-left pixel is at screen column `screen_x`, row `screen_y`
    /// (both may exceed the screen, wrapping the way the hardware coordinates do).
    pub const fn at(screen_x: u8, screen_y: u8, tile: u8, attributes: ObjectAttributes) -> Object {
        Object {
            y: screen_y.wrapping_add(Y_OFFSET),
            x: screen_x.wrapping_add(X_OFFSET),
            tile,
            attributes,
        }
    }

    /// The bytes as OAM stores them.
    pub const fn to_bytes(self) -> [u8; 4] {
        [self.y, self.x, self.tile, self.attributes.bits()]
    }
}

/// The shadow OAM at 0xC000: 40 objects that [`dma`] shows. It is plain WRAM, so writing it
/// is allowed at any time; only the DMA needs VBlank.
#[derive(Clone, Copy)]
pub struct ShadowOam {
    bytes: VolBlock<u8, { OBJECT_COUNT as usize * 4 }>,
}

/// The one shadow OAM. Copies of this handle all address the same memory; since every access
/// is a volatile byte store through a raw address, that aliasing is sound.
// SAFETY: 0xC000-0xC09F is WRAM reserved for the shadow OAM (linker/crt0.s places C data from
// 0xC100), and any byte is a valid `u8`.
pub const SHADOW_OAM: ShadowOam = ShadowOam { bytes: unsafe { VolBlock::new(SHADOW_OAM_START) } };

impl ShadowOam {
    fn byte(self, index: u8, field: u8) -> VolAddress<u8> {
        self.bytes.index(usize::from(index) * 4 + usize::from(field))
    }

    /// Sets object `index` (0-39; more panics).
    pub fn set(self, index: u8, object: Object) {
        let bytes = object.to_bytes();
        let to = usize::from(self.byte(index, 0).address()) as *mut u8;
        // One copy by crt0 (out of the compiler's sight, so kept): four volatile stores, each
        // working out its address in 16 bits, cost SDCC's code 2,500 cycles an object.
        // SAFETY: the object's 4 bytes lie in the shadow OAM (`byte` checked the index), WRAM
        // that no Rust object occupies.
        unsafe { crt0::copy(to, bytes.as_ptr(), bytes.len()) };
    }

    /// Reads object `index` back (0-39; more panics).
    pub fn get(self, index: u8) -> Object {
        Object {
            y: self.byte(index, 0).read(),
            x: self.byte(index, 1).read(),
            tile: self.byte(index, 2).read(),
            attributes: ObjectAttributes::from_bits_retain(self.byte(index, 3).read()),
        }
    }

    /// Moves object `index` to screen position (`screen_x`, `screen_y`), keeping its tile and
    /// attributes.
    pub fn move_to(self, index: u8, screen_x: u8, screen_y: u8) {
        self.byte(index, 0).write(screen_y.wrapping_add(Y_OFFSET));
        self.byte(index, 1).write(screen_x.wrapping_add(X_OFFSET));
    }

    /// Hides object `index`.
    pub fn hide(self, index: u8) {
        self.byte(index, 0).write(Object::HIDDEN.y);
    }

    /// Hides objects `first` to 39 (for example, everything not used this frame).
    pub fn hide_from(self, first: u8) {
        for index in first..OBJECT_COUNT {
            self.hide(index);
        }
    }
}

/// Copies the shadow OAM into OAM (crt0's `gb_oam_dma`, about 160 microseconds). Needs
/// VBlank or the LCD off: during drawing the PPU reads OAM and would show garbage.
pub fn dma(_access: &impl VramAccess) {
    crt0::oam_dma();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_bits_follow_pan_docs() {
        assert_eq!(ObjectAttributes::BEHIND_BACKGROUND.bits(), 0x80);
        assert_eq!(ObjectAttributes::FLIP_Y.bits(), 0x40);
        assert_eq!(ObjectAttributes::FLIP_X.bits(), 0x20);
        assert_eq!(ObjectAttributes::PALETTE_OBP1.bits(), 0x10);
    }

    #[test]
    fn screen_position_is_offset_into_oam_coordinates() {
        let object = Object::at(0, 0, 5, ObjectAttributes::FLIP_X);
        assert_eq!(object.to_bytes(), [16, 8, 5, 0x20]);
        let corner = Object::at(152, 136, 1, ObjectAttributes::empty());
        assert_eq!((corner.x, corner.y), (160, 152));
        // Partly off the left edge: column -4 is 252 in u8 and becomes X = 4.
        assert_eq!(Object::at(252, 0, 0, ObjectAttributes::empty()).x, 4);
    }

    #[test]
    fn shadow_oam_layout() {
        assert_eq!(core::mem::size_of::<Object>(), 4);
        assert_eq!(SHADOW_OAM.byte(0, 0).address(), 0xC000);
        assert_eq!(SHADOW_OAM.byte(1, 2).address(), 0xC006);
        assert_eq!(SHADOW_OAM.byte(39, 3).address(), 0xC09F);
    }

    #[test]
    #[should_panic(expected = "VolBlock index out of range")]
    fn object_index_40_is_out_of_range() {
        SHADOW_OAM.byte(40, 0);
    }
}
