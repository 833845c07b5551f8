#!/usr/bin/env bash
# Installs what the build and the tests need, only when it is missing (safe to run every time).
#   tools/setup.sh            the toolchain and the test emulators
#   tools/setup.sh --play     also an emulator with a window, when a display is available
# Everything comes from Debian's packages, crates.io and PyPI: no downloaded binaries.
set -euo pipefail

# rustc-web/cargo-web: Rust 1.96 built on LLVM 22, whose rust-web-src can build `core` for AVR.
# llvm-22-dev: libLLVM for the C back end (tools/cbe). sdcc: the SM83 compiler, assembler, linker.
packages=(rustc-web cargo-web rust-web-src llvm-22-dev sdcc)
if [[ "${1:-}" == "--play" && -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
    packages+=(mgba-sdl)
fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if (( ${#missing[@]} )); then
    echo "setup: installing ${missing[*]}"
    if ! command -v apt-get >/dev/null; then
        echo "setup: apt-get not found; install these Debian packages by hand: ${missing[*]}" >&2
        exit 1
    fi
    sudo=()
    if (( EUID != 0 )); then
        if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
            sudo=(sudo)
        else
            echo "setup: need root to install ${missing[*]}; run: sudo apt-get install ${missing[*]}" >&2
            exit 1
        fi
    fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# gambatte, the strictest of the emulators we test on, through the C API its PyPI frontend ships.
if ! python3 -c "import gambaterm" 2>/dev/null; then
    echo "setup: installing gambaterm (PyPI)"
    python3 -m pip install --quiet --disable-pip-version-check gambaterm
fi
