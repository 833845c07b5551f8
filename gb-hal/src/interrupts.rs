//! Interrupt enable and request flags, `ei`/`di`, `halt` and waiting for VBlank.
//!
//! Pan Docs "Interrupts" (`IE` at 0xFFFF, `IF` at 0xFF0F, `IME`), "Interrupt Sources" and
//! "halt". The handlers themselves live in crt0: VBlank calls the program's `rust_vblank`; the
//! other vectors just return (docs/ARCHITECTURE.md), so enabling them only serves to wake
//! [`halt`].

use crate::crt0;
use crate::lcd;
use crate::mmio::VolAddress;
use bitflags::bitflags;

bitflags! {
    /// The interrupt sources, as laid out in both `IE` and `IF` (Pan Docs "FFFF — IE",
    /// "FF0F — IF"). Bits 5-7 do not exist and read as 1 in `IF`; the value read keeps them.
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Interrupts: u8 {
        /// The PPU entered VBlank (line 144).
        const VBLANK = 1 << 0;
        /// A condition selected in `STAT` happened.
        const LCD_STAT = 1 << 1;
        /// `TIMA` overflowed.
        const TIMER = 1 << 2;
        /// A serial byte transfer finished.
        const SERIAL = 1 << 3;
        /// A selected joypad line went low.
        const JOYPAD = 1 << 4;
    }
}

// SAFETY: the DMG's interrupt registers, one byte each; every byte is a valid `Interrupts`
// (it is `repr(transparent)` over `u8` and keeps unknown bits).
/// `IE`: which sources may interrupt the CPU.
pub const IE: VolAddress<Interrupts> = unsafe { VolAddress::new(0xFFFF) };
/// `IF`: which sources are requesting an interrupt; the CPU clears a bit when it calls the
/// handler.
pub const IF: VolAddress<Interrupts> = unsafe { VolAddress::new(0xFF0F) };

/// Lets exactly `sources` interrupt the CPU and sets `IME` (`ei`). Stale requests of those
/// sources are dropped first, so a VBlank requested long ago does not fire at once.
pub fn enable(sources: Interrupts) {
    IF.update(|pending| pending.difference(sources));
    IE.write(sources);
    crt0::enable_interrupts();
}

/// Clears `IME` (`di`): no handler runs until [`enable`] or the end of
/// [`without_interrupts`]. `IE` stays as it is.
pub fn disable() {
    crt0::disable_interrupts();
}

/// Runs `f` with `IME` cleared, then sets `IME`. For reading or updating state shared with
/// `rust_vblank` (for example a 16-bit frame counter, which the 8-bit CPU reads in two
/// steps). `IME` cannot be read back, so this always ends with `ei`: do not call it where
/// interrupts must stay off.
pub fn without_interrupts<R>(f: impl FnOnce() -> R) -> R {
    crt0::disable_interrupts();
    let result = f();
    crt0::enable_interrupts();
    result
}

/// Stops the CPU until an interrupt enabled in `IE` is requested (`halt`), saving power.
///
/// Call it only with `IME` set (after [`enable`]): with `IME` clear and a request already
/// pending, the DMG's "halt bug" executes the next instruction byte twice.
pub fn halt() {
    crt0::halt();
}

/// Waits for the start of the next VBlank: halts until an interrupt has been handled at a line
/// `>= 144`. Needs [`Interrupts::VBLANK`] enabled with [`enable`] (otherwise the CPU halts
/// forever). Returns at once if the LCD is off, since VRAM is then free anyway and no VBlank
/// would ever come.
///
/// On return the program has roughly 10 lines (4560 clock cycles) of VBlank, minus what
/// `rust_vblank` used. [`crate::video::during_vblank`] wraps this with a VRAM access token.
pub fn wait_for_vblank() {
    if !lcd::is_on() {
        return;
    }
    loop {
        halt();
        if lcd::current_line() >= lcd::FIRST_VBLANK_LINE {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_follow_pan_docs_bit_order() {
        assert_eq!(Interrupts::VBLANK.bits(), 0x01);
        assert_eq!(Interrupts::LCD_STAT.bits(), 0x02);
        assert_eq!(Interrupts::TIMER.bits(), 0x04);
        assert_eq!(Interrupts::SERIAL.bits(), 0x08);
        assert_eq!(Interrupts::JOYPAD.bits(), 0x10);
        assert_eq!(Interrupts::all().bits(), 0x1F);
    }

    #[test]
    fn register_addresses() {
        assert_eq!(IE.address(), 0xFFFF);
        assert_eq!(IF.address(), 0xFF0F);
    }
}
