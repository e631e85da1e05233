//! The examples of docs/notation.md mean what the text around them says: every code block of
//! the sections "Worked examples", "Excerpts and `rules whole-board`", "Refused moves", "The
//! River" and "Traders & Builders" is a whole file that produces exactly its `# error: CODE`
//! (or `# warning: CODE`) annotations (trailing, on the line they follow), and nothing else;
//! the worked examples carry no annotation: they check clean.

use std::collections::BTreeSet;
use std::path::Path;

use carc_analysis::analyze;

/// The code blocks of the sections whose headings start with one of `headings`.
fn blocks(doc: &str, headings: &[&str]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut section = String::new();
    let mut block: Option<String> = None;
    for line in doc.lines() {
        if let Some(b) = block.as_mut() {
            if line.starts_with("```") {
                let text = block.take().unwrap_or_default();
                if headings.iter().any(|h| section.starts_with(h)) {
                    out.push((section.clone(), text));
                }
            } else {
                b.push_str(line);
                b.push('\n');
            }
        } else if line.starts_with("```") {
            block = Some(String::new());
        } else if let Some(h) = line
            .strip_prefix("## ")
            .or_else(|| line.strip_prefix("### "))
        {
            section = h.to_owned();
        }
    }
    out
}

#[test]
fn the_notation_examples_check_as_annotated() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/notation.md");
    let doc = std::fs::read_to_string(path).expect("docs/notation.md");
    let found = blocks(
        &doc,
        &[
            "Worked examples",
            "Excerpts and `rules whole-board`",
            "Refused moves",
            "The River",
            "Traders & Builders",
        ],
    );
    // 6 worked examples, 2 on excerpts, 6 on refused moves (4 turns, 2 discards), 1 on The
    // River, 4 on Traders & Builders (goods, the builder's bonus tile, the pig and a refused
    // pig).
    assert_eq!(found.len(), 19, "{found:#?}");
    for (section, text) in &found {
        let expected: BTreeSet<(usize, String)> = text
            .lines()
            .enumerate()
            .filter_map(|(i, l)| {
                let (_, note) = l
                    .split_once("# error: ")
                    .or_else(|| l.split_once("# warning: "))?;
                Some((i + 1, note.trim().to_owned()))
            })
            .collect();
        let actual: BTreeSet<(usize, String)> = analyze(text)
            .diagnostics()
            .iter()
            .map(|d| {
                let line = text[..d.span.start].matches('\n').count() + 1;
                (line, d.code.as_str().to_owned())
            })
            .collect();
        assert_eq!(actual, expected, "{section}:\n{text}");
        // "Worked examples (each must check clean)": no annotation there.
        if section.starts_with("Worked examples") {
            assert!(expected.is_empty(), "{section}:\n{text}");
        }
    }
}
