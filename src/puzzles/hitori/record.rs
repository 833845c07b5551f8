//! Hitori's bodies in the save records. Puzzle: size, level, seed (4), the numbers (15 rows
//! of 15, 0 past the board), the solution's shaded cells (15 rows of 16 bits): 270 bytes with
//! the record's header and checksum, as in save format version 3, so that version's games
//! read as they are. Marks: the shaded then the circled cells, 15 rows of 16 bits each.

use super::Hitori;
use super::board::{CellSet, MAX_SIZE, MIN_SIZE};
use super::generate::Puzzle;
use super::play::Marks;
use crate::puzzles::level::Difficulty;
use crate::puzzles::record::{Reader, Record, Writer};

const ROWS: usize = MAX_SIZE as usize;

impl Record for Hitori {
    const PUZZLE_BYTES: usize = 2 + 4 + ROWS * ROWS + ROWS * 2;
    const MARKS_BYTES: usize = 2 * ROWS * 2;

    fn size_and_level(puzzle: &Puzzle) -> (u8, Difficulty) {
        (puzzle.board.size(), puzzle.difficulty)
    }

    fn write_puzzle(puzzle: &Puzzle, out: &mut Writer) {
        out.u8(puzzle.board.size());
        out.u8(puzzle.difficulty as u8);
        out.bytes(&puzzle.seed.to_le_bytes());
        // A row of 15 numbers at a time, 0 past the board's size as the board keeps them: a
        // byte at a time took about 150k cycles on the console.
        for r in 0..MAX_SIZE {
            out.bytes(puzzle.board.row_numbers(r));
        }
        write_rows(&puzzle.solution, out);
    }

    fn read_puzzle(input: &mut Reader, puzzle: &mut Puzzle) -> Option<()> {
        let size = input.u8();
        let difficulty = Difficulty::from_index(input.u8())?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let seed = input.u32();
        puzzle.board.clear(size);
        for row in 0..MAX_SIZE {
            let numbers = input.bytes(ROWS);
            // Numbers 1..=size on the board (`v - 1` below size), 0 past it. One loop with no
            // closure: `any` on the two parts called a closure a byte, about 100k cycles for
            // a puzzle read back on the console.
            let width = if row < size { size } else { 0 };
            let mut column = 0;
            for &v in numbers {
                if (column < width && v.wrapping_sub(1) >= size) || (column >= width && v != 0) {
                    return None;
                }
                column += 1;
            }
            puzzle.board.set_row_numbers(row, &numbers[..usize::from(width)]);
        }
        puzzle.solution = read_rows(input);
        puzzle.difficulty = difficulty;
        puzzle.seed = seed;
        within(&puzzle.solution, size).then_some(())
    }

    fn write_marks(marks: &Marks, out: &mut Writer) {
        write_rows(&marks.shaded, out);
        write_rows(&marks.circled, out);
    }

    fn read_marks(input: &mut Reader, marks: &mut Marks) -> Option<()> {
        marks.shaded = read_rows(input);
        marks.circled = read_rows(input);
        marks.unmark_both_ways();
        Some(())
    }

    fn marks_fit(puzzle: &Puzzle, marks: &Marks) -> bool {
        let n = puzzle.board.size();
        within(&marks.shaded, n) && within(&marks.circled, n)
    }
}

/// The 15 rows of `set`, whatever the board size: one 16-bit copy a row (both ends are
/// little-endian), not two byte stores (a move's save took 8k cycles more on the console).
fn write_rows(set: &CellSet, out: &mut Writer) {
    for (pair, r) in out.take(2 * ROWS).chunks_exact_mut(2).zip(0..MAX_SIZE) {
        pair.copy_from_slice(&set.row(r).to_le_bytes());
    }
}

fn read_rows(input: &mut Reader) -> CellSet {
    let mut set = CellSet::EMPTY;
    for row in 0..MAX_SIZE {
        set.set_row(row, input.u16());
    }
    set
}

fn within(set: &CellSet, n: u8) -> bool {
    set.minus(&CellSet::full(n)).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::hitori::generate::Generator;

    /// A puzzle's body reads back as written, at every size; a number off its range, or one
    /// past the board, makes the body unreadable.
    #[test]
    fn a_body_reads_back_and_a_number_off_the_board_is_refused() {
        let mut generator = Generator::new();
        for size in MIN_SIZE..=MAX_SIZE {
            let puzzle = generator.generate(size, Difficulty::Easy, u32::from(size)).unwrap();
            let mut body = [0u8; Hitori::PUZZLE_BYTES];
            Hitori::write_puzzle(&puzzle, &mut Writer::new(&mut body));
            let read = |body: &[u8]| {
                let mut back = Puzzle::new();
                Hitori::read_puzzle(&mut Reader::new(body), &mut back).map(|()| back)
            };
            let mut again = [0u8; Hitori::PUZZLE_BYTES];
            Hitori::write_puzzle(&read(&body).expect("reads back"), &mut Writer::new(&mut again));
            assert_eq!(again, body, "{size}x{size} reads back as written");
            // The numbers start after size, level and seed; row r at 6 + 15 r.
            let at = |r: u8, c: u8| 6 + usize::from(r) * ROWS + usize::from(c);
            let last = size - 1;
            let mut bad = vec![((0, 0), 0), ((last, last), size + 1), ((0, last), 0xFF)];
            if size < MAX_SIZE {
                bad.extend([((0, size), 1), ((size, 0), 1), ((MAX_SIZE - 1, MAX_SIZE - 1), 1)]);
            }
            for ((r, c), value) in bad {
                let mut broken = body;
                broken[at(r, c)] = value;
                assert!(read(&broken).is_none(), "{size}x{size}: {value} at ({r}, {c}) refused");
            }
        }
    }
}
