#!/usr/bin/env python3
"""Runs a ROM in gambatte, the strictest emulator we can install (PyPI `gambaterm`, whose
extension exports gambatte's C API), and writes the screen at the requested frames.

    gambatte_frames.py ROM OUTDIR FRAME [FRAME...]

Writes OUTDIR/frame-N.grey: 160x144 bytes, each pixel's grey level 0 (white) to 3 (black).
Gambatte drops VRAM/OAM writes made while the PPU owns that memory and starts with random
RAM, so a ROM that breaks those rules shows a different screen here than on boytacean.
"""
import ctypes
import glob
import os
import sys

import gambaterm

WIDTH, HEIGHT = 160, 144
# gambatte counts time in audio samples at half the CPU clock: 35112 samples per frame.
SAMPLES_PER_FRAME = 35112
# runfor may overrun the requested samples by up to this many (gambatte's documented slack).
AUDIO_SLACK = 2064
LOAD_NO_BIOS = 32


def load_library():
    path = glob.glob(os.path.join(os.path.dirname(gambaterm.__file__), "libgambatte*.so"))[0]
    lib = ctypes.CDLL(path)
    lib.gambatte_create.restype = ctypes.c_void_p
    lib.gambatte_destroy.argtypes = [ctypes.c_void_p]
    lib.gambatte_load.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint]
    lib.gambatte_runfor.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                    ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint)]
    return lib


def grey_levels(video):
    """0xAARRGGBB pixels to grey levels by brightness (gambatte's DMG palette is greys)."""
    out = bytearray(WIDTH * HEIGHT)
    for i, pixel in enumerate(video):
        brightness = ((pixel >> 16) & 0xFF) + ((pixel >> 8) & 0xFF) + (pixel & 0xFF)
        out[i] = 3 - min(3, brightness * 4 // (3 * 256))
    return bytes(out)


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    rom, outdir, frames = argv[1], argv[2], sorted(int(f) for f in argv[3:])
    os.makedirs(outdir, exist_ok=True)
    lib = load_library()
    gb = lib.gambatte_create()
    if lib.gambatte_load(gb, rom.encode(), LOAD_NO_BIOS) != 0:
        sys.exit(f"gambatte could not load {rom}")
    video = (ctypes.c_uint32 * (WIDTH * HEIGHT))()
    audio = (ctypes.c_uint32 * (SAMPLES_PER_FRAME + AUDIO_SLACK))()
    elapsed = 0
    for frame in frames:
        while elapsed < frame * SAMPLES_PER_FRAME:
            samples = ctypes.c_uint(min(SAMPLES_PER_FRAME, frame * SAMPLES_PER_FRAME - elapsed))
            lib.gambatte_runfor(gb, video, WIDTH, audio, ctypes.byref(samples))
            elapsed += samples.value
        with open(os.path.join(outdir, f"frame-{frame}.grey"), "wb") as f:
            f.write(grey_levels(video))
    lib.gambatte_destroy(gb)


if __name__ == "__main__":
    main(sys.argv)
