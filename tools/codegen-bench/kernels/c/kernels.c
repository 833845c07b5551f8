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
    for (i = 0; i < 64; i++) {
        rng = xorshift(rng); factors_a[i] = rng;
        rng = xorshift(rng); factors_b[i] = rng;
    }
    send_hex(kernel_union_find());
    send_hex(kernel_latin_fill());
    send_hex(kernel_copy_256());
    send_hex(kernel_multiply_16());
    serial_send('.');
    for (;;) {}
}

void rust_vblank(void) {}

void cbe_trap(uint16_t function) {
    (void)function;
    serial_send('!');
    for (;;) {}
}
