//! Text measured and wrapped for the SVG layout, so that nothing is cut.

/// A generous estimate of the width of `text` in a sans-serif font of `size` (bold when
/// `bold`): what the layout reserves, so that no text runs past its box or the picture.
/// Characters fall in four classes of width, each at least as wide as its widest glyph in
/// DejaVu Sans Bold (among the widest sans-serif fonts, and the usual one on Linux); normal
/// weight takes nine tenths of that. Anything outside ASCII counts as the widest class, but
/// invisible format characters (bidi isolates, zero-width spaces) count nothing.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let ems: f64 = text.chars().map(char_em).sum();
    ems * size * if bold { 1.0 } else { 0.9 }
}

/// The width of a character in em, by class (see [`text_width`]).
fn char_em(c: char) -> f64 {
    match c {
        ' ' | '\'' | 'i' | 'j' | 'l' | 'I' | 'J' | ',' | '.' | '·' | '/' | '\\' | '|' | ':'
        | ';' | 'f' | '-' | '(' | ')' | '[' | ']' | 't' | '!' | 'r' => 0.46,
        'K' | 'A' | 'V' | 'Z' | 'X' | 'B' | 'R' | 'C' | 'U' | 'N' | 'H' | 'D' | 'G' | '&' | 'O'
        | 'Q' => 0.88,
        'w' | '#' | '<' | '>' | '+' | '=' | '^' | '~' | 'M' | '%' | 'm' | 'W' | '@' => 1.12,
        c if c.is_ascii() => 0.74,
        // Invisible: bidi isolates and controls, zero-width spaces and joiners.
        '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2069}'
        | '\u{FEFF}' => 0.0,
        _ => 1.12,
    }
}

/// Splits `text` into at most `max_lines` lines of at most `width` characters (by words; a
/// longer word is cut; a cut-off rest ends in `…`).
#[cfg(test)]
pub(super) fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    wrap_by(text, &|line: &str| line.chars().count() <= width, max_lines)
}

/// Splits `text` into at most `max_lines` lines that each `fits` (by words; a word too long
/// for a line is cut where it stops fitting; when lines are left over, the last line ends in
/// `…` and still fits). A single character that does not fit gets a line of its own.
pub(super) fn wrap_by(text: &str, fits: &dyn Fn(&str) -> bool, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_owned()
        } else {
            format!("{current} {word}")
        };
        if fits(&candidate) {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        // The word alone, cut into pieces that fit.
        for c in word.chars() {
            let mut next = current.clone();
            next.push(c);
            if !current.is_empty() && !fits(&next) {
                lines.push(std::mem::take(&mut current));
                current.push(c);
            } else {
                current = next;
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && !fits(&format!("{last}…")) {
                last.pop();
            }
            let kept = last.trim_end().len();
            last.truncate(kept);
            last.push('…');
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_wrap_by_words_and_are_cut_with_an_ellipsis() {
        assert_eq!(
            wrap("place the city cap here", 15, 4),
            vec!["place the city", "cap here"]
        );
        assert_eq!(wrap("a b c d e", 2, 2), vec!["a", "b…"]);
        // A word longer than a line is cut where it stops fitting.
        assert_eq!(wrap("abcdefg h", 3, 9), vec!["abc", "def", "g h"]);
        assert_eq!(wrap("", 15, 4), Vec::<String>::new());
    }
}
