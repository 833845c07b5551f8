//! C names for module symbols.
//!
//! External unmangled names (`#[no_mangle]`, C declarations) keep their exact spelling: crt0
//! and the runtime call them. Everything else gets a short generated name, `f<id>_<fragment>`
//! for functions and `g<id>_<fragment>` for data, where the fragment is a readable piece of the
//! demangled Rust path; the symbol map gives the full path.

/// Longest readable fragment appended to generated names (the whole name stays under 40).
const FRAGMENT_CHARS: usize = 28;

pub fn is_rust_mangled(name: &str) -> bool {
    name.starts_with("_R") || name.starts_with("_ZN")
}

/// The Rust path for a symbol (without the hash suffix), or the name itself.
pub fn demangle(name: &str) -> String {
    if is_rust_mangled(name) {
        format!("{:#}", rustc_demangle::demangle(name))
    } else {
        name.to_string()
    }
}

const C_KEYWORDS: &[&str] = &[
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
    "_Noreturn", "_Static_assert", "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Complex", "_Imaginary",
    "_Thread_local", "main",
];

pub fn is_c_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !C_KEYWORDS.contains(&name)
}

/// Whether a name has the shape of the names this back end generates (a letter, digits, then
/// the end or `_`): an exact external name of that shape could clash with them.
pub fn looks_generated(name: &str) -> bool {
    let mut chars = name.chars();
    if !matches!(chars.next(), Some('f' | 'g' | 'k' | 'v' | 'p' | 'a' | 't' | 'b' | 'o')) {
        return false;
    }
    let rest: String = chars.collect();
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && (digits == rest.len() || rest[digits..].starts_with('_'))
}

/// A readable identifier fragment: the tail of a Rust path (the item name matters most), or
/// the head of any other name (private constants are called `alloc_<hash>`, `vtable.0`...).
pub fn fragment(original: &str) -> String {
    let rust = is_rust_mangled(original);
    let text = demangle(original);
    let mut clean = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            clean.push(c);
        } else if !clean.ends_with('_') {
            clean.push('_');
        }
    }
    let mut clean = clean.trim_matches('_');
    // rustc's private constants end in a 32-digit hash (`alloc_50875efe...`): drop it.
    if let Some((head, tail)) = clean.rsplit_once('_')
        && tail.len() >= 16
        && tail.chars().all(|c| c.is_ascii_hexdigit())
    {
        clean = head;
    }
    let piece = if clean.len() <= FRAGMENT_CHARS {
        clean
    } else if rust {
        let tail = &clean[clean.len() - FRAGMENT_CHARS..];
        // Start at a word boundary when there is one.
        match tail.find('_') {
            Some(i) if i + 1 < tail.len() => &tail[i + 1..],
            _ => tail,
        }
    } else {
        &clean[..FRAGMENT_CHARS]
    };
    piece.trim_matches('_').to_string()
}

/// The generated name for symbol number `id` of a kind (`'f'` functions, `'g'` data).
pub fn generated(kind: char, id: usize, original: &str) -> String {
    let frag = fragment(original);
    if frag.is_empty() { format!("{kind}{id}") } else { format!("{kind}{id}_{frag}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_are_short_and_readable() {
        let f = fragment("_RNvXs_CsDEznSwUOgz_5probeNtB4_4RectNtB4_5Shape4area");
        assert_eq!(f, "Rect_as_probe_Shape_area");
        assert_eq!(fragment("vtable.0"), "vtable_0");
        assert_eq!(fragment("alloc_50875efec02f4e3128f13f45967bec4a"), "alloc");
        assert_eq!(generated('g', 3, "vtable.1"), "g3_vtable_1");
    }

    #[test]
    fn exact_names_that_could_clash_are_detected() {
        assert!(looks_generated("f12"));
        assert!(looks_generated("g3_table"));
        assert!(!looks_generated("rust_main"));
        assert!(!looks_generated("gb_halt"));
        assert!(is_c_identifier("rust_main"));
        assert!(!is_c_identifier("vtable.0"));
        assert!(!is_c_identifier("int"));
    }
}
