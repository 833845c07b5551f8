//! The console side of `make bench-engine`: one puzzle engine's jobs, built for the Game Boy.
//! Hitori's by default (`hitori`), Baby Lizards' with the `lizards` feature, Sudoku's with
//! `sudoku`, Numberlink's with `numberlink`: one engine a ROM, since two together pass the
//! 32 KiB of unbanked ROM. Each job calls `bench_*` functions, which the host side
//! (`tools/engine-bench`) times from entry to return, and prints one line over the serial
//! port, which the host checks against the same puzzle generated on the host; the output
//! ends with a lone `.` (or `!` and the function id of a trap).
#![no_std]

use gb_hal::serial;

#[cfg(any(
    all(feature = "lizards", feature = "sudoku"),
    all(feature = "lizards", feature = "numberlink"),
    all(feature = "sudoku", feature = "numberlink")
))]
compile_error!("one puzzle's jobs a ROM: build with one of `lizards`, `sudoku` and `numberlink`");

#[cfg(not(any(feature = "lizards", feature = "sudoku", feature = "numberlink")))]
mod hitori;
#[cfg(feature = "lizards")]
mod lizards;
#[cfg(feature = "numberlink")]
mod numberlink;
#[cfg(feature = "sudoku")]
mod sudoku;

/// A decimal build-time setting, `default` when unset.
pub(crate) const fn knob(text: Option<&str>, default: u16) -> u16 {
    let Some(text) = text else { return default };
    let (bytes, mut value, mut i) = (text.as_bytes(), 0u16, 0);
    while i < bytes.len() {
        value = value * 10 + (bytes[i] - b'0') as u16;
        i += 1;
    }
    value
}

/// One line of output: `prefix`, then `values` in decimal separated by spaces.
fn send_line(prefix: &[u8], values: &[u16]) {
    serial::write_bytes(prefix);
    for (i, &value) in values.iter().enumerate() {
        if i > 0 {
            serial::write_byte(b' ');
        }
        send_decimal(value);
    }
    serial::write_byte(b'\n');
}

fn send_decimal(mut value: u16) {
    let mut digits = [0u8; 5];
    let mut count = 0;
    loop {
        digits[count] = b'0' + (value % 10) as u8;
        count += 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    while count > 0 {
        count -= 1;
        serial::write_byte(digits[count]);
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_main() {
    #[cfg(not(any(feature = "lizards", feature = "sudoku", feature = "numberlink")))]
    hitori::jobs();
    #[cfg(feature = "lizards")]
    lizards::jobs();
    #[cfg(feature = "sudoku")]
    sudoku::jobs();
    #[cfg(feature = "numberlink")]
    numberlink::jobs();
    serial::write_byte(b'.');
    loop {}
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {}

/// crt0 starts it as the background worker; this program has none, so it never runs. Not
/// empty: LLVM would merge it with the empty `rust_vblank` into an alias.
#[unsafe(no_mangle)]
pub extern "C" fn rust_worker() {
    loop {}
}

/// A trap (failed bounds check, overflow, `unreachable`) prints `!` and the function id.
#[unsafe(no_mangle)]
pub extern "C" fn cbe_trap(function: u16) -> ! {
    serial::write_byte(b'!');
    send_decimal(function);
    serial::write_byte(b'.');
    loop {}
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
