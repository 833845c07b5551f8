//! A Numberlink solver for the tests, written from the rules' definitions (the table "Levels and
//! deductions" in docs/numberlink-notes.md) and not from the engine's code, so that the
//! engine's grades and its claims of one solution are checked by other code:
//!
//! - squares are numbered `row * n + column` and the sides between them are edges of their
//!   own (`Board::edges`), each open, a link or crossed;
//! - pieces of paths are kept in a union-find over squares, each root holding its piece's
//!   number and its two ends (the engine keeps no union-find, only each end's far end);
//! - a trial is made on a copy of the state, not undone;
//! - the easy rules work through a set of squares to look at again, lowest first.
//!
//! [`grade`] gives the lowest level whose closure links every square. [`count_by_rows`] counts
//! solutions as paths with no rule at all, a square at a time in reading order, carrying the
//! number of ways to reach each state of the links crossing between the squares done and the
//! squares to do; [`is_solution`] checks a given solution. So a puzzle's uniqueness does not
//! rest on the closures that grade it, nor on the engine's.

use std::collections::HashMap;

use hitori::puzzles::level::Difficulty;
use hitori::puzzles::numberlink::grid::{CELL_SLOTS, DOWN, Givens, LEFT, RIGHT, UP, cell_at};

const MAX_SQUARES: usize = 144;
const MAX_EDGES: usize = 2 * 12 * 11;

/// The marks so far cannot be completed to a solution.
struct Contradiction;

type Outcome = Result<(), Contradiction>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Open,
    Link,
    Crossed,
}

/// What stays fixed while a puzzle is solved: each square's number and the links it needs,
/// the edges and which edges meet at each square.
struct Board {
    n: usize,
    /// Per square: the number of an endpoint, or 0.
    number: Vec<u8>,
    /// Per square: 2, 1 for an endpoint, 0 for a solid square.
    need: Vec<u8>,
    /// Per number (k at k - 1): its two endpoints.
    endpoints: Vec<[usize; 2]>,
    /// Per edge: its two squares, the upper or left one first.
    edges: Vec<[usize; 2]>,
    /// Per square: (edge, neighbour) for each neighbour on the board that is not solid.
    around: Vec<Vec<(usize, usize)>>,
}

impl Board {
    fn new(givens: &Givens) -> Board {
        let n = givens.size as usize;
        let square = |cell: u8| (cell >> 4) as usize * n + (cell & 15) as usize;
        let mut number = vec![0; n * n];
        let mut need = vec![2; n * n];
        let mut endpoints = Vec::new();
        for (k, pair) in givens.ends[..givens.paths as usize].iter().enumerate() {
            let pair = pair.map(square);
            for &end in &pair {
                number[end] = k as u8 + 1;
                need[end] = 1;
            }
            endpoints.push(pair);
        }
        for s in 0..n * n {
            if givens.solid.contains(cell_at((s / n) as u8, (s % n) as u8)) {
                need[s] = 0;
            }
        }
        let mut edges = Vec::new();
        let mut around = vec![Vec::new(); n * n];
        for s in 0..n * n {
            let right = (s % n + 1 < n).then_some(s + 1);
            let below = (s / n + 1 < n).then_some(s + n);
            for t in [right, below].into_iter().flatten() {
                if need[s] > 0 && need[t] > 0 {
                    around[s].push((edges.len(), t));
                    around[t].push((edges.len(), s));
                    edges.push([s, t]);
                }
            }
        }
        Board { n, number, need, endpoints, edges, around }
    }

    fn squares(&self) -> std::ops::Range<usize> {
        0..self.n * self.n
    }
}

/// Which edges are links, which crossed, and the pieces of paths the links make.
#[derive(Clone, Copy)]
struct State {
    side: [Side; MAX_EDGES],
    /// Per square: its links and its open edges.
    links: [u8; MAX_SQUARES],
    open: [u8; MAX_SQUARES],
    /// Union-find over squares: the squares of a piece share a root.
    parent: [u8; MAX_SQUARES],
    /// At a piece's root: its number (0 none yet) and its two ends (the same square twice for
    /// a square alone).
    piece_number: [u8; MAX_SQUARES],
    piece_ends: [[u8; 2]; MAX_SQUARES],
    /// Squares the easy rules must look at again, one bit each.
    pending: [u64; 3],
}

impl State {
    /// The givens alone: every edge open, every square alone and waiting for the easy rules.
    fn new(board: &Board) -> State {
        let mut state = State {
            side: [Side::Open; MAX_EDGES],
            links: [0; MAX_SQUARES],
            open: [0; MAX_SQUARES],
            parent: [0; MAX_SQUARES],
            piece_number: [0; MAX_SQUARES],
            piece_ends: [[0; 2]; MAX_SQUARES],
            pending: [0; 3],
        };
        for s in board.squares() {
            state.open[s] = board.around[s].len() as u8;
            state.parent[s] = s as u8;
            state.piece_number[s] = board.number[s];
            state.piece_ends[s] = [s as u8; 2];
            state.push(s);
        }
        state
    }

    fn push(&mut self, s: usize) {
        self.pending[s / 64] |= 1 << (s % 64);
    }

    fn pop(&mut self) -> Option<usize> {
        let word = self.pending.iter().position(|&w| w != 0)?;
        let bit = self.pending[word].trailing_zeros() as usize;
        self.pending[word] &= self.pending[word] - 1;
        Some(word * 64 + bit)
    }

    fn root(&mut self, mut s: usize) -> usize {
        while self.parent[s] as usize != s {
            let up = self.parent[self.parent[s] as usize];
            self.parent[s] = up;
            s = up as usize;
        }
        s
    }

    /// The number of the piece `s` is on, or 0.
    fn number_of(&mut self, s: usize) -> u8 {
        let root = self.root(s);
        self.piece_number[root]
    }

    /// The end of the piece of `end` (one of its ends) other than `end`; `end` when alone.
    fn far_end(&mut self, end: usize) -> usize {
        let [a, b] = self.piece_ends[self.root(end)];
        if a as usize == end { b as usize } else { a as usize }
    }

    fn is_full(&self, board: &Board, s: usize) -> bool {
        self.links[s] == board.need[s]
    }

    /// Whether every square has all its links.
    fn is_complete(&self, board: &Board) -> bool {
        board.squares().all(|s| self.is_full(board, s))
    }

    fn cross(&mut self, board: &Board, edge: usize) {
        let [a, b] = board.edges[edge];
        self.side[edge] = Side::Crossed;
        self.open[a] -= 1;
        self.open[b] -= 1;
        self.push(a);
        self.push(b);
    }

    /// The link on the open `edge`; a contradiction when a square of it is full, or the link
    /// closes a loop or joins two numbers.
    fn link(&mut self, board: &Board, edge: usize) -> Outcome {
        let [a, b] = board.edges[edge];
        let (root_a, root_b) = (self.root(a), self.root(b));
        let (number_a, number_b) = (self.piece_number[root_a], self.piece_number[root_b]);
        if self.is_full(board, a) || self.is_full(board, b) || root_a == root_b {
            return Err(Contradiction);
        }
        if number_a != 0 && number_b != 0 && number_a != number_b {
            return Err(Contradiction);
        }
        let (far_a, far_b) = (self.far_end(a), self.far_end(b));
        self.side[edge] = Side::Link;
        self.links[a] += 1;
        self.links[b] += 1;
        self.open[a] -= 1;
        self.open[b] -= 1;
        self.parent[root_b] = root_a as u8;
        self.piece_number[root_a] = number_a.max(number_b);
        self.piece_ends[root_a] = [far_a as u8, far_b as u8];
        // The new piece's ends may now face themselves or another number.
        for s in [a, b, far_a, far_b] {
            self.push(s);
        }
        Ok(())
    }

    /// The easy rules until none applies: a full square's open edges are crossed, and so is an
    /// edge whose link would enter a full square, close a loop or join two numbers; a square
    /// with as many open edges as links still needed takes them all (only way).
    fn propagate(&mut self, board: &Board) -> Outcome {
        while let Some(s) = self.pop() {
            self.easy_rules_at(board, s)?;
        }
        Ok(())
    }

    /// The easy rules at the squares of `near` alone (the medium trial's), until none applies
    /// there: the whole set is looked at again until a round decides no edge.
    fn propagate_near(&mut self, board: &Board, near: &[usize]) -> Outcome {
        loop {
            let decided = self.side.iter().filter(|&&side| side != Side::Open).count();
            for &s in near {
                self.push(s);
            }
            while let Some(s) = self.pop() {
                if near.contains(&s) {
                    self.easy_rules_at(board, s)?;
                }
            }
            if self.side.iter().filter(|&&side| side != Side::Open).count() == decided {
                return Ok(());
            }
        }
    }

    /// The easy rules at the square `s`.
    fn easy_rules_at(&mut self, board: &Board, s: usize) -> Outcome {
        if self.open[s] == 0 {
            return if self.is_full(board, s) { Ok(()) } else { Err(Contradiction) };
        }
        if self.is_full(board, s) {
            for &(edge, _) in &board.around[s] {
                if self.side[edge] == Side::Open {
                    self.cross(board, edge);
                }
            }
            return Ok(());
        }
        let (root, number) = (self.root(s), self.number_of(s));
        for &(edge, t) in &board.around[s] {
            if self.side[edge] != Side::Open {
                continue;
            }
            let (root_t, number_t) = (self.root(t), self.number_of(t));
            if self.is_full(board, t) || root_t == root || (number != 0 && number_t != 0 && number != number_t) {
                self.cross(board, edge);
            }
        }
        let still = board.need[s] - self.links[s];
        if self.open[s] < still {
            return Err(Contradiction);
        }
        if self.open[s] == still {
            for &(edge, _) in &board.around[s] {
                if self.side[edge] == Side::Open {
                    self.link(board, edge)?;
                }
            }
        }
        Ok(())
    }

    /// The region check: squares not on a numbered piece, joined by open edges and links, form
    /// regions; every region must touch both open ends of some number, and the two open ends
    /// of every number must touch a common region or each other.
    fn regions_served(&mut self, board: &Board) -> bool {
        let free: Vec<bool> = board.squares().map(|s| board.need[s] > 0 && self.number_of(s) == 0).collect();
        let mut region: Vec<usize> = board.squares().collect();
        fn find(region: &mut [usize], mut s: usize) -> usize {
            while region[s] != s {
                region[s] = region[region[s]];
                s = region[s];
            }
            s
        }
        for (edge, &[a, b]) in board.edges.iter().enumerate() {
            if self.side[edge] != Side::Crossed && free[a] && free[b] {
                let (ra, rb) = (find(&mut region, a), find(&mut region, b));
                region[rb] = ra;
            }
        }
        let mut served = vec![false; board.n * board.n];
        for &[first, second] in &board.endpoints {
            if self.root(first) == self.root(second) {
                continue;
            }
            let (head, other_head) = (self.far_end(first), self.far_end(second));
            let mut met = false;
            for &(edge, t) in &board.around[head] {
                if self.side[edge] != Side::Open {
                    continue;
                }
                if t == other_head {
                    met = true;
                } else if free[t] {
                    let r = find(&mut region, t);
                    let shared = board.around[other_head]
                        .iter()
                        .any(|&(e, u)| self.side[e] == Side::Open && free[u] && find(&mut region, u) == r);
                    if shared {
                        served[r] = true;
                        met = true;
                    }
                }
            }
            if !met {
                return false;
            }
        }
        board.squares().all(|s| !free[s] || served[find(&mut region, s)])
    }

    /// Whether a link on the open `edge` fails: the easy rules (at the squares next to the
    /// edge's two squares, diagonals included, when `near`; anywhere otherwise) then meet a
    /// contradiction, or (`with_regions`) the region check fails.
    fn trial_fails(&self, board: &Board, edge: usize, near: bool, with_regions: bool) -> bool {
        let mut trial = *self;
        let easy_rules = if near {
            let n = board.n as isize;
            let [a, b] = board.edges[edge].map(|s| (s as isize / n, s as isize % n));
            let close = |s: usize| {
                let (r, c) = (s as isize / n, s as isize % n);
                [a, b].iter().any(|&(r0, c0)| (r - r0).abs() <= 1 && (c - c0).abs() <= 1)
            };
            let squares: Vec<usize> = board.squares().filter(|&s| close(s)).collect();
            trial.link(board, edge).and_then(|()| trial.propagate_near(board, &squares))
        } else {
            trial.link(board, edge).and_then(|()| trial.propagate(board))
        };
        easy_rules.is_err() || (with_regions && !trial.regions_served(board))
    }

    /// Whether `edge` is an edge of the open end of a numbered piece (the medium rule's trials).
    fn extends_a_number(&mut self, board: &Board, edge: usize) -> bool {
        let [a, b] = board.edges[edge];
        self.number_of(a) != 0 || self.number_of(b) != 0
    }

    /// The closure of the rules up to `level`. Medium adds the dead end: a numbered piece
    /// tried one square further, crossed when the easy rules at the squares beside that edge
    /// then meet a contradiction. Hard tries a link on every open edge, crossed when the easy
    /// rules anywhere or the region check fail (its closure holds the medium one's, as every
    /// near contradiction is one anywhere).
    fn close(&mut self, board: &Board, level: Difficulty) -> Outcome {
        self.propagate(board)?;
        if level == Difficulty::Easy {
            return Ok(());
        }
        let hard = level == Difficulty::Hard;
        loop {
            let mut crossed = false;
            for edge in 0..board.edges.len() {
                if self.side[edge] != Side::Open || !(hard || self.extends_a_number(board, edge)) {
                    continue;
                }
                if self.trial_fails(board, edge, !hard, hard) {
                    self.cross(board, edge);
                    self.propagate(board)?;
                    crossed = true;
                }
            }
            if !crossed {
                return Ok(());
            }
        }
    }

    /// The links by square in the engine's form (low nibble, bit per side, at `cell_at`).
    fn links_by_cell(&self, board: &Board) -> [u8; CELL_SLOTS] {
        let n = board.n;
        let mut out = [0; CELL_SLOTS];
        for (edge, &[a, b]) in board.edges.iter().enumerate() {
            if self.side[edge] == Side::Link {
                let (from_a, from_b) = if b == a + 1 { (RIGHT, LEFT) } else { (DOWN, UP) };
                out[cell_at((a / n) as u8, (a % n) as u8) as usize] |= 1 << from_a;
                out[cell_at((b / n) as u8, (b % n) as u8) as usize] |= 1 << from_b;
            }
        }
        out
    }
}

/// The lowest level whose closure links every square of `givens`, or `None`.
pub fn grade(givens: &Givens) -> Option<Difficulty> {
    let board = Board::new(givens);
    let mut state = State::new(&board);
    for level in Difficulty::ALL {
        state.close(&board, level).ok()?;
        if state.is_complete(&board) {
            return Some(level);
        }
    }
    None
}

/// The links of the closure of the rules up to `level` on `givens` (in the engine's form, as
/// [`State::links_by_cell`]), or `None` when it meets a contradiction.
pub fn closure_links(givens: &Givens, level: Difficulty) -> Option<[u8; CELL_SLOTS]> {
    let board = Board::new(givens);
    let mut state = State::new(&board);
    state.close(&board, level).ok()?;
    Some(state.links_by_cell(&board))
}

/// Whether `links` (in the engine's form, as [`State::links_by_cell`]) are a solution of
/// `givens`: every square has the links it needs, each kept at both its squares, and the path
/// from each number's first endpoint ends at its second; together they pass through every
/// square that is not solid (so no loop is left over).
pub fn is_solution(givens: &Givens, links: &[u8; CELL_SLOTS]) -> bool {
    let board = Board::new(givens);
    let n = board.n;
    let links_of = |s: usize| links[cell_at((s / n) as u8, (s % n) as u8) as usize];
    let beside = |s: usize, side: u8| match side {
        UP => (s >= n).then(|| s - n),
        RIGHT => (s % n + 1 < n).then_some(s + 1),
        DOWN => (s + n < n * n).then_some(s + n),
        _ => (s % n > 0).then(|| s - 1),
    };
    for s in board.squares() {
        if links_of(s).count_ones() != u32::from(board.need[s]) {
            return false;
        }
        for side in (0..4).filter(|&side| links_of(s) & (1 << side) != 0) {
            if beside(s, side).is_none_or(|t| links_of(t) & (1 << (side ^ 2)) == 0) {
                return false;
            }
        }
    }
    let mut on_paths = 0;
    for &[first, second] in &board.endpoints {
        // An endpoint has one link and a square between two, so the walk cannot turn back
        // into itself: it ends at the first square needing one link.
        let (mut here, mut from) = (first, None);
        on_paths += 1;
        while let Some(side) = (0..4).find(|&side| links_of(here) & (1 << side) != 0 && Some(side) != from) {
            here = beside(here, side).expect("checked above");
            from = Some(side ^ 2);
            on_paths += 1;
            if board.need[here] == 1 {
                break;
            }
        }
        if here != second {
            return false;
        }
    }
    on_paths == board.squares().filter(|&s| board.need[s] > 0).count()
}

/// `count_by_rows` slot value of a piece without a number: `PAIR + p`, the same at its two
/// crossings of the frontier.
const PAIR: u8 = 64;

/// A frontier of `count_by_rows`: a slot a column (12 at most) and one for the link from the
/// left, in the bytes of a `u128` so that it hashes as one word.
type Frontier = [u8; 16];

/// Hashes a frontier (written as one `u128`) by one multiply: the map's default hasher took
/// most of the time.
#[derive(Default)]
struct FrontierHasher(u64);

impl std::hash::Hasher for FrontierHasher {
    fn write(&mut self, _: &[u8]) {
        unreachable!("frontiers are hashed as u128");
    }

    fn write_u128(&mut self, word: u128) {
        self.0 = ((word as u64) ^ ((word >> 64) as u64).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 31
    }
}

type Ways = HashMap<u128, u8, std::hash::BuildHasherDefault<FrontierHasher>>;

/// The solutions of `givens` as paths, counted up to `limit` row by row, a square at a time,
/// with no rule and no search: a frontier holds, for each column, the link crossing from the
/// squares done into the squares to do (slot n: the link from the last square done to its
/// right), labelled with its piece's number or as one of the two crossings of a piece without
/// one; the number of ways to reach each frontier is carried along.
pub fn count_by_rows(givens: &Givens, limit: u8) -> u8 {
    let board = Board::new(givens);
    let n = board.n;
    let mut ways_to = Ways::default();
    ways_to.insert(0, 1);
    for s in board.squares() {
        let (r, c) = (s / n, s % n);
        let mut next = Ways::default();
        for (frontier, ways) in ways_to {
            for (right, down) in [(false, false), (true, false), (false, true), (true, true)] {
                let blocked = (right && (c + 1 == n || board.need[s + 1] == 0)) || (down && (r + 1 == n || board.need[s + n] == 0));
                if blocked {
                    continue;
                }
                if let Some(after) = through_square(&board, frontier.to_le_bytes(), s, right, down) {
                    let total = next.entry(u128::from_le_bytes(after)).or_insert(0);
                    *total = (*total + ways).min(limit);
                }
            }
        }
        ways_to = next;
    }
    ways_to.get(&0).copied().unwrap_or(0)
}

/// The frontier after square `s` takes the links crossing into it (from above: slot of its
/// column; from the left: slot n) and the links `right` and `down` out of it; `None` when the
/// square does not get the links it needs, or a link joins two numbers or closes a loop.
fn through_square(board: &Board, mut frontier: Frontier, s: usize, right: bool, down: bool) -> Option<Frontier> {
    let (n, c) = (board.n, s % board.n);
    let (up, left) = (frontier[c], frontier[n]);
    let links = u8::from(up != 0) + u8::from(left != 0) + u8::from(right) + u8::from(down);
    if links != board.need[s] {
        return None;
    }
    frontier[c] = 0;
    frontier[n] = 0;
    // The label the square's piece carries on, out of its one link out (if any).
    let carried = match (up, left, board.number[s]) {
        (0, 0, 0) => PAIR + (0..).find(|p| !frontier.contains(&(PAIR + p))).unwrap(),
        (0, 0, k) => k,
        (label, 0, 0) | (0, label, 0) => label,
        (label, 0, k) | (0, label, k) => join(&mut frontier, label, k)?,
        (up, left, _) => join(&mut frontier, up, left)?,
    };
    if right {
        frontier[n] = carried;
    }
    if down {
        frontier[c] = carried;
    }
    Some(canonical(frontier))
}

/// Joins the pieces labelled `a` and `b` at a square that ends both (no link goes on: 0);
/// `None` for two numbers or a loop. A piece without a number passes the other's label to
/// its other crossing.
fn join(frontier: &mut Frontier, a: u8, b: u8) -> Option<u8> {
    match (a >= PAIR, b >= PAIR) {
        (false, false) => (a == b).then_some(0),
        _ if a == b => None,
        (true, _) => {
            frontier.iter_mut().filter(|slot| **slot == a).for_each(|slot| *slot = b);
            Some(0)
        }
        (false, true) => join(frontier, b, a),
    }
}

/// The frontier with its pieces without a number relabelled in order of first crossing, so
/// that frontiers alike are one key.
fn canonical(frontier: Frontier) -> Frontier {
    let mut renamed = [0u8; 8];
    let mut pairs = 0;
    frontier.map(|label| {
        if label < PAIR {
            return label;
        }
        let old = (label - PAIR) as usize;
        if renamed[old] == 0 {
            pairs += 1;
            renamed[old] = pairs;
        }
        PAIR + renamed[old] - 1
    })
}
