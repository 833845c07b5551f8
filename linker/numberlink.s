;; The Numberlink solver's easy rules on the console (hitori::puzzles::numberlink::solve's
;; Solver::propagate with check_square, cross, link, push, log, label, is_open_end, need,
;; open_sides and clear_stack; the Rust there is the host's and the reference). SDCC's code for
;; them kept nearly every value on the stack: two thirds of an easy puzzle's cycles.
;;
;; Contract: uint8_t gb_numberlink_propagate(Solver *solver /* DE */) takes squares off the
;; work stack and applies the easy rules to those inside the box `near` (one outside is taken
;; off unchecked and its neighbours inside are queued) until the stack is empty (A = 0) or a
;; rule meets a
;; contradiction (A = 1, the stack then emptied and its squares' QUEUED flags cleared). The
;; state it leaves is the Rust's, byte for byte: sides, other, given's QUEUED bits, the work
;; stack, the trail and `reason` (set to the square that links by "only way" while the rule is
;; OnlyWay, put back after, left set on a contradiction, as the Rust's `?` leaves it). It does
;; not record the first link: the Rust runs instead while `recording` is set.
;;
;; Also Solver::load's two board loops (gb_numberlink_empty_board, gb_numberlink_open_board),
;; Solver::undo_to (gb_numberlink_undo_to) and Solver::link_stands (gb_numberlink_trial),
;; Solver::sweep's medium and look-ahead turns (gb_numberlink_sweep_ends),
;; Solver::is_complete (gb_numberlink_is_complete), Solver::mark_near
;; (gb_numberlink_mark_near), the save records' links (gb_numberlink_pack_links), and, in the
;; generator's own area, its drawing steps (gb_numberlink_draw_*), its path numbering and its
;; looks for second solutions seen in the links: paths that trade a stretch
;; (gb_numberlink_number_paths, gb_numberlink_paths_trade) and a detour
;; (gb_numberlink_has_detour), each described where it starts.
;;
;; Solver is repr(C); solve.rs checks these offsets at compile time. `given`, `sides` and
;; `other` are 256 bytes apart, so with HL at a square's byte of one, `inc h` reaches its byte
;; of the next.
;;
;; Registers: DE holds the solver throughout (every helper keeps it); a square's byte is at
;; HL = DE + square (`ld l, square; ld h, #0; add hl, de`). In the main loop C is the square
;; being checked; cross and link take it in C and a side in A, and keep BC. Calling convention as crt0's (SDCC 4.2 sm83, sdcccall(1)); no static memory,
;; a 6-byte frame and at most 12 bytes more of stack.
;;
;; gbrom assembles this file with `_CODE_NUMBERLINK` renamed to the solver's bank's area
;; (`_CODE_10`) and `_CODE_NUMBERLINK_GENERATOR` to the generator's repairs' (`_CODE_17`) when
;; the program has banked code, else both to `_CODE`, and links it from the runtime's library
;; (only programs that call it have it).

        .module numberlink

        .globl  _gb_numberlink_propagate
        .globl  _gb_numberlink_empty_board
        .globl  _gb_numberlink_open_board
        .globl  _gb_numberlink_undo_to
        .globl  _gb_numberlink_trial
        .globl  _gb_numberlink_sweep_ends
        .globl  _gb_numberlink_pack_links
        .globl  _gb_numberlink_is_complete
        .globl  _gb_numberlink_mark_near
        .globl  _gb_numberlink_draw_reset
        .globl  _gb_numberlink_draw_take
        .globl  _gb_numberlink_draw_nth_free
        .globl  _gb_numberlink_draw_growth
        .globl  _gb_numberlink_paths_trade
        .globl  _gb_numberlink_number_paths
        .globl  _gb_numberlink_has_detour

        NL_STACK_LEN    = 0x0BC
        NL_N            = 0x0BD
        NL_RULE         = 0x0BF         ; Rule::OnlyWay is 0
        NL_REASON       = 0x0C0
        NL_NEAR         = 0x0C6         ; top, bottom, left, right
        NL_FREE_WITH    = 0x0CA         ; the drawing's free squares by free neighbours
        NL_IMPLIED      = 0x0CF         ; two bits a square: links a standing trial implied
        NL_STACK_PAGE   = 3             ; `stack` at 0x300: its low byte is 0
        NL_TRAIL        = 0x390
        NL_TRAIL_LEN    = 0x5A0
        NL_SCRATCH      = 0x5EA
        NL_ENDS         = 0x5A2         ; two endpoints a number
        NL_SWEEP        = 0x1BC         ; SweepEnds, in the gap after `sides`
        SW_VISIT        = 0
        SW_QUIET        = 1
        SW_TURN         = 2
        SW_IN_VISIT     = 3
        SW_FAILED       = 4
        SW_END          = 5
        SW_PENDING      = 6
        SW_MODE         = 7
        SW_CHANGED_ONLY = 8
        SW_SQUARE       = 9
        SW_SIDE         = 10
        SW_DRAWN        = 11            ; a pointer, 0 for none
        NUMBER          = 0x7F          ; a given byte without its QUEUED bit (0x80)
        SOLID           = 0x7F
        LINK            = 4
        CELL_SLOTS      = 188
        MAX_SIZE        = 12            ; rows and columns of the largest board
        TAKEN           = 0xFF          ; the drawing's owner of a square on no path

;; HL = the byte of `square` (a register other than H and L) in `given`.
        .macro  NL_AT square
        ld      l, square
        ld      h, #0
        add     hl, de
        .endm

;; HL = the address of trail entry HL. Clobbers A.
        .macro  NL_TRAIL_AT
        add     hl, hl
        add     hl, de
        ld      a, l
        add     a, #<NL_TRAIL
        ld      l, a
        ld      a, h
        adc     a, #>NL_TRAIL
        ld      h, a
        .endm

;; HL += `reg` (a byte register other than A, H and L). Clobbers A.
        .macro  NL_ADD_HL reg
        ld      a, l
        add     a, reg
        ld      l, a
        adc     a, h
        sub     l
        ld      h, a
        .endm

;; push(square `sq`, B or C): onto the work stack unless it waits there already or is solid.
;; Inline (seven places): a call and the square's keeping cost half again. Clobbers A and HL.
        .macro  NL_PUSH sq, ?done
        NL_AT   sq
        ld      a, (hl)
        cp      #SOLID                  ; QUEUED (bit 7) or SOLID: both at least SOLID
        jr      nc, done
        or      #0x80
        ld      (hl), a
        ld      hl, #NL_STACK_LEN
        add     hl, de
        ld      a, (hl)
        inc     (hl)
        add     a, e
        ld      l, a
        ld      a, d
        adc     a, #NL_STACK_PAGE
        ld      h, a
        ld      (hl), sq
done:
        .endm

;; Whether square B lies outside `near` (top and bottom rows as squares' high nibbles, left
;; and right columns; the whole grid outside a medium trial): carry set when it does. A step
;; off the board lands outside (the box is on the board). Inline (five places), and with the
;; square kept in B: each comparison has its operands in A and (HL) or B. Clobbers A and HL.
        .macro  NL_OUTSIDE ?done
        ld      hl, #NL_NEAR
        add     hl, de
        ld      a, b
        cp      (hl)                    ; above the top row
        jr      c, done
        inc     hl
        ld      a, (hl)
        or      #0x0F
        cp      b                       ; below the bottom row
        jr      c, done
        inc     hl
        ld      a, b
        and     #0x0F
        cp      (hl)                    ; left of the left column
        jr      c, done
        inc     hl
        cp      (hl)
        jr      z, done                 ; the right column (no carry)
        ccf                             ; right of it: carry
done:
        .endm

;; Whether square `sq` still takes a link (is_open_end): NZ when it does. Clobbers A and HL.
        .macro  NL_OPEN_END sq, ?empty, ?done
        NL_AT   sq
        ld      a, (hl)
        and     #NUMBER
        cp      #SOLID
        jr      z, done                 ; takes none
        inc     h
        or      a
        ld      a, (hl)
        jr      z, empty
        and     #15                     ; an endpoint: open without a link
        sub     #1
        sbc     a, a
        jr      done
empty:
        and     #15                     ; empty: open with at most one link
        ld      l, a
        dec     a
        and     l
        sub     #1
        sbc     a, a
done:
        .endm

;; A = the label of square `sq`, an end that is not solid: its number or its segment's other
;; end's. Clobbers HL.
        .macro  NL_LABEL sq
        NL_AT   sq
        ld      a, (hl)
        inc     h
        inc     h
        ld      l, (hl)
        ld      h, #0
        add     hl, de
        or      (hl)
        and     #NUMBER
        .endm

;; push(the square `delta` away from C) when it lies inside `near`. Clobbers A, B, HL.
        .macro  NLP_QUEUE_NEAR delta, ?skip
        ld      a, c
        add     a, #delta
        ld      b, a
        NL_OUTSIDE
        jr      c, skip
        NL_PUSH b
skip:
        .endm

;; A decided side's trail entry [C, flags A] (log: trail[trail_len++]), then push(C) and
;; push(B), as cross and link end. Inline in both: a call to a logging routine, with B saved
;; around it, cost a third again. Clobbers A and HL.
        .macro  NL_LOG_PUSH ?no_carry, ?at
        push    af                      ; the flags
        ld      hl, #NL_TRAIL_LEN
        add     hl, de
        ld      a, (hl)
        inc     (hl)
        inc     hl                      ; (keeps the flags of the increment)
        jr      nz, no_carry
        inc     (hl)                    ; the low byte wrapped: the old high byte is one less
        ld      h, (hl)
        dec     h
        jr      at
no_carry:
        ld      h, (hl)
at:
        ld      l, a                    ; HL = the old trail_len
        NL_TRAIL_AT
        ld      (hl), c
        inc     hl
        pop     af
        ld      (hl), a
        NL_PUSH c
        NL_PUSH b
        .endm

;; One side of check_square's filter: the side `side` (`delta` away) of the square in C, if
;; open (bit `side` of the frame's open sides), is crossed when its far square takes
;; no link, when a link would close a loop (the far square is the other end of C's segment),
;; or would join two numbers. Clobbers A, B, HL. Inline: four a square checked.
        .macro  NLP_FILTER side, delta, ?far_open, ?no_links, ?crossed, ?kept
        ldhl    sp, #NLP_OPEN
        bit     side, (hl)
        jr      z, kept
        ld      a, c
        add     a, #delta               ; A = far square
        ldhl    sp, #NLP_OTHER
        cp      (hl)
        jr      z, crossed              ; a loop
        NL_AT   a
        ld      a, (hl)
        and     #NUMBER
        ld      b, a                    ; B = its given: 0, a number, SOLID
        inc     h
        ld      a, (hl)                 ; its sides
        and     #15
        jr      z, no_links
        inc     b                       ; linked: an open end only if empty with one link
        dec     b
        jr      nz, crossed
        ld      b, a
        dec     a
        and     b
        jr      nz, crossed
        ld      b, a                    ; B = 0 again: no number
        jr      far_open
no_links:
        ld      a, b
        cp      #SOLID
        jr      z, crossed
far_open:
        inc     h
        ld      l, (hl)                 ; the far square's segment's other end
        ld      h, #0
        add     hl, de
        ld      a, (hl)
        and     #NUMBER
        or      b                       ; A = the far square's label
        jr      z, kept
        ld      b, a
        ldhl    sp, #NLP_LABEL
        ld      a, (hl)
        or      a
        jr      z, kept
        cp      b
        jr      z, kept
crossed:
        ld      a, #side
        call    nl_cross
kept:
        .endm

;; One side of open_board's square C: its crossed bit (`bit` of the frame's byte) cleared when
;; the square `delta` away is on the board and not solid (given_at). Clobbers A and HL.
        .macro  NLO_SIDE delta, bit, ?closed
        ld      a, c
        add     a, #delta
        cp      #CELL_SLOTS
        jr      nc, closed
        NL_AT   a
        ld      a, (hl)
        cp      #SOLID
        jr      z, closed
        ldhl    sp, #0
        res     bit, (hl)
closed:
        .endm

;; reopen_end(square `sq`, a register other than H and L), after a link of it was taken back:
;; alone again (its own other end) without links, else the end facing its segment's far end.
;; Clobbers A and HL.
        .macro  NLU_REOPEN sq, ?linked, ?done
        NL_AT   sq
        inc     h
        ld      a, (hl)
        inc     h
        and     #15
        jr      nz, linked
        ld      (hl), sq
        jr      done
linked:
        ld      a, (hl)
        NL_AT   a
        inc     h
        inc     h
        ld      (hl), sq
done:
        .endm

;; sides[C] = sides[C] `op` H and sides[B] = sides[B] `op` L (`op` is `or` to set bits, `and`
;; to keep them). Clobbers A and HL.
        .macro  NL_BOTH op
        push    hl
        ld      a, h
        NL_AT   c
        inc     h
        op      (hl)
        ld      (hl), a
        pop     hl
        ld      a, l
        NL_AT   b
        inc     h
        op      (hl)
        ld      (hl), a
        .endm

;; Clears bit `here` of sides[C] and bit `there` of sides[B], B being the square `delta` from
;; C (undo_to: a decided side taken back). Clobbers A and HL.
        .macro  NLU_CLEAR_BITS here, delta, there
        NL_AT   c
        inc     h
        res     here, (hl)
        ld      a, c
        add     a, #delta
        ld      b, a
        NL_AT   b
        inc     h
        res     there, (hl)
        .endm

        .area   _CODE_NUMBERLINK

        NLP_OPEN        = 0             ; the checked square's open sides before the filter
        NLP_OTHER       = 1             ; the other end of its segment
        NLP_LABEL       = 2             ; its segment's number, or 0
        NLP_LEFT        = 3             ; links it still takes (1 or 2)
        NLP_REASON      = 4             ; `reason` while its only ways are linked
        NLP_BOXED       = 5             ; 0 when `near` is the whole grid (bottom row 0xF0)
        NLP_FRAME       = 6
_gb_numberlink_propagate:
        add     sp, #-NLP_FRAME
        ld      hl, #NL_NEAR + 1
        add     hl, de
        ld      a, (hl)
        sub     #0xF0
        ldhl    sp, #NLP_BOXED
        ld      (hl), a
nlp_next:
        ld      hl, #NL_STACK_LEN
        add     hl, de
        ld      a, (hl)
        or      a
        jp      z, nlp_return           ; A = 0: done
        dec     a
        ld      (hl), a
        add     a, e
        ld      l, a
        ld      a, d
        adc     a, #NL_STACK_PAGE
        ld      h, a
        ld      c, (hl)                 ; C = the square taken off the stack
        ldhl    sp, #NLP_BOXED
        ld      a, (hl)
        or      a
        jr      z, 11$                  ; every square is inside
        ld      b, c
        NL_OUTSIDE
        jp      c, nlp_outside
11$:
        ;; It stays QUEUED while it is checked (nlp_checked clears it), as in the Rust: the
        ;; sides its check decides do not queue it again.
        NL_AT   c
        ;; B = links it still takes: need (2 when empty, 1 for an endpoint; never SOLID, as
        ;; push leaves those off) less its links (at most need, as link refuses more).
        ld      b, #1
        ld      a, (hl)
        and     #NUMBER
        or      a
        jr      nz, 1$
        inc     b
1$:
        inc     h
        ld      a, (hl)                 ; its sides
        ld      l, a
        and     #15
        jr      z, 2$
        dec     b
        ld      h, a
        dec     a
        and     h
        jr      z, 2$
        dec     b
2$:
        ld      a, l
        swap    a
        or      l
        cpl
        and     #15                     ; A = open sides
        jr      nz, nlp_open
        ld      a, b                    ; none open: fine when it has its links
        or      a
        jp      z, nlp_checked
        jp      nlp_fail
nlp_open:
        inc     b
        dec     b
        jr      nz, nlp_filter
        ld      b, a                    ; full: every open side crossed
        bit     0, b
        ld      a, #0
        call    nz, nl_cross
        bit     1, b
        ld      a, #1
        call    nz, nl_cross
        bit     2, b
        ld      a, #2
        call    nz, nl_cross
        bit     3, b
        ld      a, #3
        call    nz, nl_cross
        jp      nlp_checked
nlp_filter:
        ldhl    sp, #NLP_OPEN
        ld      (hl+), a
        inc     hl
        inc     hl
        ld      (hl), b                 ; NLP_LEFT
        ;; Two links left (no number, no link) and no box: no side to filter (check_square).
        ld      a, b
        cp      #2
        jr      nz, 12$
        ldhl    sp, #NLP_BOXED
        ld      a, (hl)
        or      a
        jp      z, nlp_count
12$:
        NL_AT   c
        ld      a, (hl)
        and     #NUMBER
        ld      b, a                    ; its number
        inc     h
        inc     h
        ld      a, (hl)                 ; the other end of its segment
        ldhl    sp, #NLP_OTHER
        ld      (hl), a
        NL_AT   a
        ld      a, (hl)
        and     #NUMBER
        or      b
        ldhl    sp, #NLP_LABEL
        ld      (hl), a
        NLP_FILTER 0, 0xF0
        NLP_FILTER 1, 0x01
        NLP_FILTER 2, 0x10
        NLP_FILTER 3, 0xFF
        ;; Its open sides now, against the links it still takes: fewer is a contradiction, as
        ;; many are all links (only way).
nlp_count:
        NL_AT   c
        inc     h
        ld      a, (hl)
        ld      b, a
        swap    a
        or      b
        cpl
        and     #15
        ld      b, a                    ; B = open sides
        ldhl    sp, #NLP_LEFT
        ld      a, (hl)
        dec     a
        jr      nz, 3$
        ld      a, b                    ; one link left: no open side fails, one is the way
        or      a
        jr      z, nlp_fail
        dec     a
        and     b
        jp      nz, nlp_checked
        jr      nlp_only_way
3$:
        ld      a, b                    ; two left: fewer than two open fails, two are the way
        dec     a
        and     b
        jr      z, nlp_fail
        ld      h, a
        dec     a
        and     h
        jp      nz, nlp_checked
nlp_only_way:
        ld      hl, #NL_REASON
        add     hl, de
        ld      a, (hl)
        ldhl    sp, #NLP_REASON
        ld      (hl), a
        ld      hl, #NL_RULE
        add     hl, de
        ld      a, (hl+)
        or      a
        jr      nz, 4$
        ld      (hl), c                 ; NL_REASON: this square, under OnlyWay
4$:
        bit     0, b
        jr      z, 5$
        ld      a, #0
        call    nl_link
        or      a
        jr      nz, nlp_fail
5$:
        bit     1, b
        jr      z, 6$
        ld      a, #1
        call    nl_link
        or      a
        jr      nz, nlp_fail
6$:
        bit     2, b
        jr      z, 7$
        ld      a, #2
        call    nl_link
        or      a
        jr      nz, nlp_fail
7$:
        bit     3, b
        jr      z, 8$
        ld      a, #3
        call    nl_link
        or      a
        jr      nz, nlp_fail
8$:
        ldhl    sp, #NLP_REASON
        ld      a, (hl)
        ld      hl, #NL_REASON
        add     hl, de
        ld      (hl), a
nlp_checked:
        NL_AT   c
        res     7, (hl)
        jp      nlp_next
        ;; A contradiction: the square checked and those still waiting leave the stack
        ;; (clear_stack).
nlp_fail:
        NL_AT   c
        res     7, (hl)
        ld      hl, #NL_STACK_LEN
        add     hl, de
        ld      b, (hl)
        ld      (hl), #0
9$:
        ld      a, b
        or      a
        jr      z, 10$
        dec     b
        ld      a, b
        add     a, e
        ld      l, a
        ld      a, d
        adc     a, #NL_STACK_PAGE
        ld      h, a
        ld      a, (hl)
        NL_AT   a
        res     7, (hl)
        jr      9$
10$:
        ld      a, #1
nlp_return:
        add     sp, #NLP_FRAME
        ret
        ;; Outside `near` (a medium trial's box): taken off unchecked, its neighbours inside
        ;; queued in its place (their own checks see what changed at it).
nlp_outside:
        NL_AT   c
        res     7, (hl)
        NLP_QUEUE_NEAR 0xF0
        NLP_QUEUE_NEAR 0x01
        NLP_QUEUE_NEAR 0x10
        NLP_QUEUE_NEAR 0xFF
        jp      nlp_next

;; cross(square C, side A): crosses the open side at both squares, logs it, pushes both. Keeps
;; BC and DE.
nl_cross:
        push    bc
        call    nl_side
        push    af                      ; the side, for the trail
        NL_BOTH or
        pop     af
        NL_LOG_PUSH
        pop     bc
        ret

;; link(square C, side A) -> A = 0 linked (logged, the four squares pushed), else 1 with
;; nothing changed: the side not open, a square that takes no link, a loop or two numbers
;; joined. Keeps BC and DE.
nl_link:
        push    bc
        call    nl_side
        push    af                      ; the side
        push    hl                      ; the crossed bits
        ld      a, h
        swap    a
        or      h                       ; the side's link and cross bits
        NL_AT   c
        inc     h
        and     (hl)
        jp      nz, nl_link_fail
        NL_OPEN_END c
        jp      z, nl_link_fail
        NL_OPEN_END b
        jp      z, nl_link_fail
        NL_AT   c
        inc     h
        inc     h
        ld      a, (hl)                 ; the other end of the square's segment
        cp      b
        jp      z, nl_link_fail         ; a loop
        NL_LABEL c
        push    af
        NL_LABEL b
        pop     hl                      ; H = the square's label, A = the far square's
        or      a
        jr      z, 1$
        inc     h
        dec     h
        jr      z, 1$
        cp      h
        jp      nz, nl_link_fail        ; two numbers
1$:
        pop     hl                      ; the crossed bits, as links
        swap    h
        swap    l
        NL_BOTH or
        ;; The two segments' far ends now face each other: other[a] = b, other[b] = a.
        inc     h
        ld      a, (hl)                 ; b = other[far]
        push    bc
        ld      b, a
        NL_AT   c
        inc     h
        inc     h
        ld      c, (hl)                 ; a = other[square]
        NL_AT   c
        inc     h
        inc     h
        ld      (hl), b
        NL_AT   b
        inc     h
        inc     h
        ld      (hl), c
        ld      h, b
        ld      l, c
        pop     bc
        push    hl                      ; L = a, H = b
        ldhl    sp, #3
        ld      a, (hl)                 ; the side
        or      #LINK
        NL_LOG_PUSH
        pop     bc                      ; C = a, B = b
        NL_PUSH c
        NL_PUSH b
        pop     af
        pop     bc
        xor     a
        ret
nl_link_fail:
        pop     hl
        pop     af
        pop     bc
        ld      a, #1
        ret

;; The side A of square C: B = the far square, H = the side's crossed bit, L = the opposite
;; side's. Keeps A, C and DE. (Each case sets A again rather than saving it: a push and a pop
;; cost more, and this runs for every side decided and every one taken back.)
nl_side:
        or      a
        jr      nz, 1$
        ld      hl, #0x1040
        ld      a, c
        add     a, #0xF0
        ld      b, a
        xor     a
        ret
1$:
        cp      #2
        jr      nc, 2$
        ld      hl, #0x2080
        ld      b, c
        inc     b
        ret
2$:
        jr      nz, 3$
        ld      hl, #0x4010
        ld      a, c
        add     a, #0x10
        ld      b, a
        ld      a, #2
        ret
3$:
        ld      hl, #0x8020
        ld      b, c
        dec     b
        ret

;; void gb_numberlink_empty_board(Solver *solver /* DE */): Solver::empty_board, every square
;; of the n x n board empty (`given` 0) and alone (`other` itself). B = n, C = a row's first
;; square.
_gb_numberlink_empty_board:
        ld      hl, #NL_N
        add     hl, de
        ld      b, (hl)
        ld      c, #0
1$:
        push    bc
        NL_AT   c
        ld      a, c
2$:
        ld      (hl), #0
        inc     h
        inc     h
        ld      (hl+), a                ; other; HL on to the next square
        dec     h
        dec     h
        inc     a
        dec     b
        jr      nz, 2$
        pop     bc
        ld      a, c
        add     a, #16
        ld      c, a
        ld      a, b
        swap    a                       ; n rows of 16 slots
        cp      c
        jr      nz, 1$
        ret

;; void gb_numberlink_open_board(Solver *solver /* DE */): Solver::open_board, each square of
;; the board that is not solid gets its sides into solid squares or off the board crossed and
;; is pushed, in board order. B = n, C = the square; its crossed sides are built in a byte of
;; frame.
_gb_numberlink_open_board:
        add     sp, #-1
        ld      hl, #NL_N
        add     hl, de
        ld      b, (hl)
        ld      c, #0
1$:
        NL_AT   c
        ld      a, (hl)
        cp      #SOLID
        jr      z, 2$
        ldhl    sp, #0
        ld      (hl), #0xF0
        NLO_SIDE 0xF0, 4
        NLO_SIDE 0x01, 5
        NLO_SIDE 0x10, 6
        NLO_SIDE 0xFF, 7
        ldhl    sp, #0
        ld      a, (hl)
        NL_AT   c
        inc     h
        ld      (hl), a
        NL_PUSH c
2$:
        inc     c
        ld      a, c
        and     #15
        cp      b
        jp      c, 1$                   ; on along the row
        ld      a, c
        and     #0xF0
        add     a, #16
        ld      c, a                    ; the next row's first square
        ld      a, b
        swap    a
        cp      c
        jp      nz, 1$
        add     sp, #1
        ret

;; void gb_numberlink_undo_to(Solver *solver /* DE */, uint16_t len /* BC */): Solver::undo_to,
;; trail entries taken back, last first, until `len` remain: a cross's bits cleared, or a
;; link's and both squares' segment ends mended (reopen_end). BC counts the entries left to
;; take back and HL walks down the trail; both wait on the stack while an entry is taken back
;; with C = its square, B = its far square.
_gb_numberlink_undo_to:
        ld      hl, #NL_TRAIL_LEN
        add     hl, de
        ld      a, c
        sub     (hl)
        inc     hl
        ld      a, b
        sbc     a, (hl)
        ret     nc                      ; len >= trail_len: nothing to take back
        ld      a, (hl)
        ld      (hl), b
        dec     hl
        push    af                      ; the old trail_len's high byte
        ld      a, (hl)
        ld      (hl), c                 ; trail_len = len
        pop     hl
        ld      l, a                    ; HL = the old trail_len
        sub     c
        ld      c, a
        ld      a, h
        sbc     a, b
        ld      b, a                    ; BC = entries to take back
        NL_TRAIL_AT                     ; one past the last entry
nlu_entry:
        dec     hl
        ld      a, (hl-)                ; the entry's flags
        push    hl                      ; at its square
        push    bc
        ld      c, (hl)
        and     #7                      ; the side, LINK
        add     a, a
        add     a, #<nlu_kinds
        ld      l, a
        ld      a, #>nlu_kinds
        adc     a, #0
        ld      h, a
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        jp      (hl)
nlu_taken:
        pop     bc
        pop     hl
        dec     bc
        ld      a, b
        or      c
        jp      nz, nlu_entry
        ret
        ;; One case a kind of entry (a table of jumps rather than nl_side's tests and masks:
        ;; this runs for every decided side of every trial).
nlu_kinds:
        .dw     nlu_cross_up, nlu_cross_right, nlu_cross_down, nlu_cross_left
        .dw     nlu_link_up, nlu_link_right, nlu_link_down, nlu_link_left
nlu_cross_up:
        NLU_CLEAR_BITS 4, 0xF0, 6
        jp      nlu_taken
nlu_cross_right:
        NLU_CLEAR_BITS 5, 0x01, 7
        jp      nlu_taken
nlu_cross_down:
        NLU_CLEAR_BITS 6, 0x10, 4
        jp      nlu_taken
nlu_cross_left:
        NLU_CLEAR_BITS 7, 0xFF, 5
        jp      nlu_taken
nlu_link_up:
        NLU_CLEAR_BITS 0, 0xF0, 2
        jr      nlu_reopen
nlu_link_right:
        NLU_CLEAR_BITS 1, 0x01, 3
        jr      nlu_reopen
nlu_link_down:
        NLU_CLEAR_BITS 2, 0x10, 0
        jr      nlu_reopen
nlu_link_left:
        NLU_CLEAR_BITS 3, 0xFF, 1
nlu_reopen:
        NLU_REOPEN c                    ; the link's squares' segment ends as before it
        NLU_REOPEN b
        jp      nlu_taken

;; uint8_t gb_numberlink_trial(Solver *solver /* DE */, uint16_t square_and_side /* BC */):
;; Solver::link_stands for the square C and side B (bits 0-1): the link (nl_link), the easy
;; rules (gb_numberlink_propagate, which leaves the stack empty whatever it finds), then every
;; trail entry since taken back (gb_numberlink_undo_to). A = 0 when the rules stand the link,
;; 1 when the link is refused or they meet a contradiction. Not while recording (as
;; propagate). With B's bit 7 set (Solver::link_stands_near), `near` is the box around the
;; link meanwhile (box_around), and the whole grid again after: set here, as LLVM packs the
;; box in one 32-bit value that SDCC's code builds by 32-bit shifts. With B's bit 6 set
;; (Solver::far_link_stands), a link that stands has the links of its closure marked in
;; `implied` (nl_mark_implied) before they are taken back.
_gb_numberlink_trial:
        bit     7, b
        jr      z, nl_trial
        res     7, b
        push    bc
        call    nl_box
        pop     bc
        call    nl_trial
        ld      hl, #NL_NEAR
        add     hl, de
        ld      (hl), #0x00             ; ANYWHERE: top, bottom, left, right
        inc     hl
        ld      (hl), #0xF0
        inc     hl
        ld      (hl), #0x00
        inc     hl
        ld      (hl), #0x0F
        ret

;; near = the box around square C and its neighbour on side B: a row above and below them
;; and a column left and right, cut to the board (solve.rs' box_around). Clobbers A, B, C, HL.
nl_box:
        ld      a, b
        call    nl_side                 ; B = the neighbour
        ld      a, b
        cp      c
        jr      nc, 1$                  ; C the lesser square, B the greater
        ld      b, c
        ld      c, a
1$:
        ld      hl, #NL_N
        add     hl, de
        ld      a, (hl)
        dec     a
        push    af                      ; n - 1
        ld      hl, #NL_NEAR
        add     hl, de
        ld      a, c
        and     #0xF0
        jr      z, 2$
        sub     #16
2$:
        ld      (hl+), a                ; top: the row above, if any
        pop     af
        push    af
        swap    a
        ld      (hl), a                 ; bottom: the row below, or the last row
        ld      a, b
        and     #0xF0
        add     a, #16
        cp      (hl)
        jr      nc, 3$
        ld      (hl), a
3$:
        inc     hl
        ld      a, c
        and     #15
        jr      z, 4$
        dec     a
4$:
        ld      (hl+), a                ; left: the column left, if any
        pop     af
        ld      (hl), a                 ; right: the column right, or the last column
        ld      a, b
        and     #15
        inc     a
        cp      (hl)
        ret     nc
        ld      (hl), a
        ret

;; The trial itself, for _gb_numberlink_trial (A = its outcome; keeps DE).
nl_trial:
        ld      hl, #NL_TRAIL_LEN
        add     hl, de
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        push    hl                      ; the trail's length before the trial
        push    bc                      ; B's bit 6: mark what a standing link implies
        ld      a, b
        and     #3
        call    nl_link
        or      a
        jr      nz, 1$                  ; refused: nothing was changed
        call    _gb_numberlink_propagate
        or      a
        jr      nz, 1$
        pop     bc
        push    bc
        bit     6, b
        jr      z, 1$                   ; A = 0: it stands
        ldhl    sp, #2
        ld      a, (hl+)
        ld      b, (hl)
        ld      c, a
        call    nl_mark_implied
        xor     a
1$:
        pop     bc
        pop     bc
        push    af
        call    _gb_numberlink_undo_to
        pop     af
        ret

;; The links of trail entries BC (an index) to the end in `implied`: a link on the up or left
;; side as its neighbour's down or right side, bit ((square & 3) * 2 + (side >> 1)) of byte
;; square >> 2 (solve.rs' implied_bit). Keeps DE.
nl_mark_implied:
        push    bc
        ld      hl, #NL_TRAIL_LEN
        add     hl, de
        ld      a, (hl+)
        sub     c
        ld      c, a
        ld      a, (hl)
        sbc     a, b
        ld      b, a                    ; BC = entries to read
        pop     hl
        NL_TRAIL_AT                     ; HL = the first
1$:
        ld      a, b
        or      c
        ret     z
        dec     bc
        push    bc
        ld      c, (hl)                 ; C = the square
        inc     hl
        ld      a, (hl+)                ; its flags
        bit     2, a                    ; LINK
        jr      z, 6$
        and     #3
        call    nl_right_or_down
        push    hl
        call    nl_implied_at
        or      (hl)
        ld      (hl), a
        pop     hl
6$:
        pop     bc
        jr      1$

;; The side A (0-3) of square C as a right or down side: C = the square it is that side of,
;; B = 1 (right) or 2 (down) (solve.rs' right_or_down). Keeps DE and HL.
nl_right_or_down:
        or      a
        jr      nz, 1$
        ld      a, c                    ; up: the square above's down side
        sub     #16
        ld      c, a
        ld      b, #2
        ret
1$:
        cp      #3
        jr      nz, 2$
        dec     c                       ; left: the square left's right side
        ld      b, #1
        ret
2$:
        ld      b, a                    ; right or down: its own
        ret

;; HL = the byte of `implied` for square C's right (B = 1) or down (B = 2) side, A = its bit
;; (solve.rs' implied_bit: bit (C & 3) * 2 + (B >> 1) of byte C >> 2). Keeps BC and DE.
nl_implied_at:
        push    bc
        srl     b                       ; 0 right, 1 down
        ld      a, c
        and     #3
        add     a, a
        or      b
        inc     a
        ld      b, a                    ; the bit's number + 1
        ld      a, #0x80
1$:
        rlca
        dec     b
        jr      nz, 1$
        ld      b, a
        ld      a, c
        srl     a
        srl     a
        add     a, #NL_IMPLIED
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, b
        pop     bc
        ret

;; HL = the byte of the sweep's state at `field`. Clobbers nothing else.
        .macro  NLS_AT field
        ld      hl, #NL_SWEEP + field
        add     hl, de
        .endm

;; uint8_t gb_numberlink_sweep_ends(Solver *solver /* DE */): Solver::sweep's turns of medium
;; (Near) or look-ahead (Far) trials over the numbered open ends, with the state in
;; `sweep_ends` (solve.rs' SweepEnds, set by its caller): from where the last call stopped up
;; to the next trial that fails (A = 1, its square and side in the state, to be crossed by the
;; Rust, which then calls again) or to the end of a turn without a failure (A = 0). Visits,
;; sides and skips in the Rust's order: a visit reads the open sides of its end less the drawn
;; solution's, and each (as its square's right or down side) is passed over when a standing
;; trial implied it (Far), when it is no longer open, or outside the changes (a closure after
;; a cut); else it is tried by gb_numberlink_trial. The Rust's sweep cost a trial about as
;; much again as the routine's.
_gb_numberlink_sweep_ends:
        NLS_AT  SW_IN_VISIT
        ld      a, (hl)
        or      a
        jr      nz, nls_sides           ; on with the visit a failed trial stopped
nls_visit:
        NLS_AT  SW_QUIET
        ld      a, (hl+)
        cp      (hl)                    ; SW_TURN
        jr      c, 1$
        xor     a                       ; a whole turn without a failure: done
        ret
1$:
        NLS_AT  SW_VISIT
        ld      c, (hl)
        ld      hl, #NL_ENDS
        add     hl, de
        NL_ADD_HL c
        ld      a, (hl)                 ; the endpoint visited
        NL_AT   a
        inc     h
        inc     h
        ld      c, (hl)                 ; C = the open end of its segment
        NL_AT   c
        inc     h
        ld      a, (hl)
        ld      b, a
        swap    a
        or      b
        cpl
        and     #15
        ld      b, a                    ; B = its open sides
        NLS_AT  SW_DRAWN
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        or      h
        jr      z, 2$                   ; no drawn solution
        NL_ADD_HL c
        ld      a, (hl)
        cpl
        and     b
        ld      b, a                    ; less the drawn solution's links
2$:
        NLS_AT  SW_IN_VISIT
        ld      (hl), #1
        inc     hl
        ld      (hl), #0                ; SW_FAILED
        inc     hl
        ld      (hl), c                 ; SW_END
        inc     hl
        ld      (hl), b                 ; SW_PENDING
nls_sides:
        NLS_AT  SW_PENDING
        ld      a, (hl)
        or      a
        jp      z, nls_visited
        ld      b, a
        dec     a
        and     b
        ld      (hl-), a                ; the lowest side taken off
        xor     b                       ; A = its bit
        ld      c, (hl)                 ; SW_END
        ld      b, #0xFF
3$:
        inc     b
        rrca
        jr      nc, 3$
        ld      a, b                    ; the side
        call    nl_right_or_down        ; as its square's right or down side
        NLS_AT  SW_MODE
        bit     6, (hl)                 ; TRIAL_MARKS_IMPLIED: a look-ahead trial
        jr      z, 6$
        call    nl_implied_at
        and     (hl)
        jr      nz, nls_sides           ; a standing trial implied it
6$:
        NL_AT   c
        inc     h
        ld      a, (hl)
        swap    a
        or      (hl)
        ld      l, a                    ; links and crossed sides together
        ld      a, b
        add     a, a                    ; the side's bit
        and     l
        jr      nz, nls_sides           ; decided since the visit began
        NLS_AT  SW_CHANGED_ONLY
        ld      a, (hl)
        or      a
        jr      z, 7$
        ld      hl, #NL_SCRATCH
        add     hl, de
        NL_ADD_HL c
        ld      a, (hl)
        or      a
        jr      z, nls_sides            ; no change in its box
7$:
        NLS_AT  SW_MODE
        ld      a, (hl)
        or      b
        ld      b, a
        push    bc
        call    _gb_numberlink_trial
        pop     bc
        or      a
        jr      z, nls_sides            ; it stands
        NLS_AT  SW_FAILED
        ld      (hl), #1
        NLS_AT  SW_SQUARE
        ld      (hl), c
        inc     hl
        ld      a, b
        and     #3
        ld      (hl), a                 ; SW_SIDE
        ld      a, #1
        ret
nls_visited:
        ;; visit = the next (round to 0 after the turn), quiet = 0 after a failure, else one more
        NLS_AT  SW_VISIT
        ld      a, (hl+)
        inc     a
        ld      b, (hl)                 ; SW_QUIET
        inc     hl
        cp      (hl)                    ; SW_TURN
        jr      nz, 8$
        xor     a
8$:
        ld      c, a
        inc     b
        inc     hl
        ld      (hl), #0                ; SW_IN_VISIT
        inc     hl
        ld      a, (hl)                 ; SW_FAILED
        or      a
        jr      z, 9$
        ld      b, #0
9$:
        NLS_AT  SW_VISIT
        ld      (hl), c
        inc     hl
        ld      (hl), b
        jp      nls_visit

;; void gb_numberlink_pack_links(uint8_t *packed /* DE */, const uint8_t *links /* BC */):
;; record.rs' write_links: the links (low nibbles) of the 12 rows of 12 squares at `links`
;; (rows 16 bytes apart), two squares a byte, the first in the low nibble: 72 bytes at
;; `packed`. HL walks `packed`, DE the squares, B counts a row's bytes, C the rows.
_gb_numberlink_pack_links:
        ld      h, d
        ld      l, e
        ld      d, b
        ld      e, c
        ld      c, #MAX_SIZE
1$:
        ld      b, #MAX_SIZE / 2
2$:
        ld      a, (de)
        inc     de
        and     #15
        ld      (hl), a
        ld      a, (de)
        inc     de
        swap    a
        and     #0xF0
        or      (hl)
        ld      (hl+), a
        dec     b
        jr      nz, 2$
        ld      a, e
        add     a, #16 - MAX_SIZE       ; past the row's slots off the board
        ld      e, a
        jr      nc, 3$
        inc     d
3$:
        dec     c
        jr      nz, 1$
        ret
;; uint8_t gb_numberlink_is_complete(const Solver *solver /* DE */): 1 when every square has
;; its links. A square never has more links than it takes (link refuses them), so an endpoint
;; is complete with a link and an empty square with two; solid squares and the slots off the
;; board (SOLID) take none. HL walks `given` (`sides` one page up), C counts the slots.
_gb_numberlink_is_complete:
        ld      hl, #NL_N
        add     hl, de
        ld      a, (hl)
        ld      c, a
        dec     a
        swap    a
        add     a, c
        ld      c, a                    ; C = the slots up to the last square's (after: off the board)
        ld      h, d
        ld      l, e
1$:
        ld      a, (hl)
        and     #NUMBER
        cp      #SOLID
        jr      z, 2$
        ld      b, a                    ; 0 when it takes two links
        inc     h
        ld      a, (hl)
        dec     h
        and     #15
        jr      z, 3$                   ; no link yet
        inc     b
        dec     b
        jr      nz, 2$                  ; an endpoint with its link
        ld      b, a
        dec     a
        and     b
        jr      z, 3$                   ; one link of two
2$:
        inc     hl
        dec     c
        jr      nz, 1$
        ld      a, #1
        ret
3$:
        xor     a
        ret

;; H = the lower of coordinates H and L less two (at least 0), L = the higher plus one (at
;; most n - 1), for gb_numberlink_mark_near. Keeps BC and DE.
nlm_span:
        ld      a, h
        cp      l
        jr      c, 1$
        ld      a, l
        ld      l, h
        ld      h, a
1$:
        ld      a, h
        sub     #2
        jr      nc, 2$
        xor     a
2$:
        ld      h, a
        ld      a, l
        inc     a
        push    hl
        ld      hl, #NL_N
        add     hl, de
        cp      (hl)
        jr      c, 3$
        ld      a, (hl)
        dec     a
3$:
        pop     hl
        ld      l, a
        ret

;; void gb_numberlink_mark_near(Solver *solver /* DE */, uint16_t squares /* BC: the square C
;; and its neighbour B, or B = C */): Solver::mark_near, `scratch` set to 1 from two rows
;; above the pair to one below and two columns left to one right, within the board.
_gb_numberlink_mark_near:
        ld      a, c
        swap    a
        and     #15
        ld      h, a
        ld      a, b
        swap    a
        and     #15
        ld      l, a
        call    nlm_span
        push    hl                      ; H = the top row, L = the bottom row
        ld      a, c
        and     #15
        ld      h, a
        ld      a, b
        and     #15
        ld      l, a
        call    nlm_span
        ld      a, l
        sub     h
        inc     a
        ld      c, a                    ; C = columns a row
        ld      b, h                    ; B = the left column
        pop     hl
        ld      a, l
        sub     h
        inc     a
        push    af                      ; rows
        ld      a, h
        swap    a
        add     a, b
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, l
        add     a, #<NL_SCRATCH
        ld      l, a
        ld      a, h
        adc     a, #>NL_SCRATCH
        ld      h, a                    ; HL = the top left square's byte of `scratch`
        pop     af
        ld      b, a
1$:
        push    bc
        ld      a, #1
2$:
        ld      (hl+), a
        dec     c
        jr      nz, 2$
        pop     bc
        ld      a, #16                  ; on to the next row's left column
        sub     c
        add     a, l
        ld      l, a
        jr      nc, 3$
        inc     h
3$:
        dec     b
        jr      nz, 1$
        ret

        .area   _CODE_NUMBERLINK_GENERATOR

;; The generator's drawing (generate.rs's Drawing: reset, take, nth_free, growth_sides and
;; touches_only; the Rust there is the host's and the reference), in the generator's bank 17
;; with the drawing that calls it (`Generator::draw`). Its memory is the solver's:
;; a square's path (`owner`) in `sides`, one page above its `given` byte, its free neighbours
;; (`counts`) in `other`, two pages above, and `free_with` (free squares by count). A square
;; past the last slot is TAKEN, as the slots off the board are. DE holds the solver.

;; free_with[A] (A at most 4) at HL. Clobbers A.
        .macro  NLD_FREE_WITH
        add     a, #NL_FREE_WITH
        ld      l, a
        ld      h, #0
        add     hl, de
        .endm

;; HL = the owner byte of the square `delta` from C, on to `taken` unless that square is free
;; (past the last slot it is TAKEN). Clobbers A.
        .macro  NLD_IF_FREE delta, taken
        ld      a, c
        add     a, #delta
        cp      #CELL_SLOTS
        jr      nc, taken
        NL_AT   a
        inc     h
        ld      a, (hl)
        or      a
        jr      nz, taken
        .endm

;; void gb_numberlink_draw_reset(Solver *solver /* DE */, uint8_t n /* A */): every slot's
;; owner TAKEN, then the n x n board's squares free, each with its count of free neighbours
;; (all of the board is free: 4 inside, 3 on an edge, 2 in a corner), and free_with to match.
;; The Rust counts them; here the count is written row by row (a count from the neighbours'
;; owners took 30k cycles a reset at 7x7).
_gb_numberlink_draw_reset:
        ld      b, a
        ld      h, d
        ld      l, e
        inc     h
        ld      c, #CELL_SLOTS
        ld      a, #TAKEN
1$:
        ld      (hl+), a
        dec     c
        jr      nz, 1$
        push    de
        ld      h, d
        ld      l, e
        inc     h                       ; HL = square 0's owner; its count is a page on
        ld      c, b                    ; C = rows left
2$:
        ld      d, #4                   ; D = a square's count inside the row
        ld      a, c
        cp      b
        jr      nz, 3$
        dec     d                       ; the first row
3$:
        dec     a
        jr      nz, 4$
        dec     d                       ; the last row
4$:
        ld      a, d
        dec     a                       ; A = the count of the row's first and last squares
        ld      (hl), #0
        inc     h
        ld      (hl+), a
        dec     h
        ld      e, b
        dec     e
        dec     e                       ; E = the squares between
5$:
        ld      (hl), #0
        inc     h
        ld      (hl), d
        dec     h
        inc     hl
        dec     e
        jr      nz, 5$
        ld      (hl), #0
        inc     h
        ld      (hl), a
        dec     h
        ld      a, #17                  ; on to the next row's first slot
        sub     b
        add     a, l
        ld      l, a
        jr      nc, 6$
        inc     h
6$:
        dec     c
        jr      nz, 2$
        pop     de
        ld      hl, #NL_FREE_WITH
        add     hl, de
        xor     a
        ld      (hl+), a
        ld      (hl+), a
        ld      (hl), #4                ; the corners
        inc     hl
        ld      a, b
        sub     #2
        ld      c, a                    ; C = n - 2
        add     a, a
        add     a, a
        ld      (hl+), a                ; the edges' 4 (n - 2) squares
        xor     a
        ld      b, c
7$:
        add     a, c
        dec     b
        jr      nz, 7$
        ld      (hl), a                 ; the (n - 2)^2 inside
        ret

;; One neighbour of square C for draw_take: when free, its count goes down by one, and
;; free_with with it. Clobbers A and HL.
        .macro  NLD_TAKE delta, ?taken
        NLD_IF_FREE delta, taken
        inc     h
        ld      a, (hl)
        dec     (hl)
        NLD_FREE_WITH
        dec     (hl)
        dec     hl
        inc     (hl)
taken:
        .endm

;; void gb_numberlink_draw_take(Solver *solver /* DE */, uint16_t square_and_number /* BC:
;; C the free square, B the path */): the square's owner is the path; it leaves free_with,
;; and its free neighbours' counts go down.
_gb_numberlink_draw_take:
        NL_AT   c
        inc     h
        ld      (hl), b
        inc     h
        ld      a, (hl)
        NLD_FREE_WITH
        dec     (hl)
        NLD_TAKE 0xF0
        NLD_TAKE 0x01
        NLD_TAKE 0x10
        NLD_TAKE 0xFF
        ret

;; uint8_t gb_numberlink_draw_nth_free(Solver *solver /* DE */, uint16_t fewest_and_pick /*
;; BC: C the count, B the pick */): the free square number B (from 0), in slot order, of
;; those whose count is C; TAKEN when there are not that many. HL walks the owners (the
;; counts one page up), D counts the slots; the square is L - E.
_gb_numberlink_draw_nth_free:
        push    de
        ld      h, d
        ld      l, e
        inc     h
        ld      d, #CELL_SLOTS
1$:
        ld      a, (hl)
        or      a
        jr      nz, 2$
        inc     h
        ld      a, (hl)
        dec     h
        cp      c
        jr      nz, 2$
        ld      a, b
        or      a
        jr      z, 3$
        dec     b
2$:
        inc     hl
        dec     d
        jr      nz, 1$
        pop     de
        ld      a, #TAKEN
        ret
3$:
        pop     de
        ld      a, l
        sub     e
        ret

        NLD_CAND        = 0             ; the square a growth looks at
        NLD_FEWEST      = 1             ; the fewest free neighbours of those kept
        NLD_SIDES       = 2             ; the sides toward those
        NLD_TURNING     = 3             ; bit 7: keep the sides that turn, if any
        NLD_FRAME       = 4
        TURNING         = 0x80          ; generate.rs's flag on the path's number

;; One side of gb_numberlink_draw_growth: the square `delta` from the end C, if free and
;; touched by no other square of path B, joins the sides kept (bit `side`) when its count is
;; the fewest so far. Clobbers A and HL.
        .macro  NLD_GROW delta, side, ?skip, ?equal, ?keep
        ld      a, c
        add     a, #delta
        cp      #CELL_SLOTS
        jr      nc, skip
        ldhl    sp, #NLD_CAND
        ld      (hl), a
        NL_AT   a
        inc     h
        ld      a, (hl)
        or      a
        jr      nz, skip
        call    nld_touched
        jr      c, skip
        ldhl    sp, #NLD_CAND
        ld      a, (hl)
        NL_AT   a
        inc     h
        inc     h
        ld      a, (hl)
        ldhl    sp, #NLD_FEWEST
        cp      (hl)
        jr      z, equal
        jr      nc, skip
        ld      (hl+), a                ; fewer: the sides kept start again
        ld      (hl), #0
        jr      keep
equal:
        inc     hl
keep:
        set     side, (hl)
skip:
        .endm

;; The side B's square is on path B (the square the path's end C grew from) for
;; draw_growth: on to `found` with A = the bit of the side straight on from C, the opposite
;; one. Clobbers A and HL.
        .macro  NLD_BACK delta, straight, found, ?apart
        ld      a, c
        add     a, #delta
        cp      #CELL_SLOTS
        jr      nc, apart
        NL_AT   a
        inc     h
        ld      a, (hl)
        cp      b
        ld      a, #straight
        jr      z, found
apart:
        .endm

;; uint8_t gb_numberlink_draw_growth(Solver *solver /* DE */, uint16_t end_and_number /* BC:
;; C the path's end, B the path, with TURNING to turn */): Drawing::growth_sides, the sides of
;; the end toward the free squares with the fewest free neighbours that touch no other square
;; of the path; with TURNING, of those the ones that do not go straight on from the square
;; before the end (the end's one neighbour on the path), when there are any.
_gb_numberlink_draw_growth:
        add     sp, #-NLD_FRAME
        ldhl    sp, #NLD_FEWEST
        ld      (hl), #5
        inc     hl
        ld      (hl), #0
        inc     hl
        ld      (hl), b                 ; NLD_TURNING
        res     7, b
        NLD_GROW 0xF0, 0
        NLD_GROW 0x01, 1
        NLD_GROW 0x10, 2
        NLD_GROW 0xFF, 3
        ldhl    sp, #NLD_TURNING
        bit     7, (hl)
        jr      z, 2$
        NLD_BACK 0xF0, 0x04, 1$
        NLD_BACK 0x01, 0x08, 1$
        NLD_BACK 0x10, 0x01, 1$
        NLD_BACK 0xFF, 0x02, 1$
        jr      2$                      ; the path's first square: no way to go on
1$:
        cpl
        ldhl    sp, #NLD_SIDES
        and     (hl)
        jr      z, 2$                   ; only straight on
        ld      (hl), a
2$:
        ldhl    sp, #NLD_SIDES
        ld      a, (hl)
        add     sp, #NLD_FRAME
        ret

;; One neighbour of the growth's square (the caller's NLD_CAND): returns with carry set when
;; it is on path B and is not the end C. Clobbers A and HL.
        .macro  NLD_TOUCH delta, ?apart
        ldhl    sp, #2 + NLD_CAND       ; above the return address
        ld      a, (hl)
        add     a, #delta
        cp      c
        jr      z, apart
        cp      #CELL_SLOTS
        jr      nc, apart
        NL_AT   a
        inc     h
        ld      a, (hl)
        cp      b
        jr      nz, apart
        scf
        ret
apart:
        .endm

;; Whether another square of path B than its end C touches the growth's square: carry set
;; when one does (touches_only's negation). Keeps BC and DE.
nld_touched:
        NLD_TOUCH 0xF0
        NLD_TOUCH 0x01
        NLD_TOUCH 0x10
        NLD_TOUCH 0xFF
        or      a
        ret

;; The generator's look for two paths that trade a stretch (Generator::paths_trade in
;; generate.rs; the Rust there is the host's and the reference), in the generator's bank 17
;; with the cut and the join that call it (`_CODE_NUMBERLINK_GENERATOR`).
;;
;; uint8_t gb_numberlink_paths_trade(Solver *solver /* DE */, uint8_t n /* A */): once
;; number_paths has put each square's path in `sides` and its place along the path in
;; `other`, lists the 2x2 blocks holding a link of each of two paths, parallel, in `scratch`
;; (four bytes a block, as the Rust's: the lower path, the higher with bit 7 set when the
;; paths run opposite ways through the block, the lower place of each link on its path), and
;; looks for two blocks of the same two paths, both crossed or neither, apart on both paths,
;; met in the same order by the paths when crossed and in opposite orders when not: 1 when
;; there are two, else 0. Two squares are linked when their places on one path are one apart.

;; void gb_numberlink_number_paths(Solver *solver /* DE */, const PathsToNumber *paths /* BC:
;; the links, the endpoint pairs and how many, as generate.rs's struct */): Drawing::
;; number_paths (the Rust there is the host's and the reference): every owner (`sides`) 0,
;; then each path walked from its first end, its squares given its number and their places
;; along it (`other`). SDCC's loop took 57k cycles a call, about 9% of a hard 7x7 puzzle's.

        NLN_LINKS       = 0             ; the links (a pointer)
        NLN_ENDS        = 2             ; the next pair of ends (a pointer)
        NLN_LEFT        = 4             ; paths left
        NLN_HERE        = 5             ; the square walked to
        NLN_FROM        = 6             ; the bit of the side it was entered by (0 at an end)
        NLN_FRAME       = 7

_gb_numberlink_number_paths:
        add     sp, #-NLN_FRAME
        push    de
        ld      d, b
        ld      e, c                    ; DE = the arguments
        ldhl    sp, #NLN_LINKS + 2
        ld      c, #5
1$:
        ld      a, (de)
        inc     de
        ld      (hl+), a
        dec     c
        jr      nz, 1$
        pop     de
        ld      h, d
        ld      l, e
        inc     h
        ld      c, #CELL_SLOTS
        xor     a
2$:
        ld      (hl+), a                ; no owner
        dec     c
        jr      nz, 2$
        ld      b, #0                   ; B = the path's number
nln_path:
        ldhl    sp, #NLN_LEFT
        ld      a, (hl)
        or      a
        jr      z, nln_done
        dec     (hl)
        inc     b
        ldhl    sp, #NLN_ENDS
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a                    ; HL = the pair
        ld      a, (hl+)                ; its first end
        inc     hl
        ld      c, h
        push    af
        ld      a, l
        ldhl    sp, #NLN_ENDS + 2
        ld      (hl+), a
        ld      (hl), c                 ; the next pair
        pop     af
        ldhl    sp, #NLN_HERE
        ld      (hl+), a
        ld      (hl), #0                ; entered by no side
        ld      c, #0                   ; C = the place
nln_step:
        ldhl    sp, #NLN_HERE
        ld      a, (hl)
        NL_AT   a
        inc     h
        ld      (hl), b                 ; its path
        inc     h
        ld      (hl), c                 ; its place
        inc     c
        push    bc
        ldhl    sp, #NLN_LINKS + 2
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a                    ; HL = the links
        push    hl
        ldhl    sp, #NLN_HERE + 4
        ld      a, (hl+)
        ld      c, a                    ; C = the square
        ld      b, (hl)                 ; B = the bit of the side it was entered by
        pop     hl
        NL_ADD_HL c
        ld      a, b
        cpl
        and     (hl)                    ; its links but the way back
        ld      c, #0xF0                ; C = the step, B = the bit of the side back
        ld      b, #4
        rrca
        jr      c, nln_next             ; up
        ld      c, #0x01
        ld      b, #8
        rrca
        jr      c, nln_next             ; right
        ld      c, #0x10
        ld      b, #1
        rrca
        jr      c, nln_next             ; down
        ld      c, #0xFF
        ld      b, #2
        rrca
        jr      c, nln_next             ; left
        pop     bc
        jr      nln_path                ; the path's other end
nln_next:
        ldhl    sp, #NLN_HERE + 2
        ld      a, (hl)
        add     a, c
        ld      (hl+), a
        ld      (hl), b
        pop     bc
        jr      nln_step
nln_done:
        add     sp, #NLN_FRAME
        ret

        NLT_LAST        = 0             ; n - 1: block positions a row, and rows of them
        NLT_ROWS        = 1             ; rows of positions left
        NLT_COLS        = 2             ; positions left in the row
        NLT_FOUND       = 3             ; bytes of blocks listed
        NLT_P1          = 4             ; the block being read: its two links' paths, lower
        NLT_P2          = 5             ; places (so laid out as its entry once the lower
        NLT_AT1         = 6             ; path is first), and whether each runs from the
        NLT_AT2         = 7             ; block's first corner
        NLT_FWD1        = 8
        NLT_FWD2        = 9
        NLT_FRAME       = 10

;; The link of one path from square B to square B + `along`: carry set when there is none;
;; else the frame's `pth` = its path, `at` = the lower place, `fwd` = 1 when the path runs
;; from B. Clobbers A and HL; keeps B, C and DE.
        .macro  NLT_LINK along, pth, at, fwd, ?forward, ?keep, ?none, ?done
        NL_AT   b
        inc     h
        ld      a, (hl)                 ; path[B]
        or      a
        jr      z, none                 ; on no path (solid)
        inc     h
        push    af
        ld      a, (hl)                 ; place[B]
        ldhl    sp, #at + 2
        ld      (hl), a
        pop     af
        ldhl    sp, #pth
        ld      (hl), a
        ld      a, b
        add     a, #along
        NL_AT   a
        inc     h
        ld      a, (hl)                 ; path[B + along]
        inc     h                       ; HL = its place
        push    hl
        ldhl    sp, #pth + 2
        cp      (hl)
        pop     hl
        jr      nz, none                ; another path
        ld      a, (hl)
        ldhl    sp, #at
        sub     (hl)                    ; place[B + along] - place[B]
        dec     a
        jr      z, forward              ; one on
        add     a, #2
        jr      nz, none                ; nor one back
        dec     (hl)                    ; the lower place, B + along's
        jr      keep                    ; A = 0: runs toward B
forward:
        inc     a
keep:
        ldhl    sp, #fwd
        ld      (hl), a
        and     a                       ; no carry
        jr      done
none:
        scf
done:
        .endm

;; The block of square C's links toward `along` (1 or 16) and of the square `across` from
;; C's (16 or 1): listed when they are of two paths and there is room. Keeps C and DE.
        .macro  NLT_BLOCK along, across, ?ordered, ?skip
        ld      b, c
        NLT_LINK along, NLT_P1, NLT_AT1, NLT_FWD1
        jp      c, skip
        ld      a, c
        add     a, #across
        ld      b, a
        NLT_LINK along, NLT_P2, NLT_AT2, NLT_FWD2
        jp      c, skip
        ldhl    sp, #NLT_FOUND
        ld      a, (hl)
        cp      #CELL_SLOTS
        jp      z, skip                 ; no room
        ldhl    sp, #NLT_P1
        ld      a, (hl+)
        ld      b, (hl)
        cp      b
        jp      z, skip                 ; one path
        jr      c, ordered
        ld      (hl-), a                ; the lower path first, with its place
        ld      (hl), b
        inc     hl
        inc     hl
        ld      a, (hl+)
        ld      b, (hl)
        ld      (hl-), a
        ld      (hl), b
ordered:
        ldhl    sp, #NLT_FWD1
        ld      a, (hl+)
        xor     (hl)
        rrca                            ; crossed: bit 7
        ldhl    sp, #NLT_P2
        or      (hl)
        ld      (hl), a
        ldhl    sp, #NLT_FOUND
        ld      a, (hl)
        add     a, #4
        ld      (hl), a
        push    bc
        push    de
        ld      hl, #NL_SCRATCH - 4
        add     hl, de
        ld      e, a
        ld      d, #0
        add     hl, de
        ld      d, h
        ld      e, l                    ; DE = the block's place in the list
        ldhl    sp, #NLT_P1 + 4
        ld      a, (hl+)
        ld      (de), a
        inc     de
        ld      a, (hl+)
        ld      (de), a
        inc     de
        ld      a, (hl+)
        ld      (de), a
        inc     de
        ld      a, (hl)
        ld      (de), a
        pop     de
        pop     bc
skip:
        .endm

_gb_numberlink_paths_trade:
        add     sp, #-NLT_FRAME
        dec     a
        ldhl    sp, #NLT_LAST
        ld      (hl+), a                ; NLT_LAST
        ld      (hl+), a                ; NLT_ROWS
        inc     hl
        ld      (hl), #0                ; NLT_FOUND
        ld      c, #0                   ; C = the block's top left square
nlt_row:
        ldhl    sp, #NLT_LAST
        ld      a, (hl+)
        inc     hl
        ld      (hl), a                 ; NLT_COLS
nlt_col:
        NLT_BLOCK 1, 16
        NLT_BLOCK 16, 1
        inc     c
        ldhl    sp, #NLT_COLS
        dec     (hl)
        jp      nz, nlt_col
        ldhl    sp, #NLT_LAST
        ld      a, c
        sub     (hl)
        add     a, #16
        ld      c, a                    ; the next row's first square
        ldhl    sp, #NLT_ROWS
        dec     (hl)
        jp      nz, nlt_row
        ;; Pairs: DE at block i, HL at block j after it, C the blocks from i on, B after j.
        ldhl    sp, #NLT_FOUND
        ld      a, (hl)
        srl     a
        srl     a
        ld      c, a
        ld      hl, #NL_SCRATCH
        add     hl, de
        ld      d, h
        ld      e, l
nlt_first:
        ld      a, c
        or      a
        jr      z, nlt_none
        dec     c
        jr      z, nlt_none             ; the last block: none after it
        ld      b, c
        ld      h, d
        ld      l, e
nlt_second:
        inc     hl
        inc     hl
        inc     hl
        inc     hl
        push    hl
        push    de
        push    bc
        ld      a, (de)
        cp      (hl)
        jr      nz, nlt_next            ; other paths
        inc     de
        inc     hl
        ld      a, (de)
        cp      (hl)
        jr      nz, nlt_next
        and     #0x80
        ld      c, a                    ; C = crossed (bit 7); bits 0 and 1: j after i
        inc     de
        inc     hl
        ld      a, (de)
        ld      b, a
        ld      a, (hl)
        sub     b                       ; on the lower path: j's place less i's
        jr      c, 1$
        inc     c
1$:
        inc     a
        cp      #3
        jr      c, nlt_next             ; not apart
        inc     de
        inc     hl
        ld      a, (de)
        ld      b, a
        ld      a, (hl)
        sub     b                       ; on the higher path
        jr      c, 2$
        inc     c
        inc     c
2$:
        inc     a
        cp      #3
        jr      c, nlt_next
        ld      a, c
        and     #3
        jr      z, 3$                   ; the same order (both before)
        cp      #3
        jr      z, 3$                   ; (both after)
        bit     7, c
        jr      z, nlt_found            ; opposite orders, not crossed
        jr      nlt_next
3$:
        bit     7, c
        jr      nz, nlt_found           ; the same order, crossed
nlt_next:
        pop     bc
        pop     de
        pop     hl
        dec     b
        jr      nz, nlt_second
        ld      a, e
        add     a, #4
        ld      e, a
        jr      nc, nlt_first
        inc     d
        jr      nlt_first
nlt_found:
        add     sp, #6
        ld      a, #1
        jr      nlt_return
nlt_none:
        xor     a
nlt_return:
        add     sp, #NLT_FRAME
        ret

;; uint8_t gb_numberlink_has_detour(const uint8_t *links /* DE */, uint8_t n /* A */):
;; generate.rs's has_detour (the Rust there is the host's and the reference): 1 when two
;; linked squares of one path make a U-turn beside a link of another path, else 0. Square C
;; is a U-turn's left or upper square when its links are a corner with the right or down one;
;; the squares around it are read through nld_at, which gives 0 past the last slot (a step
;; up from row 0 wraps past it; a step off the board's sides lands on a slot that holds no
;; links). SDCC's code for it took 32k cycles a call, once a drawing, join and cut.
        UP_RIGHT        = 0x03
        RIGHT_DOWN      = 0x06
        DOWN_LEFT       = 0x0C
        LEFT_UP         = 0x09
        RIGHT_BIT       = 0x02
        DOWN_BIT        = 0x04
_gb_numberlink_has_detour:
        ld      b, a                    ; B = n
        ld      c, #0                   ; C = the square
nld_square:
        ld      l, c
        ld      h, #0
        add     hl, de
        ld      a, (hl)
        cp      #UP_RIGHT
        jr      z, nld_up_right
        cp      #RIGHT_DOWN
        jr      z, nld_right_down
        cp      #DOWN_LEFT
        jr      z, nld_down_left
nld_next:
        inc     c
        ld      a, c
        and     #0x0F
        cp      b
        jr      nz, nld_square
        ld      a, c
        and     #0xF0
        add     a, #16
        ld      c, a                    ; the next row's first square
        swap    a
        cp      b
        jr      nz, nld_square
        xor     a
        ret
nld_up_right:                           ; the right square's links left and up, below a link right
        ld      a, c
        inc     a
        call    nld_at
        cp      #LEFT_UP
        jr      nz, nld_next
        ld      a, c
        add     a, #16
        call    nld_at
        and     #RIGHT_BIT
        jr      z, nld_next
        jr      nld_found
nld_right_down:                         ; the right square's down and left, above a link right
        ld      a, c
        inc     a
        call    nld_at
        cp      #DOWN_LEFT
        jr      nz, 1$
        ld      a, c
        sub     #16
        call    nld_at
        and     #RIGHT_BIT
        jr      nz, nld_found
1$:                                     ; or the lower square's up and right, left of a link down
        ld      a, c
        add     a, #16
        call    nld_at
        cp      #UP_RIGHT
        jr      nz, nld_next
        ld      a, c
        dec     a
        call    nld_at
        and     #DOWN_BIT
        jr      z, nld_next
        jr      nld_found
nld_down_left:                          ; the lower square's left and up, right of a link down
        ld      a, c
        add     a, #16
        call    nld_at
        cp      #LEFT_UP
        jr      nz, nld_next
        ld      a, c
        inc     a
        call    nld_at
        and     #DOWN_BIT
        jr      z, nld_next
nld_found:
        ld      a, #1
        ret

;; A = the links of square A (0 past the last slot). Keeps BC and DE.
nld_at:
        cp      #CELL_SLOTS
        jr      nc, 1$
        ld      l, a
        ld      h, #0
        add     hl, de
        ld      a, (hl)
        ret
1$:
        xor     a
        ret
