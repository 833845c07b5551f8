//! Numberlink's bodies in the save records. Puzzle: size, level, seed (4), the number of
//! paths, each number's two endpoints (72 bytes, unused pairs zero), the solid squares (a bit
//! a slot, 24 bytes) and the solution's links two squares a byte (72 bytes: a square's links
//! are a nibble): 175 bytes. Marks: the player's links the same way, 72 bytes, so the
//! progress record is 88 bytes.

use super::Numberlink;
use super::grid::{CELL_SLOTS, Cells, Givens, MAX_PATHS, MAX_SIZE, MIN_SIZE, Puzzle, cell_at, link_count, neighbour, opposite};
use super::play::Marks;
use crate::puzzles::level::Difficulty;
use crate::puzzles::record::{Reader, Record, Writer};

/// Squares of the largest board, and the bytes their links take two a byte.
const SQUARES: usize = MAX_SIZE as usize * MAX_SIZE as usize;
const LINK_BYTES: usize = SQUARES / 2;
const SOLID_BYTES: usize = CELL_SLOTS.div_ceil(8);

impl Record for Numberlink {
    const PUZZLE_BYTES: usize = 2 + 4 + 1 + 2 * MAX_PATHS + SOLID_BYTES + LINK_BYTES;
    const MARKS_BYTES: usize = LINK_BYTES;

    fn size_and_level(puzzle: &Puzzle) -> (u8, Difficulty) {
        (puzzle.size(), puzzle.difficulty)
    }

    fn write_puzzle(puzzle: &Puzzle, out: &mut Writer) {
        let givens = &puzzle.givens;
        out.u8(givens.size);
        out.u8(puzzle.difficulty as u8);
        out.bytes(&puzzle.seed.to_le_bytes());
        out.u8(givens.paths);
        out.bytes(givens.ends.as_flattened());
        out.bytes(givens.solid.as_bytes());
        write_links(&puzzle.solution, out);
    }

    /// Endpoints on the board, each square at most one number's end and never solid, and a
    /// solution that is paths joining each pair: every link kept at both squares, an end with
    /// one link, another square with two (a solid one none), each path from an end reaching
    /// its twin.
    fn read_puzzle(input: &mut Reader, puzzle: &mut Puzzle) -> Option<()> {
        let size = input.u8();
        let difficulty = Difficulty::from_index(input.u8())?;
        let seed = input.u32();
        let paths = input.u8();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) || usize::from(paths) > MAX_PATHS {
            return None;
        }
        let givens = &mut puzzle.givens;
        *givens = Givens::new(size);
        givens.paths = paths;
        givens.ends.as_flattened_mut().copy_from_slice(input.bytes(2 * MAX_PATHS));
        givens.solid = Cells::from_bytes(input.bytes(SOLID_BYTES));
        read_links(input, &mut puzzle.solution);
        puzzle.difficulty = difficulty;
        puzzle.seed = seed;
        let on_board = |cell: u8| cell >> 4 < size && cell & 15 < size;
        let mut ends = Cells::EMPTY;
        for pair in &puzzle.givens.ends[..usize::from(paths)] {
            for &end in pair {
                if !on_board(end) || ends.contains(end) || puzzle.givens.solid.contains(end) {
                    return None;
                }
                ends.insert(end);
            }
        }
        let squares_fit = (0..CELL_SLOTS as u8).all(|cell| {
            let links = puzzle.solution[usize::from(cell)];
            if !on_board(cell) {
                return links == 0 && !puzzle.givens.solid.contains(cell);
            }
            let wanted = if puzzle.givens.solid.contains(cell) {
                0
            } else if ends.contains(cell) {
                1
            } else {
                2
            };
            link_count(links) == wanted && links_kept_at_both_squares(size, &puzzle.solution, cell)
        });
        let joined = puzzle.givens.ends[..usize::from(paths)].iter().all(|&[first, second]| {
            // The walk starts at the path's far end and comes back to `first`.
            let mut far = None;
            super::grid::walk_path(&puzzle.solution, first, |square| {
                far.get_or_insert(square);
            });
            far == Some(second)
        });
        (squares_fit && joined).then_some(())
    }

    fn write_marks(marks: &Marks, out: &mut Writer) {
        write_links(&marks.links, out);
    }

    /// Links kept at both squares, on the largest board.
    fn read_marks(input: &mut Reader, marks: &mut Marks) -> Option<()> {
        read_links(input, &mut marks.links);
        let on_board = |cell: u8| cell & 15 < MAX_SIZE;
        (0..CELL_SLOTS as u8).all(|cell| !on_board(cell) || links_kept_at_both_squares(MAX_SIZE, &marks.links, cell)).then_some(())
    }

    /// Links only on the board, none at a solid square, at most one at an end and two
    /// elsewhere: what drawing can make.
    fn marks_fit(puzzle: &Puzzle, marks: &Marks) -> bool {
        let givens = &puzzle.givens;
        let n = givens.size;
        (0..CELL_SLOTS as u8).all(|cell| {
            let links = marks.links[usize::from(cell)];
            if cell >> 4 >= n || cell & 15 >= n {
                return links == 0;
            }
            let most = if givens.solid.contains(cell) {
                0
            } else if givens.number_at(cell) != 0 {
                1
            } else {
                2
            };
            link_count(links) <= most && links_kept_at_both_squares(n, &marks.links, cell)
        })
    }
}

/// Whether every link of `cell`, a square of the `size` board, leads to a square of the board
/// that has it too.
fn links_kept_at_both_squares(size: u8, links: &[u8; CELL_SLOTS], cell: u8) -> bool {
    let here = links[usize::from(cell)];
    if here & 0xF0 != 0 {
        return false;
    }
    (0..4).all(|side| {
        here & (1 << side) == 0
            || neighbour(size, cell, side).is_some_and(|far| links[usize::from(far)] & (1 << opposite(side)) != 0)
    })
}

/// The links of the largest board's squares, two a byte (the first square in the low nibble).
/// On the console `gb_numberlink_pack_links` (linker/numberlink.s): SDCC's loop took about 500
/// cycles a byte, and a move's save (in the main loop, or the worker's with interrupts off)
/// ran a frame late.
fn write_links(links: &[u8; CELL_SLOTS], out: &mut Writer) {
    let packed: &mut [u8; LINK_BYTES] = out.take(LINK_BYTES).try_into().expect("a slice of LINK_BYTES");
    #[cfg(target_arch = "avr")]
    return pack_links_console(packed, links);
    #[cfg(not(target_arch = "avr"))]
    for (r, row) in packed.chunks_mut(usize::from(MAX_SIZE) / 2).enumerate() {
        for (pair, byte) in row.iter_mut().enumerate() {
            let cell = usize::from(cell_at(r as u8, 2 * pair as u8));
            *byte = links[cell] & 15 | links[cell + 1] << 4;
        }
    }
}

/// [`write_links`]' bytes back into `links` (slots off the board cleared). (Left in Rust:
/// with the routine beside `gb_numberlink_pack_links`, LLVM copied the solid squares in
/// `read_puzzle` by a `memmove`, which the runtime keeps in ROM bank 0.)
fn read_links(input: &mut Reader, links: &mut [u8; CELL_SLOTS]) {
    *links = [0; CELL_SLOTS];
    for (r, row) in input.bytes(LINK_BYTES).chunks(usize::from(MAX_SIZE) / 2).enumerate() {
        for (pair, &byte) in row.iter().enumerate() {
            let cell = usize::from(cell_at(r as u8, 2 * pair as u8));
            links[cell] = byte & 15;
            links[cell + 1] = byte >> 4;
        }
    }
}

// linker/numberlink.s packs 12 rows of 12 squares, 16 slots apart.
const _: () = assert!(MAX_SIZE == 12 && LINK_BYTES == 72 && cell_at(1, 0) == 16);

/// [`write_links`] on the console, from the solver's bank (linker/numberlink.s is in bank 10).
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn pack_links_console(packed: &mut [u8; LINK_BYTES], links: &[u8; CELL_SLOTS]) {
    unsafe extern "C" {
        fn gb_numberlink_pack_links(packed: *mut u8, links: *const u8);
    }
    // SAFETY: the routine reads the 12 rows of 12 squares of `links` and writes the 72 bytes
    // of `packed`, nothing else.
    unsafe { gb_numberlink_pack_links(packed.as_mut_ptr(), links.as_ptr()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::numberlink::generate::Generator;

    fn round_trip_puzzle(puzzle: &Puzzle) -> Option<Puzzle> {
        let mut bytes = [0u8; Numberlink::PUZZLE_BYTES];
        let mut out = Writer::new(&mut bytes);
        Numberlink::write_puzzle(puzzle, &mut out);
        assert_eq!(out.len(), Numberlink::PUZZLE_BYTES);
        let mut back = Puzzle::new();
        Numberlink::read_puzzle(&mut Reader::new(&bytes), &mut back).map(|()| back)
    }

    #[test]
    fn puzzles_and_marks_read_back_as_written_and_damage_is_refused() {
        let mut generator = Generator::new();
        for (size, level, seed) in [(5, Difficulty::Easy, 1), (9, Difficulty::Medium, 2), (12, Difficulty::Easy, 3)] {
            let mut puzzle = Puzzle::new();
            assert!(generator.generate_into(size, level, seed, &mut puzzle));
            assert_eq!(round_trip_puzzle(&puzzle).as_ref(), Some(&puzzle), "{size}x{size}");
            // A link taken out of the solution, at one square or both: no longer paths.
            let mut broken = puzzle.clone();
            let square = puzzle.givens.ends[0][0];
            broken.solution[usize::from(square)] = 0;
            assert_eq!(round_trip_puzzle(&broken), None, "{size}x{size}: an end without its link");
            let mut swapped = puzzle.clone();
            swapped.givens.ends[0].swap(0, 1);
            swapped.givens.ends[0][1] = puzzle.givens.ends[1.min(usize::from(puzzle.givens.paths) - 1)][0];
            assert_eq!(round_trip_puzzle(&swapped), None, "{size}x{size}: a square two numbers' end");

            // The solution as marks, and a half link.
            let marks = Marks { links: puzzle.solution };
            let mut bytes = [0u8; Numberlink::MARKS_BYTES];
            Numberlink::write_marks(&marks, &mut Writer::new(&mut bytes));
            let mut back = Marks::new();
            assert_eq!(Numberlink::read_marks(&mut Reader::new(&bytes), &mut back), Some(()));
            assert_eq!(back, marks);
            assert!(Numberlink::marks_fit(&puzzle, &back));
            bytes[0] ^= 1 << 1;
            assert_eq!(Numberlink::read_marks(&mut Reader::new(&bytes), &mut back), None, "{size}x{size}: a link at one square only");
        }
    }
}
