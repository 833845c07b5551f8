#!/usr/bin/env python3
"""Draws the cartridge's tile art as 8-bit greyscale PNGs in the four DMG shades.

The PNGs in assets/ are the source of truth for build.rs; this script is how they were drawn
and how to redraw them after changing a glyph below. Standard library only (zlib + struct).

    python3 assets/src/draw_assets.py            # writes assets/*.png
    python3 assets/src/draw_assets.py --preview DIR   # also writes 4x-scaled copies to DIR

Shades are colour indices: 0 white, 1 light grey, 2 dark grey, 3 black; in the PNG they are the
grey levels 255, 170, 85, 0. Glyphs are drawn as text: '#' is ink, '.' is background.
"""

import argparse
import os
import struct
import zlib

WHITE, LIGHT, DARK, BLACK = 0, 1, 2, 3
GREY_LEVEL = {WHITE: 255, LIGHT: 170, DARK: 85, BLACK: 0}

ASSETS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Canvas:
    def __init__(self, width, height, shade=WHITE):
        self.width = width
        self.height = height
        self.pixels = [[shade] * width for _ in range(height)]

    def set(self, x, y, shade):
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y][x] = shade

    def get(self, x, y):
        return self.pixels[y][x]

    def fill(self, x0, y0, width, height, shade):
        for y in range(y0, y0 + height):
            for x in range(x0, x0 + width):
                self.set(x, y, shade)

    def stamp(self, glyph, x0, y0, shade, scale=1):
        """Draws the '#' pixels of a glyph (list of strings) with its top-left at (x0, y0)."""
        for row, line in enumerate(glyph):
            for column, char in enumerate(line):
                if char == '#':
                    self.fill(x0 + column * scale, y0 + row * scale, scale, scale, shade)

    def save_png(self, path, scale=1):
        raw = bytearray()
        for row in self.pixels:
            line = bytearray()
            for shade in row:
                line.extend([GREY_LEVEL[shade]] * scale)
            for _ in range(scale):
                raw.append(0)  # filter type: none
                raw.extend(line)

        def chunk(kind, data):
            body = kind + data
            return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xFFFFFFFF)

        header = struct.pack('>IIBBBBB', self.width * scale, self.height * scale, 8, 0, 0, 0, 0)
        with open(path, 'wb') as out:
            out.write(b'\x89PNG\r\n\x1a\n')
            out.write(chunk(b'IHDR', header))
            out.write(chunk(b'IDAT', zlib.compress(bytes(raw), 9)))
            out.write(chunk(b'IEND', b''))


def glyph_width(glyph):
    return max(len(line) for line in glyph)


def parse_glyphs(text):
    """Parses blocks 'KEY' line followed by pixel rows, blocks separated by blank lines."""
    glyphs = {}
    for block in text.strip().split('\n\n'):
        lines = block.strip().split('\n')
        glyphs[lines[0].strip()] = [line.strip() for line in lines[1:]]
    return glyphs


# --- Cell digits for 16x16 cells: 6x10, two-pixel strokes. ---------------------------------
BIG_DIGITS = parse_glyphs('''
1
..##..
.###..
####..
..##..
..##..
..##..
..##..
..##..
..##..
######

2
.####.
##..##
....##
....##
...##.
..##..
.##...
##....
##....
######

3
.####.
##..##
....##
....##
..###.
....##
....##
....##
##..##
.####.

4
....##
...###
..####
.##.##
##..##
######
....##
....##
....##
....##

5
######
##....
##....
#####.
....##
....##
....##
....##
##..##
.####.

6
..###.
.##...
##....
##....
#####.
##..##
##..##
##..##
##..##
.####.

7
######
....##
....##
...##.
...##.
..##..
..##..
..##..
..##..
..##..

8
.####.
##..##
##..##
##..##
.####.
##..##
##..##
##..##
##..##
.####.

9
.####.
##..##
##..##
##..##
##..##
.#####
....##
....##
...##.
.###..
''')

# --- Cell digits for 8x8 cells: 3x5, plus a 2-wide "1" for the tens of 10-15. ----------------
SMALL_DIGITS = parse_glyphs('''
0
###
#.#
#.#
#.#
###

1
.#.
##.
.#.
.#.
###

2
###
..#
###
#..
###

3
###
..#
.##
..#
###

4
#.#
#.#
###
..#
..#

5
###
#..
###
..#
###

6
###
#..
###
#.#
###

7
###
..#
..#
.#.
.#.

8
###
#.#
###
#.#
###

9
###
#.#
###
..#
###

tens
.#
##
.#
.#
.#
''')

# --- UI font: bold 8x8 glyphs, up to 7 wide and 7 tall, centred horizontally. ----------------
FONT = parse_glyphs('''
A
.####.
##..##
##..##
######
##..##
##..##
##..##

B
#####.
##..##
##..##
#####.
##..##
##..##
#####.

C
.####.
##..##
##....
##....
##....
##..##
.####.

D
####..
##.##.
##..##
##..##
##..##
##.##.
####..

E
######
##....
##....
#####.
##....
##....
######

F
######
##....
##....
#####.
##....
##....
##....

G
.####.
##..##
##....
##.###
##..##
##..##
.#####

H
##..##
##..##
##..##
######
##..##
##..##
##..##

I
######
..##..
..##..
..##..
..##..
..##..
######

J
..####
....##
....##
....##
##..##
##..##
.####.

K
##..##
##.##.
####..
###...
####..
##.##.
##..##

L
##....
##....
##....
##....
##....
##....
######

M
##...##
###.###
#######
##.#.##
##...##
##...##
##...##

N
##..##
###.##
######
##.###
##..##
##..##
##..##

O
.####.
##..##
##..##
##..##
##..##
##..##
.####.

P
#####.
##..##
##..##
#####.
##....
##....
##....

Q
.####.
##..##
##..##
##..##
##.###
##..##
.###.#

R
#####.
##..##
##..##
#####.
####..
##.##.
##..##

S
.####.
##..##
##....
.####.
....##
##..##
.####.

T
######
..##..
..##..
..##..
..##..
..##..
..##..

U
##..##
##..##
##..##
##..##
##..##
##..##
.####.

V
##..##
##..##
##..##
##..##
##..##
.####.
..##..

W
##...##
##...##
##...##
##.#.##
#######
###.###
##...##

X
##..##
##..##
.####.
..##..
.####.
##..##
##..##

Y
##..##
##..##
##..##
.####.
..##..
..##..
..##..

Z
######
....##
...##.
..##..
.##...
##....
######

0
.####.
##..##
##.###
######
###.##
##..##
.####.

1
..##..
.###..
..##..
..##..
..##..
..##..
.####.

2
.####.
##..##
....##
..###.
.##...
##....
######

3
.####.
##..##
....##
..###.
....##
##..##
.####.

4
...##.
..###.
.####.
##.##.
######
...##.
...##.

5
######
##....
#####.
....##
....##
##..##
.####.

6
..###.
.##...
##....
#####.
##..##
##..##
.####.

7
######
....##
...##.
..##..
..##..
..##..
..##..

8
.####.
##..##
##..##
.####.
##..##
##..##
.####.

9
.####.
##..##
##..##
.#####
....##
...##.
.###..

:
..
##
##
..
##
##
..

.
..
..
..
..
..
##
##

-
......
......
......
######
......
......
......

/
....##
....##
...##.
..##..
.##...
##....
##....

x
......
......
##..##
.####.
..##..
.####.
##..##

>
##...
.##..
..##.
...##
..##.
.##..
##...

<
...##
..##.
.##..
##...
.##..
..##.
...##

?
.####.
##..##
....##
...##.
..##..
......
..##..

!
##
##
##
##
##
..
##
''')

# The font sheet's order; build.rs reads the sheet in this same order (FONT_CHARS there).
FONT_ORDER = ' ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:.-/x><?!'
FONT_COLUMNS = 16

# Cell variants, one row each in the cell sheets, in this order (CELL_VARIANT_* in build.rs).
VARIANTS = ['plain', 'shaded', 'circled', 'error', 'hint']


def outline(canvas, x0, y0, size, shade):
    canvas.fill(x0, y0, size, 1, shade)
    canvas.fill(x0, y0 + size - 1, size, 1, shade)
    canvas.fill(x0, y0, 1, size, shade)
    canvas.fill(x0 + size - 1, y0, 1, size, shade)


def halo(canvas, glyph, x0, y0, shade):
    """Paints `shade` on every pixel next to the glyph's ink, so the digit stands out of a
    patterned background."""
    for row, line in enumerate(glyph):
        for column, char in enumerate(line):
            if char == '#':
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        canvas.set(x0 + column + dx, y0 + row + dy, shade)


def draw_big_cell(canvas, x0, y0, number, variant):
    """A 16x16 cell: a light grey 1-pixel ring (two cells side by side make a 2-pixel grid
    line), a 14x14 inside and a 6x10 digit at (5, 3)."""
    outline(canvas, x0, y0, 16, LIGHT)
    glyph = BIG_DIGITS[str(number)]
    digit_x, digit_y = x0 + 5, y0 + 3
    if variant == 'plain':
        canvas.stamp(glyph, digit_x, digit_y, BLACK)
    elif variant == 'shaded':
        canvas.fill(x0 + 1, y0 + 1, 14, 14, BLACK)
        canvas.stamp(glyph, digit_x, digit_y, LIGHT)
    elif variant == 'circled':
        for y in range(16):
            for x in range(16):
                distance_squared = (x + 0.5 - 8) ** 2 + (y + 0.5 - 8) ** 2
                if 6.0 ** 2 <= distance_squared <= 7.1 ** 2:
                    canvas.set(x0 + x, y0 + y, BLACK)
        canvas.stamp(glyph, digit_x, digit_y, BLACK)
    elif variant == 'error':
        # Diagonal dark grey hatching, with a white halo keeping the digit readable.
        for y in range(1, 15):
            for x in range(1, 15):
                if (x + y) % 4 == 0:
                    canvas.set(x0 + x, y0 + y, DARK)
        halo(canvas, glyph, digit_x, digit_y, WHITE)
        canvas.stamp(glyph, digit_x, digit_y, BLACK)
    elif variant == 'hint':
        canvas.fill(x0 + 1, y0 + 1, 14, 14, LIGHT)
        outline(canvas, x0 + 1, y0 + 1, 14, DARK)
        canvas.stamp(glyph, digit_x, digit_y, BLACK)
    else:
        raise ValueError(variant)


def small_number_glyph(number):
    """The number as one 7x5 glyph: 1-9 centred, 10-15 as a narrow 1 and a digit."""
    if number < 10:
        return ['..' + line + '..' for line in SMALL_DIGITS[str(number)]]
    units = SMALL_DIGITS[str(number - 10)]
    return [tens + '.' + unit for tens, unit in zip(SMALL_DIGITS['tens'], units)]


def draw_small_cell(canvas, x0, y0, number, variant):
    """An 8x8 cell: a light grey grid line on the right column and bottom row, a 7x7 inside,
    and the number in columns 1-6, rows 1-5. Column 0 and rows 0 and 6 stay free, so the
    8x8 cursor frame (on the cell's outer pixels) never hides a digit."""
    canvas.fill(x0 + 7, y0, 1, 8, LIGHT)
    canvas.fill(x0, y0 + 7, 8, 1, LIGHT)
    glyph = small_number_glyph(number)
    digit_x, digit_y = x0, y0 + 1
    if variant == 'plain':
        canvas.stamp(glyph, digit_x, digit_y, BLACK)
    elif variant == 'shaded':
        canvas.fill(x0, y0, 7, 7, BLACK)
        canvas.stamp(glyph, digit_x, digit_y, LIGHT)
    elif variant == 'circled':
        # A light grey disc (the 7x7 inside without its corners): no room for a ring.
        canvas.fill(x0, y0, 7, 7, LIGHT)
        for x, y in ((0, 0), (6, 0), (0, 6), (6, 6)):
            canvas.set(x0 + x, y0 + y, WHITE)
        canvas.stamp(glyph, digit_x, digit_y, BLACK)
    elif variant == 'error':
        canvas.fill(x0, y0, 7, 7, DARK)
        canvas.stamp(glyph, digit_x, digit_y, WHITE)
    elif variant == 'hint':
        # Dark grey bars above and below the number, in the rows every number leaves free.
        canvas.fill(x0, y0, 7, 1, DARK)
        canvas.fill(x0, y0 + 6, 7, 1, DARK)
        canvas.stamp(glyph, digit_x, digit_y, BLACK)
    else:
        raise ValueError(variant)


# Baby Lizards' cells: each mark in each highlight, one sheet row a highlight, the marks in
# LIZARD_MARKS' order (build.rs: LIZARDS_* constants). Trees are givens and never highlighted
# as errors, but every row keeps all four marks so a look is mark + 4 * highlight.
LIZARD_MARKS = ['free', 'tree', 'lizard', 'empty']
LIZARD_HIGHLIGHTS = ['plain', 'error', 'hint']

LIZARD_BIG_GLYPHS = {
    'tree': parse_glyphs('''
tree
....####....
..########..
.##########.
.##########.
############
############
.##########.
..########..
....####....
.....##.....
.....##.....
....####....
''')['tree'],
    'lizard': parse_glyphs('''
lizard
....##....
...####...
...####...
.#..##..#.
..######..
....##....
....##....
..######..
.#..##..#.
....##....
.....##...
......##..
''')['lizard'],
    'empty': ['####', '####'],
}

LIZARD_SMALL_GLYPHS = {
    'tree': ['...#...', '..###..', '.#####.', '..###..', '.#####.', '#######', '...#...'],
    'lizard': ['...#...', '..###..', '.#.#.#.', '...#...', '.#.#.#.', '...#...', '....#..'],
    'empty': ['.#.', '###', '.#.'],
}


def glyph_at(glyph, inside):
    """The top-left pixel that centres `glyph` in an `inside`-pixel square."""
    return (inside - glyph_width(glyph)) // 2, (inside - len(glyph)) // 2


def draw_lizard_big_cell(canvas, x0, y0, mark, highlight):
    """A 16x16 cell with the ring of Hitori's: its mark centred on the 14x14 inside, over
    dark grey hatching for an error, on light grey in a dark grey border for a hint."""
    outline(canvas, x0, y0, 16, LIGHT)
    if highlight == 'error':
        for y in range(1, 15):
            for x in range(1, 15):
                if (x + y) % 4 == 0:
                    canvas.set(x0 + x, y0 + y, DARK)
    elif highlight == 'hint':
        canvas.fill(x0 + 1, y0 + 1, 14, 14, LIGHT)
        outline(canvas, x0 + 1, y0 + 1, 14, DARK)
    glyph = LIZARD_BIG_GLYPHS.get(mark)
    if glyph:
        dx, dy = glyph_at(glyph, 14)
        if highlight == 'error':
            halo(canvas, glyph, x0 + 1 + dx, y0 + 1 + dy, WHITE)
        canvas.stamp(glyph, x0 + 1 + dx, y0 + 1 + dy, DARK if mark == 'empty' else BLACK)


def draw_lizard_small_cell(canvas, x0, y0, mark, highlight):
    """An 8x8 cell with Hitori's grid line on the right and bottom: its mark on the 7x7
    inside, white on dark grey for an error, between dark grey bars for a hint."""
    canvas.fill(x0 + 7, y0, 1, 8, LIGHT)
    canvas.fill(x0, y0 + 7, 8, 1, LIGHT)
    ink = BLACK
    if highlight == 'error':
        canvas.fill(x0, y0, 7, 7, DARK)
        ink = WHITE
    glyph = LIZARD_SMALL_GLYPHS.get(mark)
    if highlight == 'hint':
        canvas.fill(x0, y0, 7, 1, DARK)
        canvas.fill(x0, y0 + 6, 7, 1, DARK)
        # The bars take the glyph's top and bottom rows: a hinted mark shows its middle.
        glyph = glyph and ['.' * 7] + [line.ljust(glyph_width(glyph), '.') for line in glyph[1:-1]]
    if glyph:
        dx, dy = glyph_at(glyph, 7)
        canvas.stamp(glyph, x0 + dx, y0 + dy, ink)


def draw_lizard_cells(cell, size):
    canvas = Canvas(len(LIZARD_MARKS) * size, len(LIZARD_HIGHLIGHTS) * size)
    for row, highlight in enumerate(LIZARD_HIGHLIGHTS):
        for column, mark in enumerate(LIZARD_MARKS):
            cell(canvas, column * size, row * size, mark, highlight)
    return canvas


# Sudoku's board centres each cell's 8x8 tile between line tiles (src/game/boards/sudoku.rs):
# its styles, one row each of the sheet (SUDOKU_STYLE_* in build.rs), each a blank then 1-9.
SUDOKU_STYLES = ['given', 'entered', 'error', 'hint']
# The line tiles, in SUDOKU_LINES' order (build.rs): a vertical line, a horizontal one and
# their crossing, thin (light grey) or thick (black, on the boxes' edges), 2 pixels wide in
# the tile's middle.
SUDOKU_LINES = [('thin', None), ('thick', None), (None, 'thin'), (None, 'thick'),
                ('thin', 'thin'), ('thin', 'thick'), ('thick', 'thin'), ('thick', 'thick')]
SUDOKU_COLUMNS = 10


def draw_sudoku_cell(canvas, x0, y0, digit, style):
    """A Sudoku cell's 8x8 tile: the UI font's digit (6x7) in given black or entered dark grey,
    white on dark grey in error, black on light grey lit by a hint; digit 0 is blank."""
    ink = {'given': BLACK, 'entered': DARK, 'error': WHITE, 'hint': BLACK}[style]
    if style == 'error':
        canvas.fill(x0, y0, 8, 8, DARK)
    elif style == 'hint':
        canvas.fill(x0, y0, 8, 8, LIGHT)
    if digit:
        canvas.stamp(FONT[str(digit)], x0 + 1, y0 + 1, ink)


def draw_sudoku_line(canvas, x0, y0, vertical, horizontal):
    shade = {'thin': LIGHT, 'thick': BLACK}
    # The thick line drawn last, over the thin one where they cross.
    for kind, fill in sorted([(vertical, lambda s: canvas.fill(x0 + 3, y0, 2, 8, s)),
                              (horizontal, lambda s: canvas.fill(x0, y0 + 3, 8, 2, s))],
                             key=lambda entry: entry[0] == 'thick'):
        if kind:
            fill(shade[kind])


def draw_sudoku():
    """Sudoku's sheet: the cells' styles (a row each: blank, 1-9), then the line tiles. The
    keypad's keys are the hint style's digits, drawn as objects."""
    canvas = Canvas(SUDOKU_COLUMNS * 8, (len(SUDOKU_STYLES) + 1) * 8)
    for row, style in enumerate(SUDOKU_STYLES):
        for digit in range(10):
            draw_sudoku_cell(canvas, digit * 8, row * 8, digit, style)
    for column, (vertical, horizontal) in enumerate(SUDOKU_LINES):
        draw_sudoku_line(canvas, column * 8, len(SUDOKU_STYLES) * 8, vertical, horizontal)
    return canvas


def draw_big_cells():
    canvas = Canvas(9 * 16, len(VARIANTS) * 16)
    for row, variant in enumerate(VARIANTS):
        for number in range(1, 10):
            draw_big_cell(canvas, (number - 1) * 16, row * 16, number, variant)
    return canvas


def draw_small_cells():
    canvas = Canvas(15 * 8, len(VARIANTS) * 8)
    for row, variant in enumerate(VARIANTS):
        for number in range(1, 16):
            draw_small_cell(canvas, (number - 1) * 8, row * 8, number, variant)
    return canvas


def draw_font():
    rows = (len(FONT_ORDER) + FONT_COLUMNS - 1) // FONT_COLUMNS
    canvas = Canvas(FONT_COLUMNS * 8, rows * 8)
    for index, char in enumerate(FONT_ORDER):
        if char == ' ':
            continue
        glyph = FONT[char]
        x0 = (index % FONT_COLUMNS) * 8 + (8 - glyph_width(glyph)) // 2
        y0 = (index // FONT_COLUMNS) * 8
        canvas.stamp(glyph, x0, y0, BLACK)
    return canvas


# A 3x3-tile frame: a 2-pixel black line with a thin dark grey line inside it. The middle
# tile is the (white) inside, so the sheet shows the frame as it will look.
FRAME = '''
........ ........ ........
........ ........ ........
........ ........ ........
...33333 33333333 33333...
..333333 33333333 333333..
..33.... ........ ....33..
..33.222 22222222 222.33..
..33.2.. ........ ..2.33..

..33.2.. ........ ..2.33..
..33.2.. ........ ..2.33..
..33.2.. ........ ..2.33..
..33.2.. ........ ..2.33..
..33.2.. ........ ..2.33..
..33.2.. ........ ..2.33..
..33.2.. ........ ..2.33..
..33.2.. ........ ..2.33..

..33.2.. ........ ..2.33..
..33.222 22222222 222.33..
..33.... ........ ....33..
..333333 33333333 333333..
...33333 33333333 33333...
........ ........ ........
........ ........ ........
........ ........ ........
'''


LOGO_LETTERS = 'HITORI'
# How each letter's cell looks: like a solved Hitori row, white, shaded and circled cells.
LOGO_CELLS = ['plain', 'shaded', 'plain', 'circled', 'shaded', 'plain']


def draw_logo():
    """'HITORI' as six 24x24 cells (3x3 tiles each) with letters from the UI font at twice the
    size: 144x24 pixels, 18x3 tiles."""
    canvas = Canvas(24 * len(LOGO_LETTERS), 24)
    for index, (letter, style) in enumerate(zip(LOGO_LETTERS, LOGO_CELLS)):
        x0 = index * 24
        glyph = FONT[letter]
        letter_x = x0 + (24 - 2 * glyph_width(glyph)) // 2
        letter_y = 5
        ink = BLACK
        if style == 'shaded':
            canvas.fill(x0 + 1, 1, 22, 22, BLACK)
            ink = WHITE
        elif style == 'circled':
            for y in range(24):
                for x in range(24):
                    distance_squared = (x + 0.5 - 12) ** 2 + (y + 0.5 - 12) ** 2
                    if 9.6 ** 2 <= distance_squared <= 11.2 ** 2:
                        canvas.set(x0 + x, y, DARK)
        outline(canvas, x0, 0, 24, BLACK)
        canvas.stamp(glyph, letter_x, letter_y, ink, scale=2)
    return canvas


# The 16x16 cursor: 2 pixels of black over the cell's ring, then a light grey line that still
# shows on a shaded (black) cell. The digit area (5-10, 3-12) stays uncovered.
CURSOR_BIG = '''
33333333 33333333
33333333 33333333
33111111 11111133
331..... .....133
331..... .....133
331..... .....133
331..... .....133
331..... .....133

331..... .....133
331..... .....133
331..... .....133
331..... .....133
331..... .....133
33111111 11111133
33333333 33333333
33333333 33333333
'''

CURSOR_SMALL = '''
33333333
3......3
3......3
3......3
3......3
3......3
3......3
33333333
'''


def draw_art(art):
    """Art drawn with digits as colour indices; '.' is index 0 (white, or transparent for
    objects). Spaces only separate tiles for the reader."""
    rows = [line.replace(' ', '') for line in art.strip('\n').split('\n') if line.strip()]
    canvas = Canvas(len(rows[0]), len(rows))
    for y, line in enumerate(rows):
        for x, char in enumerate(line):
            canvas.set(x, y, WHITE if char == '.' else int(char))
    return canvas


SHEETS = {
    'big_cells.png': draw_big_cells,
    'small_cells.png': draw_small_cells,
    'lizards_big.png': lambda: draw_lizard_cells(draw_lizard_big_cell, 16),
    'lizards_small.png': lambda: draw_lizard_cells(draw_lizard_small_cell, 8),
    'sudoku.png': draw_sudoku,
    'font.png': draw_font,
    'frame.png': lambda: draw_art(FRAME),
    'logo.png': draw_logo,
    'cursor_big.png': lambda: draw_art(CURSOR_BIG),
    'cursor_small.png': lambda: draw_art(CURSOR_SMALL),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--preview', metavar='DIR', help='also write 4x-scaled copies here')
    args = parser.parse_args()
    for name, draw in SHEETS.items():
        canvas = draw()
        canvas.save_png(os.path.join(ASSETS_DIR, name))
        if args.preview:
            os.makedirs(args.preview, exist_ok=True)
            canvas.save_png(os.path.join(args.preview, name), scale=4)
        print(f'{name}: {canvas.width}x{canvas.height}')


if __name__ == '__main__':
    main()
