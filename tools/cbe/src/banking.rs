//! Which ROM bank(s) each function's code goes in (MBC5 banking; docs/cbe-notes.md, "Banking").
//!
//! A *banked entry point* is a function the program put in section `.bankN` (Rust:
//! `#[unsafe(link_section = ".bankN")]` with `#[inline(never)]`), N in 1..=255. Entry points
//! are called through crt0's trampoline (`__banked` in C), which maps bank N at 0x4000 for
//! the call and maps the caller's bank back afterwards. Every other function is placed here,
//! for the whole program at once and deterministically:
//! - Bank 0 (always mapped), one copy: the roots (functions visible outside the module, which
//!   crt0 and C code call directly; address-taken functions, which indirect calls reach
//!   without the trampoline; unreachable functions) and everything reachable from a root
//!   without passing through an entry point.
//! - Otherwise one copy in every bank N whose entry points reach the function (traversal
//!   stops at entry points of any bank, since calling one switches banks, and at bank-0
//!   functions, which every bank calls directly). A function shared by banks 1 and 2 is
//!   duplicated rather than moved to bank 0: bank 0 is the scarce one.
//! - An entry point has exactly one copy, in its own bank.
//!
//! So a direct call from a copy in bank N reaches an entry point, bank 0 or the callee's copy
//! in bank N (asserted).

use std::collections::BTreeSet;

/// The highest bank an entry point may name: the trampoline takes the bank in one register
/// (SDCC loads `b_name` into E), and MBC5's 9th bank bit is kept at 0.
pub const MAX_BANK: u32 = 255;

/// The bank a section name asks for: `None` when it is not a bank section at all.
pub fn bank_of_section(section: &str) -> Result<Option<u8>, String> {
    let Some(number) = section.strip_prefix(".bank") else { return Ok(None) };
    match number.parse::<u32>() {
        Ok(n) if (1..=MAX_BANK).contains(&n) && !number.starts_with('0') => Ok(Some(n as u8)),
        Ok(0) => Err("section `.bank0`: bank 0 is the fixed bank; leave the function unmarked instead".into()),
        _ => Err(format!("section `{section}`: banked sections are `.bank1` to `.bank{MAX_BANK}`")),
    }
}

/// One defined function as placement sees it.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// For error messages (the Rust name).
    pub name: String,
    /// `Some(N)` for an entry point of bank N.
    pub entry: Option<u8>,
    /// Called from outside the module (crt0, hand-written C): never through the trampoline.
    pub external: bool,
    /// Used other than as the callee of a direct call (function pointers, vtables).
    pub address_taken: bool,
    /// Indices of the defined functions it calls directly.
    pub callees: Vec<usize>,
}

/// The banks holding a copy of each node (ascending; `[0]` for the fixed bank, `[N]` for an
/// entry point of bank N, one or more switchable banks otherwise), or an error naming a
/// misplaced entry point.
pub fn place(nodes: &[Node]) -> Result<Vec<Vec<u8>>, String> {
    for node in nodes {
        let Some(bank) = node.entry else { continue };
        if node.address_taken {
            return Err(format!(
                "`{}` is a banked entry point (section .bank{bank}) whose address is taken (a function \
                 pointer or a trait object's vtable): indirect calls do not switch banks. Remove its \
                 link_section or call it only directly.",
                node.name
            ));
        }
        if node.external {
            return Err(format!(
                "`{}` is a banked entry point (section .bank{bank}) that is visible outside the program \
                 (no_mangle or extern): crt0 and C code call it without switching banks. Remove its \
                 link_section or make it a private Rust function.",
                node.name
            ));
        }
    }

    // Depth-first from `starts`, entering only nodes `enter` accepts (starts are always visited).
    let visit = |starts: Vec<usize>, enter: &dyn Fn(usize) -> bool| -> Vec<bool> {
        let mut seen = vec![false; nodes.len()];
        let mut stack = starts;
        while let Some(f) = stack.pop() {
            if std::mem::replace(&mut seen[f], true) {
                continue;
            }
            stack.extend(nodes[f].callees.iter().copied().filter(|&c| !seen[c] && enter(c)));
        }
        seen
    };
    let is_root = |node: &Node| node.entry.is_none() && (node.external || node.address_taken);

    // Unreachable functions are bank-0 roots too (one copy, as before banking).
    let sources: Vec<usize> = (0..nodes.len()).filter(|&f| is_root(&nodes[f]) || nodes[f].entry.is_some()).collect();
    let reached = visit(sources, &|_| true);
    let roots: Vec<usize> =
        (0..nodes.len()).filter(|&f| nodes[f].entry.is_none() && (is_root(&nodes[f]) || !reached[f])).collect();
    let in_bank_0 = visit(roots, &|c| nodes[c].entry.is_none());

    let mut banks: Vec<BTreeSet<u8>> = vec![BTreeSet::new(); nodes.len()];
    for (f, node) in nodes.iter().enumerate() {
        if let Some(bank) = node.entry {
            let own = visit(vec![f], &|c| nodes[c].entry.is_none() && !in_bank_0[c]);
            for (g, &hit) in own.iter().enumerate() {
                if hit && (g == f || nodes[g].entry.is_none()) {
                    banks[g].insert(bank);
                }
            }
        } else if in_bank_0[f] {
            banks[f].insert(0);
        }
    }
    let banks: Vec<Vec<u8>> = banks.into_iter().map(|b| b.into_iter().collect()).collect();

    // A direct call from a copy in bank N reaches an entry point, bank 0 or a copy in bank N.
    for (f, node) in nodes.iter().enumerate() {
        assert!(!banks[f].is_empty(), "placement left `{}` without a bank", node.name);
        assert!(node.entry.is_none() || banks[f].len() == 1, "entry `{}` copied", node.name);
        for &bank in &banks[f] {
            for &callee in &node.callees {
                let ok = nodes[callee].entry.is_some() || banks[callee] == [0] || banks[callee].contains(&bank);
                assert!(
                    ok,
                    "placement put `{}` (banks {:?}) out of reach of `{}` (bank {bank})",
                    nodes[callee].name, banks[callee], node.name
                );
            }
        }
    }
    Ok(banks)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nodes named by letters; `edges` as (caller, callee) letter pairs.
    fn graph(spec: &[(&str, Option<u8>, bool)], edges: &[(&str, &str)]) -> Vec<Node> {
        let index = |n: &str| spec.iter().position(|(name, _, _)| *name == n).expect("node");
        let mut nodes: Vec<Node> = spec
            .iter()
            .map(|&(name, entry, external)| Node { name: name.into(), entry, external, ..Node::default() })
            .collect();
        for &(a, b) in edges {
            nodes[index(a)].callees.push(index(b));
        }
        nodes
    }

    fn banks_of(nodes: &[Node]) -> Vec<(String, Vec<u8>)> {
        let banks = place(nodes).unwrap();
        nodes.iter().map(|n| n.name.clone()).zip(banks).collect()
    }

    fn single(banks: &[u8]) -> Vec<Vec<u8>> {
        banks.iter().map(|&b| vec![b]).collect()
    }

    #[test]
    fn section_names() {
        assert_eq!(bank_of_section(".text"), Ok(None));
        assert_eq!(bank_of_section(".bank1"), Ok(Some(1)));
        assert_eq!(bank_of_section(".bank255"), Ok(Some(255)));
        assert!(bank_of_section(".bank0").unwrap_err().contains("fixed bank"));
        assert!(bank_of_section(".bank256").is_err());
        assert!(bank_of_section(".bank01").is_err());
        assert!(bank_of_section(".bankx").is_err());
    }

    #[test]
    fn no_entries_means_everything_in_bank_0() {
        let nodes = graph(&[("main", None, true), ("a", None, false), ("dead", None, false)], &[("main", "a")]);
        assert!(place(&nodes).unwrap().iter().all(|b| *b == [0]));
    }

    #[test]
    fn callees_of_one_bank_follow_their_entry() {
        // main -> e1 (bank 1) -> a -> b; e1 -> e2 (bank 2) -> c; c -> e1 (back to bank 1).
        let nodes = graph(
            &[
                ("main", None, true),
                ("e1", Some(1), false),
                ("a", None, false),
                ("b", None, false),
                ("e2", Some(2), false),
                ("c", None, false),
            ],
            &[("main", "e1"), ("e1", "a"), ("a", "b"), ("e1", "e2"), ("e2", "c"), ("c", "e1")],
        );
        let banks = banks_of(&nodes);
        assert_eq!(
            banks,
            [("main", 0), ("e1", 1), ("a", 1), ("b", 1), ("e2", 2), ("c", 2)].map(|(n, b)| (n.to_string(), vec![b]))
        );
    }

    #[test]
    fn shared_callees_are_copied_into_each_bank() {
        // `shared` is called from banks 1 and 2: a copy in each, and so is what it calls
        // (`leaf`, also called by bank 1 directly); `helper` is called from main and bank 1,
        // so it is in bank 0 only (bank 1 calls it directly).
        let nodes = graph(
            &[
                ("main", None, true),
                ("e1", Some(1), false),
                ("e2", Some(2), false),
                ("shared", None, false),
                ("leaf", None, false),
                ("helper", None, false),
                ("own", None, false),
            ],
            &[
                ("main", "e1"),
                ("main", "e2"),
                ("main", "helper"),
                ("e1", "shared"),
                ("e2", "shared"),
                ("shared", "leaf"),
                ("e1", "leaf"),
                ("e1", "helper"),
                ("e1", "own"),
            ],
        );
        let banks = place(&nodes).unwrap();
        assert_eq!(banks, [vec![0], vec![1], vec![2], vec![1, 2], vec![1, 2], vec![0], vec![1]]);
    }

    #[test]
    fn dead_callers_pull_their_callees_into_bank_0() {
        // `dead` is unreachable (bank 0) and calls `x`, otherwise reached only from bank 1.
        let nodes = graph(
            &[
                ("main", None, true),
                ("e1", Some(1), false),
                ("x", None, false),
                ("y", None, false),
                ("dead", None, false),
            ],
            &[("main", "e1"), ("e1", "x"), ("x", "y"), ("dead", "x")],
        );
        assert_eq!(place(&nodes).unwrap(), single(&[0, 1, 0, 0, 0]));
    }

    #[test]
    fn address_taken_functions_are_bank_0_roots() {
        // `callback` is only called from bank 1, but its address is taken (bank 0), and so is
        // what it calls.
        let mut nodes = graph(
            &[("main", None, true), ("e1", Some(1), false), ("callback", None, false), ("leaf", None, false)],
            &[("main", "e1"), ("e1", "callback"), ("callback", "leaf")],
        );
        nodes[2].address_taken = true;
        assert_eq!(place(&nodes).unwrap(), single(&[0, 1, 0, 0]));
    }

    #[test]
    fn recursion_through_an_entry_stays_in_its_bank() {
        // e1 -> r -> e1 (recursion across the trampoline), r -> r.
        let nodes = graph(
            &[("main", None, true), ("e1", Some(1), false), ("r", None, false)],
            &[("main", "e1"), ("e1", "r"), ("r", "e1"), ("r", "r")],
        );
        assert_eq!(place(&nodes).unwrap(), single(&[0, 1, 1]));
    }

    #[test]
    fn copies_stop_at_bank_0_and_at_entries() {
        // Banks 1 and 2 and 3 share `s`; `s` calls `z` (bank 0: main calls it) and entry `e3`;
        // `t` is shared by banks 1 and 2 through `s` only where `s` reaches it; `e3`'s own
        // callee `u` is only in bank 3 although `s` (banks 1, 2, 3) calls `e3`.
        let nodes = graph(
            &[
                ("main", None, true),
                ("e1", Some(1), false),
                ("e2", Some(2), false),
                ("e3", Some(3), false),
                ("s", None, false),
                ("z", None, false),
                ("t", None, false),
                ("u", None, false),
                ("zz", None, false),
            ],
            &[
                ("main", "e1"),
                ("main", "z"),
                ("e1", "s"),
                ("e2", "s"),
                ("e3", "u"),
                ("u", "s"),
                ("s", "z"),
                ("s", "e3"),
                ("s", "t"),
                ("z", "zz"),
            ],
        );
        let banks = place(&nodes).unwrap();
        assert_eq!(
            banks,
            [vec![0], vec![1], vec![2], vec![3], vec![1, 2, 3], vec![0], vec![1, 2, 3], vec![3], vec![0]]
        );
    }

    #[test]
    fn misplaced_entries_are_errors_naming_them() {
        let mut nodes = graph(&[("main", None, true), ("my_crate::far", Some(3), false)], &[]);
        nodes[1].address_taken = true;
        let err = place(&nodes).unwrap_err();
        assert!(err.contains("`my_crate::far`") && err.contains(".bank3") && err.contains("address is taken"), "{err}");
        let nodes = graph(&[("exported", Some(1), true)], &[]);
        let err = place(&nodes).unwrap_err();
        assert!(err.contains("`exported`") && err.contains("outside the program"), "{err}");
    }
}
