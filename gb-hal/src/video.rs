//! VRAM: tile data, tile maps, and proof that writing them is legal right now.
//!
//! Pan Docs "Tile Data", "Tile Maps" and "Accessing VRAM and OAM": the CPU cannot access VRAM
//! while the PPU draws a line (mode 3); writes then are lost. Writes are safe while the LCD is
//! off and during VBlank (plus the short HBlanks, which this crate does not use). Every VRAM
//! write here therefore takes a [`VramAccess`] token:
//! - [`LcdOff`]: handed out by [`crate::lcd::with_lcd_off`]; any amount of writing.
//! - [`VBlank`]: handed out by [`during_vblank`] (or, in the VBlank interrupt handler, by the
//!   `unsafe` [`VBlank::assume`]); about 4560 clock cycles, so a few hundred bytes at most.
//!
//! Game code that changes the screen during play queues its writes in a [`VramQueue`] at any
//! time and flushes it in VBlank with a byte budget that fits the time left.
//!
//! Tokens only exist inside these calls and cannot be copied, so a write cannot be made outside
//! the window the token stands for. (The time limit of VBlank cannot be checked by types: a
//! flush budget keeps it.)

use crate::interrupts;
use crate::mmio::VolAddress;
use heapless::Deque;

/// First VRAM byte.
pub const VRAM_START: u16 = 0x8000;
/// One past the last VRAM byte.
pub const VRAM_END: u16 = 0xA000;
/// Bytes per 8x8 tile at 2 bits per pixel (Pan Docs "Tile Data").
pub const TILE_BYTES: u16 = 16;
/// Tiles in one of the three tile data blocks.
pub const TILES_PER_BLOCK: u16 = 128;
/// Tile map size in tiles (Pan Docs "Tile Maps").
pub const MAP_WIDTH: u8 = 32;
pub const MAP_HEIGHT: u8 = 32;
/// Bytes in one tile map.
pub const MAP_BYTES: u16 = MAP_WIDTH as u16 * MAP_HEIGHT as u16;

/// Proof that the LCD is off: VRAM and OAM may be accessed without limit.
/// Only [`crate::lcd::with_lcd_off`] makes one, and only lends it out.
pub struct LcdOff {
    _made_by_with_lcd_off: (),
}

impl LcdOff {
    pub(crate) const fn new() -> LcdOff {
        LcdOff { _made_by_with_lcd_off: () }
    }
}

/// Proof that the PPU is in VBlank (or the LCD is off): VRAM and OAM may be accessed until
/// line 153 ends.
pub struct VBlank {
    _made_in_vblank: (),
}

impl VBlank {
    /// A token for code that knows it runs in VBlank without having waited for it here: the
    /// VBlank interrupt handler (`rust_vblank`), which crt0 calls right at line 144.
    ///
    /// # Safety
    /// The caller must be in VBlank (or have the LCD off) and must drop the token before
    /// VBlank ends.
    pub unsafe fn assume() -> VBlank {
        VBlank { _made_in_vblank: () }
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::LcdOff {}
    impl Sealed for super::VBlank {}
}

/// A token under which VRAM (and OAM) may be written: [`LcdOff`] or [`VBlank`].
pub trait VramAccess: sealed::Sealed {}
impl VramAccess for LcdOff {}
impl VramAccess for VBlank {}

/// Waits for the next VBlank ([`interrupts::wait_for_vblank`]) and runs `f` with a [`VBlank`]
/// token. With the LCD off it runs `f` at once (VRAM is free then).
pub fn during_vblank<R>(f: impl FnOnce(&VBlank) -> R) -> R {
    interrupts::wait_for_vblank();
    f(&VBlank { _made_in_vblank: () })
}

/// A write would reach outside VRAM (past 0x9FFF), or past tile index 255, or tile data was
/// not a whole number of tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VramRangeError;

/// An address inside VRAM (0x8000-0x9FFF).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct VramAddress(u16);

impl VramAddress {
    /// `address` if it lies in VRAM.
    pub const fn new(address: u16) -> Option<VramAddress> {
        if address >= VRAM_START && address < VRAM_END { Some(VramAddress(address)) } else { None }
    }

    /// The bus address.
    pub const fn get(self) -> u16 {
        self.0
    }

    /// The address `bytes` further on, if still in VRAM.
    pub const fn offset(self, bytes: u16) -> Option<VramAddress> {
        if bytes < self.bytes_to_end() { Some(VramAddress(self.0 + bytes)) } else { None }
    }

    /// How many bytes from here to the end of VRAM.
    pub const fn bytes_to_end(self) -> u16 {
        VRAM_END - self.0
    }

    /// `Ok` if `len` bytes from here stay inside VRAM.
    pub const fn check_len(self, len: usize) -> Result<(), VramRangeError> {
        if len <= self.bytes_to_end() as usize { Ok(()) } else { Err(VramRangeError) }
    }
}

/// Packs one row of 8 pixels (colour indices 0-3, leftmost first) into the two bytes of a
/// 2bpp tile row (Pan Docs "Tile Data"): the first byte holds bit 0 of every pixel, the second
/// bit 1, leftmost pixel in bit 7. `build.rs` encodes the PNG assets with it.
pub const fn encode_tile_row(colors: [u8; 8]) -> [u8; 2] {
    let mut low = 0;
    let mut high = 0;
    let mut pixel = 0;
    while pixel < 8 {
        let bit = 7 - pixel;
        low |= (colors[pixel] & 1) << bit;
        high |= ((colors[pixel] >> 1) & 1) << bit;
        pixel += 1;
    }
    [low, high]
}

/// The colour indices (leftmost first) of a 2bpp tile row; the inverse of [`encode_tile_row`].
pub const fn decode_tile_row(bytes: [u8; 2]) -> [u8; 8] {
    let mut colors = [0; 8];
    let mut pixel = 0;
    while pixel < 8 {
        let bit = 7 - pixel;
        colors[pixel] = (bytes[0] >> bit) & 1 | ((bytes[1] >> bit) & 1) << 1;
        pixel += 1;
    }
    colors
}

/// First byte of a packed tile of at most two colours (see [`pack_tile`]): `0x80 | background
/// << 2 | ink`, then a byte a row with a bit a pixel (set: ink). Any other tile packs as a 0 byte
/// and its 16 bytes. Most of the game's tiles are a glyph on a plain ground: packed, the tile
/// art takes about a fifth less of ROM bank 0, where all data lives.
const TWO_COLORS: u8 = 0x80;

/// Appends tile `tile` (16 bytes of 2bpp data) to `out` packed: 9 bytes for a tile of at most
/// two colours, 17 for any other. `build.rs` packs the tile art with it; [`unpack_tile`]
/// undoes it.
pub fn pack_tile(tile: &[u8; 16], out: &mut impl FnMut(u8)) {
    let mut colors = [false; 4];
    for row in tile.chunks(2) {
        for color in decode_tile_row([row[0], row[1]]) {
            colors[usize::from(color)] = true;
        }
    }
    let mut used = (0..4u8).filter(|&color| colors[usize::from(color)]);
    let (background, ink) = match (used.next(), used.next(), used.next()) {
        (Some(background), ink, None) => (background, ink.unwrap_or(background)),
        _ => {
            out(0);
            tile.iter().for_each(|&byte| out(byte));
            return;
        }
    };
    out(TWO_COLORS | background << 2 | ink);
    for row in tile.chunks(2) {
        let colors = decode_tile_row([row[0], row[1]]);
        out(colors.iter().fold(0, |bits, &color| bits << 1 | u8::from(color == ink && ink != background)));
    }
}

/// Unpacks the first tile packed in `packed` ([`pack_tile`]) into `tile`; the bytes it took,
/// or `None` if `packed` ends within it. On the console a two-colour tile is crt0's loop
/// (`gb_unpack_planes`: SDCC's took about 4k cycles a tile, most of the boot); the host's is
/// the Rust below.
pub fn unpack_tile(packed: &[u8], tile: &mut [u8; 16]) -> Option<usize> {
    let (&head, rest) = packed.split_first()?;
    if head & TWO_COLORS == 0 {
        tile.copy_from_slice(rest.get(..16)?);
        return Some(17);
    }
    let rows: &[u8; 8] = rest.get(..8)?.try_into().ok()?;
    #[cfg(target_arch = "avr")]
    crate::crt0::unpack_planes(tile, rows, head);
    #[cfg(not(target_arch = "avr"))]
    {
        // Each bit plane of a row: the background's bit, flipped where a pixel has the ink
        // and the ink's bit differs.
        let all_if = |set: bool| if set { 0xFF } else { 0 };
        for plane in 0..2 {
            let background = all_if(head >> (2 + plane) & 1 != 0);
            let flipped = background ^ all_if(head >> plane & 1 != 0);
            for (row, &bits) in rows.iter().enumerate() {
                tile[2 * row + plane] = background ^ (bits & flipped);
            }
        }
    }
    Some(9)
}

/// The three 128-tile blocks of tile data (Pan Docs "Tile Data", "VRAM Tile Data").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileBlock {
    /// 0x8000-0x87FF: objects' tiles 0-127; background tiles 0-127 with `LCDC.4 = 1`.
    Block0,
    /// 0x8800-0x8FFF: tiles 128-255 in both addressing modes.
    Block1,
    /// 0x9000-0x97FF: background tiles 0-127 with `LCDC.4 = 0`.
    Block2,
}

impl TileBlock {
    /// The block's first byte.
    pub const fn start(self) -> VramAddress {
        VramAddress(match self {
            TileBlock::Block0 => 0x8000,
            TileBlock::Block1 => 0x8800,
            TileBlock::Block2 => 0x9000,
        })
    }

    /// The address of tile `index_in_block & 127` of this block.
    pub const fn tile_address(self, index_in_block: u8) -> VramAddress {
        VramAddress(self.start().0 + (index_in_block & 0x7F) as u16 * TILE_BYTES)
    }
}

/// How a tile index byte picks tile data (Pan Docs "VRAM Tile Data", addressing methods).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileAddressing {
    /// "$8000 method": index 0-255 from 0x8000. Objects always use it; background and window
    /// use it when [`crate::lcd::LcdControl::BG_WINDOW_TILES_8000`] is set.
    Unsigned8000,
    /// "$8800 method": index 0-127 from 0x9000, 128-255 from 0x8800 (a signed offset from
    /// 0x9000). Background and window use it when `BG_WINDOW_TILES_8000` is clear; objects
    /// then keep block 0 to themselves.
    Signed8800,
}

impl TileAddressing {
    /// The block holding tile `index`.
    pub const fn block_of(self, index: u8) -> TileBlock {
        match (self, index < 128) {
            (TileAddressing::Unsigned8000, true) => TileBlock::Block0,
            (TileAddressing::Signed8800, true) => TileBlock::Block2,
            (_, false) => TileBlock::Block1,
        }
    }

    /// The first byte of tile `index`.
    pub const fn tile_address(self, index: u8) -> VramAddress {
        self.block_of(index).tile_address(index)
    }
}

/// The two 32x32 background/window tile maps (Pan Docs "Tile Maps").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileMap {
    Map9800,
    Map9C00,
}

impl TileMap {
    /// The map's first byte (tile 0, 0).
    pub const fn start(self) -> VramAddress {
        VramAddress(match self {
            TileMap::Map9800 => 0x9800,
            TileMap::Map9C00 => 0x9C00,
        })
    }

    /// The entry for column `x`, row `y`. Both wrap modulo 32, as the hardware's scrolling
    /// does, so the result is always inside the map.
    pub const fn address(self, x: u8, y: u8) -> VramAddress {
        let row = (y & (MAP_HEIGHT - 1)) as u16;
        let column = (x & (MAP_WIDTH - 1)) as u16;
        VramAddress(self.start().0 + row * MAP_WIDTH as u16 + column)
    }
}

fn write_byte_unchecked(address: u16, value: u8) {
    // SAFETY: callers pass addresses inside VRAM (checked by `VramAddress` or the queue's
    // constructors) and hold a `VramAccess` token, so the PPU is not using VRAM.
    unsafe { VolAddress::<u8>::new(address) }.write(value);
}

/// Copies `bytes` to VRAM at `address` as one block copy. On the console that is the C
/// library's `memcpy` (an assembly loop in SDCC's SM83 library, about 40 clock cycles a byte),
/// where a volatile store per byte compiles to several times that. Plain stores are right
/// for VRAM: writing it has no side effect beyond the bytes, and nothing reads them back
/// through the compiler's view of memory. Callers check the range.
fn copy_unchecked(address: u16, bytes: &[u8]) {
    // SAFETY: `address..address + bytes.len()` lies in VRAM (checked by the caller), which no
    // Rust object occupies, and the caller holds a `VramAccess` token.
    unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), usize::from(address) as *mut u8, bytes.len()) }
}

/// `len` copies of `value` at `address`, as one block fill (`memset`); see [`copy_unchecked`].
fn fill_unchecked(address: u16, value: u8, len: u16) {
    // SAFETY: as in `copy_unchecked`.
    unsafe { core::ptr::write_bytes(usize::from(address) as *mut u8, value, usize::from(len)) }
}

/// Writes one VRAM byte.
pub fn write(_access: &impl VramAccess, address: VramAddress, value: u8) {
    write_byte_unchecked(address.0, value);
}

/// Reads one VRAM byte.
pub fn read(_access: &impl VramAccess, address: VramAddress) -> u8 {
    // SAFETY: a VRAM address, read while the token says the PPU leaves VRAM alone.
    unsafe { VolAddress::<u8>::new(address.0) }.read()
}

/// Copies `bytes` to VRAM from `start` on; nothing is written if they would not fit.
pub fn copy(_access: &impl VramAccess, start: VramAddress, bytes: &[u8]) -> Result<(), VramRangeError> {
    start.check_len(bytes.len())?;
    copy_unchecked(start.0, bytes);
    Ok(())
}

/// Writes `len` copies of `value` from `start` on; nothing is written if they would not fit.
pub fn fill(_access: &impl VramAccess, start: VramAddress, value: u8, len: u16) -> Result<(), VramRangeError> {
    start.check_len(usize::from(len))?;
    fill_unchecked(start.0, value, len);
    Ok(())
}

/// Number of whole tiles in `tile_data`, if it is whole tiles that fit from `first_tile` to
/// tile 255.
const fn tile_count(first_tile: u8, tile_data_len: usize) -> Result<u16, VramRangeError> {
    if tile_data_len % TILE_BYTES as usize != 0 {
        return Err(VramRangeError);
    }
    let count = tile_data_len / TILE_BYTES as usize;
    if first_tile as usize + count > 256 {
        return Err(VramRangeError);
    }
    Ok(count as u16)
}

/// Loads tiles packed by [`pack_tile`] (as `build.rs` generates the art) as tiles
/// `first_tile`, `first_tile + 1`, ... under `addressing`. Nothing more is written once the
/// data ends inside a tile or a tile would go past tile 255.
pub fn load_packed_tiles(
    access: &impl VramAccess,
    addressing: TileAddressing,
    first_tile: u8,
    packed: &[u8],
) -> Result<(), VramRangeError> {
    let (mut tile, mut rest) = (u16::from(first_tile), packed);
    let mut data = [0; 16];
    while !rest.is_empty() {
        let len = unpack_tile(rest, &mut data).ok_or(VramRangeError)?;
        let index = u8::try_from(tile).map_err(|_| VramRangeError)?;
        copy(access, addressing.tile_address(index), &data)?;
        (tile, rest) = (tile + 1, &rest[len..]);
    }
    Ok(())
}

/// Loads 2bpp tile data (16 bytes a tile, as `build.rs` generates it) as tiles `first_tile`,
/// `first_tile + 1`, ... under `addressing`. Following the indices, not the addresses, lets a
/// set cross from tile 127 to 128, which `Signed8800` keeps in blocks 2 and 1. Nothing is
/// written if the data is not whole tiles or would go past tile 255.
pub fn load_tiles(
    _access: &impl VramAccess,
    addressing: TileAddressing,
    first_tile: u8,
    tile_data: &[u8],
) -> Result<(), VramRangeError> {
    tile_count(first_tile, tile_data.len())?;
    let mut tile = first_tile;
    let mut rest = tile_data;
    // One copy per 128-tile block: indices within a block are contiguous in VRAM (a copy per
    // tile cost more than the copying itself).
    while !rest.is_empty() {
        let in_block = block_bytes_from(tile).min(rest.len());
        let (now, later) = rest.split_at(in_block);
        copy_unchecked(addressing.tile_address(tile).0, now);
        tile = tile.wrapping_add((in_block / TILE_BYTES as usize) as u8);
        rest = later;
    }
    Ok(())
}

/// Bytes from tile `index` to the end of its 128-tile block.
const fn block_bytes_from(index: u8) -> usize {
    (128 - (index & 0x7F) as usize) * TILE_BYTES as usize
}

/// Sets the map entry at column `x`, row `y` (both modulo 32) to `tile`.
pub fn set_map_tile(access: &impl VramAccess, map: TileMap, x: u8, y: u8, tile: u8) {
    write(access, map.address(x, y), tile);
}

/// Sets all 1024 entries of `map` to `tile`: about a frame's worth of writes, so in practice
/// under [`LcdOff`].
pub fn fill_map(_access: &impl VramAccess, map: TileMap, tile: u8) {
    fill_unchecked(map.start().0, tile, MAP_BYTES);
}

/// A VRAM write waiting in a [`VramQueue`]: a run of one repeated byte or a copy of
/// read-only data (tile graphics or tile index rows kept in ROM).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VramWrite {
    // A plain `u16`, not a `VramAddress`: after the last byte of a run that ends VRAM it is
    // 0xA000, and by then the write is finished.
    address: u16,
    source: WriteSource,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WriteSource {
    Repeat { value: u8, len: u16 },
    Copy(&'static [u8]),
}

/// The queue is full: flush it first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueFull;

impl VramWrite {
    /// One byte, for example a tile map entry.
    pub const fn byte(address: VramAddress, value: u8) -> VramWrite {
        VramWrite { address: address.0, source: WriteSource::Repeat { value, len: 1 } }
    }

    /// `len` copies of `value`, if they fit in VRAM.
    pub const fn fill(address: VramAddress, value: u8, len: u16) -> Result<VramWrite, VramRangeError> {
        match address.check_len(len as usize) {
            Ok(()) => Ok(VramWrite { address: address.0, source: WriteSource::Repeat { value, len } }),
            Err(error) => Err(error),
        }
    }

    /// A copy of `bytes`, if they fit in VRAM.
    pub const fn copy(address: VramAddress, bytes: &'static [u8]) -> Result<VramWrite, VramRangeError> {
        match address.check_len(bytes.len()) {
            Ok(()) => Ok(VramWrite { address: address.0, source: WriteSource::Copy(bytes) }),
            Err(error) => Err(error),
        }
    }

    /// Bytes still to write.
    pub const fn len(&self) -> u16 {
        match self.source {
            WriteSource::Repeat { len, .. } => len,
            // At most 0x2000, checked by `copy`.
            WriteSource::Copy(bytes) => bytes.len() as u16,
        }
    }

    /// Whether nothing is left to write.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes up to `max` bytes into `sink` and keeps the rest; returns how many it wrote.
    fn write_part(&mut self, max: u16, sink: &mut impl FnMut(u16, u8)) -> u16 {
        let count = if self.len() < max { self.len() } else { max };
        match &mut self.source {
            WriteSource::Repeat { value, len } => {
                for offset in 0..count {
                    sink(self.address + offset, *value);
                }
                *len -= count;
            }
            WriteSource::Copy(bytes) => {
                let (now, later) = bytes.split_at(usize::from(count));
                let mut address = self.address;
                for &byte in now {
                    sink(address, byte);
                    address += 1;
                }
                *bytes = later;
            }
        }
        self.address += count;
        count
    }
}

/// Up to `N` pending VRAM writes, queued at any time and written in VBlank by [`flush`] within
/// a byte budget. Each entry takes 7 bytes of RAM on the console.
///
/// [`flush`]: VramQueue::flush
pub struct VramQueue<const N: usize> {
    pending: Deque<VramWrite, N>,
}

impl<const N: usize> Default for VramQueue<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> VramQueue<N> {
    /// An empty queue (usable in a `static`).
    pub const fn new() -> Self {
        VramQueue { pending: Deque::new() }
    }

    /// Queues `write` after the ones already waiting.
    pub fn push(&mut self, write: VramWrite) -> Result<(), QueueFull> {
        if write.is_empty() {
            return Ok(());
        }
        self.pending.push_back(write).map_err(|_| QueueFull)
    }

    /// Queues setting the map entry at column `x`, row `y` (both modulo 32) to `tile`.
    pub fn set_map_tile(&mut self, map: TileMap, x: u8, y: u8, tile: u8) -> Result<(), QueueFull> {
        self.push(VramWrite::byte(map.address(x, y), tile))
    }

    /// Number of queued writes (not bytes).
    pub fn len(&self) -> usize {
        self.pending.len()
    }

    /// Whether nothing is waiting.
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// Room for no more writes.
    pub fn is_full(&self) -> bool {
        self.pending.is_full()
    }

    /// Bytes waiting in all queued writes.
    pub fn pending_bytes(&self) -> u16 {
        self.pending.iter().fold(0u16, |total, write| total.saturating_add(write.len()))
    }

    /// Drops everything queued (for example before writing the whole screen with the LCD off).
    pub fn clear(&mut self) {
        self.pending.clear();
    }

    /// Writes queued bytes in order, at most `budget` of them, and returns how many it wrote.
    /// A write larger than what is left of the budget is split: its first part is written now,
    /// the rest stays at the front of the queue for the next flush.
    pub fn flush(&mut self, _access: &impl VramAccess, budget: u16) -> u16 {
        self.drain(budget, &mut write_byte_unchecked)
    }

    fn drain(&mut self, budget: u16, sink: &mut impl FnMut(u16, u8)) -> u16 {
        let mut written = 0;
        while written < budget {
            let Some(front) = self.pending.front_mut() else { break };
            written += front.write_part(budget - written, sink);
            if front.is_empty() {
                self.pending.pop_front();
            }
        }
        written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// VRAM as an array, so the queue's writes can be checked on the host.
    struct FakeVram {
        bytes: [u8; 0x2000],
        writes: usize,
    }

    impl FakeVram {
        fn new() -> Self {
            FakeVram { bytes: [0; 0x2000], writes: 0 }
        }

        fn at(&self, address: u16) -> u8 {
            self.bytes[usize::from(address - VRAM_START)]
        }

        fn flush<const N: usize>(&mut self, queue: &mut VramQueue<N>, budget: u16) -> u16 {
            queue.drain(budget, &mut |address, value| {
                assert!((VRAM_START..VRAM_END).contains(&address), "write outside VRAM: {address:#X}");
                self.bytes[usize::from(address - VRAM_START)] = value;
                self.writes += 1;
            })
        }
    }

    fn vram(address: u16) -> VramAddress {
        VramAddress::new(address).unwrap()
    }

    #[test]
    fn vram_address_bounds() {
        assert_eq!(VramAddress::new(0x7FFF), None);
        assert_eq!(VramAddress::new(0x8000).map(VramAddress::get), Some(0x8000));
        assert_eq!(VramAddress::new(0x9FFF).map(VramAddress::get), Some(0x9FFF));
        assert_eq!(VramAddress::new(0xA000), None);
        assert_eq!(vram(0x9FFE).offset(1).map(VramAddress::get), Some(0x9FFF));
        assert_eq!(vram(0x9FFE).offset(2), None);
        assert_eq!(vram(0x9FF0).check_len(16), Ok(()));
        assert_eq!(vram(0x9FF0).check_len(17), Err(VramRangeError));
    }

    #[test]
    fn tile_rows_decode_like_the_pan_docs_example() {
        // Pan Docs "Tile Data": bytes $3C $7E are the row 0 2 3 3 3 3 2 0.
        assert_eq!(decode_tile_row([0x3C, 0x7E]), [0, 2, 3, 3, 3, 3, 2, 0]);
        assert_eq!(encode_tile_row([0, 2, 3, 3, 3, 3, 2, 0]), [0x3C, 0x7E]);
        assert_eq!(encode_tile_row([1, 0, 0, 0, 0, 0, 0, 2]), [0x80, 0x01]);
    }

    #[test]
    fn packed_tiles_unpack_as_they_were_and_two_colours_take_nine_bytes() {
        let tiles: [[u8; 16]; 6] = [
            [0; 16],
            [0xFF; 16],
            // Colours 1 and 3 only (a glyph in ink on light grey).
            core::array::from_fn(|i| if i % 2 == 0 { 0xFF } else { 0x3C }),
            // Colours 0 and 2.
            core::array::from_fn(|i| if i % 2 == 0 { 0 } else { (i as u8).wrapping_mul(37) }),
            // Four colours.
            core::array::from_fn(|i| (i as u8).wrapping_mul(91) ^ 0x5A),
            // Three: 0, 1 and 3.
            core::array::from_fn(|i| if i % 2 == 0 { 0xF0 } else { 0x30 }),
        ];
        let mut packed = heapless::Vec::<u8, 128>::new();
        for tile in &tiles {
            pack_tile(tile, &mut |byte| packed.push(byte).unwrap());
        }
        assert_eq!(packed.len(), 9 + 9 + 9 + 9 + 17 + 17);
        let mut rest = &packed[..];
        let mut unpacked = [0; 16];
        for tile in &tiles {
            let len = unpack_tile(rest, &mut unpacked).unwrap();
            assert_eq!(&unpacked, tile);
            rest = &rest[len..];
        }
        assert!(rest.is_empty());
        assert_eq!(unpack_tile(&packed[..8], &mut unpacked), None, "a packed tile cut short");
    }

    #[test]
    fn tile_row_encoding_round_trips() {
        for seed in 0..=255u8 {
            let colors: [u8; 8] = core::array::from_fn(|pixel| (seed.rotate_left(pixel as u32) ^ pixel as u8) & 3);
            assert_eq!(decode_tile_row(encode_tile_row(colors)), colors);
        }
        // Bits above the colour index are ignored.
        assert_eq!(encode_tile_row([7; 8]), [0xFF, 0xFF]);
    }

    #[test]
    fn unsigned_addressing_runs_from_8000() {
        let unsigned = TileAddressing::Unsigned8000;
        assert_eq!(unsigned.tile_address(0).get(), 0x8000);
        assert_eq!(unsigned.tile_address(1).get(), 0x8010);
        assert_eq!(unsigned.tile_address(127).get(), 0x87F0);
        assert_eq!(unsigned.tile_address(128).get(), 0x8800);
        assert_eq!(unsigned.tile_address(255).get(), 0x8FF0);
    }

    #[test]
    fn signed_addressing_is_based_at_9000() {
        let signed = TileAddressing::Signed8800;
        assert_eq!(signed.tile_address(0).get(), 0x9000);
        assert_eq!(signed.tile_address(127).get(), 0x97F0);
        // Index 128 is -128 from 0x9000.
        assert_eq!(signed.tile_address(128).get(), 0x8800);
        assert_eq!(signed.tile_address(255).get(), 0x8FF0);
        assert_eq!(signed.block_of(5), TileBlock::Block2);
        assert_eq!(signed.block_of(200), TileBlock::Block1);
    }

    #[test]
    fn tile_blocks() {
        assert_eq!(TileBlock::Block0.start().get(), 0x8000);
        assert_eq!(TileBlock::Block1.start().get(), 0x8800);
        assert_eq!(TileBlock::Block2.start().get(), 0x9000);
        assert_eq!(TileBlock::Block1.tile_address(3).get(), 0x8830);
    }

    #[test]
    fn load_tiles_copies_are_contiguous_to_the_block_end() {
        for addressing in [TileAddressing::Unsigned8000, TileAddressing::Signed8800] {
            for first in 0..=255u8 {
                let tiles = block_bytes_from(first) / usize::from(TILE_BYTES);
                assert!((1..=128).contains(&tiles));
                let start = addressing.tile_address(first).get();
                for k in 0..tiles as u8 {
                    let expected = start + u16::from(k) * TILE_BYTES;
                    assert_eq!(addressing.tile_address(first + k).get(), expected, "{addressing:?} tile {first} + {k}");
                }
            }
        }
    }

    #[test]
    fn map_addresses_wrap_modulo_32() {
        assert_eq!(TileMap::Map9800.address(0, 0).get(), 0x9800);
        assert_eq!(TileMap::Map9800.address(31, 0).get(), 0x981F);
        assert_eq!(TileMap::Map9800.address(0, 1).get(), 0x9820);
        assert_eq!(TileMap::Map9C00.address(31, 31).get(), 0x9FFF);
        assert_eq!(TileMap::Map9C00.address(33, 34), TileMap::Map9C00.address(1, 2));
    }

    #[test]
    fn tile_count_checks_whole_tiles_and_index_range() {
        assert_eq!(tile_count(0, 32), Ok(2));
        assert_eq!(tile_count(0, 31), Err(VramRangeError));
        assert_eq!(tile_count(0, 256 * 16), Ok(256));
        assert_eq!(tile_count(1, 256 * 16), Err(VramRangeError));
        assert_eq!(tile_count(250, 6 * 16), Ok(6));
        assert_eq!(tile_count(250, 7 * 16), Err(VramRangeError));
    }

    #[test]
    fn queue_writes_in_order() {
        static TILE_ROW: [u8; 3] = [7, 8, 9];
        let mut queue: VramQueue<4> = VramQueue::new();
        queue.set_map_tile(TileMap::Map9800, 2, 1, 0x42).unwrap();
        queue.push(VramWrite::copy(vram(0x9000), &TILE_ROW).unwrap()).unwrap();
        queue.push(VramWrite::fill(vram(0x8000), 0xAA, 2).unwrap()).unwrap();
        // A later write to the same byte wins.
        queue.push(VramWrite::byte(vram(0x9001), 0x55)).unwrap();
        assert_eq!(queue.pending_bytes(), 1 + 3 + 2 + 1);

        let mut fake = FakeVram::new();
        assert_eq!(fake.flush(&mut queue, 100), 7);
        assert!(queue.is_empty());
        assert_eq!(fake.at(0x9822), 0x42);
        assert_eq!([fake.at(0x9000), fake.at(0x9001), fake.at(0x9002)], [7, 0x55, 9]);
        assert_eq!([fake.at(0x8000), fake.at(0x8001), fake.at(0x8002)], [0xAA, 0xAA, 0]);
        assert_eq!(fake.writes, 7);
    }

    #[test]
    fn flush_respects_the_budget_and_splits_long_writes() {
        static TILE: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
        let mut queue: VramQueue<4> = VramQueue::new();
        queue.push(VramWrite::copy(vram(0x8010), &TILE).unwrap()).unwrap();
        queue.push(VramWrite::fill(vram(0x9800), 3, 10).unwrap()).unwrap();

        let mut fake = FakeVram::new();
        assert_eq!(fake.flush(&mut queue, 10), 10);
        assert_eq!(fake.at(0x8019), 10);
        assert_eq!(fake.at(0x801A), 0, "past the budget");
        assert_eq!(queue.len(), 2);
        assert_eq!(queue.pending_bytes(), 6 + 10);

        assert_eq!(fake.flush(&mut queue, 10), 10);
        assert_eq!(fake.at(0x801F), 16);
        assert_eq!(fake.at(0x9803), 3);
        assert_eq!(fake.at(0x9804), 0);
        assert_eq!(queue.len(), 1);

        assert_eq!(fake.flush(&mut queue, 10), 6);
        assert_eq!(fake.at(0x9809), 3);
        assert!(queue.is_empty());
        assert_eq!(fake.writes, 26);
    }

    #[test]
    fn zero_budget_or_empty_queue_writes_nothing() {
        let mut queue: VramQueue<2> = VramQueue::new();
        let mut fake = FakeVram::new();
        assert_eq!(fake.flush(&mut queue, 50), 0);
        queue.push(VramWrite::byte(vram(0x8000), 1)).unwrap();
        assert_eq!(fake.flush(&mut queue, 0), 0);
        assert_eq!(queue.len(), 1);
        assert_eq!(fake.writes, 0);
    }

    #[test]
    fn write_reaching_the_end_of_vram_finishes_cleanly() {
        static LAST: [u8; 2] = [0xDE, 0xAD];
        let mut queue: VramQueue<1> = VramQueue::new();
        queue.push(VramWrite::copy(vram(0x9FFE), &LAST).unwrap()).unwrap();
        let mut fake = FakeVram::new();
        assert_eq!(fake.flush(&mut queue, 1), 1);
        assert_eq!(fake.flush(&mut queue, 1), 1);
        assert!(queue.is_empty());
        assert_eq!([fake.at(0x9FFE), fake.at(0x9FFF)], [0xDE, 0xAD]);
    }

    #[test]
    fn full_queue_refuses_and_empty_writes_take_no_room() {
        let mut queue: VramQueue<2> = VramQueue::new();
        queue.push(VramWrite::fill(vram(0x8000), 0, 0).unwrap()).unwrap();
        assert!(queue.is_empty());
        queue.set_map_tile(TileMap::Map9800, 0, 0, 1).unwrap();
        queue.set_map_tile(TileMap::Map9800, 1, 0, 1).unwrap();
        assert!(queue.is_full());
        assert_eq!(queue.set_map_tile(TileMap::Map9800, 2, 0, 1), Err(QueueFull));
        queue.clear();
        assert!(queue.is_empty());
    }

    #[test]
    fn writes_past_vram_are_refused() {
        static EIGHT: [u8; 8] = [0; 8];
        assert_eq!(VramWrite::copy(vram(0x9FF9), &EIGHT), Err(VramRangeError));
        assert!(VramWrite::copy(vram(0x9FF8), &EIGHT).is_ok());
        assert_eq!(VramWrite::fill(vram(0x8000), 0, 0x2001), Err(VramRangeError));
        assert_eq!(VramWrite::fill(vram(0x8000), 0, 0x2000).map(|write| write.len()), Ok(0x2000));
    }
}
