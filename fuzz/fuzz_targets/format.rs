//! The formatter on arbitrary text: idempotent, and the formatted file has the same meaning:
//! the same diagnostics, compared as the sorted list of (code, severity, message) (spans move
//! when spaces change; the order of two diagnostics that start at the same place may too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fn meaning(text: &str) -> Vec<(&'static str, &'static str, String)> {
    let mut list: Vec<_> = carc_analysis::analyze(text)
        .diagnostics()
        .iter()
        .map(|d| (d.code.as_str(), d.severity.as_str(), d.message.clone()))
        .collect();
    list.sort();
    list
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let once = carc_notation::format(text);
    let twice = carc_notation::format(&once);
    assert_eq!(once, twice, "format is not idempotent on {text:?}");
    assert_eq!(
        meaning(text),
        meaning(&once),
        "formatting changed the diagnostics of {text:?} (formatted {once:?})"
    );
});
