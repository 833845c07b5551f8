//! Sharing of C locals between SSA values whose live ranges do not overlap.
//!
//! SDCC's register allocator and data-flow analyses slow down sharply with the number of
//! variables in a function; after LLVM's inlining a function can have a thousand SSA values.
//! Values of the same C type that are never live at the same time get one C variable.
//!
//! Liveness is computed on the IR with these conventions, all conservative:
//! - a value substituted into its use (`inlined`) is not a variable: its operands are read
//!   where that use is, so its operands' uses are counted there;
//! - an instruction's result interferes with its own operands, unless its translation is one
//!   C assignment `result = expression;` and SDCC does well with it
//!   (`reuses_operand_variable`): C reads every operand before it writes, so the result may
//!   take over the variable of an operand that dies there;
//! - a phi is written on every edge into its block, at the end of the predecessor, by a
//!   sequence of copies: it interferes with everything live at the end of that predecessor
//!   (including the edge's incoming values and the terminator's operands) and with the other
//!   phis of its block, except with its own incoming value on an edge where that value is not
//!   live into the block: then the copy `phi = value;` may become a copy of a variable to
//!   itself, which the edge leaves out.
//!
//! Colouring prefers, for each value, the variable of a value it is copied from or to (a phi
//! and its incoming values, a result and an operand that dies there): every such pair that
//! shares a variable is a copy the loop no longer makes (coalescing).

use std::collections::{HashMap, HashSet};

use llvm_sys::LLVMOpcode;

use crate::llvm::{self, Block, Value};

#[derive(Clone, PartialEq)]
struct BitSet(Vec<u64>);

impl BitSet {
    fn new(n: usize) -> Self {
        BitSet(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn union_with(&mut self, other: &BitSet) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    fn intersects(&self, other: &BitSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| (0..64).filter(move |b| bits >> b & 1 != 0).map(move |b| w * 64 + b))
    }
}

/// For each candidate (in the order given, each with its C type), the index of the variable
/// of that type it is stored in. Variables are numbered from 0 per type. Liveness follows
/// `instruction_order`, each block's instructions as the C writes them (`schedule`).
pub(crate) fn share(
    f: Value,
    instruction_order: &HashMap<Block, Vec<Value>>,
    candidates: &[(Value, &'static str)],
    inlined: &HashSet<Value>,
    reuses_operand_variable: impl Fn(Value) -> bool,
) -> Vec<usize> {
    let n = candidates.len();
    let index: HashMap<Value, usize> = candidates.iter().enumerate().map(|(i, &(v, _))| (v, i)).collect();
    let blocks = llvm::blocks(f);
    let block_index: HashMap<Block, usize> = blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();

    // The candidates an instruction reads, looking through substituted values.
    let uses = |inst: Value| {
        let mut set = BitSet::new(n);
        let mut stack: Vec<Value> = (0..llvm::operand_count(inst)).map(|i| llvm::operand(inst, i)).collect();
        while let Some(v) = stack.pop() {
            if let Some(&i) = index.get(&v) {
                set.insert(i);
            } else if inlined.contains(&v) {
                stack.extend((0..llvm::operand_count(v)).map(|i| llvm::operand(v, i)));
            }
        }
        set
    };
    let is_phi = |inst: Value| llvm::opcode(inst) == LLVMOpcode::LLVMPHI;

    struct Info {
        body: Vec<Value>,
        phis: Vec<usize>,
        successors: Vec<usize>,
        /// Read before any write in the block (non-phi instructions).
        upward: BitSet,
        defined: BitSet,
        terminator_uses: BitSet,
    }
    let mut infos = Vec::with_capacity(blocks.len());
    for &b in &blocks {
        let instructions = instruction_order[&b].clone();
        let (phi_insts, body): (Vec<Value>, Vec<Value>) = instructions.into_iter().partition(|&i| is_phi(i));
        let terminator = *body.last().expect("block without terminator");
        let mut successors: Vec<usize> =
            (0..llvm::successor_count(terminator)).map(|i| block_index[&llvm::successor(terminator, i)]).collect();
        successors.sort_unstable();
        successors.dedup();
        let mut upward = BitSet::new(n);
        let mut defined = BitSet::new(n);
        for &inst in body.iter().rev() {
            if inlined.contains(&inst) {
                continue;
            }
            if let Some(&d) = index.get(&inst) {
                defined.insert(d);
                upward.remove(d);
            }
            upward.union_with(&uses(inst));
        }
        infos.push(Info {
            phis: phi_insts.iter().filter_map(|p| index.get(p).copied()).collect(),
            body,
            successors,
            upward,
            defined,
            terminator_uses: uses(terminator),
        });
    }
    // Values each block passes to its successors' phis.
    let mut outgoing: Vec<BitSet> = vec![BitSet::new(n); blocks.len()];
    for &b in &blocks {
        for inst in llvm::instructions(b).into_iter().take_while(|&i| is_phi(i)) {
            for (v, from) in llvm::incoming(inst) {
                if let Some(&i) = index.get(&v) {
                    outgoing[block_index[&from]].insert(i);
                }
            }
        }
    }

    // Live at the top of each block (below its phis), to a fixed point.
    let mut live_in: Vec<BitSet> = vec![BitSet::new(n); blocks.len()];
    let live_out = |live_in: &[BitSet], b: usize| {
        let mut out = outgoing[b].clone();
        for &s in &infos[b].successors {
            out.union_with(&live_in[s]);
        }
        out
    };
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..blocks.len()).rev() {
            let mut set = live_out(&live_in, b);
            for (w, d) in set.0.iter_mut().zip(&infos[b].defined.0) {
                *w &= !d;
            }
            set.union_with(&infos[b].upward);
            for &p in &infos[b].phis {
                set.remove(p);
            }
            if set != live_in[b] {
                live_in[b] = set;
                changed = true;
            }
        }
    }

    let mut interferes: Vec<BitSet> = vec![BitSet::new(n); n];
    let add = |interferes: &mut Vec<BitSet>, d: usize, with: &BitSet| {
        for x in with.iter() {
            if x != d {
                interferes[d].insert(x);
                interferes[x].insert(d);
            }
        }
    };
    // Pairs of values that one copy (or one assignment) joins: sharing a variable saves it.
    let mut affinity: Vec<Vec<usize>> = vec![Vec::new(); n];
    let pair = |affinity: &mut Vec<Vec<usize>>, a: usize, b: usize| {
        if a != b && candidates[a].1 == candidates[b].1 {
            affinity[a].push(b);
            affinity[b].push(a);
        }
    };
    for (b, info) in infos.iter().enumerate() {
        let mut live = live_out(&live_in, b);
        let mut at_edges = live.clone();
        at_edges.union_with(&info.terminator_uses);
        for &s in &info.successors {
            let mut with = at_edges.clone();
            for &p in &infos[s].phis {
                with.insert(p);
            }
            for &p in &infos[s].phis {
                let own = llvm::incoming(candidates[p].0)
                    .into_iter()
                    .find(|&(_, from)| block_index[&from] == b)
                    .and_then(|(v, _)| index.get(&v).copied())
                    .filter(|&v| v != p && !live_in[s].contains(v));
                match own {
                    Some(v) => {
                        let mut without = with.clone();
                        without.remove(v);
                        add(&mut interferes, p, &without);
                        pair(&mut affinity, p, v);
                    }
                    None => add(&mut interferes, p, &with),
                }
            }
        }
        for &inst in info.body.iter().rev() {
            if inlined.contains(&inst) {
                continue;
            }
            let read = uses(inst);
            if let Some(&d) = index.get(&inst) {
                let mut with = live.clone();
                if reuses_operand_variable(inst) {
                    for x in read.iter().filter(|&x| !live.contains(x)) {
                        pair(&mut affinity, d, x);
                    }
                } else {
                    with.union_with(&read);
                }
                add(&mut interferes, d, &with);
                live.remove(d);
            }
            live.union_with(&read);
        }
    }

    // Greedy colouring in definition order, per C type: first the variable of a value it is
    // joined to by a copy, else the first variable it does not interfere with.
    let mut variables: HashMap<&'static str, Vec<BitSet>> = HashMap::new();
    let mut slots: Vec<Option<usize>> = vec![None; n];
    for (i, &(_, c_type)) in candidates.iter().enumerate() {
        let vars = variables.entry(c_type).or_default();
        let free = |s: usize| !vars[s].intersects(&interferes[i]);
        let preferred = affinity[i].iter().filter_map(|&j| slots[j]).find(|&s| free(s));
        let slot = match preferred.or_else(|| (0..vars.len()).find(|&s| free(s))) {
            Some(s) => s,
            None => {
                vars.push(BitSet::new(n));
                vars.len() - 1
            }
        };
        vars[slot].insert(i);
        slots[i] = Some(slot);
    }
    slots.into_iter().map(|s| s.expect("every candidate coloured")).collect()
}
