//! Serial port output: how ROM tests report to the emulator that runs them.
//!
//! Pan Docs "Serial Data Transfer (Link Cable)": a byte written to `SB` (0xFF01) is shifted
//! out when `SC` (0xFF02) gets bit 7 (start) and bit 0 (internal clock); bit 7 clears when the
//! 8 bits are out (about 1 ms at 8192 Hz). Without a partner the incoming bits are 1s, which
//! is fine: only the output matters. Emulators used for testing print the bytes sent.
//! No `core::fmt` on the console, so numbers go out through [`hex_digits`].

use crate::mmio::VolAddress;
use bitflags::bitflags;

bitflags! {
    /// `SC` bits used on the DMG.
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct SerialControl: u8 {
        /// Write 1 to start a transfer; reads 1 until it ends.
        const TRANSFER = 1 << 7;
        /// This Game Boy drives the clock.
        const INTERNAL_CLOCK = 1 << 0;
    }
}

// SAFETY: the DMG serial registers, one byte each; every byte is a valid `u8`/`SerialControl`.
/// `SB`: the byte to send (and, afterwards, the byte received).
pub const SB: VolAddress<u8> = unsafe { VolAddress::new(0xFF01) };
/// `SC`: transfer control.
pub const SC: VolAddress<SerialControl> = unsafe { VolAddress::new(0xFF02) };

/// Sends `byte` and waits until it is out.
pub fn write_byte(byte: u8) {
    SB.write(byte);
    SC.write(SerialControl::TRANSFER | SerialControl::INTERNAL_CLOCK);
    while SC.read().contains(SerialControl::TRANSFER) {}
}

/// Sends `bytes` in order.
pub fn write_bytes(bytes: &[u8]) {
    for &byte in bytes {
        write_byte(byte);
    }
}

/// The two uppercase ASCII hex digits of `value`, high digit first.
pub const fn hex_digits(value: u8) -> [u8; 2] {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    [DIGITS[(value >> 4) as usize], DIGITS[(value & 0x0F) as usize]]
}

/// Sends `value` as two hex digits.
pub fn write_hex_u8(value: u8) {
    write_bytes(&hex_digits(value));
}

/// Sends `value` as four hex digits.
pub fn write_hex_u16(value: u16) {
    let [high, low] = value.to_be_bytes();
    write_hex_u8(high);
    write_hex_u8(low);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_digits_are_uppercase_high_first() {
        assert_eq!(&hex_digits(0x00), b"00");
        assert_eq!(&hex_digits(0x09), b"09");
        assert_eq!(&hex_digits(0xA5), b"A5");
        assert_eq!(&hex_digits(0xFF), b"FF");
    }

    #[test]
    fn control_bits_and_addresses() {
        assert_eq!((SerialControl::TRANSFER | SerialControl::INTERNAL_CLOCK).bits(), 0x81);
        assert_eq!(SB.address(), 0xFF01);
        assert_eq!(SC.address(), 0xFF02);
    }
}
