//! The rules checker: each kind of violation, with its cells.

use hitori::puzzles::hitori::board::{Board, CellSet, cell_at, col_of, row_of};
use hitori::puzzles::hitori::play::{Move, Play};
use hitori::puzzles::hitori::rules::{OpenNumbers, REGION_ROWS, RuleKind, Violation, ViolationMap, for_each_violation, is_solution};
use hitori::puzzles::hitori::solve::Mark;

fn board() -> Board {
    // A Latin square with (0,1) changed from 2 to 1: row 0 and column 1 repeat the 1.
    Board::from_rows(&[&[1, 1, 3, 4], &[2, 1, 4, 3], &[3, 4, 1, 2], &[4, 3, 2, 1]]).unwrap()
}

fn shading(cells: &[(u8, u8)]) -> CellSet {
    let mut set = CellSet::EMPTY;
    for &(r, c) in cells {
        set.insert(cell_at(r, c));
    }
    set
}

fn violations(board: &Board, shaded: &CellSet) -> Vec<Violation> {
    let kept = CellSet::full(board.size()).minus(shaded);
    let mut found = Vec::new();
    for_each_violation(board, shaded, &kept, |v| found.push(v));
    found
}

fn of_kind(found: &[Violation], kind: RuleKind) -> Vec<Vec<u8>> {
    found.iter().filter(|v| v.kind == kind).map(|v| v.cells().to_vec()).collect()
}

#[test]
fn repeats_among_unshaded_cells() {
    let b = board();
    let found = violations(&b, &CellSet::EMPTY);
    assert_eq!(
        of_kind(&found, RuleKind::Duplicate),
        vec![vec![cell_at(0, 0), cell_at(0, 1)], vec![cell_at(0, 1), cell_at(1, 1)]]
    );
    assert_eq!(found.len(), 2);
    assert!(!is_solution(&b, &CellSet::EMPTY));
}

#[test]
fn the_solution_breaks_nothing() {
    let b = board();
    let solution = shading(&[(0, 1)]);
    assert!(violations(&b, &solution).is_empty());
    assert!(is_solution(&b, &solution));
}

#[test]
fn touching_shaded_cells_and_an_unjustified_one() {
    let b = board();
    let shaded = shading(&[(0, 1), (0, 2)]);
    let found = violations(&b, &shaded);
    assert_eq!(of_kind(&found, RuleKind::Adjacent), vec![vec![cell_at(0, 1), cell_at(0, 2)]]);
    // The 3 at (0,2) has no twin in its row or column.
    assert_eq!(of_kind(&found, RuleKind::Unjustified), vec![vec![cell_at(0, 2)]]);
    assert_eq!(found.len(), 2);
}

#[test]
fn a_walled_in_corner() {
    let b = board();
    let shaded = shading(&[(0, 1), (1, 0)]);
    let found = violations(&b, &shaded);
    // The single cell (0,0) is cut off from the large region.
    assert_eq!(of_kind(&found, RuleKind::Disconnected), vec![vec![cell_at(0, 0)]]);
    assert_eq!(of_kind(&found, RuleKind::Unjustified), vec![vec![cell_at(1, 0)]]);
    let map = ViolationMap::build(&b, &shaded, &CellSet::full(4).minus(&shaded));
    assert_eq!(*map.cells(RuleKind::Disconnected), shading(&[(0, 0)]));
    assert!(map.flags(cell_at(1, 0)));
    assert!(!map.flags(cell_at(2, 2)));
}

#[test]
fn the_larger_region_is_kept_and_every_smaller_one_flagged() {
    let row: &[u8] = &[1, 1, 1, 1, 1];
    let b = Board::from_rows(&[row; 5]).unwrap();
    // A wall down column 1 cuts off column 0 (5 cells) from columns 2-4 (15 cells).
    let shaded = shading(&[(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)]);
    let map = ViolationMap::build(&b, &shaded, &CellSet::EMPTY);
    assert_eq!(*map.cells(RuleKind::Disconnected), shading(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]));
    // Repeats are looked for only among the kept (here: no) cells.
    assert!(map.cells(RuleKind::Duplicate).is_empty());
    assert_eq!(map.cells(RuleKind::Adjacent).len(), 5);
}

#[test]
fn the_search_for_regions_goes_on_over_steps() {
    let b = Board::from_rows(&[[1u8; 15].as_slice(); 15]).unwrap();
    // A wall down column 1: column 0 (found first) is cut off from columns 2-14.
    let wall: Vec<(u8, u8)> = (0..15).map(|r| (r, 1)).collect();
    let shaded = shading(&wall);
    let mut map = ViolationMap::EMPTY;
    let mut steps = 1;
    let mut found = map.check_regions(&b, &shaded, None);
    while !found {
        steps += 1;
        assert!(steps < 100, "the search ends");
        found = map.continue_regions(&b, &shaded);
    }
    // The step that begins the search, then for each of two fills: two sweeps of 15 rows, at
    // most REGION_ROWS rows a step, and a step that counts its region; then the step that
    // writes the cells cut off.
    assert_eq!(steps, 1 + 2 * ((2 * 15u8).div_ceil(REGION_ROWS) + 1) + 1);
    let column_0: Vec<(u8, u8)> = (0..15).map(|r| (r, 0)).collect();
    assert_eq!(*map.cells(RuleKind::Disconnected), shading(&column_0));
    let mut changed = CellSet::EMPTY;
    map.flag(&b, &mut changed);
    assert_eq!(*map.flagged(), shading(&column_0));
    assert_eq!(changed, shading(&column_0), "all newly flagged");
    map.flag(&b, &mut changed);
    assert!(changed.is_empty(), "nothing changed since");
    // Once over, the search stays over and changes nothing.
    assert!(map.continue_regions(&b, &shaded));
    assert_eq!(*map.cells(RuleKind::Disconnected), shading(&column_0));
}

/// The regions of unshaded cells by a cell-by-cell search with a stack, in the order of their
/// first cells (row-major): independent of the engine's bit-row flood fill.
fn regions_by_search(n: u8, shaded: &CellSet) -> Vec<Vec<u8>> {
    let mut seen = CellSet::EMPTY;
    let mut regions = Vec::new();
    for start in CellSet::full(n).minus(shaded).iter() {
        if seen.contains(start) {
            continue;
        }
        seen.insert(start);
        let (mut region, mut stack) = (Vec::new(), vec![start]);
        while let Some(cell) = stack.pop() {
            region.push(cell);
            let (r, c) = (row_of(cell) as i8, col_of(cell) as i8);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r + dr, c + dc);
                if rr < 0 || cc < 0 || rr >= n as i8 || cc >= n as i8 {
                    continue;
                }
                let next = cell_at(rr as u8, cc as u8);
                if !shaded.contains(next) && !seen.contains(next) {
                    seen.insert(next);
                    stack.push(next);
                }
            }
        }
        regions.push(region);
    }
    regions
}

#[test]
fn cut_off_cells_are_those_outside_the_first_largest_region() {
    // Dense random shadings of every size split the unshaded cells into many regions, often
    // of equal size.
    let mut rng = fastrand::Rng::with_seed(33);
    let mut split = 0;
    for _ in 0..20_000 {
        let n = rng.u8(1..=15);
        let b = Board::from_rows(&vec![vec![1u8; usize::from(n)].as_slice(); usize::from(n)]).unwrap();
        let shade_one_in = rng.u8(2..5);
        let mut shaded = CellSet::EMPTY;
        for cell in CellSet::full(n).iter() {
            if rng.u8(..shade_one_in) == 0 {
                shaded.insert(cell);
            }
        }
        let regions = regions_by_search(n, &shaded);
        let mut expected = CellSet::EMPTY;
        if let Some(largest) = regions.iter().enumerate().max_by_key(|(i, region)| (region.len(), usize::MAX - i)).map(|(i, _)| i) {
            for (i, region) in regions.iter().enumerate() {
                if i != largest {
                    region.iter().for_each(|&cell| expected.insert(cell));
                }
            }
        }
        split += u32::from(regions.len() > 2);
        let map = ViolationMap::build(&b, &shaded, &CellSet::EMPTY);
        assert_eq!(*map.cells(RuleKind::Disconnected), expected, "n {n} shaded {shaded:?}");
    }
    assert!(split > 5000, "many shadings leave three regions or more: {split}");
}

#[test]
fn is_solution_agrees_with_the_violation_report() {
    // Random small boards and shadings; boards from a 3-number range so repeats are common,
    // shadings sparse enough that some of them are solutions.
    let mut rng = fastrand::Rng::with_seed(9);
    let mut solutions = 0;
    for _ in 0..50_000 {
        let n = rng.u8(1..=6);
        let rows: Vec<Vec<u8>> = (0..n).map(|_| (0..n).map(|_| 1 + rng.u8(..3.min(n))).collect()).collect();
        let refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
        let b = Board::from_rows(&refs).unwrap();
        let mut shaded = CellSet::EMPTY;
        for cell in CellSet::full(n).iter() {
            if rng.u8(..4) == 0 {
                shaded.insert(cell);
            }
        }
        let clean = violations(&b, &shaded).is_empty();
        assert_eq!(is_solution(&b, &shaded), clean, "{rows:?} {shaded:?}");
        solutions += clean as u32;
    }
    assert!(solutions > 1000, "{solutions}");
}

/// The map as the report defines it: the cells of every repeat, touching pair and unjustified
/// cell, and every cell of each region the report names as cut off.
fn reference_map(board: &Board, shaded: &CellSet, kept: &CellSet) -> [CellSet; 4] {
    let mut kinds = [CellSet::EMPTY; 4];
    for_each_violation(board, shaded, kept, |v| {
        let cells = match v.kind {
            RuleKind::Disconnected => hitori::puzzles::hitori::flood::component(board.size(), shaded, v.cells[0]).iter().collect(),
            _ => v.cells().to_vec(),
        };
        for cell in cells {
            kinds[v.kind as usize].insert(cell);
        }
    });
    kinds
}

#[test]
fn the_violation_map_agrees_with_the_report() {
    // Boards of 1..=15 with numbers from a small range (repeats are common) and random
    // shaded and kept cells, sparse and dense, kept cells overlapping shaded ones or not.
    let mut rng = fastrand::Rng::with_seed(21);
    let mut flagged = [0u32; 4];
    for round in 0..20_000 {
        let n = rng.u8(1..=15);
        let range = 1 + rng.u8(..n.min(4));
        let rows: Vec<Vec<u8>> = (0..n).map(|_| (0..n).map(|_| 1 + rng.u8(..range)).collect()).collect();
        let refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
        let b = Board::from_rows(&refs).unwrap();
        let (shade_one_in, keep_one_in) = (rng.u8(2..8), rng.u8(1..6));
        let (mut shaded, mut kept) = (CellSet::EMPTY, CellSet::EMPTY);
        for cell in CellSet::full(n).iter() {
            if rng.u8(..shade_one_in) == 0 {
                shaded.insert(cell);
            } else if rng.u8(..keep_one_in) == 0 || round % 2 == 0 {
                kept.insert(cell);
            }
        }
        let map = ViolationMap::build(&b, &shaded, &kept);
        let expected = reference_map(&b, &shaded, &kept);
        let mut union = CellSet::EMPTY;
        for kind in [RuleKind::Duplicate, RuleKind::Adjacent, RuleKind::Disconnected, RuleKind::Unjustified] {
            assert_eq!(*map.cells(kind), expected[kind as usize], "{kind:?} {rows:?} shaded {shaded:?} kept {kept:?}");
            flagged[kind as usize] += u32::from(!expected[kind as usize].is_empty());
            union = union.union(&expected[kind as usize]);
        }
        assert_eq!(*map.flagged(), union);
    }
    assert!(flagged.iter().all(|&count| count > 1000), "every kind is met often: {flagged:?}");
}

#[test]
fn the_unmarked_map_is_the_built_one_and_moves_update_it_alike() {
    let mut rng = fastrand::Rng::with_seed(33);
    for _ in 0..2_000 {
        let n = rng.u8(1..=15);
        let range = 1 + rng.u8(..n.min(5));
        let rows: Vec<Vec<u8>> = (0..n).map(|_| (0..n).map(|_| 1 + rng.u8(..range)).collect()).collect();
        let refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
        let b = Board::from_rows(&refs).unwrap();
        // From a map with every cell kept (repeats flagged): nothing of it may stay.
        let mut open = OpenNumbers::NONE;
        open.set_unmarked(&b);
        let mut map = ViolationMap::build(&b, &CellSet::EMPTY, &CellSet::full(n));
        map.set_unmarked(&open);
        assert!(map == ViolationMap::build(&b, &CellSet::EMPTY, &CellSet::EMPTY), "{rows:?}");
        // A first move checked from it, as play does, gives the map built for its marks.
        let cell = cell_at(rng.u8(..n), rng.u8(..n));
        let to = if rng.bool() { Mark::Shaded } else { Mark::Unshaded };
        let mut play = Play::new();
        play.set_mark(cell, to);
        play.update_violations(&b, Some(Move { cell, from: Mark::Unknown, to }), &mut map);
        assert!(map == ViolationMap::build(&b, play.shaded(), play.circled()), "{rows:?} {cell} {to:?}");
    }
}
