//! Switching a value with a part per puzzle — the worker's memory (`work::Memory`, about
//! 2 KiB) and the play screen's board (`boards::Board`, about 1 KiB) — from one puzzle's part
//! to another's, in place; and, inside Sudoku's part of the worker's memory, from the
//! generator to a hint's solver and marks (`work::SudokuTools`).
//!
//! The plain way, `*board = Board::Lizards(LizardsBoard::new())`, copies a constant the size
//! of the value. On the console that constant sits in ROM bank 0 (the back end never banks
//! data), and one per puzzle passed bank 0's room; built at run time instead, the fresh value
//! would be a temporary that size in a static frame, out of the stack's WRAM. So a switch
//! writes zero bytes over the value and then the new part's tag: a `memset`, no constant, no
//! temporary.
//!
//! Why that is a valid value of the new part ([`PerPuzzle`]'s contract):
//! - the enum is `#[repr(C, u8)]`, whose layout the Rust reference fixes ("Primitive
//!   representation of enums with fields": a `u8` tag, then a `repr(C)` union of the
//!   variants' fields), so writing the tag byte selects the variant;
//! - its tags are the numbers of its parts' names ([`Parts::Part`]: for a part per puzzle the
//!   [`Playable`] numbers, `Variant(..) = Playable::Variant as u8`), so the tag written is one
//!   of its variants';
//! - every field of every variant is flat data (integers, bools, arrays and structs of them,
//!   fieldless enums with a variant numbered 0, `Option`s of those), for which all-zero bytes
//!   are a valid value.
//!
//! The zero value is not each part's `new()`: a puzzle's jobs and board start from what they
//! are handed (a puzzle generated, read from a save or taken from the worker), never from what
//! the part held before. The tests check it by running every job and a game from zeroed parts
//! and from fresh ones (`work.rs`, `tests/game_flow.rs` plays both puzzles through switches).

use super::boards::Playable;

/// An enum with a part per value of [`Parts::Part`], switched by [`switch`].
///
/// # Safety
/// The enum is `#[repr(C, u8)]`; the tag of its variant for part `p` is `u8::from(p)`, for
/// every `p`; and all-zero bytes are a valid value of every field of every variant.
pub unsafe trait Parts: Sized {
    /// What names a part (for a part per puzzle, [`Playable`]).
    type Part: Copy + PartialEq + Into<u8>;
    /// The part the value holds.
    fn part(&self) -> Self::Part;
}

impl From<Playable> for u8 {
    fn from(puzzle: Playable) -> u8 {
        puzzle as u8
    }
}

/// Makes `value` part `part`, all zero, unless it is already that part (then it is left as
/// it is).
pub fn switch<T: Parts>(value: &mut T, part: T::Part) {
    if value.part() == part {
        return;
    }
    let bytes = (value as *mut T).cast::<u8>();
    // SAFETY: `bytes` covers `value` alone, which `&mut` lets us write. By `Parts`' contract
    // the zeroed fields are valid and the tag written, at offset 0 (`repr(C, u8)`), is one of
    // the enum's variants: `value` is a valid `T` again when this block ends.
    unsafe {
        core::ptr::write_bytes(bytes, 0, size_of::<T>());
        bytes.write(part.into());
    }
}
