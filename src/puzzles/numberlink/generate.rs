//! The generator: paths drawn to cover the board, then graded; a candidate with a second
//! solution, or one the level's rules cannot finish, is repaired by cutting a path where the
//! rules stop, and one too easy by joining two paths.
//!
//! **Drawing.** While squares are free, a path starts at a free square with the fewest free
//! neighbours (ties at random: corners and pockets first, so few squares are left alone) and
//! grows from both ends, one square at a time, to a random length. A path grows only into a
//! free square that touches no other square of the same path, so it never touches itself (the
//! convention of published puzzles: such a touch usually lets the path take a shortcut and
//! leave squares to another route), and among those into the one with the fewest free
//! neighbours (Warnsdorff's rule: the path hugs walls and other paths instead of leaving
//! holes); an end on the board's rim grows first (`on_rim`), and a medium drawing's path
//! turns rather than go straight on where it can (`turns`). A square left with no free
//! neighbour joins a path: it becomes the new endpoint of a path ending beside it, or a path
//! through a neighbour is cut there, one part ending on the square. Only when neither can be
//! done (every neighbour the middle of a three-square path) is it solid.
//!
//! **Checking.** The candidate is graded ([`Solver::grade`]) up to the wanted level; that level
//! is kept (its complete closure proves the solution unique), a lower one is drawn again. For
//! a hard target the look-ahead trials go on from the medium closure; a hard puzzle is one
//! they finish (the hard level's other rules, loose ends and the region check, cost the
//! console most of its time for the few drawings only they finish: they grade, hint and
//! check the player's links, but the generator does not wait for them). A closure that stops
//! short of the drawn solution has the drawing cut at a drawn link it left open (both parts
//! keep their squares: the drawn solution stays one, and the rules get two endpoints there),
//! up to [`repairs_per_drawing`] times. After a cut the closure goes on from where it stopped
//! (its facts hold for the cut puzzle: [`Solver::close_after_cut`]), trying again only the
//! trials near a change; only when that finishes is the puzzle graded from its givens, and
//! that grade is the one kept. Above easy, a candidate with a detour ([`has_detour`]: a second
//! solution seen in the links alone) is not graded at all: a drawing is drawn again, a join
//! taken back, a cut cut again; nor is a hard target's join after which two paths can trade a
//! stretch ([`Generator::paths_trade`]).
//!
//! **Joining.** On small boards ([`joins`]) a candidate graded below the wanted level has
//! two paths whose ends touch joined into one ([`Generator::join_paths`]): the players lose
//! two endpoints, the drawn solution stays one, and the candidate is graded again. A hard
//! target's join that the look-ahead cannot finish is taken back and the next pair tried; a
//! medium target's is cut like any unfinished candidate (each the faster at its level on the
//! console). Joins and cuts count together toward [`repairs_per_drawing`].

use super::grid::{CELL_SLOTS, DOWN, Givens, LEFT, MAX_PATHS, MAX_SIZE, MIN_SIZE, Puzzle, RIGHT, Sides, UP, cell_at, link_count, neighbour, next_side, opposite, side_towards, step};
use super::solve::Solver;
use crate::puzzles::level::Difficulty;
use crate::puzzles::rng::Rng;

/// `owner` of a square that is not free and on no path (off the board, or solid).
const TAKEN: u8 = 0xFF;
/// Flag on a path's number for [`Drawing::grown_square`]: grow turning where it can (numbers
/// are at most [`MAX_PATHS`]).
const TURNING: u8 = 0x80;

/// The generator's working memory, owned by the caller (a static on the console).
pub struct Generator {
    solver: Solver,
    /// Drawings made by the last call (for the benchmark).
    pub candidates_tried: u16,
}

impl Default for Generator {
    fn default() -> Self {
        Self::new()
    }
}

impl Generator {
    pub const fn new() -> Generator {
        Generator { solver: Solver::new(), candidates_tried: 0 }
    }

    /// The solver, free between generations (hints and checks during play use it).
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// The puzzle of (size, level, seed); `None` unless 5 <= size <= 12.
    pub fn generate(&mut self, size: u8, level: Difficulty, seed: u32) -> Option<Puzzle> {
        let mut puzzle = Puzzle::new();
        self.generate_into(size, level, seed, &mut puzzle).then_some(puzzle)
    }

    /// [`Generator::generate`] into a caller-owned puzzle; false when the size is out of range.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank10"), inline(never))]
    pub fn generate_into(&mut self, size: u8, level: Difficulty, seed: u32, puzzle: &mut Puzzle) -> bool {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return false;
        }
        let mut rng = Rng::new(seed ^ (u32::from(size) << 24) ^ ((level as u32) << 30));
        self.candidates_tried = 0;
        // Not for easy targets: on the console their closure and cut cost less than a drawing.
        let detour = |links: &[u8; CELL_SLOTS]| level != Difficulty::Easy && has_detour(links, size);
        loop {
            self.candidates_tried = self.candidates_tried.wrapping_add(1);
            if !self.draw(size, path_lengths(size, level), turns(size, level), &mut rng, puzzle) || detour(&puzzle.solution) {
                continue;
            }
            let repairs = repairs_per_drawing(level);
            let mut grade = self.grade_drawing(puzzle, level);
            // The joins tried from the present puzzle are the `skip` first pairs from `first`.
            let (mut repair, mut first, mut skip) = (0, 0, 0);
            let mut join = Join::NONE;
            // The link the last cut took away: a join that put it back would bring back the
            // candidate the cut repaired (medium 7x7 often went round join, cut, join, cut; with
            // this and the cut kept off the last join's link, console, 64 seeds, s a puzzle as
            // mean / over 3 s (worst): 1.19 / 6 (5.51) -> 1.03 / 3 (3.22)). None yet: no link
            // joins a square to itself.
            let mut cut = [0u8; 2];
            loop {
                match grade {
                    Some(grade) if grade == level => return finish(puzzle, level, seed),
                    _ if repair == repairs => break,
                    Some(easier) => {
                        if !joins(size, level) {
                            break;
                        }
                        if skip == 0 {
                            first = rng.below(puzzle.givens.paths);
                        }
                        if !self.join_paths(puzzle, first, skip, cut, &mut join) {
                            break;
                        }
                        // Paths that trade a stretch: looked for at hard joins only (console, 64
                        // seeds at 7x7, s a puzzle as median / mean / over 3 s: hard 1.07 / 1.51
                        // / 4 -> 1.06 / 1.38 / 4; also at drawings 1.09 / 1.45 / 5; medium 0.77
                        // / 1.18 / 6 -> 0.77 / 1.29 / 8).
                        let second = detour(&puzzle.solution) || (level == Difficulty::Hard && self.paths_trade(puzzle));
                        grade = if second { None } else { self.grade_drawing(puzzle, level) };
                        if grade.is_none() && (second || level == Difficulty::Hard) {
                            unjoin(puzzle, &join);
                            grade = Some(easier);
                            skip += 1;
                        } else {
                            skip = 0;
                        }
                    }
                    None => {
                        if !self.cut_where_closure_stops(puzzle, &mut rng, [join.end, join.far], &mut cut) {
                            break;
                        }
                        // A detour left: cut again, from the closure before this cut (its facts
                        // hold after any number of cuts, see `Solver::close_after_cut`).
                        grade = if !detour(&puzzle.solution)
                            && self.solver.close_after_cut(&puzzle.givens, level, &puzzle.solution)
                        {
                            self.grade_drawing(puzzle, level)
                        } else {
                            None
                        };
                    }
                }
                repair += 1;
            }
        }
    }

    /// The level of the drawn puzzle, graded from its givens up to `level`, or `None` when
    /// the level's rules leave it unfinished (the solver then holds their closure; for a hard
    /// target the look-ahead's, which goes on from the medium one).
    fn grade_drawing(&mut self, puzzle: &Puzzle, level: Difficulty) -> Option<Difficulty> {
        let grade = self.solver.grade_up_to(&puzzle.givens, level.min(Difficulty::Medium), Some(&puzzle.solution));
        if grade.is_none() && level == Difficulty::Hard && self.solver.finish_look_ahead(&puzzle.solution) {
            return Some(Difficulty::Hard);
        }
        grade
    }

    /// Draws paths over an `n` x `n` board into `puzzle` (givens and solution), each aiming at
    /// a random length of `lengths` ([`path_lengths`]: the shortest and how many), turning
    /// where it can with `turns` ([`turns`]). False when the drawing needed more than
    /// [`MAX_PATHS`] numbers. In bank 17 with its routines (the solver's bank 10 is full).
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank17"), inline(never))]
    fn draw(&mut self, n: u8, lengths: (u8, u8), turns: bool, rng: &mut Rng, puzzle: &mut Puzzle) -> bool {
        let drawing = &mut Drawing { solver: &mut self.solver };
        puzzle.solution = [0; CELL_SLOTS];
        puzzle.givens = Givens::new(n);
        drawing.reset(n);
        while let Some(start) = drawing.fewest_square(rng) {
            if drawing.count(start) == 0 {
                drawing.take_lone();
                if !join_lone_square(drawing, n, start, rng, puzzle) {
                    return false;
                }
                continue;
            }
            let givens = &mut puzzle.givens;
            if givens.paths as usize == MAX_PATHS {
                return false;
            }
            let number = givens.paths + 1;
            let grower = if turns { number | TURNING } else { number };
            drawing.take(start, number);
            let mut ends = [start, start];
            let mut length = 1;
            let target = lengths.0 + rng.below(lengths.1);
            while length < target {
                // An end on the board's rim first ([`on_rim`]), else the two in random order,
                // by two plain calls: an array of both orders is packed by LLVM into a 64-bit
                // integer, whose shifts the console pays for.
                let first = match (on_rim(ends[0], n), on_rim(ends[1], n)) {
                    (true, false) => 0,
                    (false, true) => 1,
                    _ => rng.below(2) as usize,
                };
                let mut e = first;
                let mut next = drawing.grown_square(rng, ends[e], grower);
                if next == TAKEN {
                    e = 1 - first;
                    next = drawing.grown_square(rng, ends[e], grower);
                }
                if next == TAKEN {
                    break;
                }
                link(&mut puzzle.solution, ends[e], next);
                drawing.take(next, number);
                ends[e] = next;
                length += 1;
            }
            givens.ends[givens.paths as usize] = ends;
            givens.paths = number;
        }
        true
    }

    /// Joins two paths whose ends touch into one (their other ends its endpoints), where the
    /// joined path touches itself only along its links: the `skip`-th such pair (from 0) in
    /// an order starting at path `first`, what changed written to `join`. False when there
    /// are no more; never the pair whose ends are the two squares of `cut`, the link the last
    /// cut took away. (Returned as an `Option`, LLVM packed `Join` into 64 bits, whose shifts
    /// the console pays for, and its helpers took 335 bytes of ROM bank 0.) The paths are
    /// numbered in the drawing's memory, the solver's, whose closure is not needed after a
    /// grade below the target: the grade after a join loads the solver again. In bank 17 with
    /// the cut (beside Numberlink's board tiles) on the console: the solver's bank 10 is full.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank17"), inline(never))]
    fn join_paths(&mut self, puzzle: &mut Puzzle, first: u8, mut skip: u8, cut: [u8; 2], join: &mut Join) -> bool {
        let givens = &mut puzzle.givens;
        let paths = givens.paths;
        let drawing = &mut Drawing { solver: &mut self.solver };
        drawing.number_paths(&puzzle.solution, givens);
        for i in 0..paths {
            // (`first` < `paths`: no division.)
            let k = if i < paths - first { first + i } else { first + i - paths };
            for at in 0..2 {
                let end = givens.ends[k as usize][at];
                for side in 0..4 {
                    let far = step(end, side);
                    let number = drawing.owner(far);
                    // Each pair once, from its lower number.
                    if number <= k + 1
                        || number == TAKEN
                        || link_count(puzzle.solution[far as usize]) != 1
                        || is_link(cut, end, far)
                        || !drawing.touches_only_at(&puzzle.solution, far, opposite(side), k + 1)
                    {
                        continue;
                    }
                    if skip != 0 {
                        skip -= 1;
                        continue;
                    }
                    let (k, j) = (k as usize, number as usize - 1);
                    *join = Join { k: k as u8, j: j as u8, ends_k: givens.ends[k], ends_j: givens.ends[j], end, far };
                    let far_at = usize::from(givens.ends[j][1] == far);
                    givens.ends[k] = [givens.ends[k][1 - at], givens.ends[j][1 - far_at]];
                    givens.ends[j] = givens.ends[paths as usize - 1];
                    givens.paths = paths - 1;
                    link(&mut puzzle.solution, end, far);
                    return true;
                }
            }
        }
        false
    }

    /// Cuts a path of the drawn solution at a link the solver's closure lacks, where both parts
    /// keep two squares or more (the far part takes a new number), and that is not `joined`,
    /// the last join's link (a cut there would bring back the candidate the join was for); the
    /// link cut written to `cut`. False when no link qualifies or no number is left.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank17"), inline(never))]
    fn cut_where_closure_stops(&mut self, puzzle: &mut Puzzle, rng: &mut Rng, joined: [u8; 2], cut: &mut [u8; 2]) -> bool {
        let givens = &mut puzzle.givens;
        let n = givens.size;
        if givens.paths as usize == MAX_PATHS {
            return false;
        }
        let offset = rng.below(n);
        for i in 0..n {
            let r = (i + offset) % n;
            for c in 0..n {
                let cell = cell_at(r, c);
                let extra = puzzle.solution[cell as usize] & !self.solver.links(cell);
                for side in [1u8, 2] {
                    if extra & (1 << side) == 0 {
                        continue;
                    }
                    let far = step(cell, side);
                    if is_link(joined, cell, far) {
                        continue;
                    }
                    let (near_len, near_end) = walk(&puzzle.solution, cell, side);
                    let (far_len, far_end) = walk(&puzzle.solution, far, opposite(side));
                    if near_len < 2 || far_len < 2 {
                        continue;
                    }
                    unlink(&mut puzzle.solution, cell, far);
                    *cut = [cell, far];
                    let number = givens.number_at(near_end);
                    givens.ends[number as usize - 1] = [near_end, cell];
                    givens.ends[givens.paths as usize] = [far, far_end];
                    givens.paths += 1;
                    return true;
                }
            }
        }
        false
    }

    /// Whether two paths of the candidate can trade the stretch between two places where they
    /// run side by side: at each place a 2x2 block holds a link of each, parallel, and the two
    /// links across the block instead swap the paths' far parts. Done at two places the
    /// stretches between them change paths, and the result is a second solution when each
    /// number keeps its own ends, no loop closing: following the two paths from their first
    /// ends (`place`), when both blocks are crossed (the paths run opposite ways through them)
    /// and the paths meet them in the same order, or both are not and in opposite orders (any
    /// other two join one path's end to the other's, or close a loop). Host, 400 hard 7x7
    /// puzzles, looked for at every drawing, join and cut: the rules' square checks a puzzle,
    /// mean 1,856 -> 1,380 (medium 1,546 -> 1,386); on the console the look costs about as much
    /// as an easy grade, so it is made where the grade it spares is dear (see its call). The
    /// paths are numbered in the drawing's memory, the blocks listed in the solver's scratch
    /// ([`Solver::trade_arrays`]); on the console `gb_numberlink_paths_trade`
    /// (linker/numberlink.s). In bank 17 with the cut and the join.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank17"), inline(never))]
    fn paths_trade(&mut self, puzzle: &Puzzle) -> bool {
        let n = puzzle.givens.size;
        Drawing { solver: &mut self.solver }.number_paths(&puzzle.solution, &puzzle.givens);
        #[cfg(target_arch = "avr")]
        return console::paths_trade(&mut self.solver, n);
        #[cfg(not(target_arch = "avr"))]
        {
            let (path, place, blocks) = self.solver.trade_arrays();
            // The link of one path from `square` to `square + along` (two squares are linked
            // when their places on one path are one apart): its path, the lower place, and
            // whether the path runs from `square`.
            let link = |square: u8, along: u8| {
                let (p, far) = (path[square as usize], square + along);
                let (x, y) = (place[square as usize], place[far as usize]);
                let linked = p != 0 && path[far as usize] == p && (y.wrapping_sub(x) == 1 || x.wrapping_sub(y) == 1);
                linked.then_some((p, x.min(y), y > x))
            };
            // Four bytes a block: its lower path, its higher path (bit 7: crossed), and the
            // lower place of each path's link in it.
            let mut found = 0;
            for r in 0..n - 1 {
                for a in cell_at(r, 0)..cell_at(r, n - 1) {
                    for (along, across) in [(1, 16), (16, 1)] {
                        let (Some((p, p_at, p_on)), Some((q, q_at, q_on))) = (link(a, along), link(a + across, along)) else {
                            continue;
                        };
                        if p == q || found == CELL_SLOTS {
                            continue;
                        }
                        let crossed = u8::from(p_on != q_on) << 7;
                        let block = if p < q { [p, q | crossed, p_at, q_at] } else { [q, p | crossed, q_at, p_at] };
                        blocks[found..found + 4].copy_from_slice(&block);
                        found += 4;
                    }
                }
            }
            (0..found).step_by(4).any(|i| {
                (i + 4..found).step_by(4).any(|j| {
                    // The same two paths, both blocks crossed or neither, no square shared (it
                    // would be two places apart on its path).
                    let (first, second) = (&blocks[i..i + 4], &blocks[j..j + 4]);
                    let apart = first[2].abs_diff(second[2]) > 1 && first[3].abs_diff(second[3]) > 1;
                    let same_order = (second[2] > first[2]) == (second[3] > first[3]);
                    first[..2] == second[..2] && apart && same_order == (first[1] & 0x80 != 0)
                })
            })
        }
    }
}

/// What [`Generator::join_paths`] changed, for [`unjoin`].
struct Join {
    k: u8,
    j: u8,
    ends_k: [u8; 2],
    ends_j: [u8; 2],
    end: u8,
    far: u8,
}

impl Join {
    /// Before any join.
    const NONE: Join = Join { k: 0, j: 0, ends_k: [0; 2], ends_j: [0; 2], end: 0, far: 0 };
}

/// Whether `link` joins squares `a` and `b` (either way round).
fn is_link(link: [u8; 2], a: u8, b: u8) -> bool {
    link == [a, b] || link == [b, a]
}

/// Takes back `join`: the two paths as before it.
fn unjoin(puzzle: &mut Puzzle, join: &Join) {
    let givens = &mut puzzle.givens;
    givens.ends[givens.paths as usize] = givens.ends[join.j as usize];
    givens.ends[join.j as usize] = join.ends_j;
    givens.ends[join.k as usize] = join.ends_k;
    givens.paths += 1;
    unlink(&mut puzzle.solution, join.end, join.far);
}

/// Repairs of one drawing before it is drawn again, joins and cuts together: cuts of an easy
/// drawing the easy closure left unfinished (host, 100 seeds, 12x12: 12.5 drawings a puzzle
/// with none, 3.3 with 4 cuts, 1.5 with 8, for 20.3, 22.2 and 24.3 numbers a puzzle), cuts of
/// a medium drawing the medium closure left unfinished, and of a hard drawing the look-ahead
/// left unfinished (host, 30 seeds, 12x12: medium 4.5 drawings a puzzle with 4 cuts, 1.9 with
/// 16; hard 3.2 and 1.9; a cut costs far less than a drawing since the closure goes on from
/// where it stopped).
fn repairs_per_drawing(level: Difficulty) -> u8 {
    match level {
        Difficulty::Easy => 8,
        _ => 16,
    }
}

/// The shortest length a path of a drawing for `level` aims at, and how many lengths from it
/// (chosen alike): on 5x5 and 6x6 boards a medium or hard drawing's paths aim at 5 squares or
/// more, with the longest as before. A drawing of many short paths is nearly always easy
/// (session 28), and a small board has room for few paths. Console, 32 seeds, medians (worst)
/// in s at 5x5 / 6x6: medium 3.73 / 3.49 (28.7 / 13.4) -> 1.06 / 0.82 (9.51 / 6.84), hard
/// 25.9 / 8.16 (101 / 47.8) -> 5.41 / 3.04 (46.0 / 10.7). At 7x7 it was worse before the
/// detours were skipped (session 28: medium 0.88 -> 1.42 s, hard 1.83 -> 2.43 s); since then
/// (session 33, 64 seeds, s a puzzle as median / mean / puzzles over 3 s) hard 7x7 is better
/// with 5 squares or more, 1.26 / 1.87 / 11 -> 1.07 / 1.51 / 4 (from 4: 1.33 / 1.70 / 7; from 6:
/// 1.17 / 1.64 / 9), medium 7x7 not (0.79 / 1.21 / 6 -> 0.94 / 1.45 / 9).
fn path_lengths(n: u8, level: Difficulty) -> (u8, u8) {
    let count = length_span(n, level);
    let long = n <= 6 || (n == 7 && level == Difficulty::Hard);
    if level != Difficulty::Easy && long { (5, count - 2) } else { (3, count) }
}

/// Whether a drawing for `level` on an `n` x `n` board grows its paths turning where
/// Warnsdorff's rule leaves a choice between going straight on and turning
/// ([`Drawing::grown_square`]): medium from 6x6. Paths that run straight along walls and each
/// other leave long chains of forced links, which the easy rules follow; paths that wind leave
/// fewer. Host, the console's cost modelled from the work (`examples/numberlink_model.rs`;
/// 2,000 seeds at 7x7, 1,000 at 5x5-8x8, 300 at 10x10 and 12x12), square checks a puzzle
/// without and with turns: medium 6x6 1,023 -> 938, 7x7 1,278 -> 1,058 (puzzles over 3 s 145
/// -> 73 of 2,000), 8x8 1,152 -> 901, 10x10 1,794 -> 1,408, 12x12 2,869 -> 2,143; but medium
/// 5x5 782 -> 861 (drawings 6.8 -> 8.2), and hard mixed (5x5 2,373 -> 1,885, 6x6 1,357 ->
/// 1,401, 7x7 1,545 -> 1,497, 10x10 2,595 -> 2,756 with drawings 4.3 -> 5.1, 12x12 4,467 ->
/// 3,843). Going straight on where it can was worse (7x7 medium 1,491, hard 1,692).
fn turns(n: u8, level: Difficulty) -> bool {
    level == Difficulty::Medium && n >= 6
}

/// Whether `square` lies on the rim of an `n` x `n` board. A drawing grows a path's end there
/// first: an endpoint on the rim, with two or three sides, makes an easier puzzle. Host, hard
/// 7x7 drawings' first grades by the share of their endpoints on the rim (2,000 seeds, 5,238
/// drawings): at 30% 35% grade hard and 31% easy, at 50% 14% and 54%, at 60% 8% and 67%. The
/// console's cost modelled from the host's work (`examples/numberlink_model.rs`), mean s a
/// puzzle and the share over 3 s, without and with: hard 7x7 1.43 -> 1.37 (8.9% -> 7.9%,
/// 6,000 seeds), medium 7x7 (turning) 1.04 -> 0.93 (4.1% -> 3.2%); 1,000 seeds at 10x10 and
/// 12x12 with the turns: medium 1.84 -> 1.42 and 2.98 -> 2.12 s from before both, hard about
/// the same (2.38 -> 2.40, 3.84 -> 4.02).
fn on_rim(square: u8, n: u8) -> bool {
    let (row, column) = (square >> 4, square & 15);
    row == 0 || column == 0 || row == n - 1 || column == n - 1
}

/// Whether a drawing for `level` on an `n` x `n` board that grades too easy is joined
/// ([`Generator::join_paths`]) rather than drawn again. Console, mean s a puzzle with and
/// without joins (32 seeds, 64 at 7x7 and medium 8x8): 5x5 medium 1.61 / 1.78, hard 5.46 /
/// 8.03; 7x7 medium 1.27 / 1.57, hard 1.92 / 2.86; 8x8 hard 1.92 / 2.48, but medium 2.11 /
/// 1.65; 10x10 hard 3.52 / 3.33 (worst 11.6 / 7.5 s), 12x12 medium 3.64 / 3.32
/// (docs/numberlink-notes.md, "Console speed, session 32").
fn joins(n: u8, level: Difficulty) -> bool {
    match level {
        Difficulty::Hard => n <= 8,
        _ => n <= 7,
    }
}

/// How many path lengths a drawing for `level` aims at (from 3 up): short paths for easy
/// targets, which the only-way rule forces sooner, longer ones above. Measured on the host
/// (30 seeds, drawings a puzzle): easy 12x12 36 with n + n / 2 lengths, 13 with n; hard 12x12
/// 27 with 2n, 15 with n + n / 2, 30 with n; longer paths were worse (4n: 133 at hard 12x12,
/// 10 seeds). Medium since its trials look only near the step (session 26, console medians of
/// 32 seeds at 7 / 10 / 12): n 3.79 / 5.03 / 23.2 s, n + n / 4 1.52 / 6.88 / 18.1 s, n + n / 2
/// 2.51 / 10.7 / 45.8 s. Hard with n + n / 2 at every size since the joins (session 32,
/// console, 64 seeds at 7x7, mean s a puzzle: n 2.24, n + n / 2 1.92, 2n 2.10; before the
/// joins 2n was better up to 8x8); medium 7x7 with n or n + n / 2 was slower with joins too
/// (1.47 and 1.85 s against 1.27).
fn length_span(n: u8, level: Difficulty) -> u8 {
    match level {
        Difficulty::Easy => n,
        Difficulty::Medium => n + n / 4,
        Difficulty::Hard => n + n / 2,
    }
}

/// Completes the accepted puzzle: numbers in reading order, its level and seed.
fn finish(puzzle: &mut Puzzle, level: Difficulty, seed: u32) -> bool {
    renumber(&mut puzzle.givens);
    puzzle.difficulty = level;
    puzzle.seed = seed;
    true
}

/// A drawing in progress, in the solver's memory ([`Solver::drawing_arrays`]): the path on
/// each square (`owner`: its number, 0 while free, [`TAKEN`] off the board or solid), each free
/// square's free neighbours (`counts`), and how many free squares have each count
/// (`free_with`). The drawing's choices read the counts instead of counting neighbours at
/// every look (15% of the console's easy and medium cycles), and a path's start is found by
/// one scan that stops at the square drawn. The slots off the board hold [`TAKEN`], and a step
/// off the board lands on one of them or past the last, so no look needs a bounds test by row
/// and column (the test by [`neighbour`] took a quarter of an easy 7x7 puzzle's cycles).
///
/// On the console the steps a drawing repeats are linker/numberlink.s's routines (the Rust
/// here is the host's and the reference; the bench compares every console puzzle with the
/// host's): SDCC's code for them took about a third of a 7x7 medium puzzle's cycles.
struct Drawing<'a> {
    solver: &'a mut Solver,
}

impl Drawing<'_> {
    /// The path on `cell` ([`TAKEN`] past the last slot).
    fn owner(&mut self, cell: u8) -> u8 {
        let (owner, _, _) = self.solver.drawing_arrays();
        if (cell as usize) < CELL_SLOTS { owner[cell as usize] } else { TAKEN }
    }

    fn set_owner(&mut self, cell: u8, number: u8) {
        self.solver.drawing_arrays().0[cell as usize] = number;
    }

    fn count(&mut self, cell: u8) -> u8 {
        self.solver.drawing_arrays().1[cell as usize]
    }

    /// An `n` x `n` board of free squares, the slots off it [`TAKEN`], and their counts.
    fn reset(&mut self, n: u8) {
        #[cfg(target_arch = "avr")]
        return console::drawing_reset(self.solver, n);
        #[cfg(not(target_arch = "avr"))]
        {
            let (owner, counts, free_with) = self.solver.drawing_arrays();
            owner.fill(TAKEN);
            for r in 0..n {
                for c in 0..n {
                    owner[cell_at(r, c) as usize] = 0;
                }
            }
            *free_with = [0; 5];
            for cell in 0..CELL_SLOTS as u8 {
                if owner[cell as usize] == 0 {
                    let count = (0..4).filter(|&side| owner.get(step(cell, side) as usize) == Some(&0)).count() as u8;
                    counts[cell as usize] = count;
                    free_with[count as usize] += 1;
                }
            }
        }
    }

    /// Gives the free square `cell` to path `number`: one free neighbour less for its free
    /// neighbours.
    fn take(&mut self, cell: u8, number: u8) {
        #[cfg(target_arch = "avr")]
        return console::drawing_take(self.solver, cell, number);
        #[cfg(not(target_arch = "avr"))]
        {
            let (owner, counts, free_with) = self.solver.drawing_arrays();
            free_with[counts[cell as usize] as usize] -= 1;
            owner[cell as usize] = number;
            for side in 0..4 {
                let far = step(cell, side) as usize;
                if owner.get(far) == Some(&0) {
                    free_with[counts[far] as usize] -= 1;
                    counts[far] -= 1;
                    free_with[counts[far] as usize] += 1;
                }
            }
        }
    }

    /// Each square of the board gets the number of its path in `links` (numbered as in
    /// `givens`), every other slot 0, and in the free squares' counts (not needed once the
    /// drawing is done) its place along the path from the path's first end. (This,
    /// [`Drawing::touches_only_at`] and [`walk`] follow a path by plain loops: one iterator
    /// over a path's squares for the three cost the console 7% of hard 7x7's cycles, same
    /// puzzles.)
    fn number_paths(&mut self, links: &[u8; CELL_SLOTS], givens: &Givens) {
        #[cfg(target_arch = "avr")]
        return console::number_paths(self.solver, links, givens);
        #[cfg(not(target_arch = "avr"))]
        {
            self.solver.drawing_arrays().0.fill(0);
            for (k, pair) in givens.ends[..givens.paths as usize].iter().enumerate() {
                let (mut here, mut from, mut place) = (pair[0], 0xFF, 0);
                loop {
                    self.set_owner(here, k as u8 + 1);
                    self.solver.drawing_arrays().1[here as usize] = place;
                    place += 1;
                    let Some(side) = next_side(links[here as usize], from) else { break };
                    here = step(here, side);
                    from = opposite(side);
                }
            }
        }
    }

    /// Whether the path in `links` from its end `end` touches no square of path `number`
    /// (as [`Drawing::number_paths`] numbered them) but the one on `end`'s side `side`.
    fn touches_only_at(&mut self, links: &[u8; CELL_SLOTS], end: u8, side: u8, number: u8) -> bool {
        let (mut here, mut from) = (end, 0xFF);
        loop {
            for towards in 0..4 {
                if self.owner(step(here, towards)) == number && (here, towards) != (end, side) {
                    return false;
                }
            }
            let Some(next) = next_side(links[here as usize], from) else { return true };
            here = step(here, next);
            from = opposite(next);
        }
    }

    /// A free square with no free neighbour is no longer free.
    fn take_lone(&mut self) {
        self.solver.drawing_arrays().2[0] -= 1;
    }

    /// The free square with the fewest free neighbours, chosen at random among equals in
    /// reading order; `None` when no square is free.
    fn fewest_square(&mut self, rng: &mut Rng) -> Option<u8> {
        let free_with = self.solver.drawing_arrays().2;
        let fewest = free_with.iter().position(|&squares| squares != 0)? as u8;
        let pick = rng.below(free_with[fewest as usize]);
        Some(self.nth_free(fewest, pick))
    }

    /// The free square `pick` (from 0) in reading order of those with `fewest` free
    /// neighbours (there are more than `pick`).
    fn nth_free(&mut self, fewest: u8, pick: u8) -> u8 {
        #[cfg(target_arch = "avr")]
        return console::drawing_nth_free(self.solver, fewest, pick);
        #[cfg(not(target_arch = "avr"))]
        {
            let (owner, counts, _) = self.solver.drawing_arrays();
            let mut squares = (0..CELL_SLOTS as u8).filter(|&cell| owner[cell as usize] == 0 && counts[cell as usize] == fewest);
            squares.nth(pick as usize).unwrap_or(TAKEN)
        }
    }

    /// The square the path `number` grows into from its end `end`: a free neighbour touching
    /// no other square of the path, with the fewest free neighbours, and of those the ones that
    /// turn when `number` has [`TURNING`] and some do (chosen at random among equals, in side
    /// order); [`TAKEN`] when there is none.
    fn grown_square(&mut self, rng: &mut Rng, end: u8, number: u8) -> u8 {
        let sides = self.growth_sides(end, number);
        if sides == 0 {
            return TAKEN;
        }
        let pick = rng.below(link_count(sides));
        Sides(sides).nth(pick as usize).map_or(TAKEN, |side| step(end, side))
    }

    /// The sides of `end` toward the squares [`Drawing::grown_square`] chooses among. The
    /// path's square before its end is the end's one neighbour on the path (a path grows only
    /// into squares that touch no other square of it), so straight on is the side opposite that
    /// neighbour's.
    fn growth_sides(&mut self, end: u8, number: u8) -> u8 {
        #[cfg(target_arch = "avr")]
        return console::drawing_growth_sides(self.solver, end, number);
        #[cfg(not(target_arch = "avr"))]
        {
            let (number, turning) = (number & !TURNING, number & TURNING != 0);
            let (mut fewest, mut sides) = (5, 0u8);
            for side in 0..4 {
                let cell = step(end, side);
                if self.owner(cell) != 0 || !self.touches_only(cell, number, end) {
                    continue;
                }
                let count = self.count(cell);
                if count < fewest {
                    (fewest, sides) = (count, 0);
                }
                if count == fewest {
                    sides |= 1 << side;
                }
            }
            if let Some(back) = (0..4).find(|&side| turning && self.owner(step(end, side)) == number) {
                let turns = sides & !(1 << opposite(back));
                if turns != 0 {
                    sides = turns;
                }
            }
            sides
        }
    }

    /// Whether `cell`'s only neighbour on path `number` is `end`.
    #[cfg(not(target_arch = "avr"))]
    fn touches_only(&mut self, cell: u8, number: u8, end: u8) -> bool {
        (0..4).map(|side| step(cell, side)).all(|far| far == end || self.owner(far) != number)
    }
}

/// The generator's routines in linker/numberlink.s, in bank 17 with their callers (the drawing,
/// the join, the cut): the drawing's, the path numbering and the looks for a second solution
/// in the links. The drawing's and the
/// numbering read and write `solver`'s `sides`, `other` and `free_with` (the drawing's memory,
/// [`Solver::drawing_arrays`]) and nothing else; the other two say what they touch.
#[cfg(target_arch = "avr")]
mod console {
    use super::{CELL_SLOTS, Givens, Solver};

    unsafe extern "C" {
        fn gb_numberlink_draw_reset(solver: *mut Solver, n: u8);
        fn gb_numberlink_draw_take(solver: *mut Solver, square_and_number: u16);
        fn gb_numberlink_draw_nth_free(solver: *mut Solver, fewest_and_pick: u16) -> u8;
        fn gb_numberlink_draw_growth(solver: *mut Solver, end_and_number: u16) -> u8;
        fn gb_numberlink_paths_trade(solver: *mut Solver, n: u8) -> u8;
        fn gb_numberlink_number_paths(solver: *mut Solver, paths: *const PathsToNumber);
        fn gb_numberlink_has_detour(links: *const u8, n: u8) -> u8;
    }

    /// `gb_numberlink_number_paths`'s second argument.
    #[repr(C)]
    struct PathsToNumber {
        links: *const u8,
        ends: *const [u8; 2],
        paths: u8,
    }

    /// [`super::Drawing::number_paths`].
    pub(super) fn number_paths(solver: &mut Solver, links: &[u8; CELL_SLOTS], givens: &Givens) {
        let paths = PathsToNumber { links: links.as_ptr(), ends: givens.ends.as_ptr(), paths: givens.paths };
        // SAFETY: see the module's doc; the routine reads `links` and the `paths` pairs of ends.
        unsafe { gb_numberlink_number_paths(solver, &paths) }
    }

    pub(super) fn drawing_reset(solver: &mut Solver, n: u8) {
        // SAFETY: see the module's doc.
        unsafe { gb_numberlink_draw_reset(solver, n) }
    }

    pub(super) fn drawing_take(solver: &mut Solver, cell: u8, number: u8) {
        // SAFETY: see the module's doc.
        unsafe { gb_numberlink_draw_take(solver, u16::from(number) << 8 | u16::from(cell)) }
    }

    pub(super) fn drawing_nth_free(solver: &mut Solver, fewest: u8, pick: u8) -> u8 {
        // SAFETY: see the module's doc (it only reads).
        unsafe { gb_numberlink_draw_nth_free(solver, u16::from(pick) << 8 | u16::from(fewest)) }
    }

    pub(super) fn drawing_growth_sides(solver: &mut Solver, end: u8, number: u8) -> u8 {
        // SAFETY: see the module's doc (it only reads).
        unsafe { gb_numberlink_draw_growth(solver, u16::from(number) << 8 | u16::from(end)) }
    }

    /// [`super::has_detour`]. It reads `links` alone.
    pub(super) fn has_detour(links: &[u8; CELL_SLOTS], n: u8) -> bool {
        // SAFETY: the routine reads the CELL_SLOTS bytes of `links` and nothing else.
        unsafe { gb_numberlink_has_detour(links.as_ptr(), n) != 0 }
    }

    /// [`super::Generator::paths_trade`] after the paths are numbered. The routine also
    /// writes `scratch` ([`Solver::trade_arrays`]), which no drawing or solving needs then.
    pub(super) fn paths_trade(solver: &mut Solver, n: u8) -> bool {
        // SAFETY: see the module's doc and above.
        unsafe { gb_numberlink_paths_trade(solver, n) != 0 }
    }
}

fn link(links: &mut [u8; CELL_SLOTS], a: u8, b: u8) {
    let side = side_towards(a, b);
    links[a as usize] |= 1 << side;
    links[b as usize] |= 1 << opposite(side);
}

fn unlink(links: &mut [u8; CELL_SLOTS], a: u8, b: u8) {
    let side = side_towards(a, b);
    links[a as usize] &= !(1 << side);
    links[b as usize] &= !(1 << opposite(side));
}

/// Whether the drawn `links` have a second solution of the simplest kind, a detour: two
/// linked squares `a`, `b` whose other links both go the same way (a U-turn of one path),
/// beside two linked squares of another path. That path can go round through `a` and `b`,
/// and the U-turn's path cross straight between its squares beyond them (neighbours): every
/// square still on a path, no number's path changed at its ends. (The other path is another:
/// a path never touches itself off its links, see [`Generator::draw`].) A drawing or a join
/// with a detour can only grade unfinished, its whole closure spent for nothing: host, 200
/// hard 7x7 puzzles, 199 of the 224 unfinished drawings, 159 of 199 unfinished cuts and 89
/// of 280 unfinished joins had one. So it is not graded. In bank 17 with the cut and the join;
/// on the console `gb_numberlink_has_detour` (linker/numberlink.s).
#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank17"), inline(never))]
fn has_detour(links: &[u8; CELL_SLOTS], n: u8) -> bool {
    #[cfg(target_arch = "avr")]
    return console::has_detour(links, n);
    #[cfg(not(target_arch = "avr"))]
    {
        // A U-turn's square `a` is the left or upper one: its links a corner with the right or
        // down one. The slots off the board hold no links, and a step off them none either.
        let at = |square: u8| links.get(square as usize).map_or(0, |&l| l);
        const UP_RIGHT: u8 = 1 << UP | 1 << RIGHT;
        const RIGHT_DOWN: u8 = 1 << RIGHT | 1 << DOWN;
        const DOWN_LEFT: u8 = 1 << DOWN | 1 << LEFT;
        const LEFT_UP: u8 = 1 << LEFT | 1 << UP;
        for row in 0..n {
            for a in cell_at(row, 0)..cell_at(row, n) {
                let (right, down, up, left) = (a.wrapping_add(1), a.wrapping_add(16), a.wrapping_sub(16), a.wrapping_sub(1));
                let detour = match links[a as usize] {
                    UP_RIGHT => at(right) == LEFT_UP && at(down) & 1 << RIGHT != 0,
                    RIGHT_DOWN => {
                        (at(right) == DOWN_LEFT && at(up) & 1 << RIGHT != 0)
                            || (at(down) == UP_RIGHT && at(left) & 1 << DOWN != 0)
                    }
                    DOWN_LEFT => at(down) == LEFT_UP && at(right) & 1 << DOWN != 0,
                    _ => false,
                };
                if detour {
                    return true;
                }
            }
        }
        false
    }
}

/// From `cell` along its links, never back through side `not`: the squares counted (with
/// `cell`) and the last one.
fn walk(links: &[u8; CELL_SLOTS], cell: u8, not: u8) -> (u8, u8) {
    let (mut here, mut from, mut count) = (cell, not, 1);
    while let Some(side) = next_side(links[here as usize], from) {
        here = step(here, side);
        from = opposite(side);
        count += 1;
    }
    (count, here)
}

/// Puts the lone free square `cell` on a path: as the new endpoint of a path ending beside it,
/// or by cutting a path through a neighbour there (the part away from `cell` takes a new
/// number); solid when neither can be done. False when a number was needed and none is left.
fn join_lone_square(drawing: &mut Drawing, n: u8, cell: u8, rng: &mut Rng, puzzle: &mut Puzzle) -> bool {
    let givens = &mut puzzle.givens;
    let links = &mut puzzle.solution;
    let turn = rng.below(4);
    let sides = || (0..4).map(move |i| (i + turn) & 3).filter_map(|side| neighbour(n, cell, side));
    for far in sides() {
        let number = drawing.owner(far);
        if link_count(links[far as usize]) == 1 && number != TAKEN {
            let pair = &mut givens.ends[number as usize - 1];
            let at = usize::from(pair[1] == far);
            pair[at] = cell;
            link(links, far, cell);
            drawing.set_owner(cell, number);
            return true;
        }
    }
    for far in sides() {
        let number = drawing.owner(far);
        if number == TAKEN {
            continue;
        }
        // `far` is in the middle of its path: keep one side with it, cut the other off.
        for side in (0..4).filter(|&side| links[far as usize] & (1 << side) != 0) {
            let (cut_len, cut_end) = walk(links, step(far, side), opposite(side));
            let (kept_len, kept_end) = walk(links, far, side);
            if cut_len < 2 || kept_len < 2 {
                continue;
            }
            if givens.paths as usize == MAX_PATHS {
                return false;
            }
            let new_number = givens.paths + 1;
            unlink(links, far, step(far, side));
            link(links, far, cell);
            drawing.set_owner(cell, number);
            givens.ends[number as usize - 1] = [kept_end, cell];
            givens.ends[givens.paths as usize] = [step(far, side), cut_end];
            givens.paths = new_number;
            super::grid::walk_path(links, step(far, side), |square| drawing.set_owner(square, new_number));
            return true;
        }
    }
    givens.solid.insert(cell);
    drawing.set_owner(cell, TAKEN);
    true
}

/// Numbers the pairs in reading order of their first endpoints, as a player scans the board
/// (an insertion sort: a few dozen pairs, and no sorting code from `core` in the ROM).
fn renumber(givens: &mut Givens) {
    let pairs = &mut givens.ends[..givens.paths as usize];
    for pair in pairs.iter_mut() {
        if pair[1] < pair[0] {
            pair.swap(0, 1);
        }
    }
    for i in 1..pairs.len() {
        let mut j = i;
        while j > 0 && pairs[j - 1][0] > pairs[j][0] {
            pairs.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path's end with three free squares of equal counts ahead grows into any of them, or
    /// with TURNING only into the two that turn; its first square has no straight on.
    #[test]
    fn a_turning_path_keeps_the_sides_that_turn() {
        let mut generator = Generator::new();
        let drawing = &mut Drawing { solver: &mut generator.solver };
        drawing.reset(7);
        drawing.take(cell_at(3, 1), 1);
        assert_eq!(drawing.growth_sides(cell_at(3, 1), 1 | TURNING), drawing.growth_sides(cell_at(3, 1), 1));
        drawing.take(cell_at(3, 2), 1);
        let end = cell_at(3, 2);
        assert_eq!(drawing.growth_sides(end, 1), 1 << UP | 1 << RIGHT | 1 << DOWN);
        assert_eq!(drawing.growth_sides(end, 1 | TURNING), 1 << UP | 1 << DOWN);
    }

    /// Every join of two touching paths keeps the drawn solution one of the puzzle's (one number
    /// less, one link more, each endpoint an end of its path), `unjoin` gives back the puzzle
    /// exactly, and with that link as the last cut's the join takes another pair.
    #[test]
    fn joins_keep_the_solution_and_unjoin_restores_the_puzzle() {
        let mut generator = Generator::new();
        let mut joins = 0;
        for seed in 1..=20 {
            let before = generator.generate(7, Difficulty::Easy, seed).expect("a 7x7 puzzle");
            let mut join = Join::NONE;
            let mut skip = 0;
            loop {
                let mut puzzle = before.clone();
                if !generator.join_paths(&mut puzzle, 0, skip, [0; 2], &mut join) {
                    break;
                }
                joins += 1;
                let givens = &puzzle.givens;
                assert_eq!(givens.paths + 1, before.givens.paths);
                let count = |p: &Puzzle| p.solution.iter().map(|&l| u32::from(link_count(l))).sum::<u32>();
                assert_eq!(count(&puzzle), count(&before) + 2);
                for pair in &givens.ends[..givens.paths as usize] {
                    assert_eq!(walk(&puzzle.solution, pair[0], 0xFF).1, pair[1], "seed {seed}");
                }
                unjoin(&mut puzzle, &join);
                assert_eq!(puzzle, before, "seed {seed}, join {skip}");
                let mut other = Join::NONE;
                if generator.join_paths(&mut puzzle, 0, skip, [join.far, join.end], &mut other) {
                    assert!(!is_link([join.end, join.far], other.end, other.far), "seed {seed}, join {skip}");
                }
                skip += 1;
            }
        }
        assert!(joins > 20, "{joins} joins");
    }

    /// A detour is found in each of its four turns (a straight pair beside a U-turn), and a
    /// detour or two paths that trade a stretch found in a drawing is a second solution: the
    /// search counts two.
    #[test]
    fn a_second_solution_seen_in_the_links_is_one() {
        // Rows from the top of a 4x4 board: a straight pair, the U-turn under it, its two arms.
        let mut links = [0u8; CELL_SLOTS];
        let shape = [
            (0x00, 1 << RIGHT),
            (0x01, 1 << LEFT),
            (0x10, 1 << RIGHT | 1 << DOWN),
            (0x11, 1 << LEFT | 1 << DOWN),
            (0x20, 1 << UP),
            (0x21, 1 << UP),
        ];
        for (cell, l) in shape {
            links[cell] = l;
        }
        for turn in 0..4 {
            assert!(has_detour(&links, 4), "turned {turn} times");
            // A quarter turn clockwise: (r, c) to (c, 3 - r), each side to the next.
            let mut turned = [0u8; CELL_SLOTS];
            for r in 0..4 {
                for c in 0..4 {
                    let l = links[cell_at(r, c) as usize];
                    turned[cell_at(c, 3 - r) as usize] = (l << 1 | l >> 3) & 15;
                }
            }
            links = turned;
        }
        // Four turns later, as it was; without the straight pair, the U-turn alone: no detour.
        links[0x00] = 0;
        links[0x01] = 0;
        assert!(!has_detour(&links, 4));

        let mut generator = Generator::new();
        let (mut detours, mut trades, mut drawings) = (0, 0, 0);
        let mut rng = Rng::new(7);
        let mut puzzle = Puzzle::new();
        while drawings < 300 {
            if !generator.draw(7, path_lengths(7, Difficulty::Hard), turns(7, Difficulty::Hard), &mut rng, &mut puzzle) {
                continue;
            }
            drawings += 1;
            let detour = has_detour(&puzzle.solution, 7);
            let trade = generator.paths_trade(&puzzle);
            detours += u32::from(detour);
            trades += u32::from(trade);
            if detour || trade {
                assert_eq!(generator.solver.count_solutions(&puzzle.givens, 2), 2, "{puzzle:?}");
            }
        }
        assert!(detours > 30 && trades > 10, "{detours} detours, {trades} trades in {drawings} drawings");
    }
}
