;; Hitori's generator on the console: generate.rs' offset_pair_numbers and latin.rs'
;; fill_latin_square (the Rust there is the host's and the reference; the engine bench compares
;; every console puzzle with the host's). SDCC's code for them took 10% and 8% of the engine
;; bench's cycles (about 41k cycles a call, one call a shaded cell of every hard numbering;
;; about 514k a square).
;;
;; Calling convention as crt0's (SDCC 4.2 sm83, sdcccall(1)): a 16-bit first argument in DE, a
;; second in BC, a 16-bit result in BC. gbrom assembles this file with `_CODE_HITORI` and
;; `_CODE_HITORI_LATIN` renamed to their callers' banks' areas (`_CODE_7`, the numberings';
;; `_CODE_1`, the generator's entry's) when the program has banked code, else `_CODE`, and
;; links it from the runtime's library (only programs that call it have it).

        .module hitori

        .globl  _gb_hitori_offset_pair_numbers
        .globl  _gb_hitori_fill_latin
        .globl  _gb_rng_below

        ;; The routine's frame (offsets from SP in the routine; 2 more in hop_line, which it
        ;; calls, 4 in hop_flag, and 6 in hop_add past its push).
        HO_NUMBERS      = 0             ; the numbers found (a word)
        HO_CELL         = 2
        HO_N            = 3
        HO_POS          = 4             ; `cell`'s position in its line
        HO_STEP         = 5             ; from a cell to the next of its line (1 or 16)
        HO_FIRST        = 6             ; the first cell of `cell`'s line
        HO_LINE         = 7             ; `cell`'s line
        HO_DELTA        = 8             ; from a cell of `cell`'s line to the line beside
        HO_ALIGNED      = 9             ; the number beside `cell`
        HO_BEFORE       = 10            ; the one before it in that line, 0xFF off the board
        HO_AFTER        = 11            ; the one after it, 0xFF off the board
        HO_V            = 12            ; the flags of the number at j in the line beside
        HO_TABLE        = 13            ; a byte a number (0-15): 1 aligned, 2 before, 4 after
        HO_FRAME        = 29

;; HL = the frame's byte `base` + A (base + A < 256), `extra` bytes above SP. Clobbers A.
        .macro  HO_FRAME_AT base, extra
        add     a, #extra + base
        ld      l, a
        ld      h, #0
        add     hl, sp
        .endm

;; For bit A (0-15) of the word at HL: HL at the byte that holds it, `reg` (not H or L) its
;; mask there. Clobbers A.
        .macro  HO_WORD_BIT reg, ?low, ?shift, ?done
        cp      #8
        jr      c, low
        inc     hl
low:
        ld      reg, #1
        and     #7
        jr      z, done
shift:
        sla     reg
        dec     a
        jr      nz, shift
done:
        .endm

;; The lines on either side of `cell`'s (`apart` cells from it), those on the board.
        .macro  HOP_LINES apart, ?after, ?done
        ldhl    sp, #HO_LINE
        ld      a, (hl)
        or      a
        jr      z, after
        ld      a, #(0x100 - apart)
        call    hop_line
after:
        ldhl    sp, #HO_LINE
        ld      a, (hl)
        inc     a
        ldhl    sp, #HO_N
        cp      (hl)
        jr      nc, done
        ld      a, #apart
        call    hop_line
done:
        .endm

        .area   _CODE_HITORI

;; uint16_t gb_hitori_offset_pair_numbers(const uint8_t *numbers /* DE */, uint16_t
;; cell_and_n /* BC: C the cell, B the board's size */): the numbers that would make `cell` one
;; end of an offset pair, as bits (1 << number), from the board's numbers (16 a row).
_gb_hitori_offset_pair_numbers:
        add     sp, #-HO_FRAME
        ldhl    sp, #HO_NUMBERS
        xor     a
        ld      (hl+), a
        ld      (hl+), a
        ld      (hl), c                 ; HO_CELL
        inc     hl
        ld      (hl), b                 ; HO_N
        ;; Along rows: the position is the column, the line the row.
        ld      a, c
        and     #0x0F
        ldhl    sp, #HO_POS
        ld      (hl+), a
        ld      (hl), #1                ; HO_STEP
        ld      a, c
        and     #0xF0
        ldhl    sp, #HO_FIRST
        ld      (hl+), a
        ld      a, c
        swap    a
        and     #0x0F
        ld      (hl), a                 ; HO_LINE
        HOP_LINES 16
        ;; Along columns: the position is the row, the line the column.
        ldhl    sp, #HO_CELL
        ld      c, (hl)
        ld      a, c
        swap    a
        and     #0x0F
        ldhl    sp, #HO_POS
        ld      (hl+), a
        ld      (hl), #16               ; HO_STEP
        ld      a, c
        and     #0x0F
        ldhl    sp, #HO_FIRST
        ld      (hl+), a
        ld      (hl), a                 ; HO_LINE
        HOP_LINES 1
        ldhl    sp, #HO_NUMBERS
        ld      a, (hl+)
        ld      b, (hl)
        ld      c, a
        add     sp, #HO_FRAME
        ret

;; One line beside `cell`'s, A cells on from it: a twin of `cell` at j in its line makes an
;; offset pair with this line when the line repeats its number beside `cell` at j - 1 or j + 1
;; (`cell` the aligned end: the cells at j -+ 1 of `cell`'s line are found), or its number
;; before or after `cell`'s position at j (the twin the aligned end: the cell at j). B = j,
;; C = the cell at j in `cell`'s line. Keeps DE.
hop_line:
        ldhl    sp, #2 + HO_DELTA
        ld      (hl), a
        ldhl    sp, #2 + HO_CELL
        add     a, (hl)
        ld      c, a                    ; C = the cell beside `cell`
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, (hl)
        ldhl    sp, #2 + HO_ALIGNED
        ld      (hl), a
        ldhl    sp, #2 + HO_POS
        ld      a, (hl+)
        ld      b, (hl)                 ; B = the step
        or      a
        ld      a, #0xFF
        jr      z, 1$                   ; at the line's start: none before
        ld      a, c
        sub     b
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, (hl)
1$:
        ldhl    sp, #2 + HO_BEFORE
        ld      (hl), a
        ldhl    sp, #2 + HO_POS
        ld      a, (hl)
        inc     a
        ldhl    sp, #2 + HO_N
        cp      (hl)
        ld      a, #0xFF
        jr      nc, 2$                  ; at the line's end: none after
        ld      a, c
        add     a, b
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, (hl)
2$:
        ldhl    sp, #2 + HO_AFTER
        ld      (hl), a
        ;; The table of the three numbers: most positions hold none of them, and one look
        ;; there passes them over.
        ldhl    sp, #2 + HO_TABLE
        xor     a
        ld      b, #16
3$:
        ld      (hl+), a
        dec     b
        jr      nz, 3$
        ldhl    sp, #2 + HO_ALIGNED
        ld      a, (hl)
        ld      b, #1
        call    hop_flag
        ldhl    sp, #2 + HO_BEFORE
        ld      a, (hl)
        ld      b, #2
        call    hop_flag
        ldhl    sp, #2 + HO_AFTER
        ld      a, (hl)
        ld      b, #4
        call    hop_flag
        ldhl    sp, #2 + HO_FIRST
        ld      c, (hl)
        ld      b, #0
hop_j:
        ldhl    sp, #2 + HO_DELTA
        ld      a, c
        add     a, (hl)
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, (hl)                 ; the number at j in the line beside
        and     #15
        HO_FRAME_AT HO_TABLE, 2
        ld      a, (hl)
        or      a
        jp      z, hop_next             ; none of the three
        ldhl    sp, #2 + HO_V
        ld      (hl), a
        ldhl    sp, #2 + HO_POS
        ld      a, (hl)
        cp      b
        jp      z, hop_next             ; j is `cell`'s position
        ldhl    sp, #2 + HO_V
        bit     0, (hl)
        jr      z, hop_twin
        ;; The number beside `cell` repeats at j: a twin at j - 1 or j + 1 would pair.
        ld      a, b
        or      a
        jr      z, 4$
        dec     a
        ldhl    sp, #2 + HO_POS
        cp      (hl)
        jr      z, 4$
        ldhl    sp, #2 + HO_STEP
        ld      a, c
        sub     (hl)
        call    hop_add
4$:
        ld      a, b
        inc     a
        ldhl    sp, #2 + HO_N
        cp      (hl)
        jr      nc, hop_twin
        ldhl    sp, #2 + HO_POS
        cp      (hl)
        jr      z, hop_twin
        ldhl    sp, #2 + HO_STEP
        ld      a, c
        add     a, (hl)
        call    hop_add
hop_twin:
        ;; The number before `cell`'s position repeats at j (j + 1 not that position), or the
        ;; one after it (j not the position after): a twin at j would pair.
        ldhl    sp, #2 + HO_V
        bit     1, (hl)
        jr      z, 5$
        ld      a, b
        inc     a
        ldhl    sp, #2 + HO_POS
        cp      (hl)
        jr      nz, 6$
5$:
        ldhl    sp, #2 + HO_V
        bit     2, (hl)
        jr      z, hop_next
        ldhl    sp, #2 + HO_POS
        ld      a, (hl)
        inc     a
        cp      b
        jr      z, hop_next
6$:
        ld      a, c
        call    hop_add
hop_next:
        ldhl    sp, #2 + HO_STEP
        ld      a, c
        add     a, (hl)
        ld      c, a
        inc     b
        ldhl    sp, #2 + HO_N
        ld      a, b
        cp      (hl)
        jp      c, hop_j
        ret

;; Flags B join the table's byte for number A, unless A is 0xFF (off the board). Keeps BC
;; and DE.
hop_flag:
        cp      #0xFF
        ret     z
        and     #15
        HO_FRAME_AT HO_TABLE, 4
        ld      a, (hl)
        or      b
        ld      (hl), a
        ret

;; The number of cell A joins the numbers found (bit_of: 1 << (number & 15)). Keeps BC and DE.
hop_add:
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, (hl)
        and     #15
        push    bc
        ldhl    sp, #6 + HO_NUMBERS
        HO_WORD_BIT b
        ld      a, b
        or      (hl)
        ld      (hl), a
        pop     bc
        ret

        ;; gb_hitori_fill_latin's frame (offsets from SP in the routine; 2 more in hfl_augment).
        HL_MISSING      = 0             ; per column, the numbers it lacks (bit v for v + 1)
        HL_COLS         = 30            ; the augmenting path's columns
        HL_VALS         = 45            ; and the numbers they take
        HL_COLUMN_OF    = 60            ; the row's matching: per number, its column (0xFF none)
        HL_NUMBERS      = 75            ; the board's numbers' address
        HL_RNG          = 77            ; the random generator's address
        HL_N            = 79
        HL_ROW          = 80
        HL_START        = 81            ; the column to match next
        HL_LEFT         = 82            ; columns of the row left to match
        HL_TOP          = 83            ; the path's last frame
        HL_VISITED      = 84            ; numbers the path has used (a word)
        HL_FRAME        = 86

;; A = a number below n, from the frame's random generator (crt0's gb_rng_below), `extra`
;; bytes above SP. Clobbers BC, DE and HL.
        .macro  HFL_RANDOM extra
        ldhl    sp, #extra + HL_RNG
        ld      e, (hl)
        inc     hl
        ld      d, (hl)
        inc     hl
        ld      a, (hl)                 ; HL_N
        call    _gb_rng_below
        .endm

        .area   _CODE_HITORI_LATIN

;; void gb_hitori_fill_latin(const uint8_t *args /* DE */): latin.rs' fill_latin_square: the
;; board (its numbers' address, 2 bytes), the random generator (its address, 2 bytes) and the
;; size n, as latin.rs' LatinArgs lays them out. Row by row, each column matched to a number
;; it lacks along an augmenting path, the columns in cyclic order from a random one, the same
;; random draws as the Rust's.
_gb_hitori_fill_latin:
        add     sp, #-HL_FRAME
        ldhl    sp, #HL_NUMBERS
        ld      b, #5
1$:
        ld      a, (de)
        inc     de
        ld      (hl+), a
        dec     b
        jr      nz, 1$                  ; numbers, rng, n
        dec     hl
        ld      b, (hl)                 ; B = n
        ld      de, #0
2$:
        sla     e
        rl      d
        inc     e
        dec     b
        jr      nz, 2$                  ; DE = the n lowest bits
        ldhl    sp, #HL_MISSING
        ld      b, #15
3$:
        ld      a, e
        ld      (hl+), a
        ld      a, d
        ld      (hl+), a
        dec     b
        jr      nz, 3$
        ldhl    sp, #HL_ROW
        ld      (hl), #0
hfl_row:
        ldhl    sp, #HL_COLUMN_OF
        ld      a, #0xFF
        ld      b, #15
4$:
        ld      (hl+), a
        dec     b
        jr      nz, 4$
        HFL_RANDOM 0
        ldhl    sp, #HL_START
        ld      (hl), a
        ldhl    sp, #HL_N
        ld      a, (hl)
        ldhl    sp, #HL_LEFT
        ld      (hl), a
hfl_column:
        call    hfl_augment
        ldhl    sp, #HL_START
        ld      a, (hl)
        inc     a
        ldhl    sp, #HL_N
        cp      (hl)
        jr      nz, 5$
        xor     a
5$:
        ldhl    sp, #HL_START
        ld      (hl), a
        ldhl    sp, #HL_LEFT
        dec     (hl)
        jr      nz, hfl_column
        ;; The row written: number v + 1 in its column, which no longer lacks it.
        ld      b, #0
hfl_write:
        ld      a, b
        HO_FRAME_AT HL_COLUMN_OF, 0
        ld      c, (hl)                 ; C = v's column
        ldhl    sp, #HL_ROW
        ld      a, (hl)
        swap    a
        or      c
        ld      e, a                    ; E = the cell
        ldhl    sp, #HL_NUMBERS
        ld      a, (hl+)
        ld      h, (hl)
        add     a, e
        ld      l, a
        adc     a, h
        sub     l
        ld      h, a
        ld      a, b
        inc     a
        ld      (hl), a
        ld      a, c
        add     a, a
        HO_FRAME_AT HL_MISSING, 0
        push    bc
        ld      a, b
        HO_WORD_BIT b
        ld      a, b
        cpl
        and     (hl)
        ld      (hl), a
        pop     bc
        inc     b
        ldhl    sp, #HL_N
        ld      a, b
        cp      (hl)
        jr      c, hfl_write
        ldhl    sp, #HL_ROW
        inc     (hl)
        ld      a, (hl)
        ldhl    sp, #HL_N
        cp      (hl)
        jp      c, hfl_row
        add     sp, #HL_FRAME
        ret

;; latin.rs' RowMatching::augment for column HL_START: a path of columns and numbers, each
;; column taking a number it lacks that the path has not used (random_bit), until a number
;; no column holds yet; then each column on the path takes its number. A column with none
;; left sends the path back one column.
hfl_augment:
        ldhl    sp, #2 + HL_VISITED
        xor     a
        ld      (hl+), a
        ld      (hl), a
        ldhl    sp, #2 + HL_TOP
        ld      (hl), a
        ldhl    sp, #2 + HL_START
        ld      a, (hl)
        ldhl    sp, #2 + HL_COLS
        ld      (hl), a
hfa_frame:
        ldhl    sp, #2 + HL_TOP
        ld      a, (hl)
        HO_FRAME_AT HL_COLS, 2
        ld      a, (hl)                 ; the frame's column
        add     a, a
        HO_FRAME_AT HL_MISSING, 2
        ld      c, (hl)
        inc     hl
        ld      b, (hl)
        ldhl    sp, #2 + HL_VISITED
        ld      a, (hl+)
        cpl
        and     c
        ld      c, a
        ld      a, (hl)
        cpl
        and     b
        ld      b, a                    ; BC = the numbers it may take
        or      c
        jr      nz, hfa_pick
        ldhl    sp, #2 + HL_TOP
        ld      a, (hl)
        or      a
        ret     z                       ; no path (Hall's condition: never)
        dec     (hl)
        jr      hfa_frame
hfa_pick:
        ;; random_bit: the lowest of them at or above a random position, else the lowest.
        push    bc
        HFL_RANDOM 4
        pop     bc
        ld      h, b
        ld      l, c
        ld      e, a
        or      a
        jr      z, 2$
1$:
        srl     h
        rr      l
        dec     a
        jr      nz, 1$
2$:
        ld      a, h
        or      l
        jr      nz, 3$
        ld      h, b
        ld      l, c
        ld      e, #0
3$:
        ld      a, l
        or      a
        jr      nz, 4$
        ld      a, e
        add     a, #8
        ld      e, a
        ld      a, h
4$:
        rra
        jr      c, 5$
        inc     e
        jr      4$
5$:
        ld      c, e                    ; C = the number
        ldhl    sp, #2 + HL_VISITED
        ld      a, c
        HO_WORD_BIT b
        ld      a, b
        or      (hl)
        ld      (hl), a
        ldhl    sp, #2 + HL_TOP
        ld      a, (hl)
        ld      b, a                    ; B = the frame
        HO_FRAME_AT HL_VALS, 2
        ld      (hl), c
        ld      a, c
        HO_FRAME_AT HL_COLUMN_OF, 2
        ld      a, (hl)
        cp      #0xFF
        jr      z, hfa_found
        ld      d, a                    ; the column holding it: the next frame
        inc     b
        ldhl    sp, #2 + HL_TOP
        ld      (hl), b
        ld      a, b
        HO_FRAME_AT HL_COLS, 2
        ld      (hl), d
        jp      hfa_frame
hfa_found:
        ld      c, #0
7$:
        ld      a, c
        HO_FRAME_AT HL_VALS, 2
        ld      e, (hl)
        ld      a, c
        HO_FRAME_AT HL_COLS, 2
        ld      d, (hl)
        ld      a, e
        HO_FRAME_AT HL_COLUMN_OF, 2
        ld      (hl), d
        ld      a, c
        inc     c
        cp      b
        jr      nz, 7$
        ret
