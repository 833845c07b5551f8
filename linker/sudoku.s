;; The Sudoku solver's console routines (hitori::puzzles::sudoku::logic, whose Rust is the host's
;; and the reference): SDCC makes slow work of their loops, where every value lives in memory.
;; gbrom assembles this file with `_CODE_SUDOKU` renamed to the solver's bank's area (`_CODE_15`)
;; when the program has banked code, else `_CODE`, and links it from the runtime's library, so
;; only programs that call it have it. The callers (`Logic::set_digits` and `Logic::singles`) are
;; that bank's, entries of their own. Calling convention as crt0's (SDCC 4.2 sm83,
;; sdcccall(1)): a 16-bit first argument in DE, a second in BC; 8-bit results in A.

        .module sudoku

        .globl  _gb_sudoku_singles
        .globl  _gb_sudoku_set_digits
        .globl  _gb_links_relink
        .globl  _gb_links_add_rows
        .globl  _gb_links_choose
        .globl  _gb_links_relink_rows
        .globl  _gb_sudoku_swap_set
        .globl  _sudoku_unit_cells      ; grid.rs's UNIT_CELLS, in bank 0

;; Adds candidates BC to the digits seen once and twice of the unit at offset (DE) (doubled: 4
;; bytes a unit; DE moves to the next offset) in scratch (HL), laid out once low, twice low,
;; once high, twice high. A macro: the cells' pass does it for three units a cell, where a call
;; each would cost about a sixth more.
        .macro  GBS_SEEN ?in_page
        ld      a, (de)
        inc     de
        add     a, a
        add     a, l
        ld      l, a
        jr      nc, in_page
        inc     h
in_page:
        ld      a, (hl+)                ; once, low
        and     c
        or      (hl)
        ld      (hl-), a                ; twice, low
        ld      a, (hl)
        or      c
        ld      (hl+), a
        inc     hl
        ld      a, (hl+)                ; once, high
        and     b
        or      (hl)
        ld      (hl-), a                ; twice, high
        ld      a, (hl)
        or      b
        ld      (hl), a
        .endm

;; Adds to BC the digits used in the unit at offset (DE) (DE moves to the next offset) of
;; Logic::used at HL. A macro, as GBS_SEEN.
        .macro  GBS_USED ?in_page
        ld      a, (de)
        inc     de
        add     a, l
        ld      l, a
        jr      nc, in_page
        inc     h
in_page:
        ld      a, (hl+)
        or      c
        ld      c, a
        ld      a, (hl)
        or      b
        ld      b, a
        .endm

        .area   _CODE_SUDOKU

;; uint8_t gb_sudoku_singles(Logic *logic /* DE */, uint16_t *scratch /* BC */):
;; hitori::puzzles::sudoku::logic's Logic::singles_pass (the Rust there is the host's): one
;; pass of naked and hidden singles; the caller passes again until one places nothing, or
;; stops as soon as the cells it waits for are placed. The grid reached does not depend on the order
;; singles are found in (each is a digit every solution has there), so this finds them its own
;; way: a pass computes every open cell's candidates (the digits its three units lack, less
;; those excluded), places a cell with one at once, and adds the others to its units' digits
;; seen once and twice (4 bytes a unit in scratch: once and twice low, once and twice high);
;; then a digit seen once in a unit and not yet placed there goes in the unit's cell that has
;; it as a candidate now, if one does. Logic is repr(C):
;; used (27 words) at 0, excluded (81 words) at 54, digits (81 bytes) at 216, open at 297.
;; Returns 1 in A when it placed a digit. Frame: the flag and loop variables below, then
;; logic and scratch as pushed.
        GBS_USED        = 0
        GBS_EXCLUDED    = 54
        GBS_DIGITS      = 216
        GBS_OPEN        = 297
        GBS_PASS        = 0             ; a digit placed by this pass
        GBS_INDEX       = 1             ; the cell (first half of a pass) or unit (second)
        GBS_SLOT        = 2             ; slots of the unit left to look at
        GBS_CELL        = 3             ; the cell looked at
        GBS_LONE        = 4             ; the unit's digits seen once not yet placed (2 bytes)
        GBS_BIT         = 6             ; the digit placed (its bit, 2 bytes)
        GBS_LIST        = 8             ; the next of the unit's cells (2 bytes)
        GBS_LOGIC       = 10
        GBS_SCRATCH     = 12
        GBS_FRAME       = 10            ; bytes below the pushed arguments
_gb_sudoku_singles:
        push    bc
        push    de
        add     sp, #-GBS_FRAME
        ;; The units' digits seen once and twice start empty.
        ldhl    sp, #GBS_SCRATCH
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      b, #108
        xor     a
1$:
        ld      (hl+), a
        dec     b
        jr      nz, 1$
        ldhl    sp, #GBS_PASS
        ld      (hl+), a
        ld      (hl), a                 ; GBS_INDEX: cell 0
gbs_cells:
        ldhl    sp, #GBS_INDEX
        ld      b, (hl)
        ldhl    sp, #GBS_LOGIC
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      a, b
        call    gbs_candidates          ; BC = the cell's candidates (0 for a placed cell)
        ld      a, b
        or      c
        jr      z, gbs_cells_next
        ld      a, b
        or      a
        jr      nz, 2$
        ld      a, c                    ; digits 1-8 only: one when C & (C - 1) is 0
        dec     a
        and     c
        jr      nz, gbs_cells_seen
        jr      gbs_cells_place
2$:
        ld      a, c                    ; digit 9: alone when C is 0
        or      a
        jr      nz, gbs_cells_seen
gbs_cells_place:
        ldhl    sp, #GBS_INDEX
        ld      a, (hl)
        call    gbs_place_here
        jr      gbs_cells_next
gbs_cells_seen:
        ldhl    sp, #GBS_INDEX
        ld      e, (hl)
        ld      d, #0
        ld      hl, #gbs_cell_units
        add     hl, de
        add     hl, de
        add     hl, de
        ld      d, h
        ld      e, l                    ; DE = the cell's unit offsets
        ldhl    sp, #GBS_SCRATCH
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        push    hl                      ; the three units' digits seen, inline (GBS_SEEN)
        GBS_SEEN
        pop     hl
        push    hl
        GBS_SEEN
        pop     hl
        GBS_SEEN
gbs_cells_next:
        ldhl    sp, #GBS_INDEX
        inc     (hl)
        ld      a, (hl)
        cp      #81
        jp      c, gbs_cells
        ;; Hidden singles, unit by unit.
        xor     a
        ld      (hl), a                 ; GBS_INDEX: unit 0
gbs_units:
        ldhl    sp, #GBS_INDEX
        ld      a, (hl)
        add     a, a
        ld      e, a
        ld      d, #0                   ; DE = 2 x unit
        ldhl    sp, #GBS_SCRATCH
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        add     hl, de
        add     hl, de
        ld      a, (hl+)                ; once, low
        ld      c, a
        ld      a, (hl+)                ; twice, low
        cpl
        and     c
        ld      c, a
        ld      a, (hl+)                ; once, high
        ld      b, a
        ld      a, (hl)                 ; twice, high
        cpl
        and     b
        and     #1
        ld      b, a                    ; BC = seen once
        ldhl    sp, #GBS_LOGIC
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        add     hl, de                  ; the unit's used digits
        ld      a, (hl+)
        cpl
        and     c
        ld      c, a
        ld      a, (hl)
        cpl
        and     b
        ld      b, a
        or      c
        jp      z, gbs_units_next
        ldhl    sp, #GBS_LONE
        ld      (hl), c
        inc     hl
        ld      (hl), b
gbs_lone:
        ;; The lowest digit of GBS_LONE, taken out of it, into GBS_BIT.
        ldhl    sp, #GBS_LONE
        ld      a, (hl+)
        ld      c, a
        ld      a, (hl-)
        or      c
        jp      z, gbs_units_next
        ld      a, c
        or      a
        jr      z, 3$
        cpl
        inc     a
        and     c                       ; the lowest bit of C
        ld      e, a
        xor     c
        ld      (hl), a
        ld      d, #0
        jr      4$
3$:
        inc     hl
        ld      (hl), a                 ; A = 0: digit 9 taken out
        ld      de, #0x0100
4$:
        ldhl    sp, #GBS_BIT
        ld      (hl), e
        inc     hl
        ld      (hl), d
        ;; The unit's cells from the first: the first with the digit as a candidate now.
        ldhl    sp, #GBS_INDEX
        ld      a, (hl)
        ld      l, a
        ld      h, #0
        ld      e, l
        ld      d, h
        add     hl, hl
        add     hl, hl
        add     hl, hl
        add     hl, de
        ld      de, #_sudoku_unit_cells
        add     hl, de
        ld      d, h
        ld      e, l
        ldhl    sp, #GBS_LIST
        ld      (hl), e
        inc     hl
        ld      (hl), d
        ldhl    sp, #GBS_SLOT
        ld      (hl), #9
gbs_lone_cell:
        ldhl    sp, #GBS_LIST
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      a, (hl+)
        ld      b, a                    ; B = the cell
        ld      d, h
        ld      e, l
        ldhl    sp, #GBS_LIST
        ld      (hl), e
        inc     hl
        ld      (hl), d
        ldhl    sp, #GBS_CELL
        ld      (hl), b
        ldhl    sp, #GBS_LOGIC
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      a, b
        call    gbs_candidates
        ldhl    sp, #GBS_BIT
        ld      a, (hl+)
        and     c
        ld      c, a
        ld      a, (hl)
        and     b
        or      c
        jr      nz, 5$
        ldhl    sp, #GBS_SLOT
        dec     (hl)
        jr      nz, gbs_lone_cell
        jr      gbs_lone
5$:
        ldhl    sp, #GBS_BIT
        ld      a, (hl+)
        ld      c, a
        ld      b, (hl)
        ldhl    sp, #GBS_CELL
        ld      a, (hl)
        call    gbs_place_here
        jr      gbs_lone
gbs_units_next:
        ldhl    sp, #GBS_INDEX
        inc     (hl)
        ld      a, (hl)
        cp      #27
        jp      c, gbs_units
        ldhl    sp, #GBS_PASS
        ld      a, (hl)
        add     sp, #GBS_FRAME + 4
        ret

;; Called from gb_sudoku_singles' own level: puts digit BC (one bit) in cell A and sets the
;; pass's flag. The frame is 2 bytes further up here.
gbs_place_here:
        push    af
        ldhl    sp, #GBS_LOGIC + 4
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        pop     af
        call    gbs_place
        ldhl    sp, #GBS_PASS + 2
        ld      (hl), #1
        ret

;; BC = the candidates of cell A now, 0 when it holds a digit: the digits its three units lack
;; less those excluded. HL = logic, kept; DE clobbered.
gbs_candidates:
        ld      e, a
        ld      d, #0
        push    hl
        ld      bc, #GBS_DIGITS
        add     hl, bc
        add     hl, de
        ld      a, (hl)
        or      a
        jr      z, 1$
        pop     hl
        ld      bc, #0
        ret
1$:
        pop     hl
        push    hl
        ld      bc, #GBS_EXCLUDED
        add     hl, bc
        add     hl, de
        add     hl, de
        ld      a, (hl+)
        ld      c, a
        ld      b, (hl)                 ; BC = excluded
        ld      hl, #gbs_cell_units
        add     hl, de
        add     hl, de
        add     hl, de
        ld      d, h
        ld      e, l
        pop     hl
        push    hl                      ; the three units' used digits, inline (GBS_USED)
        GBS_USED
        pop     hl
        push    hl
        GBS_USED
        pop     hl
        push    hl
        GBS_USED
        pop     hl
        ld      a, c
        cpl
        ld      c, a
        ld      a, b
        cpl
        and     #1
        ld      b, a
        ret

;; Puts the digit of bit BC (one bit) in cell A: its digit, one cell fewer open, and the
;; digit used in its three units. HL = logic; BC and HL kept.
gbs_place:
        push    hl
        push    bc
        ld      e, a
        ld      d, #0                   ; DE = the cell
        ld      a, b
        or      a
        ld      a, #9
        jr      nz, 2$
        ld      a, c
        ld      b, #0
1$:
        inc     b
        rra
        jr      nc, 1$
        ld      a, b                    ; the digit, 1-8
2$:
        ld      bc, #GBS_DIGITS
        add     hl, bc
        add     hl, de
        ld      (hl), a
        pop     bc
        pop     hl
        push    hl
        push    de
        ld      de, #GBS_OPEN
        add     hl, de
        dec     (hl)
        pop     de
        ld      hl, #gbs_cell_units
        add     hl, de
        add     hl, de
        add     hl, de
        ld      d, h
        ld      e, l
        pop     hl
        push    hl
        call    gbs_set_used
        call    gbs_set_used
        call    gbs_set_used
        pop     hl
        ret

;; The used word at logic (HL) plus the offset at (DE) |= BC; DE advanced, HL kept.
gbs_set_used:
        ld      a, (de)
        inc     de
        push    hl
        add     a, l
        ld      l, a
        jr      nc, 1$
        inc     h
1$:
        ld      a, (hl)
        or      c
        ld      (hl+), a
        ld      a, (hl)
        or      b
        ld      (hl), a
        pop     hl
        ret

;; uint8_t gb_sudoku_set_digits(Logic *logic /* DE */, const uint8_t *digits /* BC */):
;; hitori::puzzles::sudoku::logic's Logic::set_digits (the Rust there is the host's): clears
;; the state (nothing used, excluded or placed, 81 cells open), then places each digit of the
;; 81 given (0 for an open cell), returning 0 in A at the first that its row, column or box
;; already holds (the state is then left half built, as the Rust leaves it), else 1.
_gb_sudoku_set_digits:
        ld      h, d
        ld      l, e
        push    de                      ; logic
        ld      e, #99
        xor     a
1$:
        ld      (hl+), a
        ld      (hl+), a
        ld      (hl+), a
        dec     e
        jr      nz, 1$                  ; 297 bytes: used, excluded, digits
        ld      (hl), #81               ; open
        ld      de, #-81
        add     hl, de
        push    hl                      ; the next cell's place in digits
        ld      de, #gbs_cell_units
gbsd_cell:
        ld      a, (bc)
        inc     bc
        or      a
        jr      z, gbsd_open
        pop     hl
        ld      (hl+), a
        push    hl
        push    bc                      ; logic is now at SP+4
        ld      hl, #gbs_bits - 2
        add     a, a
        add     a, l
        ld      l, a
        jr      nc, 2$
        inc     h
2$:
        ld      a, (hl+)
        ld      c, a
        ld      b, (hl)                 ; BC = the digit's bit
        call    gbsd_unit
        jr      c, gbsd_clash
        call    gbsd_unit
        jr      c, gbsd_clash
        call    gbsd_unit
        jr      c, gbsd_clash
        ldhl    sp, #4
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      bc, #GBS_OPEN
        add     hl, bc
        dec     (hl)
        pop     bc
        jr      gbsd_next
gbsd_open:
        inc     de
        inc     de
        inc     de
        pop     hl
        inc     hl
        push    hl
gbsd_next:
        ld      a, e
        cp      #<(gbs_cell_units + 243)
        jr      nz, gbsd_cell
        add     sp, #4
        ld      a, #1
        ret
gbsd_clash:
        add     sp, #6
        xor     a
        ret

;; Puts bit BC in the used word of the unit at offset (DE) of logic (at SP+6 here), carry set
;; when it is already there; DE advanced.
gbsd_unit:
        ldhl    sp, #6
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      a, (de)
        inc     de
        add     a, l
        ld      l, a
        jr      nc, 1$
        inc     h
1$:
        ld      a, (hl)
        and     c
        jr      nz, 2$
        ld      a, (hl)
        or      c
        ld      (hl+), a
        ld      a, (hl)
        and     b
        jr      nz, 2$
        ld      a, (hl)
        or      b
        ld      (hl), a
        and     a
        ret
2$:
        scf
        ret

;; Bit d - 1 of each digit d.
gbs_bits:
        .dw     1, 2, 4, 8, 16, 32, 64, 128, 256

;; Each cell's units as byte offsets of their words in Logic::used (row, column, box).
gbs_cell_units:
        .db     0, 18, 36, 0, 20, 36, 0, 22, 36, 0, 24, 38, 0, 26, 38, 0, 28, 38, 0, 30, 40, 0, 32, 40, 0, 34, 40
        .db     2, 18, 36, 2, 20, 36, 2, 22, 36, 2, 24, 38, 2, 26, 38, 2, 28, 38, 2, 30, 40, 2, 32, 40, 2, 34, 40
        .db     4, 18, 36, 4, 20, 36, 4, 22, 36, 4, 24, 38, 4, 26, 38, 4, 28, 38, 4, 30, 40, 4, 32, 40, 4, 34, 40
        .db     6, 18, 42, 6, 20, 42, 6, 22, 42, 6, 24, 44, 6, 26, 44, 6, 28, 44, 6, 30, 46, 6, 32, 46, 6, 34, 46
        .db     8, 18, 42, 8, 20, 42, 8, 22, 42, 8, 24, 44, 8, 26, 44, 8, 28, 44, 8, 30, 46, 8, 32, 46, 8, 34, 46
        .db     10, 18, 42, 10, 20, 42, 10, 22, 42, 10, 24, 44, 10, 26, 44, 10, 28, 44, 10, 30, 46, 10, 32, 46, 10, 34, 46
        .db     12, 18, 48, 12, 20, 48, 12, 22, 48, 12, 24, 50, 12, 26, 50, 12, 28, 50, 12, 30, 52, 12, 32, 52, 12, 34, 52
        .db     14, 18, 48, 14, 20, 48, 14, 22, 48, 14, 24, 50, 14, 26, 50, 14, 28, 50, 14, 30, 52, 14, 32, 52, 14, 34, 52
        .db     16, 18, 48, 16, 20, 48, 16, 22, 48, 16, 24, 50, 16, 26, 50, 16, 28, 50, 16, 30, 52, 16, 32, 52, 16, 34, 52

;; The dancing links' routine, in the links' bank (gbrom renames `_CODE_SUDOKU_LINKS` as it
;; does `_CODE_SUDOKU`).
        .area   _CODE_SUDOKU_LINKS

;; void gb_links_relink(uint16_t *rows /* DE */, uint16_t row /* BC */, uint16_t skip /* stack */):
;; hitori::puzzles::sudoku::links' Links::relink_row (the Rust there is the host's). Row (cell,
;; digit), C the cell, B the digit with bit 7 set to put it back (clear to take it out), sits in
;; four columns: the cell's (slot: the digit) and its row's, column's and box's for the digit
;; (slot: the cell's place there). Each column but `skip` gets the row's slot bit set or
;; cleared in its 9-bit set (`Links::rows`, a word a column). The callee removes `skip`.
;; Frame: 2 x digit at SP+0, the flag at SP+1, the skipped column's address at SP+2, rows at
;; SP+4, then the return and `skip`.
_gb_links_relink:
        push    de
        ldhl    sp, #4
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        add     hl, hl
        add     hl, de
        push    hl                      ; the skipped column's word
        ld      a, b
        and     #0x80
        ld      h, a
        ld      a, b
        and     #0x0F
        add     a, a
        ld      l, a
        push    hl
        ld      b, #0                   ; BC = the cell
        ldhl    sp, #4
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        add     hl, bc
        add     hl, bc                  ; the cell's column
        push    hl
        ld      l, c
        ld      h, b
        ld      d, h
        ld      e, l
        add     hl, hl
        add     hl, hl
        add     hl, hl
        add     hl, de
        ld      de, #gbl_cells
        add     hl, de
        ld      d, h
        ld      e, l                    ; DE = the cell's three unit columns
        ldhl    sp, #2
        ld      a, (hl)                 ; the digit's slot
        pop     hl
        call    gbl_apply
        call    gbl_unit
        call    gbl_unit
        call    gbl_unit
        add     sp, #6
        pop     hl
        add     sp, #2
        jp      (hl)

;; From gb_links_relink's level: the next unit column of the cell's (DE, advanced), for the
;; digit, to gbl_apply.
gbl_unit:
        ldhl    sp, #6
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      a, (de)
        inc     de
        add     a, l
        ld      l, a
        ld      a, (de)
        inc     de
        adc     a, h
        ld      h, a                    ; the unit column for digit 1
        push    hl
        ldhl    sp, #4
        ld      a, (hl)                 ; 2 x digit
        pop     hl
        add     a, l
        ld      l, a
        jr      nc, 1$
        inc     h
1$:
        ld      a, (de)
        inc     de
        jp      gbl_apply

;; Called from gb_links_relink's level (or tail-called from gbl_unit): sets or clears (the
;; frame's flag) bit A / 2 of the column word at HL unless it is the skipped one. DE kept.
gbl_apply:
        ld      c, a
        push    hl
        ldhl    sp, #6
        ld      a, (hl+)
        ld      b, (hl)
        pop     hl
        cp      l
        jr      nz, 1$
        ld      a, b
        cp      h
        ret     z
1$:
        push    hl
        ld      hl, #gbl_bits
        ld      b, #0
        add     hl, bc
        ld      a, (hl+)
        ld      c, a
        ld      b, (hl)                 ; BC = the slot's bit
        ldhl    sp, #5
        ld      a, (hl)
        pop     hl
        or      a
        jr      z, 2$
        ld      a, (hl)
        or      c
        ld      (hl+), a
        ld      a, (hl)
        or      b
        ld      (hl), a
        ret
2$:
        ld      a, c
        cpl
        and     (hl)
        ld      (hl+), a
        ld      a, b
        cpl
        and     (hl)
        ld      (hl), a
        ret

;; HL = the address of slot A's bit in gbl_bits (a word a slot). Clobbers A. A macro: the
;; links' row adds and the swap set's rows read it in their loops.
        .macro  GBL_BIT_AT ?in_page
        add     a, a
        ld      hl, #gbl_bits
        add     a, l
        ld      l, a
        jr      nc, in_page
        inc     h
in_page:
        .endm

;; void gb_links_add_rows(uint16_t *column /* DE */, uint16_t digits /* BC */): links.rs'
;; add_rows: the unit's column for each digit of bits 0-8 of BC (DE the one for digit 1, the
;; next ones a word apart) gets the bit of slot B >> 4.
_gb_links_add_rows:
        ld      a, b
        swap    a
        and     #0x0F
        GBL_BIT_AT
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        push    hl
        ld      h, d
        ld      l, e                    ; HL = digit 1's column
        pop     de                      ; DE = the slot's bit
        ld      a, b
        and     #1
        ld      b, a                    ; BC = the digits
2$:
        ld      a, b
        or      c
        ret     z
        srl     b
        rr      c
        jr      nc, 3$
        ld      a, (hl)
        or      e
        ld      (hl+), a
        ld      a, (hl)
        or      d
        ld      (hl+), a
        jr      2$
3$:
        inc     hl
        inc     hl
        jr      2$

;; uint16_t gb_links_choose(const Links *links /* DE */): links.rs' Links::choose, the
;; uncovered column with the fewest rows (the first such in the cell columns' list, then the
;; unit columns'; the first with 0 or 1 rows ends the scan), 0xFFFF when every column is
;; covered. Links is repr(C): rows (324 words) at 0, cell_right at 730, unit_right at 1056.
;; The best column so far at SP+0, B the fewest rows, C the column looked at.
_gb_links_choose:
        ld      bc, #0xFFFF
        push    bc
        ld      b, #10
        ld      hl, #730 + 81
        add     hl, de
        ld      c, (hl)                 ; the first cell column
1$:
        ld      a, c
        cp      #81
        jr      z, gblc_units
        ld      l, c
        ld      h, #0
        add     hl, hl
        add     hl, de
        call    gblc_size
        cp      b
        jr      nc, 2$
        ld      b, a
        ldhl    sp, #0
        ld      (hl), c
        inc     hl
        ld      (hl), #0
        cp      #2
        jr      c, gblc_done
2$:
        ld      hl, #730
        add     hl, de
        ld      a, l
        add     a, c
        ld      l, a
        jr      nc, 3$
        inc     h
3$:
        ld      c, (hl)
        jr      1$
gblc_units:
        ld      hl, #1056 + 243
        add     hl, de
        ld      c, (hl)                 ; the first unit column
4$:
        ld      a, c
        cp      #243
        jr      z, gblc_done
        ld      l, c
        ld      h, #0
        add     hl, hl
        ld      a, l
        add     a, #162
        ld      l, a
        jr      nc, 5$
        inc     h
5$:
        add     hl, de                  ; rows[81 + C]
        call    gblc_size
        cp      b
        jr      nc, 6$
        ld      b, a
        ldhl    sp, #0
        ld      a, c
        add     a, #81
        ld      (hl+), a
        ld      a, #0
        adc     a, #0
        ld      (hl), a
        ld      a, b
        cp      #2
        jr      c, gblc_done
6$:
        ld      hl, #1056
        add     hl, de
        ld      a, l
        add     a, c
        ld      l, a
        jr      nc, 7$
        inc     h
7$:
        ld      c, (hl)
        jr      4$
gblc_done:
        pop     bc
        ret

;; A = the rows of the column whose word HL points at (9 bits). BC and DE kept.
gblc_size:
        ld      a, (hl+)
        push    hl
        ld      hl, #gbl_popcount
        add     a, l
        ld      l, a
        jr      nc, 1$
        inc     h
1$:
        ld      a, (hl)
        pop     hl
        bit     0, (hl)
        ret     z
        inc     a
        ret

;; The set bits of each byte.
gbl_popcount:
        .db     0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4
        .db     1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5
        .db     1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5
        .db     2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6
        .db     1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5
        .db     2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6
        .db     2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6
        .db     3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7
        .db     1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5
        .db     2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6
        .db     2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6
        .db     3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7
        .db     2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6
        .db     3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7
        .db     3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7
        .db     4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8

;; void gb_links_relink_rows(Links *links /* DE */, uint16_t k /* BC */): the row loop of
;; links.rs' Links::cover (bit 15 of BC clear: the rows leave) and Links::uncover (set: they
;; come back): every row still in column k (0..324), lowest slot first, gets its bits in its
;; other three columns cleared or set by gb_links_relink. A cell column's rows are (k, slot);
;; a unit column's (unit cell `slot`, (k - 81) % 9). Frame: links at SP+0, k at SP+2, the flag
;; (0x80 to set) at SP+4, the rows left at SP+5, the digit at SP+7, the unit's cells at SP+8.
_gb_links_relink_rows:
        add     sp, #-10
        ldhl    sp, #0
        ld      (hl), e
        inc     hl
        ld      (hl), d
        inc     hl
        ld      (hl), c
        inc     hl
        ld      a, b
        and     #0x7F
        ld      (hl+), a
        ld      a, b
        and     #0x80
        ld      (hl), a
        res     7, b                    ; BC = k
        ld      h, d
        ld      l, e
        add     hl, bc
        add     hl, bc                  ; &rows[k]
        ld      a, (hl+)
        ld      e, a
        ld      d, (hl)
        ldhl    sp, #5
        ld      (hl), e
        inc     hl
        ld      (hl), d
        ld      a, b
        or      a
        jr      nz, 1$
        ld      a, c
        cp      #81
        jr      c, gblr_next
1$:
        ld      a, c
        sub     #81
        ld      c, a
        ld      a, b
        sbc     a, #0
        ld      b, a                    ; BC = k - 81 (< 243)
        ld      hl, #gblr_nines
        add     hl, bc
        ld      e, (hl)                 ; 9 x its unit
        ld      a, c
        sub     e                       ; the digit
        ld      d, #0
        ld      hl, #_sudoku_unit_cells
        add     hl, de
        ld      c, l
        ld      b, h                    ; the unit's cells
        ldhl    sp, #7
        ld      (hl+), a
        ld      (hl), c
        inc     hl
        ld      (hl), b
gblr_next:
        ldhl    sp, #5
        ld      a, (hl+)
        ld      c, a
        ld      a, (hl-)
        or      c
        jr      z, gblr_done
        ld      a, c
        or      a
        jr      z, 5$
        ld      b, #0xFF
6$:
        inc     b
        rra
        jr      nc, 6$                  ; B = the lowest slot (0..7)
        ld      a, c
        dec     a
        and     c
        ld      (hl), a
        jr      7$
5$:
        inc     hl
        ld      (hl), a                 ; A = 0: slot 8 taken
        ld      b, #8
7$:
        ldhl    sp, #3
        ld      a, (hl-)
        or      a
        jr      nz, 8$
        ld      a, (hl)
        cp      #81
        jr      nc, 8$
        ld      c, a                    ; the cell is k, the digit the slot
        jr      10$
8$:
        ldhl    sp, #8
        ld      a, (hl+)
        ld      h, (hl)
        add     a, b
        ld      l, a
        jr      nc, 9$
        inc     h
9$:
        ld      c, (hl)                 ; the cell
        ldhl    sp, #7
        ld      b, (hl)                 ; the digit
10$:
        ldhl    sp, #4
        ld      a, (hl)
        or      b
        ld      b, a
        ldhl    sp, #2
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        push    hl                      ; skip: k (gb_links_relink removes it)
        ldhl    sp, #2
        ld      a, (hl+)
        ld      d, (hl)
        ld      e, a
        call    _gb_links_relink
        jr      gblr_next
gblr_done:
        add     sp, #10
        ret

;; 9 x (j / 9) for each unit column j (0..243): no division on the SM83.
gblr_nines:
        .db     0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9, 9, 18, 18, 18, 18, 18, 18, 18, 18, 18
        .db     27, 27, 27, 27, 27, 27, 27, 27, 27, 36, 36, 36, 36, 36, 36, 36, 36, 36, 45, 45, 45, 45, 45, 45, 45, 45, 45
        .db     54, 54, 54, 54, 54, 54, 54, 54, 54, 63, 63, 63, 63, 63, 63, 63, 63, 63, 72, 72, 72, 72, 72, 72, 72, 72, 72
        .db     81, 81, 81, 81, 81, 81, 81, 81, 81, 90, 90, 90, 90, 90, 90, 90, 90, 90, 99, 99, 99, 99, 99, 99, 99, 99, 99
        .db     108, 108, 108, 108, 108, 108, 108, 108, 108, 117, 117, 117, 117, 117, 117, 117, 117, 117, 126, 126, 126, 126, 126, 126, 126, 126, 126
        .db     135, 135, 135, 135, 135, 135, 135, 135, 135, 144, 144, 144, 144, 144, 144, 144, 144, 144, 153, 153, 153, 153, 153, 153, 153, 153, 153
        .db     162, 162, 162, 162, 162, 162, 162, 162, 162, 171, 171, 171, 171, 171, 171, 171, 171, 171, 180, 180, 180, 180, 180, 180, 180, 180, 180
        .db     189, 189, 189, 189, 189, 189, 189, 189, 189, 198, 198, 198, 198, 198, 198, 198, 198, 198, 207, 207, 207, 207, 207, 207, 207, 207, 207
        .db     216, 216, 216, 216, 216, 216, 216, 216, 216, 225, 225, 225, 225, 225, 225, 225, 225, 225, 234, 234, 234, 234, 234, 234, 234, 234, 234

;; Bit s of each slot s.
gbl_bits:
        .dw     1, 2, 4, 8, 16, 32, 64, 128, 256

;; Per cell, its row's, column's and box's columns: the byte offset in rows of the column for
;; digit 1 (2 x (81 + 9 x unit)), then 2 x the cell's slot there.
gbl_cells:
        .db     162, 0, 0, 68, 1, 0, 230, 1, 0
        .db     162, 0, 2, 86, 1, 0, 230, 1, 2
        .db     162, 0, 4, 104, 1, 0, 230, 1, 4
        .db     162, 0, 6, 122, 1, 0, 248, 1, 0
        .db     162, 0, 8, 140, 1, 0, 248, 1, 2
        .db     162, 0, 10, 158, 1, 0, 248, 1, 4
        .db     162, 0, 12, 176, 1, 0, 10, 2, 0
        .db     162, 0, 14, 194, 1, 0, 10, 2, 2
        .db     162, 0, 16, 212, 1, 0, 10, 2, 4
        .db     180, 0, 0, 68, 1, 2, 230, 1, 6
        .db     180, 0, 2, 86, 1, 2, 230, 1, 8
        .db     180, 0, 4, 104, 1, 2, 230, 1, 10
        .db     180, 0, 6, 122, 1, 2, 248, 1, 6
        .db     180, 0, 8, 140, 1, 2, 248, 1, 8
        .db     180, 0, 10, 158, 1, 2, 248, 1, 10
        .db     180, 0, 12, 176, 1, 2, 10, 2, 6
        .db     180, 0, 14, 194, 1, 2, 10, 2, 8
        .db     180, 0, 16, 212, 1, 2, 10, 2, 10
        .db     198, 0, 0, 68, 1, 4, 230, 1, 12
        .db     198, 0, 2, 86, 1, 4, 230, 1, 14
        .db     198, 0, 4, 104, 1, 4, 230, 1, 16
        .db     198, 0, 6, 122, 1, 4, 248, 1, 12
        .db     198, 0, 8, 140, 1, 4, 248, 1, 14
        .db     198, 0, 10, 158, 1, 4, 248, 1, 16
        .db     198, 0, 12, 176, 1, 4, 10, 2, 12
        .db     198, 0, 14, 194, 1, 4, 10, 2, 14
        .db     198, 0, 16, 212, 1, 4, 10, 2, 16
        .db     216, 0, 0, 68, 1, 6, 28, 2, 0
        .db     216, 0, 2, 86, 1, 6, 28, 2, 2
        .db     216, 0, 4, 104, 1, 6, 28, 2, 4
        .db     216, 0, 6, 122, 1, 6, 46, 2, 0
        .db     216, 0, 8, 140, 1, 6, 46, 2, 2
        .db     216, 0, 10, 158, 1, 6, 46, 2, 4
        .db     216, 0, 12, 176, 1, 6, 64, 2, 0
        .db     216, 0, 14, 194, 1, 6, 64, 2, 2
        .db     216, 0, 16, 212, 1, 6, 64, 2, 4
        .db     234, 0, 0, 68, 1, 8, 28, 2, 6
        .db     234, 0, 2, 86, 1, 8, 28, 2, 8
        .db     234, 0, 4, 104, 1, 8, 28, 2, 10
        .db     234, 0, 6, 122, 1, 8, 46, 2, 6
        .db     234, 0, 8, 140, 1, 8, 46, 2, 8
        .db     234, 0, 10, 158, 1, 8, 46, 2, 10
        .db     234, 0, 12, 176, 1, 8, 64, 2, 6
        .db     234, 0, 14, 194, 1, 8, 64, 2, 8
        .db     234, 0, 16, 212, 1, 8, 64, 2, 10
        .db     252, 0, 0, 68, 1, 10, 28, 2, 12
        .db     252, 0, 2, 86, 1, 10, 28, 2, 14
        .db     252, 0, 4, 104, 1, 10, 28, 2, 16
        .db     252, 0, 6, 122, 1, 10, 46, 2, 12
        .db     252, 0, 8, 140, 1, 10, 46, 2, 14
        .db     252, 0, 10, 158, 1, 10, 46, 2, 16
        .db     252, 0, 12, 176, 1, 10, 64, 2, 12
        .db     252, 0, 14, 194, 1, 10, 64, 2, 14
        .db     252, 0, 16, 212, 1, 10, 64, 2, 16
        .db     14, 1, 0, 68, 1, 12, 82, 2, 0
        .db     14, 1, 2, 86, 1, 12, 82, 2, 2
        .db     14, 1, 4, 104, 1, 12, 82, 2, 4
        .db     14, 1, 6, 122, 1, 12, 100, 2, 0
        .db     14, 1, 8, 140, 1, 12, 100, 2, 2
        .db     14, 1, 10, 158, 1, 12, 100, 2, 4
        .db     14, 1, 12, 176, 1, 12, 118, 2, 0
        .db     14, 1, 14, 194, 1, 12, 118, 2, 2
        .db     14, 1, 16, 212, 1, 12, 118, 2, 4
        .db     32, 1, 0, 68, 1, 14, 82, 2, 6
        .db     32, 1, 2, 86, 1, 14, 82, 2, 8
        .db     32, 1, 4, 104, 1, 14, 82, 2, 10
        .db     32, 1, 6, 122, 1, 14, 100, 2, 6
        .db     32, 1, 8, 140, 1, 14, 100, 2, 8
        .db     32, 1, 10, 158, 1, 14, 100, 2, 10
        .db     32, 1, 12, 176, 1, 14, 118, 2, 6
        .db     32, 1, 14, 194, 1, 14, 118, 2, 8
        .db     32, 1, 16, 212, 1, 14, 118, 2, 10
        .db     50, 1, 0, 68, 1, 16, 82, 2, 12
        .db     50, 1, 2, 86, 1, 16, 82, 2, 14
        .db     50, 1, 4, 104, 1, 16, 82, 2, 16
        .db     50, 1, 6, 122, 1, 16, 100, 2, 12
        .db     50, 1, 8, 140, 1, 16, 100, 2, 14
        .db     50, 1, 10, 158, 1, 16, 100, 2, 16
        .db     50, 1, 12, 176, 1, 16, 118, 2, 12
        .db     50, 1, 14, 194, 1, 16, 118, 2, 14
        .db     50, 1, 16, 212, 1, 16, 118, 2, 16

;; uint8_t gb_sudoku_swap_set(SwapSet *job /* DE */): generate.rs's swap_set (the Rust there is
;; the host's and the reference): whether digits a (the solution's at the job's blank cell) and
;; b can be swapped on blank cells alone, that cell among them; if so the job's `other` becomes
;; the solution with them swapped (A = 1), else A = 0. The set is the cells reached from the
;; cell through units, from an a-cell to its units' b-cells and back (one a-cell and one b-cell a
;; row, so a row's bit tells whether its cell of a kind is in the set). The Rust follows them
;; from a stack, this from a queue: the set, and whether a given cell is in it, are the same.
;; Job (repr(C), SwapSet in generate.rs): solution, givens and other pointers, the cell, b.
;; SDCC's code for the Rust took about 255k cycles a removal test (9% of medium's cycles).
        SWS_SOLUTION    = 0             ; the job's three pointers, copied
        SWS_GIVENS      = 2
        SWS_OTHER       = 4
        SWS_A           = 6             ; the two digits
        SWS_B           = 7
        SWS_ROWS        = 8             ; rows of the set's a-cells (a word), then of its b-cells
        SWS_HEAD        = 12            ; the queue's next cell to follow, and its end
        SWS_TAIL        = 13
        SWS_DIGIT       = 14            ; the digit the followed cell's units are looked at for
        SWS_SET         = 15            ; its rows' offset from SWS_ROWS: 0 (a-cells) or 2
        SWS_UNITS       = 16            ; the followed cell's row, 9 + column and 18 + box
        SWS_UNIT        = 19            ; how many of them are left
        SWS_QUEUE       = 20            ; the set's cells in the order found (at most 18)
        SWS_FRAME       = 38

;; HL = the frame's pointer at `field` (`depth` bytes above SP) plus A. Clobbers A.
        .macro  SWS_PTR_PLUS field, depth, ?done
        ldhl    sp, #depth + field
        add     a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a
        jr      nc, done
        inc     h
done:
        .endm

;; HL = the frame's byte at `field` + A (`depth` bytes above SP). Clobbers A.
        .macro  SWS_BYTE_AT field, depth, ?done
        ld      hl, #depth + field
        add     hl, sp
        add     a, l
        ld      l, a
        jr      nc, done
        inc     h
done:
        .endm

        .area   _CODE_SUDOKU_LINKS

_gb_sudoku_swap_set:
        add     sp, #-SWS_FRAME
        ldhl    sp, #0
        ld      c, #6
1$:
        ld      a, (de)
        inc     de
        ld      (hl+), a
        dec     c
        jr      nz, 1$
        ld      a, (de)                 ; the cell
        inc     de
        ld      c, a
        ldhl    sp, #SWS_QUEUE
        ld      (hl), a
        ld      a, (de)
        ldhl    sp, #SWS_B
        ld      (hl), a
        ld      a, c
        SWS_PTR_PLUS SWS_SOLUTION, 0
        ld      a, (hl)
        ldhl    sp, #SWS_A
        ld      (hl), a
        ld      a, c
        call    sws_row_bit             ; DE = the cell's row's bit
        ldhl    sp, #SWS_ROWS
        ld      (hl), e
        inc     hl
        ld      (hl), d
        inc     hl
        xor     a
        ld      (hl+), a
        ld      (hl+), a
        ld      (hl+), a                ; SWS_HEAD = 0
        inc     a
        ld      (hl), a                 ; SWS_TAIL = 1
sws_follow:
        ldhl    sp, #SWS_HEAD
        ld      a, (hl+)
        cp      (hl)
        jp      z, sws_swap             ; every cell of the set followed
        dec     hl
        inc     (hl)
        SWS_BYTE_AT SWS_QUEUE, 0
        ld      c, (hl)                 ; C = the cell followed
        ld      a, c
        SWS_PTR_PLUS SWS_SOLUTION, 0
        ld      a, (hl)
        ldhl    sp, #SWS_A
        cp      (hl)
        jr      nz, 2$
        inc     hl
        ld      a, (hl)                 ; an a-cell: its units' b-cells join the b-cells
        ld      e, #2
        jr      3$
2$:
        ld      a, (hl)                 ; a b-cell: its units' a-cells join the a-cells
        ld      e, #0
3$:
        ldhl    sp, #SWS_DIGIT
        ld      (hl+), a
        ld      (hl), e
        ld      a, c
        call    sws_div9                ; B = its row, C = its column
        ldhl    sp, #SWS_UNITS
        ld      (hl), b
        inc     hl
        ld      a, c
        add     a, #9
        ld      (hl+), a
        ld      a, b
        call    sws_div3
        ld      e, a
        add     a, a
        add     a, e
        ld      e, a                    ; E = the box's first row / 3 * 3
        ld      a, c
        call    sws_div3
        add     a, e
        add     a, #18
        ld      (hl+), a
        ld      (hl), #3                ; SWS_UNIT
sws_unit:
        ldhl    sp, #SWS_UNIT
        ld      a, (hl)
        or      a
        jp      z, sws_follow
        dec     a
        ld      (hl), a
        SWS_BYTE_AT SWS_UNITS, 0
        ld      l, (hl)
        ld      h, #0
        ld      d, h
        ld      e, l
        add     hl, hl
        add     hl, hl
        add     hl, hl
        add     hl, de
        ld      de, #_sudoku_unit_cells
        add     hl, de
        ld      b, h
        ld      c, l                    ; BC = the unit's nine cells
        ldhl    sp, #SWS_SOLUTION
        ld      a, (hl+)
        ld      e, a
        ld      d, (hl)                 ; DE = the solution
4$:
        ld      a, (bc)
        inc     bc
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, (hl)
        ldhl    sp, #SWS_DIGIT
        cp      (hl)
        jr      nz, 4$                  ; (every unit holds the digit once)
        dec     bc
        ld      a, (bc)
        ld      c, a                    ; C = the unit's cell with the digit
        ;; C holds the digit: in the set already (its row's bit), given (no swap), or joins it
        ld      a, c
        call    sws_row_bit
        ldhl    sp, #SWS_SET
        ld      a, (hl)
        SWS_BYTE_AT SWS_ROWS, 0
        ld      a, (hl+)
        and     e
        jr      nz, sws_unit
        ld      a, (hl-)
        and     d
        jr      nz, sws_unit
        push    hl
        ld      a, c
        SWS_PTR_PLUS SWS_GIVENS, 2
        ld      a, (hl)
        pop     hl
        or      a
        jr      nz, sws_given
        ld      a, (hl)
        or      e
        ld      (hl+), a
        ld      a, (hl)
        or      d
        ld      (hl), a
        ldhl    sp, #SWS_TAIL
        ld      a, (hl)
        inc     (hl)
        SWS_BYTE_AT SWS_QUEUE, 0
        ld      (hl), c
        jp      sws_unit
sws_given:
        xor     a
        add     sp, #SWS_FRAME
        ret
        ;; other = the solution, then each cell of the set gets the other digit
sws_swap:
        ldhl    sp, #SWS_SOLUTION
        ld      a, (hl+)
        ld      e, a
        ld      d, (hl)
        ldhl    sp, #SWS_OTHER
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      c, #81
6$:
        ld      a, (de)
        inc     de
        ld      (hl+), a
        dec     c
        jr      nz, 6$
7$:
        ldhl    sp, #SWS_TAIL
        ld      a, (hl)
        or      a
        jr      z, 9$
        dec     a
        ld      (hl), a
        SWS_BYTE_AT SWS_QUEUE, 0
        ld      c, (hl)
        ld      a, c
        SWS_PTR_PLUS SWS_OTHER, 0
        ld      d, h
        ld      e, l                    ; DE = its byte of other, still the solution's digit
        ldhl    sp, #SWS_A
        ld      a, (de)
        cp      (hl)
        inc     hl
        ld      a, (hl)                 ; b for an a-cell
        jr      z, 8$
        dec     hl
        ld      a, (hl)                 ; a for a b-cell
8$:
        ld      (de), a
        jr      7$
9$:
        ld      a, #1
        add     sp, #SWS_FRAME
        ret

;; DE = the bit of cell A's row, from the links' table of slot bits (bit 8 in D for the last
;; row). Keeps BC.
sws_row_bit:
        push    bc
        call    sws_div9                ; B = the row
        ld      a, b
        GBL_BIT_AT
        ld      e, (hl)
        inc     hl
        ld      d, (hl)
        pop     bc
        ret

;; B = cell A / 9 (its row), C = A % 9 (its column). Clobbers A.
sws_div9:
        ld      b, #0
1$:
        cp      #9
        jr      c, 2$
        sub     #9
        inc     b
        jr      1$
2$:
        ld      c, a
        ret

;; A = A / 3 for A below 9. Keeps the other registers.
sws_div3:
        cp      #3
        jr      c, 1$
        cp      #6
        ld      a, #1
        ret     c
        inc     a
        ret
1$:
        xor     a
        ret
