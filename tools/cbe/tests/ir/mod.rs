//! Translating a hand-written IR module for the AVR target, for tests that check what the back
//! end makes of particular IR (or refuses).

use std::path::PathBuf;

/// Writes `body` as a module with the AVR data layout to the test's temporary directory and
/// translates it.
pub fn translate_ir(name: &str, body: &str) -> Result<cbe::Translation, cbe::Error> {
    let module = format!(
        "target datalayout = \"e-P1-p:16:8-i8:8-i16:8-i32:8-i64:8-f32:8-f64:8-n8:16-a:8\"\n\
         target triple = \"avr-unknown-unknown\"\n{body}"
    );
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.ll"));
    std::fs::write(&path, module).unwrap();
    cbe::translate_file(&path)
}
