#!/usr/bin/env python3
"""Runs a ROM in gambatte, the strictest emulator we can install (PyPI `gambaterm`, whose
extension exports gambatte's C API), and writes the screen at the requested frames, or at
the `shot` steps of a play script (tools/gbemu/src/script.rs: wait, tap, hold, press,
release, shot).

    gambatte_frames.py ROM OUTDIR FRAME [FRAME...]
    gambatte_frames.py ROM OUTDIR --script FILE
    gambatte_frames.py ROM --serve

Writes OUTDIR/frame-N.grey or OUTDIR/NAME.grey: 160x144 bytes, each pixel's grey level 0
(white) to 3 (black).
With --serve it takes commands on standard input, one a line, for a test that plays through
the joypad and reads memory (tests/emulator/mod.rs): `press BUTTON`, `release BUTTON`,
`run FRAMES`, and two that answer with a line: `read ADDRESS` (decimal; the byte as the CPU
reads it, in decimal) and `vram` (the 8 KiB of video RAM in hex).
Gambatte drops VRAM/OAM writes made while the PPU owns that memory and starts with random
RAM, so a ROM that breaks those rules shows a different screen here than on boytacean.
"""
import ctypes
import glob
import os
import shutil
import sys
import tempfile

import gambaterm

WIDTH, HEIGHT = 160, 144
# gambatte counts time in audio samples at half the CPU clock: 35112 samples per frame.
SAMPLES_PER_FRAME = 35112
# runfor may overrun the requested samples by up to this many (gambatte's documented slack).
AUDIO_SLACK = 2064
# gambaterm's libgambatte load flags (GB.LoadFlag): without CGB_MODE (1) gambatte is an
# original Game Boy whatever the header says (ours marks the ROM Color-compatible).
LOAD_NO_BIOS = 32
# A tap holds its button this many frames, then waits as many (as tools/gbemu/src/script.rs).
TAP_FRAMES = 4
# gambatte's input bits (libgambatte's InputGetter).
BUTTONS = {"a": 0x01, "b": 0x02, "select": 0x04, "start": 0x08,
           "right": 0x10, "left": 0x20, "up": 0x40, "down": 0x80}
# gambatte_getmemoryarea's area 0 is video RAM (16 KiB, for the CGB); a DMG uses the first 8.
VRAM_AREA, VRAM_BYTES = 0, 0x2000
INPUT_GETTER = ctypes.CFUNCTYPE(ctypes.c_uint, ctypes.c_void_p)


def load_library():
    path = glob.glob(os.path.join(os.path.dirname(gambaterm.__file__), "libgambatte*.so"))[0]
    lib = ctypes.CDLL(path)
    lib.gambatte_create.restype = ctypes.c_void_p
    lib.gambatte_destroy.argtypes = [ctypes.c_void_p]
    lib.gambatte_load.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint]
    lib.gambatte_runfor.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                    ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint)]
    lib.gambatte_setinputgetter.argtypes = [ctypes.c_void_p, INPUT_GETTER, ctypes.c_void_p]
    lib.gambatte_cpuread.argtypes = [ctypes.c_void_p, ctypes.c_ushort]
    lib.gambatte_cpuread.restype = ctypes.c_ubyte
    lib.gambatte_getmemoryarea.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                           ctypes.POINTER(ctypes.POINTER(ctypes.c_ubyte)),
                                           ctypes.POINTER(ctypes.c_int)]
    return lib


def grey_levels(video):
    """0xAARRGGBB pixels to grey levels: the nearest of four evenly spaced greys (gambatte's
    DMG palette is greys), as tests/rom_strict.rs converts boytacean's."""
    out = bytearray(WIDTH * HEIGHT)
    for i, pixel in enumerate(video):
        darkness = 255 - (((pixel >> 16) & 0xFF) + ((pixel >> 8) & 0xFF) + (pixel & 0xFF)) // 3
        out[i] = min(3, (darkness + 42) // 85)
    return bytes(out)


class Machine:
    """A loaded gambatte with a joypad the script holds buttons on."""

    def __init__(self, rom):
        self.lib = load_library()
        self.gb = self.lib.gambatte_create()
        # gambatte keeps cartridge RAM in a .sav file beside the ROM: run a copy in a fresh
        # directory so that every run starts from a cartridge without saves.
        self.dir = tempfile.TemporaryDirectory()
        copy = os.path.join(self.dir.name, os.path.basename(rom))
        shutil.copyfile(rom, copy)
        if self.lib.gambatte_load(self.gb, copy.encode(), LOAD_NO_BIOS) != 0:
            sys.exit(f"gambatte could not load {rom}")
        self.held = 0
        # Kept referenced: gambatte calls it whenever the game reads the joypad.
        self.getter = INPUT_GETTER(lambda _: self.held)
        self.lib.gambatte_setinputgetter(self.gb, self.getter, None)
        self.video = (ctypes.c_uint32 * (WIDTH * HEIGHT))()
        self.audio = (ctypes.c_uint32 * (SAMPLES_PER_FRAME + AUDIO_SLACK))()
        self.elapsed = 0

    def run_frames(self, frames):
        target = self.elapsed + frames * SAMPLES_PER_FRAME
        while self.elapsed < target:
            samples = ctypes.c_uint(min(SAMPLES_PER_FRAME, target - self.elapsed))
            self.lib.gambatte_runfor(self.gb, self.video, WIDTH, self.audio, ctypes.byref(samples))
            self.elapsed += samples.value

    def vram(self):
        """Video RAM as the PPU holds it (a read through the CPU's bus would be blocked while
        the PPU draws)."""
        data, length = ctypes.POINTER(ctypes.c_ubyte)(), ctypes.c_int()
        if not self.lib.gambatte_getmemoryarea(self.gb, VRAM_AREA, ctypes.byref(data), ctypes.byref(length)):
            sys.exit("gambatte has no video RAM area")
        return bytes(data[:VRAM_BYTES])

    def shot(self, path):
        with open(path, "wb") as f:
            f.write(grey_levels(self.video))


def run_script(machine, path, outdir):
    with open(path) as f:
        lines = f.read().splitlines()
    for number, line in enumerate(lines, 1):
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "wait" and len(words) == 2:
            machine.run_frames(int(words[1]))
        elif words[0] in ("tap", "hold") and words[1] in BUTTONS:
            frames = TAP_FRAMES if words[0] == "tap" else int(words[2])
            machine.held |= BUTTONS[words[1]]
            machine.run_frames(frames)
            machine.held &= ~BUTTONS[words[1]]
            machine.run_frames(TAP_FRAMES)
        elif words[0] in ("press", "release") and len(words) == 2 and words[1] in BUTTONS:
            if words[0] == "press":
                machine.held |= BUTTONS[words[1]]
            else:
                machine.held &= ~BUTTONS[words[1]]
        elif words[0] == "shot" and len(words) == 2:
            machine.shot(os.path.join(outdir, f"{words[1]}.grey"))
        else:
            sys.exit(f"{path}: line {number}: cannot read `{line}`")


def serve(machine):
    for line in sys.stdin:
        words = line.split()
        if words[0] == "press":
            machine.held |= BUTTONS[words[1]]
        elif words[0] == "release":
            machine.held &= ~BUTTONS[words[1]]
        elif words[0] == "run":
            machine.run_frames(int(words[1]))
        elif words[0] == "read":
            print(machine.lib.gambatte_cpuread(machine.gb, int(words[1])), flush=True)
        elif words[0] == "vram":
            print(machine.vram().hex(), flush=True)
        else:
            sys.exit(f"cannot read the command `{line.strip()}`")


def main(argv):
    if len(argv) == 3 and argv[2] == "--serve":
        machine = Machine(argv[1])
        serve(machine)
        machine.lib.gambatte_destroy(machine.gb)
        machine.dir.cleanup()
        return
    if len(argv) < 4:
        sys.exit(__doc__)
    rom, outdir = argv[1], argv[2]
    os.makedirs(outdir, exist_ok=True)
    machine = Machine(rom)
    if argv[3] == "--script" and len(argv) == 5:
        run_script(machine, argv[4], outdir)
    else:
        at = 0
        for frame in sorted(int(f) for f in argv[3:]):
            machine.run_frames(frame - at)
            at = frame
            machine.shot(os.path.join(outdir, f"frame-{frame}.grey"))
    machine.lib.gambatte_destroy(machine.gb)
    machine.dir.cleanup()


if __name__ == "__main__":
    main(sys.argv)
