//! "Did you mean": the words of a closed list nearest to a word that is not in it, by edit
//! distance. The one implementation every layer uses (syntax messages here, tile tokens and
//! diagnostic codes in the analysis, the quick fixes built from them, the CLI's own words), so
//! that a misspelling gets the same suggestion wherever it is read.
//!
//! The distance is [`strsim::osa_distance`] (Levenshtein plus the swap of two neighbouring
//! letters, the commonest slip when typing: `titel` → `title` is one edit) over the words in
//! lower case; a word that differs only in letter case is nearest of all.
//!
//! ```
//! use carc_notation::suggest;
//!
//! let words = ["title", "tile", "turn"];
//! assert_eq!(suggest::closest("titel", words), ["title"]);
//! assert_eq!(suggest::best("TURN", words), Some("turn"));
//! assert_eq!(suggest::best("zebra", words), None);
//! ```

/// How many suggestions at most (a message lists them all; more than three is a list, not a
/// suggestion).
pub const MAX_SUGGESTIONS: usize = 3;

/// The distance of `word` to `candidate`: 0 when they differ only in letter case, else the
/// number of single-letter edits (insert, delete, substitute, swap two neighbours) between
/// their lower-case forms, at least 1.
pub fn distance(word: &str, candidate: &str) -> usize {
    let (w, c) = (word.to_lowercase(), candidate.to_lowercase());
    if w == c {
        return 0;
    }
    strsim::osa_distance(&w, &c).max(1)
}

/// The largest distance that still reads as a slip rather than another word: one edit per
/// three letters of the longer word, at least one. (`titel` → `title`: 1 of 1 allowed;
/// `edge-mismatsh` → `edge-mismatch`: 1 of 4; `red` → `bed`-like words: 1 of 1.)
fn allowed(word: &str, candidate: &str) -> usize {
    (word.chars().count().max(candidate.chars().count()) / 3).max(1)
}

/// The candidates nearest to `word`, best first, at most [`MAX_SUGGESTIONS`]: every candidate
/// at the smallest distance found (ties keep the candidates' order, which callers choose to be
/// meaningful: the keyword table's order, the catalogue's), provided that distance reads as a
/// slip. A candidate equal to `word` is never suggested; a candidate that `word` starts (at
/// least three letters: `occupied` → `occupied-feature`) is offered when nothing is nearer.
pub fn closest<'a, I>(word: &str, candidates: I) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let mut scored: Vec<(usize, &'a str)> = Vec::new();
    let mut prefixed: Vec<&'a str> = Vec::new();
    for candidate in candidates {
        if candidate == word || scored.iter().any(|(_, c)| *c == candidate) {
            continue;
        }
        let d = distance(word, candidate);
        // a one-letter word is one edit from every other one-letter word: no slip to see there
        if d == 0 || (d <= allowed(word, candidate) && d < word.len().max(candidate.len())) {
            scored.push((d, candidate));
        } else if word.chars().count() >= 3 && candidate.starts_with(word) {
            prefixed.push(candidate);
        }
    }
    // stable: equal distances keep the candidates' order
    scored.sort_by_key(|&(d, _)| d);
    let best = scored.first().map(|&(d, _)| d);
    let near: Vec<&'a str> = scored
        .into_iter()
        .take_while(|&(d, _)| Some(d) == best)
        .map(|(_, c)| c)
        .collect();
    let chosen = if near.is_empty() { prefixed } else { near };
    chosen.into_iter().take(MAX_SUGGESTIONS).collect()
}

/// The nearest candidate to `word` ([`closest`]'s first), if any reads as a slip.
pub fn best<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    closest(word, candidates).into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_edits_and_a_swap_as_one() {
        assert_eq!(distance("titel", "title"), 1);
        assert_eq!(distance("edge-mismatc", "edge-mismatch"), 1);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("R90", "r90"), 0);
    }

    #[test]
    fn the_nearest_words_are_suggested_and_far_ones_not() {
        let keywords = ["title", "tile", "turn", "players", "rules"];
        assert_eq!(closest("titel", keywords), ["title"]);
        assert_eq!(closest("ruels", keywords), ["rules"]);
        assert_eq!(closest("plyers", keywords), ["players"]);
        assert!(closest("xyzzy", keywords).is_empty());
        // an exact word is no suggestion of itself
        assert_eq!(closest("tile", keywords), ["title"]);
        let options = ["inns-cathedrals", "traders-builders", "river"];
        assert_eq!(closest("inn-cathedrals", options), ["inns-cathedrals"]);
        assert_eq!(closest("traders", options), ["traders-builders"]);
        // one-letter words: a different letter is no slip, another case is
        assert!(closest("Z", ["A", "B"]).is_empty());
        assert_eq!(closest("a", ["A", "B"]), ["A"]);
    }

    #[test]
    fn ties_keep_the_callers_order_and_stop_at_three() {
        assert_eq!(
            closest("ic.Z", ["ic.A", "ic.B", "ic.C", "ic.D"]),
            ["ic.A", "ic.B", "ic.C"]
        );
        assert_eq!(closest("bleu", ["red", "blue", "black"]), ["blue"]);
    }
}
