# Hitori for the Game Boy. Two commands do everything from a fresh clone:
#   make play   install what is missing, build target/hitori.gb, run it
#   make test   install what is missing, run every test
# Other targets: setup, rom, bench-codegen, bench-engine, bench-rom, clean.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

# Debian's toolchain (see rust-toolchain.toml); named outright so that no rustup default
# toolchain can slip in.
CARGO := /usr/bin/cargo
export RUSTC := /usr/bin/rustc
export LLVM_SYS_221_PREFIX := /usr/lib/llvm-22

ROM := target/hitori.gb

.PHONY: setup setup-play rom play test bench-codegen bench-engine bench-rom clean

setup:
	@tools/setup.sh

setup-play:
	@tools/setup.sh --play

# Always asks cargo (which knows when nothing changed) rather than guessing from timestamps.
rom: setup
	$(CARGO) run --quiet --release -p gbrom -- --out $(ROM)

# A window where there is a display (mGBA); otherwise a headless run that writes screenshots.
play: setup-play rom
	@CARGO=$(CARGO) tools/play.sh $(ROM)

# Ends with one total line: cargo's own last line belongs to whichever crate ran last.
test: setup rom
	$(CARGO) test --release --workspace 2>&1 | tee target/test.log
	@awk '/^test result:/ { passed += $$4; failed += $$6; ignored += $$8 } \
		END { printf "total: %d passed, %d failed, %d skipped\n", passed, failed, ignored }' target/test.log

bench-codegen: setup
	$(CARGO) run --quiet --release -p codegen-bench

# Host puzzles per second, the hint walks' profile per level and size (examples/hint_walks.rs),
# then exact console cycles per puzzle (checked against the host): Baby Lizards, Sudoku (several
# minutes of emulation: some hard puzzles take minutes of console time; docs/sudoku-notes.md),
# Numberlink (about a minute), then Hitori. BENCH_ENGINE_PUZZLE=hitori (lizards, sudoku,
# numberlink) runs one console part alone.
bench-engine: setup
	$(CARGO) run --quiet --release --example bench_engine
	$(CARGO) run --quiet --release --example hint_walks
	$(CARGO) run --quiet --release -p engine-bench

# The game ROM in the emulator: frame overruns (menus, play on 9x9 and 15x15), the VBlank
# handler's time, Start to a 9x9 board; `rom` prints the ROM and WRAM bytes first.
bench-rom: rom
	$(CARGO) run --quiet --release -p rom-bench

clean:
	$(CARGO) clean
