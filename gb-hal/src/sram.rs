//! Battery-backed cartridge RAM behind the MBC5 (saves).
//!
//! Pan Docs "MBC5": writing 0x0A anywhere in 0x0000-0x1FFF enables the external RAM at
//! 0xA000-0xBFFF, any other value disables it; 0x4000-0x5FFF selects the RAM bank (0-15).
//! Pan Docs advises keeping the RAM disabled whenever it is not in use, so that a power-off
//! while the CPU runs wild cannot corrupt the save. Access therefore goes through a
//! [`SramGuard`] that enables the RAM when made and disables it when dropped.

use crate::crt0;
use crate::mmio::{VolAddress, WriteOnly};
use core::marker::PhantomData;

/// Two running byte sums over `bytes`, both modulo 256 and starting from `start`'s bytes: the
/// low byte adds up the bytes, the high byte adds up the low byte after each one (Fletcher's
/// checksum without the reduction modulo 255). Records in battery RAM end with it. On the
/// console it is crt0's loop (`gb_running_sums`, 48 cycles a byte against about 240 for the
/// same loop compiled by SDCC); the host's is this one.
pub fn running_sums(bytes: &[u8], start: u16) -> u16 {
    #[cfg(target_arch = "avr")]
    {
        crt0::running_sums(bytes, start)
    }
    #[cfg(not(target_arch = "avr"))]
    {
        let [mut first, mut second] = start.to_le_bytes();
        for &byte in bytes {
            first = first.wrapping_add(byte);
            second = second.wrapping_add(first);
        }
        u16::from_le_bytes([first, second])
    }
}

/// Value that enables the RAM.
pub const RAM_ENABLE_VALUE: u8 = 0x0A;
/// Value that disables the RAM.
pub const RAM_DISABLE_VALUE: u8 = 0x00;
/// First byte of cartridge RAM.
pub const SRAM_START: u16 = 0xA000;
/// Bytes in one RAM bank.
pub const SRAM_BANK_BYTES: u16 = 0x2000;

// SAFETY: writes to the ROM area are caught by the MBC5 and never reach memory. The enable
// register is any address in 0x0000-0x1FFF; 0x1000 rather than 0x0000 because a volatile
// write through a null pointer is undefined behaviour in Rust.
/// The MBC5's RAM enable register.
pub const RAM_ENABLE: VolAddress<u8, WriteOnly> = unsafe { VolAddress::new(0x1000) };
/// The MBC5's RAM bank register.
pub const RAM_BANK: VolAddress<u8, WriteOnly> = unsafe { VolAddress::new(0x4000) };

/// A MBC5 RAM bank number, 0-15. Our cartridge header announces one 8 KiB bank: bank 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SramBank(u8);

impl SramBank {
    pub const BANK_0: SramBank = SramBank(0);

    /// Bank `number`, if the MBC5 has it.
    pub const fn new(number: u8) -> Option<SramBank> {
        if number < 16 { Some(SramBank(number)) } else { None }
    }

    pub const fn number(self) -> u8 {
        self.0
    }
}

/// An access would reach past the end of the 8 KiB bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SramRangeError;

/// The bus address of `len` bytes at `offset` in the bank, if they fit. (Written without
/// `offset + len`, which could overflow the console's 16-bit `usize`.)
const fn sram_address(offset: u16, len: usize) -> Result<u16, SramRangeError> {
    if offset <= SRAM_BANK_BYTES && len <= (SRAM_BANK_BYTES - offset) as usize {
        Ok(SRAM_START + offset)
    } else {
        Err(SramRangeError)
    }
}

/// The right to use cartridge RAM. There is one; whoever holds it can make one [`SramGuard`]
/// at a time, so one guard cannot disable the RAM under another.
pub struct Sram {
    _only_one: (),
}

impl Sram {
    /// The cartridge RAM.
    ///
    /// # Safety
    /// Two live guards must never exist: take one `Sram` in the program's life, or, in a
    /// second context (the background worker, [`crate::worker`]), make guards only with
    /// interrupts off, so that no other context runs while one lives.
    pub unsafe fn take() -> Sram {
        Sram { _only_one: () }
    }

    /// Selects `bank` and enables the RAM until the guard is dropped.
    pub fn enable(&mut self, bank: SramBank) -> SramGuard<'_> {
        RAM_BANK.write(bank.0);
        RAM_ENABLE.write(RAM_ENABLE_VALUE);
        SramGuard { _sram: PhantomData }
    }
}

/// Cartridge RAM, enabled while this lives. Offsets count from 0xA000.
pub struct SramGuard<'sram> {
    _sram: PhantomData<&'sram mut Sram>,
}

impl SramGuard<'_> {
    fn byte(address: u16) -> VolAddress<u8> {
        // SAFETY: `address` comes from `sram_address`, inside the enabled RAM bank.
        unsafe { VolAddress::new(address) }
    }

    /// The byte at `offset`.
    pub fn read(&self, offset: u16) -> Result<u8, SramRangeError> {
        Ok(Self::byte(sram_address(offset, 1)?).read())
    }

    /// Writes `value` at `offset`.
    pub fn write(&mut self, offset: u16, value: u8) -> Result<(), SramRangeError> {
        Self::byte(sram_address(offset, 1)?).write(value);
        Ok(())
    }

    /// Fills `buffer` from `offset` on; reads nothing unless all of it fits. One block copy, by
    /// crt0's `gb_copy`: cartridge RAM is plain memory while enabled (a volatile access per
    /// byte costs several times as much in SDCC's code), and a copy the optimiser cannot see
    /// into stays between the enable register's writes.
    pub fn read_into(&self, offset: u16, buffer: &mut [u8]) -> Result<(), SramRangeError> {
        let address = sram_address(offset, buffer.len())?;
        // SAFETY: `address..address + len` lies in the enabled RAM bank (checked above), which
        // no Rust object occupies.
        unsafe { crt0::copy(buffer.as_mut_ptr(), usize::from(address) as *const u8, buffer.len()) };
        Ok(())
    }

    /// Writes `bytes` from `offset` on; writes nothing unless all of them fit. One block copy,
    /// as `read_into`; saves also rely on successive writes reaching the RAM in program order,
    /// which a `memcpy` would not promise (LLVM dropped a save's first store to a byte that a
    /// later write overwrote).
    pub fn write_from(&mut self, offset: u16, bytes: &[u8]) -> Result<(), SramRangeError> {
        let address = sram_address(offset, bytes.len())?;
        // SAFETY: as in `read_into`.
        unsafe { crt0::copy(usize::from(address) as *mut u8, bytes.as_ptr(), bytes.len()) };
        Ok(())
    }
}

impl Drop for SramGuard<'_> {
    fn drop(&mut self) {
        RAM_ENABLE.write(RAM_DISABLE_VALUE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_sums_add_the_bytes_and_the_first_sum_after_each() {
        assert_eq!(running_sums(&[], 0xA55A), 0xA55A);
        // First: 0x5A + 1 = 0x5B, + 2 = 0x5D; second: 0xA5 + 0x5B + 0x5D = 0x15D, modulo 256.
        assert_eq!(running_sums(&[1, 2], 0xA55A), 0x5D5D);
        assert_ne!(running_sums(&[1, 2], 0), running_sums(&[2, 1], 0), "order counts");
        // 300 bytes of 0xFF: past the 256 a count byte holds, as crt0's loop goes in rounds.
        assert_eq!(running_sums(&[0xFF; 300], 0), u16::from_le_bytes([212, 0xA2]));
    }

    #[test]
    fn banks_0_to_15_exist() {
        assert_eq!(SramBank::new(0), Some(SramBank::BANK_0));
        assert_eq!(SramBank::new(15).map(SramBank::number), Some(15));
        assert_eq!(SramBank::new(16), None);
    }

    #[test]
    fn addresses_stay_in_the_bank() {
        assert_eq!(sram_address(0, 1), Ok(0xA000));
        assert_eq!(sram_address(0x1FFF, 1), Ok(0xBFFF));
        assert_eq!(sram_address(0x2000, 1), Err(SramRangeError));
        assert_eq!(sram_address(0x1F00, 0x100), Ok(0xBF00));
        assert_eq!(sram_address(0x1F00, 0x101), Err(SramRangeError));
        assert_eq!(sram_address(0, 0x2000), Ok(0xA000));
        assert_eq!(sram_address(0xFFFF, 2), Err(SramRangeError));
        assert_eq!(sram_address(0x2000, 0).map(|_| ()), Ok(()), "an empty access at the end");
    }

    #[test]
    fn control_registers_are_in_the_mbc5_ranges() {
        assert!((0x0000..0x2000).contains(&RAM_ENABLE.address()));
        assert_ne!(RAM_ENABLE.address(), 0, "a null pointer write would be undefined behaviour");
        assert!((0x4000..0x6000).contains(&RAM_BANK.address()));
    }
}
