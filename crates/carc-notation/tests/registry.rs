//! The `rules` options are one registry (`src/rules.rs`): the documentation and every editor
//! grammar of the repository must list each option of it, and each tile set's word in
//! carc-rules must be one of its options. So must they every statement keyword
//! of the keyword table (`src/keywords.rs`).

use carc_notation::{
    parse, rules::markdown_table, LineKind, StatementKind, KEYWORDS, RULE_OPTIONS,
};

fn repo_file(path: &str) -> String {
    let full = concat!(env!("CARGO_MANIFEST_DIR"), "/../../").to_owned() + path;
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

#[test]
fn the_documentation_lists_the_registry() {
    let doc = repo_file("docs/notation.md");
    let begin = "<!-- rules options: generated from crates/carc-notation/src/rules.rs (a test checks it) -->\n";
    let end = "<!-- end of rules options -->";
    let start = doc.find(begin).expect("the begin marker") + begin.len();
    let stop = doc[start..].find(end).expect("the end marker") + start;
    assert_eq!(
        &doc[start..stop],
        markdown_table(),
        "docs/notation.md: put this table between the markers"
    );
}

/// The limits are one table (`src/limits.rs`); the notation's reference and the README show
/// it between markers.
#[test]
fn the_documentation_and_the_readme_list_the_limits() {
    let begin =
        "<!-- limits: generated from crates/carc-notation/src/limits.rs (a test checks it) -->\n";
    let end = "<!-- end of limits -->";
    for path in ["docs/notation.md", "README.md"] {
        let doc = repo_file(path);
        let start = doc
            .find(begin)
            .unwrap_or_else(|| panic!("{path}: the begin marker"))
            + begin.len();
        let stop = doc[start..].find(end).expect("the end marker") + start;
        assert_eq!(
            &doc[start..stop],
            carc_notation::limits::markdown_table(),
            "{path}: put this table between the markers"
        );
    }
}

#[test]
fn every_option_parses_and_prints_back() {
    for def in RULE_OPTIONS {
        let text = match def.argument {
            Some(_) => format!("rules {} 2", def.word),
            None => format!("rules {}", def.word),
        };
        let parse = parse(&text);
        assert!(parse.errors.is_empty(), "{text}: {:?}", parse.errors);
        let LineKind::Statement(statement) = &parse.lines[0].kind else {
            panic!("{text}");
        };
        let StatementKind::Rules(options) = &statement.kind else {
            panic!("{text}");
        };
        assert_eq!(
            options[0].value.to_string(),
            text["rules ".len()..],
            "{text}"
        );
    }
    // a word the registry does not know is a syntax error naming every option
    let parse = parse("rules all-tiles");
    let message = parse.errors[0].message();
    assert!(
        message.starts_with("expected a rules option: "),
        "{message}"
    );
    assert!(message.ends_with(" (found `all-tiles`)"), "{message}");
    assert!(message.contains("farmers, no-farmers"), "{message}");
    for def in RULE_OPTIONS {
        let shape = match def.argument {
            Some(arg) => format!("{} {arg}", def.word),
            None => def.word.to_owned(),
        };
        assert!(message.contains(&shape), "{message} lacks {shape}");
    }
}

/// Whether `word` occurs in `text` as a whole word (`farmers` is not inside `no-farmers`).
fn has_word(text: &str, word: &str) -> bool {
    let part = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-');
    text.match_indices(word).any(|(i, _)| {
        !part(text[..i].chars().next_back()) && !part(text[i + word.len()..].chars().next())
    })
}

/// The editor grammars (VS Code, Neovim, Emacs) that highlight the notation's words.
const EDITOR_GRAMMARS: [&str; 3] = [
    "editors/vscode/syntaxes/carc.tmLanguage.json",
    "editors/nvim/syntax/carc.vim",
    "editors/emacs/carc-mode.el",
];

/// Fails unless every file of `paths` names every word of `words` (`what` says which list).
fn assert_named(paths: &[&str], words: &[&str], what: &str) {
    for path in paths {
        let text = repo_file(path);
        for word in words {
            assert!(
                has_word(&text, word),
                "{path} does not know the {what} `{word}`"
            );
        }
    }
}

#[test]
fn every_editor_grammar_knows_every_option() {
    assert!(has_word("a (?:no-farmers|farmers) b", "farmers"));
    assert!(!has_word("a no-farmers b", "farmers"));
    let words: Vec<&str> = RULE_OPTIONS.iter().map(|d| d.word).collect();
    assert_named(&EDITOR_GRAMMARS, &words, "rules option");
}

#[test]
fn every_grammar_knows_every_colour() {
    // the six colour words of carc-rules' `Color`, pink (Inns & Cathedrals) included
    assert!(carc_rules::Color::WORDS.contains(&"pink"));
    let mut paths = EDITOR_GRAMMARS.to_vec();
    paths.extend(["grammar/carc.pest", "grammar/tree-sitter-carc/grammar.js"]);
    assert_named(&paths, &carc_rules::Color::WORDS, "colour");
}

#[test]
fn every_editor_grammar_knows_every_statement_keyword() {
    let words: Vec<&str> = KEYWORDS.iter().map(|k| k.word).collect();
    assert_named(&EDITOR_GRAMMARS, &words, "statement keyword");
    assert_named(
        &[
            "grammar/tree-sitter-carc/grammar.js",
            "grammar/tree-sitter-carc/queries/highlights.scm",
        ],
        &words,
        "statement keyword",
    );
}

#[test]
fn the_grammar_starts_a_statement_with_each_keyword_and_the_error_names_them_all() {
    // The error for a word that starts no statement (and is near none) lists every keyword.
    let message = parse("qqqqq x\n").errors[0].message();
    let list = message
        .strip_prefix("expected a statement: ")
        .and_then(|m| m.strip_suffix(" (found `qqqqq`)"))
        .unwrap_or_else(|| panic!("{message}"));
    let mut named: Vec<&str> = list.split(", ").flat_map(|w| w.split(" or ")).collect();
    let mut table: Vec<&str> = KEYWORDS.iter().map(|k| k.word).collect();
    named.sort_unstable();
    table.sort_unstable();
    assert_eq!(named, table, "{message}");
    // …and the grammar takes each of them as the start of a statement: whatever follows is
    // missing, the word itself is accepted.
    for def in KEYWORDS {
        let text = format!("{}\n", def.word);
        let errors = parse(&text).errors;
        assert!(
            errors.iter().all(|e| e.span.start > 0),
            "{}: {errors:?}",
            def.word
        );
    }
}

#[test]
fn every_tile_set_is_switched_on_by_its_own_word() {
    // Messages (`expansion-off`: "add `rules river`") and simulated games write `rules WORD`
    // from carc-rules' `TileSet::as_str`: each set of the catalogue but the base game must be
    // a word of the registry.
    let mut sets: Vec<carc_rules::TileSet> = carc_rules::TileType::ALL
        .iter()
        .map(|t| t.set())
        .filter(|s| *s != carc_rules::TileSet::Base)
        .collect();
    sets.sort();
    sets.dedup();
    // `TileSet::ALL` (which `carc puzzle gen --rules` reads) lists every set of the catalogue
    for set in &sets {
        assert!(carc_rules::TileSet::ALL.contains(set), "{set:?}");
    }
    assert!(
        sets.len() >= 4,
        "river, abbot, inns-cathedrals, traders-builders: {sets:?}"
    );
    for set in sets {
        assert!(
            RULE_OPTIONS.iter().any(|d| d.word == set.as_str()),
            "no `rules {}` option for {set:?}",
            set.as_str()
        );
    }
}
