;; crt0 for Hitori on the DMG and the Color: vectors, entry, RAM set-up and the few CPU instructions that
;; Rust cannot reach on our route (no inline asm survives Rust -> LLVM IR -> C -> SDCC).
;; Hardware reference: Pan Docs, "Memory Map", "Interrupts", "OAM DMA Transfer", "halt".
;; Calling convention (SDCC 4.2 sm83, sdcccall(1)): a 16-bit first argument arrives in DE,
;; an 8-bit one in A; 16-bit results return in BC. Only registers the callee may clobber are used.

        .module crt0

        .globl  _rust_main
        .globl  _rust_vblank
        .globl  _rust_worker
        .globl  _cbe_trap
        .globl  _gb_halt
        .globl  _gb_enable_interrupts
        .globl  _gb_disable_interrupts
        .globl  _gb_oam_dma
        .globl  _gb_copy
        .globl  _gb_copy_attributes
        .globl  _gb_running_sums
        .globl  _gb_rng_below
        .globl  _gb_sudoku_singles
        .globl  _gb_sudoku_set_digits
        .globl  _gb_worker_reset
        .globl  _gb_worker_run
        .globl  _gb_worker_yield
        .globl  ___sdcc_bcall_ehl
        .globl  l__INITIALIZER
        .globl  _cbe_init_data
        .globl  s__INITIALIZER
        .globl  s__INITIALIZED

        ;; Shadow OAM lives at 0xC000 (page aligned, as DMA takes the source's high byte);
        ;; the linker places C data from 0xC100 (see tools/gbrom).
        SHADOW_OAM_PAGE = 0xC0
        STACK_TOP       = 0xE000
        WRAM_START      = 0xC000
        WRAM_SIZE       = 0x2000
        HRAM_START      = 0xFF80
        HRAM_SIZE       = 0x7F
        REG_DMA_LOW     = 0x46          ; 0xFF46, written with ldh
        REG_IF_LOW      = 0x0F          ; 0xFF0F: interrupts requested
        VBLANK_BIT      = 0x01
        TRAP_STRAY_RST38 = 0xFFFF       ; cbe_trap id: execution ran into 0xFF filler bytes
        ;; MBC5 (Pan Docs, "MBC5"): the ROM bank mapped at 0x4000-0x7FFF is written in two
        ;; parts, bits 0-7 to 0x2000-0x2FFF and bit 8 to 0x3000-0x3FFF.
        MBC5_ROM_BANK_LOW  = 0x2000
        MBC5_ROM_BANK_HIGH = 0x3000
        ;; The bank mapped at 0x4000 (HRAM, below IE at 0xFFFF; the OAM DMA routine sits at
        ;; the start of HRAM). Read by the trampoline; C may read `current_rom_bank`.
        _current_rom_bank == 0xFFFE
        CURRENT_ROM_BANK_LOW = 0xFE     ; for ldh
        ;; 1 while the background worker runs (HRAM 0xFFFD, cleared at boot): the VBlank
        ;; handler then switches back to the main program (see "Background worker" below).
        IN_WORKER_LOW = 0xFD
        ;; The A register at the cartridge's entry (HRAM 0xFFFC): 0x11 on a Color in CGB mode,
        ;; 0x01 on the DMG (Pan Docs, "Power Up Sequence"). Read by gb_hal::cgb::Model::at_boot.
        _gb_boot_a == 0xFFFC
        BOOT_A_LOW = 0xFC
        ;; gb_copy_attributes' count of attributes left to write (HRAM 0xFFFB): every other
        ;; register holds a pointer or a span.
        ATTRIBUTES_LEFT_LOW = 0xFB

        .area   _HEADER (ABS)

        ;; Reading unprogrammed ROM or a wild jump executes 0xFF = `rst 0x38`; report it
        ;; instead of recursing through the stack forever.
        .org    0x38
        ld      sp, #STACK_TOP
        ld      de, #TRAP_STRAY_RST38
        jp      _cbe_trap

        .org    0x40            ; VBlank
        jp      vblank_interrupt
        .org    0x48            ; LCD STAT (never enabled)
        reti
        .org    0x50            ; timer (never enabled)
        reti
        .org    0x58            ; serial (never enabled)
        reti
        .org    0x60            ; joypad (never enabled)
        reti

        .org    0x100           ; entry point; 0x104-0x14F is the header, written by makebin -Z
        nop
        jp      start

        ;; Area order: read-only areas follow _CODE in ROM, writable ones start at the data
        ;; address in WRAM. Declared here because crt0 is the first object the linker sees.
        .area   _HOME
        .area   _CODE
        .area   _INITIALIZER
        .area   _GSINIT
        .area   _GSFINAL
        .area   _DATA
        .area   _INITIALIZED
        .area   _BSS
        .area   _HEAP

        .area   _HOME

start:
        di
        ld      sp, #STACK_TOP
        ;; A tells the machine (0x11: a Color); C keeps it through the RAM clearing below,
        ;; which leaves C alone, until it is stored in HRAM.
        ld      c, a
        ;; WRAM and HRAM hold random values at power-on; C statics need zeroes. No call may
        ;; happen before this loop ends, since it also clears the stack's page.
        ;; 16 bytes a turn (about 9 cycles a byte instead of 40): boot is LCD-off time the
        ;; player waits through. D counts 256-turn rounds (E starts at 0: 256 turns each).
        .if (WRAM_SIZE / 16) % 256
        .error  1               ; the rounds below need a whole number of 256-turn rounds
        .endif
        ld      hl, #WRAM_START
        ld      de, #(WRAM_SIZE / 16)
        xor     a
clear_wram:
        .rept   16
        ld      (hl+), a
        .endm
        dec     e
        jr      nz, clear_wram
        dec     d
        jr      nz, clear_wram

        ld      hl, #HRAM_START
        ld      b, #HRAM_SIZE
        xor     a
clear_hram:
        ld      (hl+), a
        dec     b
        jr      nz, clear_hram
        ld      a, c
        ldh     (BOOT_A_LOW), a

        ;; Bank 1 at 0x4000 (MBC5's state at power-on, set explicitly). Banks above 255 are
        ;; never used (the trampoline takes the bank in one register), so bit 8 stays 0.
        ld      a, #1
        ldh     (CURRENT_ROM_BANK_LOW), a
        ld      (MBC5_ROM_BANK_LOW), a
        xor     a
        ld      (MBC5_ROM_BANK_HIGH), a

        ;; The DMA routine must run from HRAM: during OAM DMA the CPU can only read HRAM.
        ld      hl, #oam_dma_routine
        ld      de, #HRAM_START
        ld      b, #(oam_dma_routine_end - oam_dma_routine)
copy_dma_routine:
        ld      a, (hl+)
        ld      (de), a
        inc     de
        dec     b
        jr      nz, copy_dma_routine

        ;; Initialised mutable statics: copy their values from ROM (_INITIALIZER) to WRAM.
        ld      hl, #s__INITIALIZER
        ld      de, #s__INITIALIZED
        ld      bc, #l__INITIALIZER
copy_initialised_data:
        ld      a, b
        or      c
        jr      z, initialised_data_done
        ld      a, (hl+)
        ld      (de), a
        inc     de
        dec     bc
        jr      copy_initialised_data
initialised_data_done:
        ;; Mostly-zero statics live in cleared RAM; this sets their other bytes (tools/cbe).
        call    _cbe_init_data

        call    gsinit
        call    _rust_main
        ;; rust_main never returns; should it, stop here rather than run into data.
halt_forever:
        halt
        nop
        jr      halt_forever

vblank_interrupt:
        push    af
        push    bc
        push    de
        push    hl
        call    _rust_vblank
        ldh     a, (IN_WORKER_LOW)
        or      a
        jr      z, vblank_return
        ;; The worker was running: the main program, which waits for this VBlank, goes on.
        jr      worker_stop
vblank_return:
        pop     hl
        pop     de
        pop     bc
        pop     af
        reti

;; Background worker (docs/ARCHITECTURE.md, "Background worker"): a second context that runs
;; `rust_worker` on a stack of its own while the main program waits for VBlank. A stopped
;; context keeps on its stack, from the top: its return address, AF, BC, DE, HL and its ROM
;; bank (pushed as AF), 12 bytes; its stack pointer is saved in `main_sp` or `worker_sp`.
;; The main program calls `gb_worker_run`, which returns when the worker calls
;; `gb_worker_yield` or at the next VBlank interrupt, whose handler switches back.

;; void gb_worker_reset(uint8_t *stack_top /* DE */): the next `gb_worker_run` starts
;; `rust_worker` afresh on the stack below `stack_top` (whatever the worker was doing is
;; dropped). Call it only from the main program.
_gb_worker_reset:
        ld      h, d
        ld      l, e
        dec     hl
        ld      (hl), #>worker_start
        dec     hl
        ld      (hl), #<worker_start
        ld      bc, #-9
        add     hl, bc          ; top - 11: the bank (A of the last push)
        ldh     a, (CURRENT_ROM_BANK_LOW)
        ld      (hl), a         ; worker_start is in bank 0: any mapped bank will do
        dec     hl
        ld      a, l
        ld      (worker_sp), a
        ld      a, h
        ld      (worker_sp + 1), a
        ret

;; Should rust_worker return, the worker gives the CPU back whenever it is run.
worker_start:
        call    _rust_worker
worker_done:
        call    _gb_worker_yield
        jr      worker_done

;; void gb_worker_run(const uint8_t *waiting /* DE */): the main program runs the worker until
;; it yields or the next VBlank interrupt, unless the byte at `waiting` is already 0 or a
;; VBlank interrupt is already due: checked with interrupts off, so that a VBlank that came
;; just before the call never leaves the worker a whole frame of the main loop's.
_gb_worker_run:
        di
        ld      a, (de)
        or      a
        jr      z, worker_not_run
        ldh     a, (REG_IF_LOW)
        and     a, #VBLANK_BIT
        jr      z, worker_switch
worker_not_run:
        reti
worker_switch:
        push    af
        push    bc
        push    de
        push    hl
        ldh     a, (CURRENT_ROM_BANK_LOW)
        push    af
        ld      (main_sp), sp
        ld      a, #1
        ldh     (IN_WORKER_LOW), a
        ld      hl, #worker_sp
        jr      resume_context

;; void gb_worker_yield(void): the worker gives the CPU back to the main program.
_gb_worker_yield:
        di
        push    af
        push    bc
        push    de
        push    hl
;; The worker's registers are pushed (here, or by the VBlank handler): it stops here.
worker_stop:
        ldh     a, (CURRENT_ROM_BANK_LOW)
        push    af
        ld      (worker_sp), sp
        xor     a
        ldh     (IN_WORKER_LOW), a
        ld      hl, #main_sp

;; Goes on with the context whose saved stack pointer HL points at, interrupts enabled (both
;; contexts stop with them enabled: in `gb_worker_run`/`gb_worker_yield` or the handler).
resume_context:
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        ld      sp, hl
        pop     af
        ldh     (CURRENT_ROM_BANK_LOW), a
        ld      (MBC5_ROM_BANK_LOW), a
        pop     hl
        pop     de
        pop     bc
        pop     af
        reti

;; `halt` waits for the next enabled interrupt. The `nop` keeps the halt bug (the byte after
;; halt read twice when IME=0 and an interrupt is pending) away from real code.
_gb_halt:
        halt
        nop
        ret

_gb_enable_interrupts:
        ei
        ret

_gb_disable_interrupts:
        di
        ret

;; Banked call trampoline (SDCC 4.2 sm83 `__banked` calls): the caller pushed the arguments,
;; loaded the callee's bank in E and its address in HL and called here. The callee finds its
;; first argument at SP+6: the return into this routine, the 2 bytes saved below, the return
;; to the caller. Its result comes back in A, BC or DEBC, so restoring the caller's bank must
;; not touch A, B, C, D or E: A waits in L. Interrupt handlers run bank-0 code only and never
;; switch banks, so an interrupt between the two writes below is harmless.
___sdcc_bcall_ehl:
        ldh     a, (CURRENT_ROM_BANK_LOW)
        push    af                      ; the caller's bank
        ld      a, e
        ldh     (CURRENT_ROM_BANK_LOW), a
        ld      (MBC5_ROM_BANK_LOW), a
        call    jump_to_hl
        ld      l, a
        pop     af
        ldh     (CURRENT_ROM_BANK_LOW), a
        ld      (MBC5_ROM_BANK_LOW), a
        ld      a, l
        ret
jump_to_hl:
        jp      (hl)

;; void gb_copy(uint8_t *to /* DE */, const uint8_t *from /* BC */, uint16_t count /* stack */):
;; copies count bytes (0 included) upwards. An external routine, so LLVM keeps the copy whole
;; and in program order among volatile accesses (gb-hal's SRAM reads and writes rely on it).
;; SDCC's convention: the callee removes the stack argument.
_gb_copy:
        ldhl    sp, #2
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a            ; HL = count
        inc     h               ; count as L down to 0, then H - 1 more rounds of 256
        inc     l
        jr      gb_copy_next
gb_copy_byte:
        ld      a, (bc)
        ld      (de), a
        inc     bc
        inc     de
gb_copy_next:
        dec     l
        jr      nz, gb_copy_byte
        dec     h
        jr      nz, gb_copy_byte
        pop     hl
        inc     sp
        inc     sp
        jp      (hl)

;; void gb_copy_attributes(uint8_t *to /* DE */, const uint8_t *tiles /* BC */,
;;                         uint16_t count /* stack */, uint16_t spans /* stack */):
;; writes count (1 to 255) map attributes, one for each tile index: palette 1 for tiles in
;; the first span of spans (from its low byte, its high byte of them), palette 2 in the span
;; right after it, else palette 0 (gb_hal::cgb::PaletteSpans). The caller maps VRAM bank 1.
;; Runs of a board's changed cells are copied in VBlank beside their tiles: 30 machine
;; cycles an attribute here (gb_copy: 12 a byte).
_gb_copy_attributes:
        ldhl    sp, #2
        ld      a, (hl+)
        ldh     (ATTRIBUTES_LEFT_LOW), a
        inc     hl
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        push    hl
        ld      h, b
        ld      l, c            ; HL = tiles
        pop     bc              ; C = the first span's first tile, B = tiles in a span
gb_copy_attributes_tile:
        ld      a, (hl+)
        sub     c               ; wraps below the first span, past both spans
        cp      b
        jr      c, gb_copy_attributes_first
        sub     b
        cp      b
        ld      a, #2           ; (ld keeps the flags)
        jr      c, gb_copy_attributes_store
        xor     a
        jr      gb_copy_attributes_store
gb_copy_attributes_first:
        ld      a, #1
gb_copy_attributes_store:
        ld      (de), a
        inc     de
        ldh     a, (ATTRIBUTES_LEFT_LOW)
        dec     a
        ldh     (ATTRIBUTES_LEFT_LOW), a
        jr      nz, gb_copy_attributes_tile
        pop     hl
        add     sp, #4
        jp      (hl)

;; uint16_t gb_running_sums(const uint8_t *bytes /* DE */, uint16_t count /* BC */,
;;                          uint16_t start /* stack */):
;; two running byte sums over count bytes (0 included), the first (low byte) of the bytes, the
;; second (high byte) of the first after each byte, both from start's bytes, modulo 256. Save
;; records end with it (src/game/save.rs): 48 cycles a byte here, about 240 in SDCC's loop.
_gb_running_sums:
        ldhl    sp, #2
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a            ; L = first sum, H = second
        inc     b               ; count as C down to 0, then B - 1 more rounds of 256
        inc     c
        jr      gb_running_sums_next
gb_running_sums_byte:
        ld      a, (de)
        inc     de
        add     a, l
        ld      l, a
        add     a, h
        ld      h, a
gb_running_sums_next:
        dec     c
        jr      nz, gb_running_sums_byte
        dec     b
        jr      nz, gb_running_sums_byte
        ld      c, l
        ld      b, h            ; the result in BC
        pop     hl
        inc     sp
        inc     sp
        jp      (hl)

;; uint8_t gb_rng_below(Rng *rng /* DE */, uint8_t bound /* A */): hitori::puzzles::rng's
;; Rng::below (the Rust there is the reference and the host's): xorshift steps on the state's
;; two words (x at +0, y at +2, little-endian) until bits 4-11 of the new y, masked to the
;; next power of two above bound - 1, fall below bound (bound >= 1). The shifts by 5 and 3 are
;; a swap and a rotate with masks, where SDCC loops a bit at a time. Result in A.
_gb_rng_below:
        ld      h, d
        ld      l, e            ; HL = rng
        ld      b, a            ; B = bound
        dec     a
        ld      c, a
        srl     a
        or      c
        ld      c, a
        srl     a
        srl     a
        or      c
        ld      c, a
        swap    a
        and     #0x0F
        or      c
        ld      c, a            ; C = mask
        push    bc              ; kept on the stack: every register is needed for a step
gb_rng_below_step:
        ld      a, (hl+)
        ld      c, a
        ld      a, (hl+)
        ld      b, a            ; BC = x, HL = &y
        ;; t = x ^ (x << 5): a byte rotated left by 5 holds its own bits 5-7 low and bits 0-2 high
        ld      a, c
        swap    a
        rlca
        ld      d, a
        and     #0xE0
        xor     c
        ld      c, a
        ld      a, b
        swap    a
        rlca
        and     #0xE0
        ld      e, a
        ld      a, d
        and     #0x1F
        or      e
        xor     b
        ld      b, a            ; BC = t
        ;; t ^ (t >> 3), by the same rotation
        ld      a, b
        swap    a
        rlca
        ld      d, a
        ld      a, c
        swap    a
        rlca
        and     #0x1F
        ld      e, a
        ld      a, d
        and     #0xE0
        or      e
        xor     c
        ld      c, a
        ld      a, d
        and     #0x1F
        xor     b
        ld      b, a            ; BC = t ^ (t >> 3)
        ld      a, (hl+)
        ld      e, a
        ld      a, (hl-)
        ld      d, a            ; DE = y, HL = &y
        dec     hl
        ld      (hl), d
        dec     hl
        ld      (hl), e         ; x = y, HL = rng
        ;; y ^= (y >> 1) ^ BC; the low byte first, taking bit 0 of the high byte through carry
        ld      a, d
        rra
        ld      a, e
        rra
        xor     e
        xor     c
        ld      c, a
        ld      a, d
        srl     a
        xor     d
        xor     b
        ld      b, a            ; BC = the new y
        inc     hl
        inc     hl
        ld      a, c
        ld      (hl+), a
        ld      (hl), b
        dec     hl
        dec     hl
        dec     hl              ; HL = rng
        ;; bits 4-11 of y: the high nibble of its low byte and the low nibble of its high byte
        ld      a, c
        swap    a
        and     #0x0F
        ld      c, a
        ld      a, b
        swap    a
        and     #0xF0
        or      c
        pop     de              ; E = mask, D = bound
        and     e
        cp      d
        ret     c
        push    de
        jr      gb_rng_below_step

;; uint8_t gb_sudoku_singles(Logic *logic /* DE */, uint16_t *scratch /* BC */):
;; hitori::puzzles::sudoku::logic's Logic::singles (the Rust there is the host's): places
;; naked and hidden singles until none is left. The grid reached does not depend on the order
;; singles are found in (each is a digit every solution has there), so this finds them its own
;; way: a pass computes every open cell's candidates (the digits its three units lack, less
;; those excluded), places a cell with one at once, and adds the others to its units' digits
;; seen once and twice (4 bytes a unit in scratch: once and twice low, once and twice high);
;; then a digit seen once in a unit and not yet placed there goes in the unit's cell that has
;; it as a candidate now, if one does. Passes until one places nothing. Logic is repr(C):
;; used (27 words) at 0, excluded (81 words) at 54, digits (81 bytes) at 216, open at 297.
;; Returns 1 in A when it placed a digit. Frame: the flags and loop variables below, then
;; logic and scratch as pushed.
        GBS_USED        = 0
        GBS_EXCLUDED    = 54
        GBS_DIGITS      = 216
        GBS_OPEN        = 297
        GBS_ANY         = 0             ; a digit placed by this call
        GBS_PASS        = 1             ; a digit placed by this pass
        GBS_INDEX       = 2             ; the cell (first half of a pass) or unit (second)
        GBS_SLOT        = 3             ; slots of the unit left to look at
        GBS_CELL        = 4             ; the cell looked at
        GBS_LONE        = 5             ; the unit's digits seen once not yet placed (2 bytes)
        GBS_BIT         = 7             ; the digit placed (its bit, 2 bytes)
        GBS_LIST        = 9             ; the next of the unit's cells (2 bytes)
        GBS_LOGIC       = 11
        GBS_SCRATCH     = 13
        GBS_FRAME       = 11            ; bytes below the pushed arguments
_gb_sudoku_singles:
        push    bc
        push    de
        add     sp, #-GBS_FRAME
        xor     a
        ldhl    sp, #GBS_ANY
        ld      (hl), a
gbs_pass:
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
        call    gbs_seen
        call    gbs_seen
        call    gbs_seen
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
        ld      de, #gbs_unit_cells
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
        or      a
        jp      nz, gbs_pass
        ldhl    sp, #GBS_ANY
        ld      a, (hl)
        add     sp, #GBS_FRAME + 4
        ret

;; Called from gb_sudoku_singles' own level: puts digit BC (one bit) in cell A and sets both
;; flags. The frame is 2 bytes further up here.
gbs_place_here:
        push    af
        ldhl    sp, #GBS_LOGIC + 4
        ld      a, (hl+)
        ld      h, (hl)
        ld      l, a
        pop     af
        call    gbs_place
        ldhl    sp, #GBS_ANY + 2
        ld      a, #1
        ld      (hl+), a
        ld      (hl), a                 ; GBS_PASS
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
        call    gbs_or_used
        call    gbs_or_used
        call    gbs_or_used
        ld      a, c
        cpl
        ld      c, a
        ld      a, b
        cpl
        and     #1
        ld      b, a
        ret

;; BC |= the used word at logic (HL) plus the offset at (DE); DE advanced, HL kept.
gbs_or_used:
        ld      a, (de)
        inc     de
        push    hl
        add     a, l
        ld      l, a
        jr      nc, 1$
        inc     h
1$:
        ld      a, (hl+)
        or      c
        ld      c, a
        ld      a, (hl)
        or      b
        ld      b, a
        pop     hl
        ret

;; Adds candidates BC to the digits seen once and twice of the unit at offset (DE) (doubled:
;; 4 bytes a unit) in scratch (HL); DE advanced, HL and BC kept.
gbs_seen:
        ld      a, (de)
        inc     de
        push    hl
        add     a, a
        add     a, l
        ld      l, a
        jr      nc, 1$
        inc     h
1$:
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
        pop     hl
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
;; The nine cells of each unit (rows, columns, boxes), as grid.rs's UNIT_CELLS.
gbs_unit_cells:
        .db     0, 1, 2, 3, 4, 5, 6, 7, 8
        .db     9, 10, 11, 12, 13, 14, 15, 16, 17
        .db     18, 19, 20, 21, 22, 23, 24, 25, 26
        .db     27, 28, 29, 30, 31, 32, 33, 34, 35
        .db     36, 37, 38, 39, 40, 41, 42, 43, 44
        .db     45, 46, 47, 48, 49, 50, 51, 52, 53
        .db     54, 55, 56, 57, 58, 59, 60, 61, 62
        .db     63, 64, 65, 66, 67, 68, 69, 70, 71
        .db     72, 73, 74, 75, 76, 77, 78, 79, 80
        .db     0, 9, 18, 27, 36, 45, 54, 63, 72
        .db     1, 10, 19, 28, 37, 46, 55, 64, 73
        .db     2, 11, 20, 29, 38, 47, 56, 65, 74
        .db     3, 12, 21, 30, 39, 48, 57, 66, 75
        .db     4, 13, 22, 31, 40, 49, 58, 67, 76
        .db     5, 14, 23, 32, 41, 50, 59, 68, 77
        .db     6, 15, 24, 33, 42, 51, 60, 69, 78
        .db     7, 16, 25, 34, 43, 52, 61, 70, 79
        .db     8, 17, 26, 35, 44, 53, 62, 71, 80
        .db     0, 1, 2, 9, 10, 11, 18, 19, 20
        .db     3, 4, 5, 12, 13, 14, 21, 22, 23
        .db     6, 7, 8, 15, 16, 17, 24, 25, 26
        .db     27, 28, 29, 36, 37, 38, 45, 46, 47
        .db     30, 31, 32, 39, 40, 41, 48, 49, 50
        .db     33, 34, 35, 42, 43, 44, 51, 52, 53
        .db     54, 55, 56, 63, 64, 65, 72, 73, 74
        .db     57, 58, 59, 66, 67, 68, 75, 76, 77
        .db     60, 61, 62, 69, 70, 71, 78, 79, 80

;; Copies the shadow OAM (0xC000-0xC09F) to OAM. Call during VBlank with no interrupt able to
;; fire for 160 microseconds (only VBlank is ever enabled, and it has just been serviced).
_gb_oam_dma:
        jp      HRAM_START

;; Copied to HRAM by start; position independent (relative jump only).
oam_dma_routine:
        ld      a, #SHADOW_OAM_PAGE
        ldh     (REG_DMA_LOW), a
        ld      a, #40          ; 40 x 4 cycles = 160 microseconds, the DMA's duration
oam_dma_wait:
        dec     a
        jr      nz, oam_dma_wait
        ret
oam_dma_routine_end:

        ;; The stopped context's stack pointers (cleared with WRAM at boot).
        .area   _DATA
main_sp:
        .ds     2
worker_sp:
        .ds     2

        ;; SDCC may emit static-initialisation code into _GSINIT; _GSFINAL closes it.
        .area   _GSINIT
gsinit::
        .area   _GSFINAL
        ret
