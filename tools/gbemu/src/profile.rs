//! An exact per-instruction profile: every instruction's T-cycles are charged to the place it
//! starts at, and calls are followed on the stack so that each call target also gets the cycles
//! of its calls, callees included. Banked code is told apart by the ROM bank mapped while it
//! ran, so a banked ROM's functions at the same CPU address are never mixed up.

use std::path::Path;

/// Where an instruction or symbol is: its CPU address, plus N * 0x10000 while ROM bank N is
/// mapped at 0x4000-0x7FFF. That is the linker's own numbering (sdldgb's `.noi` lists bank N's
/// symbols at N * 0x10000 + address), except that an unbanked ROM's 0x4000-0x7FFF, which the
/// linker lists without a bank, is bank 1 here as it is on the cartridge.
pub type Place = u32;

/// The place of a symbol at linker address `address` (see [`Place`]).
pub fn place_of_linker_address(address: u32) -> Place {
    if (0x4000..0x8000).contains(&address) { address | 0x10000 } else { address }
}

/// The place of an instruction at CPU address `pc` while ROM bank `bank` is mapped.
pub fn place_of_pc(pc: u16, bank: u16) -> Place {
    if (0x4000..0x8000).contains(&pc) { u32::from(bank) << 16 | u32::from(pc) } else { u32::from(pc) }
}

/// Formats a place as debuggers' `.sym` files do: `BB:AAAA`.
pub fn format_place(place: Place) -> String {
    format!("{:02X}:{:04X}", place >> 16, place & 0xFFFF)
}

/// The symbol at or below `place` in its bank, and its place, among `sorted` (by place);
/// `"?"` and the bank's start below the bank's first symbol.
fn owner<'a>(sorted: &[&'a (String, Place)], place: Place) -> (&'a str, Place) {
    match sorted.partition_point(|(_, start)| *start <= place) {
        n if n > 0 && sorted[n - 1].1 >> 16 == place >> 16 => (sorted[n - 1].0.as_str(), sorted[n - 1].1),
        _ => ("?", place & !0xFFFF),
    }
}

/// T-cycles per place, gathered while the emulator steps one instruction at a time.
#[derive(Default)]
pub struct Profile {
    /// Indexed by place; grown as banks are met.
    cycles: Vec<u64>,
    /// Per call target: cycles from its entry to its return, callees included (a function
    /// active twice at once, i.e. recursion, counts twice).
    inclusive: Vec<u64>,
    /// Per call target: how many calls it received.
    entered: Vec<u64>,
    /// Targets of the calls now active, with the stack pointer just after each pushed its
    /// return address.
    calls: Vec<(Place, u16)>,
}

/// One function's share of a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionCycles {
    pub name: String,
    /// Its first place.
    pub start: Place,
    /// Cycles of its own instructions (callees not included).
    pub cycles: u64,
    /// Cycles of the calls to its first place, callees included (0 when only jumped to).
    pub inclusive: u64,
    /// Calls to its first place.
    pub calls: u64,
    /// Its most expensive instruction places with their cycles, most expensive first.
    pub hottest: Vec<(Place, u64)>,
}

fn slot(list: &mut Vec<u64>, place: Place) -> &mut u64 {
    let index = place as usize;
    if list.len() <= index {
        list.resize(index + 1, 0);
    }
    &mut list[index]
}

impl Profile {
    /// Charges one instruction: `step` cycles at `place`, which moved the stack pointer from
    /// `sp` to `now_sp` and the program to `now_place` (`now_pc` in the CPU's address space).
    /// `opcode` tells a call from a push.
    pub(crate) fn record(&mut self, place: Place, opcode: u8, step: u64, sp: u16, now_pc: u16, now_place: Place, now_sp: u16) {
        *slot(&mut self.cycles, place) += step;
        for &(entry, _) in &self.calls {
            *slot(&mut self.inclusive, entry) += step;
        }
        // A call has returned once its return address is off the stack: by RET, or (SDCC's
        // callee-cleanup) by `pop hl; add sp, #n; jp (hl)`.
        while self.calls.last().is_some_and(|&(_, frame)| now_sp > frame) {
            self.calls.pop();
        }
        // A taken call (CALL, CALL cc, RST) pushed a return address; so does an interrupt's
        // dispatch (20 cycles, to its vector).
        let is_call = matches!(opcode, 0xCD | 0xC4 | 0xCC | 0xD4 | 0xDC) || opcode & 0xC7 == 0xC7;
        let interrupt = step == 20 && matches!(now_pc, 0x40 | 0x48 | 0x50 | 0x58 | 0x60);
        if now_sp == sp.wrapping_sub(2) && (is_call || interrupt) {
            self.calls.push((now_place, now_sp));
            *slot(&mut self.entered, now_place) += 1;
        }
        // A call whose target's first instruction is `jp (hl)` (crt0's `jump_to_hl`, through
        // which the banked-call trampoline calls a banked function) is a call to where it
        // jumps: the banked function then has its calls and cycles like any other.
        if opcode == 0xE9 && self.calls.last().is_some_and(|&(entry, frame)| entry == place && frame == sp) {
            if let Some(top) = self.calls.last_mut() {
                top.0 = now_place;
            }
            *slot(&mut self.entered, now_place) += 1;
        }
    }

    /// All cycles recorded.
    pub fn total(&self) -> u64 {
        self.cycles.iter().sum()
    }

    /// Cycles recorded at `place`.
    pub fn at(&self, place: Place) -> u64 {
        self.cycles.get(place as usize).copied().unwrap_or(0)
    }

    /// Cycles of the calls to `place`, callees included.
    pub fn inclusive_at(&self, place: Place) -> u64 {
        self.inclusive.get(place as usize).copied().unwrap_or(0)
    }

    /// Charges every place to the symbol at or below it in the same bank (`symbols`: name and
    /// place, any order; data symbols between functions only split them) and returns the
    /// symbols that got cycles, most expensive first, each with its `hottest` places (up to
    /// `hot`). Places below the first symbol of their bank are charged to `"?"`.
    pub fn by_function(&self, symbols: &[(String, Place)], hot: usize) -> Vec<FunctionCycles> {
        let mut sorted: Vec<&(String, Place)> = symbols.iter().collect();
        sorted.sort_by_key(|(_, place)| *place);
        let mut functions: Vec<FunctionCycles> = Vec::new();
        let mut places: Vec<Vec<(Place, u64)>> = Vec::new();
        for (place, &cycles) in self.cycles.iter().enumerate() {
            if cycles == 0 {
                continue;
            }
            let place = place as Place;
            let (name, start) = owner(&sorted, place);
            let index = match functions.iter().position(|f| f.start == start && f.name == name) {
                Some(index) => index,
                None => {
                    let count = |list: &Vec<u64>| list.get(start as usize).copied().unwrap_or(0);
                    functions.push(FunctionCycles {
                        name: name.to_string(),
                        start,
                        cycles: 0,
                        inclusive: count(&self.inclusive),
                        calls: count(&self.entered),
                        hottest: Vec::new(),
                    });
                    places.push(Vec::new());
                    functions.len() - 1
                }
            };
            functions[index].cycles += cycles;
            places[index].push((place, cycles));
        }
        for (function, mut list) in functions.iter_mut().zip(places) {
            list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            list.truncate(hot);
            function.hottest = list;
        }
        functions.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.start.cmp(&b.start)));
        functions
    }

    /// The `top` functions by cycles of their own, a line each: own cycles and share, cycles
    /// with callees and share, calls, the name (C name: Rust name where `rust_names` has one)
    /// and the `hot` most expensive places.
    pub fn report(&self, symbols: &Symbols, top: usize, hot: usize) -> String {
        let total = self.total().max(1);
        let share = |cycles: u64| 100.0 * cycles as f64 / total as f64;
        let mut out = String::from("  own cycles    %   with callees    %      calls  function (C name: Rust name), hottest places\n");
        for function in self.by_function(&symbols.code, hot).iter().take(top) {
            let rust = symbols.rust_name(function.start).filter(|r| *r != function.name);
            let hottest: Vec<String> = function.hottest.iter().map(|&(p, c)| format!("{}:{:.2}%", format_place(p), share(c))).collect();
            out.push_str(&format!(
                "{:>11} {:>5.1} {:>14} {:>5.1} {:>10}  {}{}  [{}]\n",
                function.cycles,
                share(function.cycles),
                function.inclusive,
                share(function.inclusive),
                function.calls,
                function.name,
                rust.map_or(String::new(), |r| format!(": {r}")),
                hottest.join(" ")
            ));
        }
        out
    }
}

/// A linked ROM's symbols: every one the linker placed (`.noi`, with runtime internals and the
/// linker's area bookkeeping), and the Rust names the build gave them (`.sym`).
pub struct Symbols {
    /// Every `.noi` symbol without SDCC's leading underscore, at its linker address.
    pub all: Vec<(String, u32)>,
    /// The symbols in ROM that are not area bookkeeping, at their places.
    pub code: Vec<(String, Place)>,
    /// Rust names by place, from the `.sym` file.
    rust: Vec<(Place, String)>,
}

impl Symbols {
    /// Reads the `.noi` in `intermediates` (the build's work folder) and the `.sym` file `sym`.
    pub fn read(intermediates: &Path, sym: &Path) -> Result<Symbols, String> {
        let noi = std::fs::read_dir(intermediates)
            .map_err(|e| format!("{}: {e}", intermediates.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|e| e == "noi"))
            .ok_or(format!("no .noi file in {}", intermediates.display()))?;
        let noi = std::fs::read_to_string(&noi).map_err(|e| format!("{}: {e}", noi.display()))?;
        let sym = std::fs::read_to_string(sym).map_err(|e| format!("{}: {e}", sym.display()))?;
        Ok(Symbols::parse(&noi, &sym))
    }

    pub fn parse(noi: &str, sym: &str) -> Symbols {
        let mut all: Vec<(String, u32)> = noi
            .lines()
            .filter_map(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                let ["DEF", name, address] = fields[..] else { return None };
                let address = u32::from_str_radix(address.trim_start_matches("0x"), 16).ok()?;
                Some((name.strip_prefix('_').unwrap_or(name).to_string(), address))
            })
            .collect();
        all.sort_by_key(|(_, address)| *address);
        let is_area = |name: &str| name.starts_with("s__") || name.starts_with("l__") || name.starts_with('.');
        let code = all
            .iter()
            .filter(|(name, address)| (0x0150..0x8000).contains(&(address & 0xFFFF)) && !is_area(name))
            .map(|(name, address)| (name.clone(), place_of_linker_address(*address)))
            .collect();
        // `.sym` lines are `BB:AAAA name`; bank 0's places are plain addresses.
        let rust = sym
            .lines()
            .filter_map(|line| {
                let (at, name) = line.split_once(' ')?;
                let (bank, address) = at.split_once(':')?;
                let (bank, address) = (u16::from_str_radix(bank, 16).ok()?, u16::from_str_radix(address, 16).ok()?);
                Some((place_of_pc(address, bank), name.to_string()))
            })
            .collect();
        Symbols { all, code, rust }
    }

    /// The function `place` lies in: its C name, and its Rust name where the build recorded
    /// one.
    pub fn function_at(&self, place: Place) -> String {
        let mut sorted: Vec<&(String, Place)> = self.code.iter().collect();
        sorted.sort_by_key(|(_, place)| *place);
        let (name, start) = owner(&sorted, place);
        match self.rust_name(start) {
            Some(rust) => format!("{name}: {rust}"),
            None => name.to_string(),
        }
    }

    /// The Rust name of the symbol at `place`, if the build recorded one.
    pub fn rust_name(&self, place: Place) -> Option<&str> {
        self.rust.iter().find(|(p, _)| *p == place).map(|(_, name)| name.as_str())
    }

    /// Bytes from the symbol `name` to the next symbol or area start above it in the same bank.
    pub fn size(&self, name: &str) -> Option<u32> {
        let start = self.all.iter().find(|(n, _)| n == name)?.1;
        self.all
            .iter()
            .filter(|(n, a)| *a > start && a >> 16 == start >> 16 && !n.starts_with("l__"))
            .map(|(_, a)| *a)
            .min()
            .map(|next| next - start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_charges_places_to_the_symbol_below_in_the_same_bank() {
        let mut profile = Profile::default();
        *slot(&mut profile.cycles, 0x0100) += 4;
        *slot(&mut profile.cycles, 0x0200) += 8;
        *slot(&mut profile.cycles, 0x0204) += 12;
        *slot(&mut profile.cycles, 0x0300) += 16;
        // Bank 2's code below its first symbol belongs to no bank-0 or bank-1 function.
        *slot(&mut profile.cycles, 0x2_4000) += 2;
        *slot(&mut profile.cycles, 0x2_4010) += 6;
        let symbols = vec![
            ("b".to_string(), 0x0300),
            ("a".to_string(), 0x0200),
            ("one".to_string(), 0x1_4000),
            ("two".to_string(), 0x2_4008),
        ];
        let functions = profile.by_function(&symbols, 1);
        let summary: Vec<(&str, u64, Vec<(Place, u64)>)> =
            functions.iter().map(|f| (f.name.as_str(), f.cycles, f.hottest.clone())).collect();
        assert!(functions.iter().all(|f| f.inclusive == 0 && f.calls == 0));
        assert_eq!(
            summary,
            vec![
                ("a", 20, vec![(0x0204, 12)]),
                ("b", 16, vec![(0x0300, 16)]),
                ("two", 6, vec![(0x2_4010, 6)]),
                ("?", 4, vec![(0x0100, 4)]),
                ("?", 2, vec![(0x2_4000, 2)]),
            ]
        );
        assert_eq!(profile.total(), 48);
        assert_eq!(profile.at(0x2_4010), 6);
    }

    /// A banked call as crt0 makes it: the trampoline calls `jump_to_hl` (a lone `jp (hl)`),
    /// which jumps to the banked function; its cycles up to its return are the call's, and it
    /// counts as called. A return by `jp (hl)` (SDCC's callee cleanup) is not a jump on.
    #[test]
    fn a_call_through_a_lone_jp_hl_is_a_call_to_where_it_jumps() {
        let mut profile = Profile::default();
        let (trampoline, jump_to_hl, banked) = (0x0300, 0x0310, 0x3_4000);
        // CALL jump_to_hl from the trampoline: the return address pushed.
        profile.record(trampoline, 0xCD, 24, 0xDFF0, 0x0310, jump_to_hl, 0xDFEE);
        // jump_to_hl: `jp (hl)` into bank 3.
        profile.record(jump_to_hl, 0xE9, 4, 0xDFEE, 0x4000, banked, 0xDFEE);
        // The banked function's body, then its RET.
        profile.record(banked, 0x00, 100, 0xDFEE, 0x4001, banked + 1, 0xDFEE);
        profile.record(banked + 1, 0xC9, 16, 0xDFEE, 0x0303, trampoline + 3, 0xDFF0);
        profile.record(trampoline + 3, 0x00, 4, 0xDFF0, 0x0304, trampoline + 4, 0xDFF0);
        let symbols = vec![("trampoline".to_string(), trampoline), ("jump_to_hl".to_string(), jump_to_hl), ("banked".to_string(), banked)];
        let functions = profile.by_function(&symbols, 1);
        let called = |name: &str| functions.iter().find(|f| f.name == name).map(|f| (f.calls, f.inclusive)).unwrap();
        assert_eq!(called("banked"), (1, 116), "the body and its RET");
        assert_eq!(called("jump_to_hl"), (1, 4), "only its jump");
    }

    #[test]
    fn symbols_take_their_banks_from_the_linker_and_the_sym_file() {
        let noi = "DEF _main 0x200\nDEF s__CODE 0x150\nDEF _solve 0x24123\nDEF _upper 0x4567\nDEF __mulint 0x300\nDEF _STATE 0xC000\n";
        let sym = "; comment\n00:0200 game::main\n02:4123 engine::solve\n01:4567 engine::upper\n";
        let symbols = Symbols::parse(noi, sym);
        let code: Vec<(&str, Place)> = symbols.code.iter().map(|(n, p)| (n.as_str(), *p)).collect();
        assert_eq!(code, vec![("main", 0x200), ("_mulint", 0x300), ("upper", 0x1_4567), ("solve", 0x2_4123)]);
        assert_eq!(symbols.rust_name(0x2_4123), Some("engine::solve"));
        assert_eq!(symbols.rust_name(0x1_4567), Some("engine::upper"));
        assert_eq!(symbols.rust_name(0x4123), None);
        assert_eq!(symbols.size("main"), Some(0x100), "up to `__mulint`");
        assert_eq!(symbols.size("STATE"), None, "nothing above it in its own numbering (banked code is above 0x10000)");
    }
}
