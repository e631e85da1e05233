//! Syntax errors and their friendly messages.

use crate::Span;

/// A line that did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The offending token (byte offsets into the whole text). Empty where something is
    /// missing: it then sits right after the last word of the statement.
    pub span: Span,
    /// What went wrong.
    pub kind: SyntaxErrorKind,
}

impl SyntaxError {
    /// The message for a lesson author, e.g.
    /// ``expected a rotation: r0, r90, r180 or r270 (found `r45`)``.
    pub fn message(&self) -> String {
        self.kind.message()
    }

    /// The words nearest to the one found, best first, when a closed list of words was
    /// expected (the message's "did you mean", and the editor's quick fix replacing the span).
    pub fn suggestions(&self) -> Vec<&'static str> {
        match &self.kind {
            SyntaxErrorKind::Expected {
                expected,
                found: Some(found),
            } => suggestions(expected, found),
            _ => Vec::new(),
        }
    }
}

/// What went wrong on a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxErrorKind {
    /// Something else was expected at the span.
    Expected {
        /// What would have been accepted here (at least one entry).
        expected: Vec<Expected>,
        /// The word found there, or `None` when the statement ends there.
        found: Option<String>,
    },
    /// A coordinate that does not fit a 32-bit integer.
    CoordinateOutOfRange,
    /// A number of meeples or points that does not fit a 64-bit integer.
    NumberOutOfRange,
    /// A string without its closing `"`; the span runs from the opening quote.
    UnterminatedString,
    /// A backslash in a string followed by something other than `"` or `\`.
    InvalidEscape,
    /// An `=> …` expectation on a `refused` move, which is not played and scores nothing; the
    /// span is the expectation.
    RefusedExpectation,
    /// A good listed twice in `goods` or `expect goods`; the span is the second `GOOD n`.
    RepeatedGood {
        /// The good.
        good: crate::Good,
        /// Where it is listed first.
        first: Span,
    },
    /// A line longer than [`crate::MAX_LINE_LEN`] bytes; it is not parsed at all.
    LineTooLong {
        /// The line's length in bytes.
        len: usize,
    },
    /// The first line after [`crate::MAX_LINES`] lines; the span is that line, whose
    /// [`crate::Line`] covers the rest of the text, which is not parsed.
    TooManyLines {
        /// The limit ([`crate::MAX_LINES`]).
        limit: usize,
    },
}

/// One kind of thing the parser can expect at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expected {
    /// A statement keyword at the start of a line.
    Keyword,
    /// A tile token (`D`, `ic.A`).
    Tile,
    /// Coordinates `x,y`.
    Coord,
    /// A rotation word.
    Rotation,
    /// A colour word.
    Colour,
    /// A role word.
    Role,
    /// A place word (side or corner).
    Place,
    /// A `rules` option.
    RuleOption,
    /// `score`, `supply` or `goods` after `expect`.
    ExpectWhat,
    /// A number in `supply`, `score` or `expect`.
    Number,
    /// Points in an `=>` list.
    Points,
    /// `nothing` or a colour after `=>`.
    NothingOrGains,
    /// A quoted string.
    String,
    /// `=>`.
    Arrow,
    /// A space or tab between two words.
    Space,
    /// The end of the line (or a `#` comment).
    EndOfLine,
    /// `{` after a variation's name.
    OpenBrace,
    /// A glyph after a turn.
    Glyph,
    /// A puzzle goal after `puzzle`.
    Goal,
    /// A diagnostic code in a `refused` statement (`occupied-feature`).
    Code,
    /// The `:` between a `refused` statement's codes and its move.
    Colon,
    /// `turn` or `discard` and the refused move after `refused CODE:`.
    RefusedMove,
    /// A good (`wine`, `grain`, `cloth`) in `goods` or `expect goods`.
    Good,
}

impl Expected {
    /// The description used when it is the only thing expected.
    pub fn describe(self) -> &'static str {
        match self {
            Expected::Keyword => crate::keywords::describe(),
            Expected::Tile => "a tile such as D or ic.A",
            Expected::Coord => "coordinates like 0,1 (no spaces)",
            Expected::Rotation => "a rotation: r0, r90, r180 or r270",
            Expected::Colour => "a colour: red, blue, green, yellow, black or pink",
            Expected::Role => "a role: knight, traveller (or traveler), monk or farmer",
            Expected::Place => "a place: a side N, E, S, W or a corner NE, SE, SW, NW",
            Expected::RuleOption => crate::rules::describe(),
            Expected::ExpectWhat => "`score`, `supply` or `goods` after `expect`",
            Expected::Number => "a number like 3",
            Expected::Points => "points like +3",
            Expected::NothingOrGains => "`nothing` or what each colour gains, like red +3",
            Expected::String => "a string in double quotes, like \"Coat of arms\"",
            Expected::Arrow => "`=>` and the expected scoring",
            Expected::Space => "a space between words",
            Expected::EndOfLine => "the end of the line or a # comment",
            Expected::OpenBrace => "`{` after the variation's name, on the same line",
            Expected::Glyph => "a glyph: !!, !, !?, ?!, ? or ??",
            Expected::Goal => "a puzzle goal: points, final or score",
            Expected::Code => "a diagnostic code in lower case, like occupied-feature",
            Expected::Colon => "`:` after the codes, then the refused move",
            Expected::RefusedMove => "the refused move: turn COLOUR T x,y … or discard T",
            Expected::Good => "a good: wine, grain or cloth, then its number",
        }
    }

    /// The short description used in a list of alternatives.
    pub fn describe_short(self) -> &'static str {
        match self {
            Expected::Keyword => "a statement keyword",
            Expected::Tile => "a tile such as D",
            Expected::Coord => "coordinates like 0,1",
            Expected::Rotation => "a rotation (r0, r90, r180, r270)",
            Expected::Colour => "a colour (red, blue, green, yellow, black, pink)",
            Expected::Role => "a role (knight, traveller, monk, farmer)",
            Expected::Place => "a place (N, E, S, W, NE, SE, SW, NW)",
            Expected::RuleOption => crate::rules::describe_short(),
            Expected::ExpectWhat => "`score`, `supply` or `goods`",
            Expected::Number => "a number",
            Expected::Points => "points like +3",
            Expected::NothingOrGains => "`nothing` or gains like red +3",
            Expected::String => "a string in double quotes",
            Expected::Arrow => "`=>`",
            Expected::Space => "a space",
            Expected::EndOfLine => "the end of the line",
            Expected::OpenBrace => "`{`",
            Expected::Glyph => "a glyph (!, ?, !?, ?!, !!, ??)",
            Expected::Goal => "a puzzle goal (points, final, score)",
            Expected::Code => "a diagnostic code",
            Expected::Colon => "`:`",
            Expected::RefusedMove => "`turn` or `discard`",
            Expected::Good => "a good (wine, grain, cloth)",
        }
    }

    /// The words this expectation accepts, for "did you mean" hints and completion (empty
    /// when it is not a closed list of words).
    pub fn words(self) -> &'static [&'static str] {
        match self {
            Expected::Keyword => &crate::keywords::KEYWORD_WORDS,
            Expected::Goal => &["points", "final", "score"],
            Expected::Rotation => &["r0", "r90", "r180", "r270"],
            Expected::Colour => &carc_rules::Color::WORDS,
            // the figures' words too, for the hint (`Pig` → `pig`)
            Expected::Role => &[
                "knight",
                "traveller",
                "traveler",
                "monk",
                "farmer",
                "large",
                "abbot",
                "recall",
                "builder",
                "pig",
            ],
            Expected::Place => &["N", "E", "S", "W", "NE", "SE", "SW", "NW"],
            Expected::RuleOption => crate::rules::words(),
            Expected::RefusedMove => &["turn", "discard"],
            Expected::ExpectWhat => &["score", "supply", "goods"],
            Expected::Good => &crate::Good::WORDS,
            Expected::NothingOrGains => &["nothing"],
            _ => &[],
        }
    }

    /// Whether `token` looks like an attempt at this kind of word; used to pick the most
    /// relevant expectation when several were possible.
    pub(crate) fn fits(self, token: &str) -> bool {
        let mut chars = token.chars();
        let first = chars.next();
        let second = chars.next();
        let is_word =
            |t: &str| !t.is_empty() && t.chars().all(|c| c.is_alphabetic() || c == '-' || c == '_');
        match self {
            Expected::Keyword
            | Expected::Colour
            | Expected::Role
            | Expected::RuleOption
            | Expected::ExpectWhat
            | Expected::NothingOrGains
            | Expected::Goal
            | Expected::Code
            | Expected::RefusedMove
            | Expected::Good => is_word(token),
            Expected::Tile => first.is_some_and(char::is_alphanumeric),
            Expected::Rotation => {
                matches!(first, Some('r' | 'R')) && second.is_none_or(|c| c.is_ascii_digit())
            }
            Expected::Place => token.chars().count() <= 2 && token.chars().all(char::is_alphabetic),
            Expected::Coord | Expected::Number | Expected::Points => {
                first.is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '+')
            }
            Expected::String => first == Some('"'),
            Expected::Arrow => first == Some('='),
            Expected::Space => first == Some(','),
            Expected::EndOfLine => false,
            Expected::OpenBrace => first == Some('{'),
            Expected::Glyph => first.is_some_and(|c| c == '!' || c == '?'),
            Expected::Colon => first == Some(':'),
        }
    }
}

impl SyntaxErrorKind {
    /// The message for a lesson author.
    pub fn message(&self) -> String {
        match self {
            SyntaxErrorKind::Expected { expected, found } => {
                let what = match expected.as_slice() {
                    [] => "something else".to_string(),
                    [one] => one.describe().to_string(),
                    [init @ .., last] => {
                        let init: Vec<&str> = init.iter().map(|e| e.describe_short()).collect();
                        format!("{} or {}", init.join(", "), last.describe_short())
                    }
                };
                let found_part = match found {
                    None => " (found nothing)".to_string(),
                    Some(found) => match suggestions(expected, found).as_slice() {
                        [] => format!(" (found `{found}`)"),
                        [one] => format!(" (found `{found}`; did you mean `{one}`?)"),
                        [init @ .., last] => format!(
                            " (found `{found}`; did you mean `{}` or `{last}`?)",
                            init.join("`, `")
                        ),
                    },
                };
                format!("expected {what}{found_part}")
            }
            SyntaxErrorKind::CoordinateOutOfRange => {
                "coordinate out of range: it must lie between -2147483648 and 2147483647"
                    .to_string()
            }
            SyntaxErrorKind::NumberOutOfRange => "number too large".to_string(),
            SyntaxErrorKind::UnterminatedString => {
                "unterminated string: a closing \" is missing".to_string()
            }
            SyntaxErrorKind::InvalidEscape => {
                "unknown escape in a string: write \\\" for a quote and \\\\ for a backslash"
                    .to_string()
            }
            SyntaxErrorKind::RefusedExpectation => {
                "a refused move is not played and scores nothing: remove `=> …` (the legal turn that follows carries the expectation)"
                    .to_string()
            }
            SyntaxErrorKind::RepeatedGood { good, .. } => format!(
                "`{}` is listed twice: list each good at most once (an unlisted good counts 0 in `goods` and is not checked in `expect goods`)",
                good.as_str()
            ),
            SyntaxErrorKind::LineTooLong { len } => format!(
                "line too long: {len} bytes, at most {} are read",
                crate::MAX_LINE_LEN
            ),
            SyntaxErrorKind::TooManyLines { limit } => format!(
                "too many lines: carc reads at most {} lines of a file; this line and the \
                 rest are not checked (split the file)",
                crate::limits::thousands(*limit as u64)
            ),
        }
    }
}

/// The words of the expectations nearest to `found` (`crate::suggest`).
fn suggestions(expected: &[Expected], found: &str) -> Vec<&'static str> {
    crate::suggest::closest(
        found,
        expected.iter().flat_map(|e| e.words().iter().copied()),
    )
}
