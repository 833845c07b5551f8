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
