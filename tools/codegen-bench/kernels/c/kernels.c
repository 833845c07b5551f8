/* The kernels of ../rust/src/lib.rs hand-written in C for SDCC, as a Game Boy C programmer
   would: 8-bit counters where they fit, pointers walked directly, library memcpy.
   The harness prints the same results over the serial port. */
#include <stdint.h>
#include <string.h>

#define SIDE 15u
#define CELLS (SIDE * SIDE)
#define LATIN_SIDE 12u
#define LATIN_CELLS (LATIN_SIDE * LATIN_SIDE)

static uint8_t parent[256];
static uint8_t grid[LATIN_CELLS];
static uint8_t tried[LATIN_CELLS];
static uint8_t start[LATIN_CELLS];
static uint8_t source[256];
static uint8_t destination[256];
static uint16_t factors_a[64];
static uint16_t factors_b[64];

#define TALLY_SIDE 15u
static uint8_t tally_numbers[TALLY_SIDE * TALLY_SIDE];
static uint16_t tally_kept[TALLY_SIDE];
static uint16_t tally_twice[2 * TALLY_SIDE];

#define MAP_ROWS 36u
#define MAP_COLS 20u
#define VRAM_COLS 32u
static uint8_t canvas_tiles[MAP_ROWS * MAP_COLS];
static uint8_t canvas_dirty[(MAP_ROWS + 7) / 8];
static uint8_t tile_maps[MAP_ROWS * VRAM_COLS];

#define BOARD_SIDE 9u
#define BOARD_CELLS 81u
#define UNKNOWN 0u
#define SHADED 1u
#define UNSHADED 2u
static uint8_t board_numbers[BOARD_CELLS];
static uint8_t row_of[BOARD_CELLS];
static uint8_t col_of[BOARD_CELLS];
static uint8_t marks[BOARD_CELLS];
static uint8_t trail[BOARD_CELLS];
static uint8_t trail_len;

static uint16_t xorshift(uint16_t x) {
    x ^= x << 7;
    x ^= x >> 9;
    x ^= x << 8;
    return x;
}

static uint8_t find(uint8_t x) {
    for (;;) {
        uint8_t up = parent[x];
        if (up == x) return x;
        uint8_t grand = parent[up];
        parent[x] = grand;
        x = grand;
    }
}

uint16_t kernel_union_find(void) {
    uint8_t cell, row, col, a, b;
    uint16_t rng = 0xACE1, merges = 0, sets = 0;
    for (cell = 0; cell < CELLS; cell++) parent[cell] = cell;
    cell = 0;
    for (row = 0; row < SIDE; row++) {
        for (col = 0; col < SIDE; col++) {
            rng = xorshift(rng);
            if (col + 1 < SIDE && (rng & 1)) {
                a = find(cell); b = find(cell + 1);
                if (a != b) { parent[a] = b; merges++; }
            }
            if (row + 1 < SIDE && (rng & 2)) {
                a = find(cell); b = find(cell + SIDE);
                if (a != b) { parent[a] = b; merges++; }
            }
            cell++;
        }
    }
    for (cell = 0; cell < CELLS; cell++)
        if (find(cell) == cell) sets++;
    return (merges << 8) ^ sets;
}

uint16_t kernel_latin_fill(void) {
    uint16_t rows[LATIN_SIDE], cols[LATIN_SIDE];
    uint16_t rng = 0xBEEF, hash = 0, bit;
    uint8_t cell = 0, row = 0, col = 0, digit, placed, i;
    for (i = 0; i < LATIN_CELLS; i++) {
        rng = xorshift(rng);
        start[i] = rng & 7;
        tried[i] = 0;
    }
    for (i = 0; i < LATIN_SIDE; i++) rows[i] = cols[i] = 0;
    while (cell < LATIN_CELLS) {
        placed = 0;
        while (tried[cell] < LATIN_SIDE) {
            digit = start[cell] + tried[cell];
            if (digit >= LATIN_SIDE) digit -= LATIN_SIDE;
            tried[cell]++;
            bit = 1u << digit;
            if (!(rows[row] & bit) && !(cols[col] & bit)) {
                rows[row] |= bit;
                cols[col] |= bit;
                grid[cell] = digit;
                placed = 1;
                break;
            }
        }
        if (placed) {
            cell++;
            if (++col == LATIN_SIDE) { col = 0; row++; }
        } else {
            tried[cell] = 0;
            cell--;
            if (col == 0) { col = LATIN_SIDE - 1; row--; } else col--;
            bit = 1u << grid[cell];
            rows[row] &= ~bit;
            cols[col] &= ~bit;
        }
    }
    for (i = 0; i < LATIN_CELLS; i++) hash = hash * 31 + grid[i];
    return hash;
}

uint16_t kernel_copy_256(void) {
    memcpy(destination, source, 256);
    return destination[200];
}

uint32_t kernel_multiply_16(void) {
    uint32_t sum = 0;
    const uint16_t *a = factors_a, *b = factors_b;
    uint8_t i;
    for (i = 0; i < 64; i++) sum += (uint32_t)*a++ * *b++;
    return sum;
}

uint16_t kernel_line_tally(void) {
    uint8_t r, c;
    uint16_t seen, twice, bit, hash = 0;
    const uint8_t *numbers;
    for (r = 0; r < TALLY_SIDE; r++) {
        seen = twice = 0;
        numbers = tally_numbers + r * TALLY_SIDE;
        for (c = 0; c < TALLY_SIDE; c++) {
            if (tally_kept[r] & (1u << c)) {
                bit = 1u << numbers[c];
                twice |= seen & bit;
                seen |= bit;
            }
        }
        tally_twice[r] = twice;
    }
    for (c = 0; c < TALLY_SIDE; c++) {
        seen = twice = 0;
        numbers = tally_numbers + c;
        for (r = 0; r < TALLY_SIDE; r++, numbers += TALLY_SIDE) {
            if (tally_kept[r] & (1u << c)) {
                bit = 1u << *numbers;
                twice |= seen & bit;
                seen |= bit;
            }
        }
        tally_twice[TALLY_SIDE + c] = twice;
    }
    for (r = 0; r < 2 * TALLY_SIDE; r++) hash = ((hash << 3) | (hash >> 13)) ^ tally_twice[r];
    return hash;
}

uint16_t kernel_row_copy(void) {
    uint8_t byte, bits, mask, row;
    uint16_t copied = 0;
    for (byte = 0; byte < sizeof canvas_dirty; byte++) {
        bits = canvas_dirty[byte];
        row = byte * 8;
        for (mask = 1; mask && bits >= mask; mask <<= 1, row++) {
            if ((bits & mask) && row < MAP_ROWS)  {
                memcpy(tile_maps + row * VRAM_COLS, canvas_tiles + row * MAP_COLS, MAP_COLS);
                copied++;
            }
        }
    }
    return (copied << 8) ^ tile_maps[35 * VRAM_COLS + 19];
}

static uint8_t assign(uint8_t cell, uint8_t mark) {
    uint8_t current = marks[cell];
    if (current == UNKNOWN) {
        marks[cell] = mark;
        trail[trail_len++] = cell;
        return 1;
    }
    return current == mark;
}

uint16_t kernel_propagate(void) {
    uint8_t round, ok, queue, cell, row, col, number, other, first;
    uint16_t hash = 0;
    for (round = 0; round < 16; round++) {
        memset(marks, UNKNOWN, sizeof marks);
        trail_len = 0;
        ok = assign(round * 5, SHADED);
        queue = 0;
        while (ok && queue < trail_len) {
            cell = trail[queue++];
            row = row_of[cell];
            col = col_of[cell];
            if (marks[cell] == SHADED) {
                if (col > 0) ok &= assign(cell - 1, UNSHADED);
                if (col + 1 < BOARD_SIDE) ok &= assign(cell + 1, UNSHADED);
                if (row > 0) ok &= assign(cell - BOARD_SIDE, UNSHADED);
                if (row + 1 < BOARD_SIDE) ok &= assign(cell + BOARD_SIDE, UNSHADED);
            } else {
                number = board_numbers[cell];
                first = cell - col;
                for (other = first; other < first + BOARD_SIDE; other++)
                    if (other != cell && board_numbers[other] == number) ok &= assign(other, SHADED);
                for (other = col; other < BOARD_CELLS; other += BOARD_SIDE)
                    if (other != cell && board_numbers[other] == number) ok &= assign(other, SHADED);
            }
        }
        hash = ((hash << 5) | (hash >> 11)) ^ trail_len ^ ((uint16_t)ok << 15);
    }
    return hash;
}

/* ---- harness (not measured) ---- */

static void serial_send(uint8_t byte) {
    *(volatile uint8_t *)0xFF01 = byte;
    *(volatile uint8_t *)0xFF02 = 0x81;
    while (*(volatile uint8_t *)0xFF02 & 0x80) {}
}

static void send_hex(uint32_t value) {
    int8_t shift;
    for (shift = 7; shift >= 0; shift--) {
        uint8_t nibble = (value >> (shift * 4)) & 0xF;
        serial_send(nibble < 10 ? '0' + nibble : 'A' + nibble - 10);
    }
    serial_send('\n');
}

void rust_main(void) {
    uint16_t rng = 0x5EED, i;
    for (i = 0; i < 256; i++) source[i] = (uint8_t)(i * 7);
    uint8_t row, col;
    for (i = 0; i < 64; i++) {
        rng = xorshift(rng); factors_a[i] = rng;
        rng = xorshift(rng); factors_b[i] = rng;
    }
    for (i = 0; i < TALLY_SIDE * TALLY_SIDE; i++) { rng = xorshift(rng); tally_numbers[i] = rng & 15; }
    for (i = 0; i < TALLY_SIDE; i++) { rng = xorshift(rng); tally_kept[i] = rng & 0x7FFF; }
    for (i = 0; i < MAP_ROWS * MAP_COLS; i++) canvas_tiles[i] = (uint8_t)(i * 13);
    canvas_dirty[0] = 0xFF; canvas_dirty[1] = 0x5A; canvas_dirty[2] = 0xFF; canvas_dirty[3] = 0xA5; canvas_dirty[4] = 0x0F;
    for (row = 0; row < BOARD_SIDE; row++) {
        for (col = 0; col < BOARD_SIDE; col++) {
            i = row * BOARD_SIDE + col;
            row_of[i] = row;
            col_of[i] = col;
            board_numbers[i] = (row * 3 + row / 3 + col) % BOARD_SIDE;
        }
    }
    for (i = 0; i < 12; i++) {
        rng = xorshift(rng);
        board_numbers[rng % 81] = board_numbers[(rng >> 8) % 81];
    }
    send_hex(kernel_union_find());
    send_hex(kernel_latin_fill());
    send_hex(kernel_copy_256());
    send_hex(kernel_multiply_16());
    send_hex(kernel_line_tally());
    send_hex(kernel_row_copy());
    send_hex(kernel_propagate());
    serial_send('.');
    for (;;) {}
}

void rust_vblank(void) {}
void rust_worker(void) {}

void cbe_trap(uint16_t function) {
    (void)function;
    serial_send('!');
    for (;;) {}
}
