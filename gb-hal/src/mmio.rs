//! Typed volatile addresses for memory-mapped hardware.
//!
//! Pan Docs, "Memory Map" and "I/O Ranges": every register of the DMG sits at a fixed 16-bit
//! address. A [`VolAddress`] couples such an address with the type stored there and with what
//! the hardware allows (read, write or both), so register code reads like
//! `lcd::LY.read()` instead of raw pointer casts. All accesses use
//! [`core::ptr::read_volatile`] / [`core::ptr::write_volatile`], which our C back end keeps as
//! `volatile`, so none is merged or dropped.
//!
//! Only constructing an address is `unsafe`: whoever writes `VolAddress::new(0xFF44)` vouches
//! that the address is valid for `T` with that access; reads and writes are then safe calls.
//! On the host the addresses are only numbers (tests check the address math); dereferencing one
//! there would fault, so host tests never call `read` / `write`.

use core::marker::PhantomData;

/// The access the hardware allows at an address: [`ReadWrite`], [`ReadOnly`] or [`WriteOnly`].
pub trait Access {}
/// Accesses that may read.
pub trait Readable: Access {}
/// Accesses that may write.
pub trait Writable: Access {}

/// Registers and memory that can be read and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadWrite {}
/// Registers whose writes are ignored or harmful (for example `LY`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadOnly {}
/// Registers whose reads return nothing useful (for example the MBC5 control ranges in ROM).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteOnly {}

impl Access for ReadWrite {}
impl Access for ReadOnly {}
impl Access for WriteOnly {}
impl Readable for ReadWrite {}
impl Readable for ReadOnly {}
impl Writable for ReadWrite {}
impl Writable for WriteOnly {}

/// A hardware address holding a `T`, accessed volatilely with the access `A`.
pub struct VolAddress<T, A: Access = ReadWrite> {
    address: u16,
    _type_and_access: PhantomData<(T, A)>,
}

// Manual impls: a derive would require `T: Clone` and `A: Clone`, but the address is a number
// whatever `T` is.
impl<T, A: Access> Clone for VolAddress<T, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, A: Access> Copy for VolAddress<T, A> {}
impl<T, A: Access> PartialEq for VolAddress<T, A> {
    fn eq(&self, other: &Self) -> bool {
        self.address == other.address
    }
}
impl<T, A: Access> Eq for VolAddress<T, A> {}
impl<T, A: Access> VolAddress<T, A> {
    /// Names the hardware location `address`.
    ///
    /// # Safety
    /// `address` must be a location where volatile accesses of kind `A` with type `T` are
    /// sound on the Game Boy, and every bit pattern the hardware may return there must be a
    /// valid `T` (register newtypes are `#[repr(transparent)]` over `u8` for that reason).
    pub const unsafe fn new(address: u16) -> Self {
        Self { address, _type_and_access: PhantomData }
    }

    /// The 16-bit bus address.
    pub const fn address(self) -> u16 {
        self.address
    }

    /// The address `count` elements of `T` further on.
    ///
    /// # Safety
    /// The resulting address must satisfy the contract of [`VolAddress::new`].
    pub const unsafe fn add(self, count: u16) -> Self {
        let element_size = core::mem::size_of::<T>() as u16;
        Self { address: self.address + count * element_size, _type_and_access: PhantomData }
    }

    /// The same address seen as holding a `U`.
    ///
    /// # Safety
    /// The address must satisfy the contract of [`VolAddress::new`] for `U`.
    pub const unsafe fn cast<U>(self) -> VolAddress<U, A> {
        VolAddress { address: self.address, _type_and_access: PhantomData }
    }

    fn as_ptr(self) -> *mut T {
        core::ptr::with_exposed_provenance_mut(usize::from(self.address))
    }
}

impl<T: Copy, A: Readable> VolAddress<T, A> {
    /// Reads the value (one volatile load).
    #[inline(always)]
    pub fn read(self) -> T {
        // SAFETY: `new` made the creator vouch for volatile reads of `T` here.
        unsafe { core::ptr::read_volatile(self.as_ptr()) }
    }
}

impl<T: Copy, A: Writable> VolAddress<T, A> {
    /// Writes the value (one volatile store).
    #[inline(always)]
    pub fn write(self, value: T) {
        // SAFETY: `new` made the creator vouch for volatile writes of `T` here.
        unsafe { core::ptr::write_volatile(self.as_ptr(), value) }
    }
}

impl<T: Copy, A: Readable + Writable> VolAddress<T, A> {
    /// Reads the value, lets `f` change it and writes it back (two volatile accesses; not
    /// atomic with respect to interrupt handlers touching the same register).
    #[inline(always)]
    pub fn update(self, f: impl FnOnce(T) -> T) {
        self.write(f(self.read()));
    }
}

/// `N` consecutive `T`s starting at a hardware address (tile data, tile maps, shadow OAM).
pub struct VolBlock<T, const N: usize, A: Access = ReadWrite> {
    base: VolAddress<T, A>,
}

impl<T, const N: usize, A: Access> Clone for VolBlock<T, N, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const N: usize, A: Access> Copy for VolBlock<T, N, A> {}

impl<T, const N: usize, A: Access> VolBlock<T, N, A> {
    /// Names the block of `N` elements starting at `base`.
    ///
    /// # Safety
    /// Every one of the `N` element addresses must satisfy the contract of [`VolAddress::new`].
    pub const unsafe fn new(base: u16) -> Self {
        // SAFETY: forwarded to the caller.
        Self { base: unsafe { VolAddress::new(base) } }
    }

    /// Number of elements.
    pub const fn len(self) -> usize {
        N
    }

    /// Whether the block has no elements (only for `N == 0`).
    pub const fn is_empty(self) -> bool {
        N == 0
    }

    /// The address of the first element.
    pub const fn base(self) -> VolAddress<T, A> {
        self.base
    }

    /// The element `index`, or `None` past the end.
    pub const fn get(self, index: usize) -> Option<VolAddress<T, A>> {
        if index < N {
            // SAFETY: `index < N`, and `new` vouched for all `N` elements. `N` elements of a
            // 16-bit address space fit in `u16` arithmetic.
            Some(unsafe { self.base.add(index as u16) })
        } else {
            None
        }
    }

    /// The element `index`; panics past the end (on the console a panic is a `cbe_trap`).
    pub const fn index(self, index: usize) -> VolAddress<T, A> {
        match self.get(index) {
            Some(address) => address,
            None => panic!("VolBlock index out of range"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_advances_by_element_size() {
        let words: VolAddress<u16> = unsafe { VolAddress::new(0xC000) };
        assert_eq!(unsafe { words.add(3) }.address(), 0xC006);
        let bytes: VolAddress<u8, ReadOnly> = unsafe { VolAddress::new(0xFF44) };
        assert_eq!(unsafe { bytes.add(1) }.address(), 0xFF45);
    }

    #[test]
    fn cast_keeps_the_address() {
        let byte: VolAddress<u8> = unsafe { VolAddress::new(0x9800) };
        let pair: VolAddress<[u8; 2]> = unsafe { byte.cast() };
        assert_eq!(pair.address(), 0x9800);
    }

    #[test]
    fn block_indexing_is_bounded() {
        let block: VolBlock<[u8; 4], 40> = unsafe { VolBlock::new(0xC000) };
        assert_eq!(block.len(), 40);
        assert_eq!(block.index(0).address(), 0xC000);
        assert_eq!(block.index(39).address(), 0xC09C);
        assert!(block.get(40).is_none());
    }

    #[test]
    #[should_panic(expected = "VolBlock index out of range")]
    fn block_index_past_the_end_panics() {
        let block: VolBlock<u8, 2> = unsafe { VolBlock::new(0xFF80) };
        block.index(2);
    }
}
