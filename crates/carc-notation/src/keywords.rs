//! The statement keywords: one table, [`KEYWORDS`], with each keyword's word, whether it is a
//! setup statement, and what it means in one line. Syntax error hints, completion, hover on a
//! keyword and the outline take the words from here; `tests/registry.rs` fails until every
//! editor grammar of the repository names each of them.

use std::sync::OnceLock;

/// One statement keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeywordDef {
    /// The word as written (`tile`).
    pub word: &'static str,
    /// Whether its statement belongs to the setup (before the first `turn`, `bonus`,
    /// `refused`, `discard`, `expect` or `end`).
    pub setup: bool,
    /// What the statement does, in one line (completion and hover show it).
    pub doc: &'static str,
    /// The `rules` option without which the statement is refused (`traders-builders` for
    /// `bonus` and `goods`); `None` for the base game's statements. Completion offers a
    /// keyword only where its option is on.
    pub rules: Option<&'static str>,
}

const fn kw(word: &'static str, setup: bool, doc: &'static str) -> KeywordDef {
    KeywordDef {
        word,
        setup,
        doc,
        rules: None,
    }
}

/// A keyword of an expansion: refused without `rules RULES`.
const fn kw_of(
    rules: &'static str,
    word: &'static str,
    setup: bool,
    doc: &'static str,
) -> KeywordDef {
    KeywordDef {
        word,
        setup,
        doc,
        rules: Some(rules),
    }
}

/// Every statement keyword, in the order of the statement table of docs/notation.md.
pub const KEYWORDS: &[KeywordDef] = &[
    kw("title", true, "the lesson's title (at most once)"),
    kw("note", true, "text for the reader"),
    kw("players", true, "the colours in turn order"),
    kw(
        "rules",
        true,
        "rules options: `farmers`, `no-farmers`, `boxes N`, `whole-board`, …",
    ),
    kw(
        "tile",
        true,
        "setup: a tile already on the board, with at most one figure (meeple, abbot, builder or pig)",
    ),
    kw("supply", true, "setup: meeples in a player's supply"),
    kw("score", true, "setup: a player's score so far"),
    kw(
        "turn",
        false,
        "a turn: place a tile, optionally deploy a meeple, score",
    ),
    kw_of(
        "traders-builders",
        "bonus",
        false,
        "the builder's bonus tile: a second turn part right after the turn (traders-builders)",
    ),
    kw(
        "refused",
        false,
        "a move the rules refuse, with exactly the codes given; not played",
    ),
    kw(
        "discard",
        false,
        "the drawn tile has no legal position and leaves play",
    ),
    kw(
        "expect",
        false,
        "assert the scores, supplies or goods at this point",
    ),
    kw(
        "end",
        false,
        "final scoring now (unfinished features and fields)",
    ),
    kw(
        "variation",
        false,
        "an alternative line of play from this point, up to its `}`",
    ),
    kw(
        "mark",
        false,
        "highlight a cell for the learner (allowed anywhere)",
    ),
    kw(
        "puzzle",
        true,
        "setup: the last turn is the intended answer of a puzzle",
    ),
    kw("draws", true, "setup: the tiles still to come, in order"),
    kw_of(
        "traders-builders",
        "goods",
        true,
        "setup: a player's goods tokens: wine, grain, cloth (traders-builders)",
    ),
];

/// The words of [`KEYWORDS`], in its order (for "did you mean" hints).
pub const KEYWORD_WORDS: [&str; KEYWORDS.len()] = {
    let mut words = [""; KEYWORDS.len()];
    let mut i = 0;
    while i < KEYWORDS.len() {
        words[i] = KEYWORDS[i].word;
        i += 1;
    }
    words
};

/// "a statement: title, note, … or draws" (the syntax error when no keyword starts a line).
pub(crate) fn describe() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| match KEYWORD_WORDS.split_last() {
        Some((last, init)) => format!("a statement: {} or {last}", init.join(", ")),
        None => "a statement".to_owned(),
    })
}

/// The keyword spelled `word` exactly, if there is one.
pub fn keyword(word: &str) -> Option<&'static KeywordDef> {
    KEYWORDS.iter().find(|k| k.word == word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_distinct_and_follow_the_table() {
        for (i, k) in KEYWORDS.iter().enumerate() {
            assert_eq!(KEYWORD_WORDS[i], k.word);
            assert_eq!(keyword(k.word), Some(k));
            assert!(!k.doc.is_empty(), "{}", k.word);
        }
        assert_eq!(keyword("Tile"), None);
    }

    #[test]
    fn an_expansions_keywords_name_a_rules_option() {
        let of_expansions: Vec<(&str, &str)> = KEYWORDS
            .iter()
            .filter_map(|k| Some((k.word, k.rules?)))
            .collect();
        assert_eq!(
            of_expansions,
            [("bonus", "traders-builders"), ("goods", "traders-builders")]
        );
        for (_, rules) in of_expansions {
            assert!(crate::rule_option(rules).is_some(), "{rules}");
        }
    }

    #[test]
    fn setup_statements_are_those_of_the_notation() {
        // docs/notation.md: "Setup statements (`title note players rules tile supply score
        // puzzle draws goods`) come before the first `turn`, `bonus`, `refused`, `discard`,
        // `expect` or `end`."
        let setup: Vec<&str> = KEYWORDS
            .iter()
            .filter(|k| k.setup)
            .map(|k| k.word)
            .collect();
        assert_eq!(
            setup,
            [
                "title", "note", "players", "rules", "tile", "supply", "score", "puzzle", "draws",
                "goods"
            ]
        );
    }
}
