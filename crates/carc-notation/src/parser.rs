//! Splitting into lines, running the pest grammar on each (unless the fast path of
//! `fast.rs` takes it), and building the typed tree.
//! Nothing of pest leaves this module.

use pest::iterators::Pair;
use pest::Parser as _;

use crate::error::{Expected, SyntaxError, SyntaxErrorKind};
use crate::syntax::*;
use carc_rules::Color;

use crate::limits::{MAX_LINES, MAX_LINE_LEN};

/// The longest `found` word quoted in a message, in characters.
const MAX_FOUND_CHARS: usize = 40;

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../../../grammar/carc.pest"]
    pub(super) struct CarcParser;
}

use grammar::{CarcParser, Rule};

/// Parses `text` line by line. Never fails and never panics: a line that does not parse
/// becomes a [`LineKind::Error`] line with one [`SyntaxError`] in [`Parse::errors`].
pub fn parse(text: &str) -> Parse {
    parse_lines(text, true)
}

/// [`parse`] without the fast path: every line goes to the grammar. Not part of the API: the
/// fuzz target `fast_parse` (outside this crate) checks that both give the same [`Parse`].
#[doc(hidden)]
pub fn parse_with_grammar_only(text: &str) -> Parse {
    parse_lines(text, false)
}

/// Whether the pest grammar alone accepts `line` (one line, without its line break): no fast
/// path and no tree building, so a number too large for the tree still counts as accepted.
/// Not part of the API: the tree-sitter grammar's equivalence test
/// (grammar/tree-sitter-carc/test/equivalence.py) compares it with tree-sitter through
/// `cargo run -p carc-notation --example grammar_accepts`.
#[doc(hidden)]
pub fn grammar_accepts(line: &str) -> bool {
    CarcParser::parse(Rule::line, line).is_ok()
}

fn parse_lines(text: &str, fast: bool) -> Parse {
    let mut parse = Parse::default();
    for (index, span) in crate::lines::line_spans(text).enumerate() {
        if index == MAX_LINES {
            // The rest of the text is one line that did not parse, kept whole (the formatter
            // keeps it byte for byte); the error points at its first line.
            parse.lines.push(Line {
                span: Span::new(span.start, text.len()),
                kind: LineKind::Error,
                comment: None,
            });
            parse.errors.push(SyntaxError {
                span,
                kind: SyntaxErrorKind::TooManyLines { limit: MAX_LINES },
            });
            break;
        }
        let (start, end) = (span.start, span.end);
        let line_text = text.get(start..end).unwrap_or("");
        let fast_line = if fast {
            crate::fast::line(line_text, start)
        } else {
            None
        };
        let (line, error) = match fast_line {
            Some(line) => (line, None),
            None => parse_line(line_text, start),
        };
        parse.lines.push(line);
        if let Some(error) = error {
            parse.errors.push(error);
        }
    }
    parse
}

pub(crate) fn parse_line(line: &str, base: usize) -> (Line, Option<SyntaxError>) {
    let span = Span::new(base, base + line.len());
    let error_line = |error: SyntaxError| {
        let comment = scan_comment(line).map(|at| Span::new(base + at, span.end));
        let line = Line {
            span,
            kind: LineKind::Error,
            comment,
        };
        (line, Some(error))
    };
    if line.len() > MAX_LINE_LEN {
        return error_line(SyntaxError {
            span,
            kind: SyntaxErrorKind::LineTooLong { len: line.len() },
        });
    }
    let pairs = match CarcParser::parse(Rule::line, line) {
        Ok(pairs) => pairs,
        Err(error) => return error_line(convert_error(line, base, &error)),
    };
    let mut comment = None;
    let mut statement = None;
    for pair in pairs.flat_map(|line_pair| line_pair.into_inner()) {
        match pair.as_rule() {
            Rule::comment => comment = Some(span_of(&pair, base)),
            Rule::EOI => {}
            _ => match build_statement(pair, base) {
                Ok(built) => statement = Some(built),
                Err(error) => return error_line(error),
            },
        }
    }
    let kind = match statement {
        Some(statement) => LineKind::Statement(Box::new(statement)),
        None => LineKind::Blank,
    };
    (
        Line {
            span,
            kind,
            comment,
        },
        None,
    )
}

/// The most words one line's recovery tries (each try is one parse of a shorter prefix).
const RECOVERY_TRIES: usize = 16;

/// What a line that does not parse still clearly says, so that one mistake gives one
/// diagnostic: a `tile`, `turn` or `bonus` line cut before its broken word, when the words
/// before it make a whole statement (`tile D 0,0 red travler E` → `tile D 0,0`: the tile, its
/// cell and its rotation stay, the broken figure part is dropped). A `turn COLOUR …` line whose
/// tile or cell is broken still says whose turn it was: it is kept as that player's turn with
/// an empty tile token (which places nothing), so the next turn's order is checked against it.
/// `line` is the line's text without its comment, `base` its offset in the whole text, `error`
/// the line's syntax error. The syntax error stays the line's report. The one guess: a
/// mistyped rotation one slip from exactly one rotation word (`r9O`) is read as that word;
/// a rotation that is broken beyond that (`r45`) leaves the tile unplaced (a turn still
/// counts as its player's).
pub fn recover_line(line: &str, base: usize, error: &SyntaxError) -> Option<Statement> {
    let keyword = line.split_whitespace().next()?;
    if !matches!(keyword, "tile" | "turn" | "bonus") {
        return None;
    }
    let broken_at = error.span.start.checked_sub(base)?;
    // the ends of the words that lie wholly before the broken one (an empty error span, for
    // something missing, sits right after the last whole word), longest prefix first
    let mut ends: Vec<usize> = Vec::new();
    let mut in_word = false;
    for (i, ch) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        let space = ch == ' ' || ch == '\t';
        if in_word && space && i <= broken_at {
            ends.push(i);
        }
        in_word = !space;
    }
    for &end in ends.iter().rev().take(RECOVERY_TRIES) {
        if let (
            Line {
                kind: LineKind::Statement(statement),
                ..
            },
            None,
        ) = parse_line(&line[..end], base)
        {
            let mut statement = statement;
            let rotation = match (&mut statement.kind, keyword) {
                (StatementKind::Tile(t), "tile") => &mut t.rotation,
                (StatementKind::Turn(t), "turn") | (StatementKind::Bonus(t), "bonus") => {
                    &mut t.rotation
                }
                _ => return None,
            };
            if rotation.is_none() && looks_like_rotation(error) {
                // the rotation is the broken word: read as the one it is a slip of, or else
                // the tile's lie is unknown and it is not placed (a turn still counts)
                match slipped_rotation(error) {
                    Some(slipped) => *rotation = Some(slipped),
                    None if keyword == "turn" => return turn_of(line, base),
                    None => return None,
                }
            }
            return Some(*statement);
        }
    }
    if keyword == "turn" {
        return turn_of(line, base);
    }
    None
}

/// Whether the broken word stands where a rotation may and looks like one (`r45`, `R90`,
/// `r9O`: an `r` and a digit), so the tile's rotation is what is broken.
fn looks_like_rotation(error: &SyntaxError) -> bool {
    let SyntaxErrorKind::Expected {
        expected,
        found: Some(found),
    } = &error.kind
    else {
        return false;
    };
    let mut chars = found.chars();
    expected.contains(&Expected::Rotation)
        && matches!(chars.next(), Some('r' | 'R'))
        && chars.next().is_some_and(|c| c.is_ascii_digit())
}

/// A rotation mistyped (`r9O`, `r18`) whose one nearest word of all that could stand there is
/// a rotation: that rotation, so that the recovered tile lies as the writer meant.
fn slipped_rotation(error: &SyntaxError) -> Option<Spanned<RotationWord>> {
    match error.suggestions()[..] {
        [only] => Some(Spanned {
            value: RotationWord::from_word(only)?,
            span: error.span,
        }),
        _ => None,
    }
}

/// `turn COLOUR …` whose tile or cell is broken: that colour's turn with an empty tile token
/// at the colour's end (see [`recover_line`]); its cell is `0,0` and unused, since no tile
/// is placed.
fn turn_of(line: &str, base: usize) -> Option<Statement> {
    let start = line.len() - line.trim_start().len();
    let mut words = line[start..].split([' ', '\t']).filter(|w| !w.is_empty());
    let keyword = words.next()?;
    let colour_word = words.next()?;
    let colour = Color::from_word(colour_word)?;
    let colour_start = start + line[start..].find(colour_word)?;
    let colour_span = Span::new(base + colour_start, base + colour_start + colour_word.len());
    let end = Span::new(colour_span.end, colour_span.end);
    let trimmed_end = base + line.trim_end().len();
    Some(Statement {
        span: Span::new(base + start, trimmed_end),
        keyword: Span::new(base + start, base + start + keyword.len()),
        kind: StatementKind::Turn(TurnStmt {
            colour: Spanned {
                value: colour,
                span: colour_span,
            },
            tile: Spanned {
                value: String::new(),
                span: end,
            },
            at: Coord {
                x: Spanned {
                    value: 0,
                    span: end,
                },
                y: Spanned {
                    value: 0,
                    span: end,
                },
                span: end,
            },
            rotation: None,
            meeple: None,
            recall: None,
            glyph: None,
            expect: None,
        }),
    })
}

/// Where a comment starts on a line that may not parse: the first `#` outside a string.
fn scan_comment(line: &str) -> Option<usize> {
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else if c == '#' {
            return Some(i);
        }
    }
    None
}

fn span_of(pair: &Pair<'_, Rule>, base: usize) -> Span {
    let s = pair.as_span();
    Span::new(base + s.start(), base + s.end())
}

// ---- errors ---------------------------------------------------------------------------

fn expected_for(rule: Rule) -> Option<Expected> {
    Some(match rule {
        Rule::kw_title
        | Rule::kw_note
        | Rule::kw_players
        | Rule::kw_rules
        | Rule::kw_tile
        | Rule::kw_supply
        | Rule::kw_score
        | Rule::kw_turn
        | Rule::kw_discard
        | Rule::kw_expect
        | Rule::kw_end
        | Rule::statement
        | Rule::title_stmt
        | Rule::note_stmt
        | Rule::players_stmt
        | Rule::rules_stmt
        | Rule::tile_stmt
        | Rule::supply_stmt
        | Rule::score_stmt
        | Rule::turn_stmt
        | Rule::refused_stmt
        | Rule::kw_refused
        | Rule::discard_stmt
        | Rule::expect_stmt
        | Rule::end_stmt
        | Rule::kw_variation
        | Rule::kw_mark
        | Rule::kw_puzzle
        | Rule::variation_open
        | Rule::variation_close
        | Rule::mark_stmt
        | Rule::puzzle_stmt
        | Rule::kw_draws
        | Rule::draws_stmt
        | Rule::kw_bonus
        | Rule::bonus_stmt
        | Rule::kw_goods
        | Rule::goods_stmt
        | Rule::close_brace => Expected::Keyword,
        Rule::puzzle_goal => Expected::Goal,
        Rule::open_brace => Expected::OpenBrace,
        Rule::glyph => Expected::Glyph,
        Rule::refusal_code | Rule::refusal_codes => Expected::Code,
        Rule::colon => Expected::Colon,
        Rule::refused_turn
        | Rule::kw_refused_turn
        | Rule::refused_discard
        | Rule::kw_refused_discard => Expected::RefusedMove,
        Rule::rules_item => Expected::RuleOption,
        Rule::tile => Expected::Tile,
        Rule::coord => Expected::Coord,
        Rule::rotation => Expected::Rotation,
        Rule::colour | Rule::amounts | Rule::amount | Rule::goods_list => Expected::Colour,
        Rule::role
        | Rule::kw_large
        | Rule::kw_abbot
        | Rule::kw_recall
        | Rule::kw_builder
        | Rule::kw_pig => Expected::Role,
        Rule::good | Rule::good_amount => Expected::Good,
        Rule::place => Expected::Place,
        Rule::rule_option => Expected::RuleOption,
        Rule::expect_what | Rule::expect_goods => Expected::ExpectWhat,
        Rule::count => Expected::Number,
        Rule::points => Expected::Points,
        Rule::kw_nothing | Rule::gains | Rule::gain => Expected::NothingOrGains,
        Rule::string => Expected::String,
        Rule::arrow | Rule::expectation => Expected::Arrow,
        Rule::sep => Expected::Space,
        Rule::comment | Rule::EOI => Expected::EndOfLine,
        _ => return None,
    })
}

/// Turns pest's error into one friendly [`SyntaxError`].
fn convert_error(line: &str, base: usize, error: &pest::error::Error<Rule>) -> SyntaxError {
    let pos = match error.location {
        pest::error::InputLocation::Pos(pos) => pos,
        pest::error::InputLocation::Span((start, _)) => start,
    };
    let pos = pos.min(line.len());
    let mut expected: Vec<Expected> = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut expected: Vec<Expected> =
                positives.iter().filter_map(|r| expected_for(*r)).collect();
            // pest lets a rule that fails where its children failed replace them; `line`
            // fails at the start of the line only where a keyword or the end was wanted.
            if positives.contains(&Rule::line) {
                expected.extend([Expected::Keyword, Expected::EndOfLine]);
            }
            expected
        }
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort();
    expected.dedup();
    // `=>` followed by `nothing` or a colour: one expectation, not two.
    if expected.contains(&Expected::NothingOrGains) {
        expected.retain(|e| *e != Expected::Colour);
    }

    // The offending word: from the first non-blank at or after `pos` to the next blank.
    let rest = line.get(pos..).unwrap_or("");
    let word_start = pos + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
    let after = line.get(word_start..).unwrap_or("");
    let word_len = after.find([' ', '\t', '#']).unwrap_or(after.len());
    let word = after.get(..word_len).unwrap_or("");

    if word.is_empty() {
        // Nothing there: point right after the last word.
        let before = line.get(..pos).unwrap_or("");
        let at = before.trim_end_matches([' ', '\t']).len();
        expected.retain(|e| *e != Expected::EndOfLine && *e != Expected::Space);
        if expected.is_empty() {
            expected.push(Expected::EndOfLine);
        }
        return SyntaxError {
            span: Span::new(base + at, base + at),
            kind: SyntaxErrorKind::Expected {
                expected,
                found: None,
            },
        };
    }

    if word.starts_with('"') && (expected.is_empty() || expected.contains(&Expected::String)) {
        if let Some(error) = string_error(after, base + word_start) {
            return error;
        }
    }

    let fitting: Vec<Expected> = expected.iter().copied().filter(|e| e.fits(word)).collect();
    let expected = if !fitting.is_empty() {
        fitting
    } else if expected.is_empty() {
        vec![Expected::EndOfLine]
    } else {
        expected
    };
    SyntaxError {
        span: Span::new(base + word_start, base + word_start + word_len),
        kind: SyntaxErrorKind::Expected {
            expected,
            found: Some(shorten(word)),
        },
    }
}

/// Finds what is wrong with the string literal at the start of `text` (which starts with
/// `"`), if anything.
fn string_error(text: &str, base: usize) -> Option<SyntaxError> {
    let mut escaped = false;
    for (i, c) in text.char_indices().skip(1) {
        if escaped {
            if c != '"' && c != '\\' {
                return Some(SyntaxError {
                    span: Span::new(base + i - 1, base + i + c.len_utf8()),
                    kind: SyntaxErrorKind::InvalidEscape,
                });
            }
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            return None;
        }
    }
    let end = text.trim_end_matches([' ', '\t']).len().max(1);
    Some(SyntaxError {
        span: Span::new(base, base + end),
        kind: SyntaxErrorKind::UnterminatedString,
    })
}

/// The word as quoted in a message: control characters escaped, long words cut.
fn shorten(word: &str) -> String {
    let mut out = String::new();
    for (n, c) in word.chars().enumerate() {
        if n == MAX_FOUND_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

// ---- building the tree ----------------------------------------------------------------

/// The children of a statement, without the separators, read front to back.
struct Cursor<'i> {
    pairs: std::iter::Peekable<std::vec::IntoIter<Pair<'i, Rule>>>,
    base: usize,
    statement: Span,
}

impl<'i> Cursor<'i> {
    fn new(pair: &Pair<'i, Rule>, base: usize) -> Cursor<'i> {
        Cursor::of_children(pair, base, span_of(pair, base))
    }

    fn of_children(pair: &Pair<'i, Rule>, base: usize, statement: Span) -> Cursor<'i> {
        let children: Vec<Pair<'i, Rule>> = pair
            .clone()
            .into_inner()
            .filter(|p| p.as_rule() != Rule::sep)
            .collect();
        Cursor {
            pairs: children.into_iter().peekable(),
            base,
            statement,
        }
    }

    /// The next child if it is a `rule`.
    fn take(&mut self, rule: Rule) -> Option<Pair<'i, Rule>> {
        self.pairs.next_if(|p| p.as_rule() == rule)
    }

    /// The next child, which the grammar guarantees to be a `rule`.
    fn need(&mut self, rule: Rule) -> Result<Pair<'i, Rule>, SyntaxError> {
        self.take(rule).ok_or_else(|| self.internal())
    }

    /// An error for a tree shape the grammar does not produce (a bug, not a panic).
    fn internal(&self) -> SyntaxError {
        SyntaxError {
            span: self.statement,
            kind: SyntaxErrorKind::Expected {
                expected: vec![Expected::Keyword],
                found: None,
            },
        }
    }

    fn spanned<T>(&self, pair: &Pair<'_, Rule>, value: T) -> Spanned<T> {
        Spanned {
            value,
            span: span_of(pair, self.base),
        }
    }

    fn tile(&mut self) -> Result<Spanned<String>, SyntaxError> {
        let pair = self.need(Rule::tile)?;
        Ok(self.spanned(&pair, pair.as_str().to_owned()))
    }

    fn coord(&mut self) -> Result<Coord, SyntaxError> {
        let pair = self.need(Rule::coord)?;
        let span = span_of(&pair, self.base);
        let text = pair.as_str();
        let (x_text, y_text) = text.split_once(',').ok_or_else(|| self.internal())?;
        let x_span = Span::new(span.start, span.start + x_text.len());
        let y_span = Span::new(x_span.end + 1, span.end);
        let number = |t: &str, span: Span| {
            t.parse::<i32>().map_err(|_| SyntaxError {
                span,
                kind: SyntaxErrorKind::CoordinateOutOfRange,
            })
        };
        Ok(Coord {
            x: Spanned {
                value: number(x_text, x_span)?,
                span: x_span,
            },
            y: Spanned {
                value: number(y_text, y_span)?,
                span: y_span,
            },
            span,
        })
    }

    fn rotation(&mut self) -> Option<Spanned<RotationWord>> {
        let pair = self.take(Rule::rotation)?;
        let value = RotationWord::from_word(pair.as_str())?;
        Some(self.spanned(&pair, value))
    }

    fn colour(&mut self) -> Option<Spanned<Color>> {
        let pair = self.take(Rule::colour)?;
        let value = Color::from_word(pair.as_str())?;
        Some(self.spanned(&pair, value))
    }

    fn need_colour(&mut self) -> Result<Spanned<Color>, SyntaxError> {
        self.colour().ok_or_else(|| self.internal())
    }

    fn meeple(&mut self) -> Option<MeepleSpec> {
        if let Some(pair) = self.take(Rule::kw_abbot) {
            let span = span_of(&pair, self.base);
            return Some(MeepleSpec::abbot(span));
        }
        for (rule, figure) in [
            (Rule::kw_builder, FigureWord::Builder),
            (Rule::kw_pig, FigureWord::Pig),
        ] {
            if let Some(pair) = self.take(rule) {
                let word = span_of(&pair, self.base);
                let place = self.take(Rule::place)?;
                let place = self.spanned(&place, PlaceWord::from_word(place.as_str())?);
                return Some(MeepleSpec::with_place(figure, word, place));
            }
        }
        let large = self.take(Rule::kw_large).map(|p| span_of(&p, self.base));
        let pair = self.take(Rule::role)?;
        let role = self.spanned(&pair, RoleWord::from_word(pair.as_str())?);
        let place = self.take(Rule::place).and_then(|pair| {
            let place = PlaceWord::from_word(pair.as_str())?;
            Some(self.spanned(&pair, place))
        });
        Some(MeepleSpec::meeple(large, role, place))
    }

    /// `amounts` (supply, score, expect) or `gains` (an `=>` list).
    fn amounts(
        &mut self,
        list: Rule,
        entry: Rule,
        number: Rule,
    ) -> Result<Vec<Amount>, SyntaxError> {
        let list = self.need(list)?;
        let mut out = Vec::new();
        for entry_pair in list.into_inner().filter(|p| p.as_rule() == entry) {
            let mut inner = Cursor::of_children(&entry_pair, self.base, self.statement);
            let colour = inner.need_colour()?;
            let value_pair = inner.need(number)?;
            let span = span_of(&value_pair, self.base);
            let digits = value_pair.as_str().trim_start_matches('+');
            let value = digits.parse::<i64>().map_err(|_| SyntaxError {
                span,
                kind: SyntaxErrorKind::NumberOutOfRange,
            })?;
            out.push(Amount {
                span: Span::new(colour.span.start, span.end),
                colour,
                value: Spanned { value, span },
            });
        }
        Ok(out)
    }

    fn expectation(&mut self) -> Result<Option<Expectation>, SyntaxError> {
        let Some(pair) = self.take(Rule::expectation) else {
            return Ok(None);
        };
        let span = span_of(&pair, self.base);
        let mut inner = Cursor::of_children(&pair, self.base, self.statement);
        inner.need(Rule::arrow)?;
        let kind = if inner.take(Rule::kw_nothing).is_some() {
            ExpectationKind::Nothing
        } else {
            ExpectationKind::Gains(inner.amounts(Rule::gains, Rule::gain, Rule::points)?)
        };
        Ok(Some(Expectation { span, kind }))
    }

    /// `COLOUR T x,y [rK] [FIGURE [PLACE] | recall] [GLYPH]` after `turn` or `bonus`: a turn
    /// without expectation.
    fn turn_move(&mut self) -> Result<TurnStmt, SyntaxError> {
        let colour = self.need_colour()?;
        let tile = self.tile()?;
        let at = self.coord()?;
        let rotation = self.rotation();
        let recall = self.take(Rule::kw_recall).map(|p| span_of(&p, self.base));
        let meeple = self.meeple();
        let glyph = self.take(Rule::glyph).and_then(|pair| {
            let glyph = Glyph::from_word(pair.as_str())?;
            Some(self.spanned(&pair, glyph))
        });
        Ok(TurnStmt {
            colour,
            tile,
            at,
            rotation,
            meeple,
            recall,
            glyph,
            expect: None,
        })
    }

    /// `COLOUR [GOOD n]…` (`goods`, `expect goods`); a good listed twice is
    /// [`SyntaxErrorKind::RepeatedGood`].
    fn goods(&mut self) -> Result<GoodsStmt, SyntaxError> {
        let list = self.need(Rule::goods_list)?;
        let mut inner = Cursor::of_children(&list, self.base, self.statement);
        let colour = inner.need_colour()?;
        let mut goods: Vec<GoodAmount> = Vec::new();
        while let Some(entry) = inner.take(Rule::good_amount) {
            let mut entry = Cursor::of_children(&entry, self.base, self.statement);
            let good_pair = entry.need(Rule::good)?;
            let good = Good::from_word(good_pair.as_str()).ok_or_else(|| self.internal())?;
            let good = entry.spanned(&good_pair, good);
            let count = entry.need(Rule::count)?;
            let span = span_of(&count, self.base);
            let value = count
                .as_str()
                .trim_start_matches('+')
                .parse::<i64>()
                .map_err(|_| SyntaxError {
                    span,
                    kind: SyntaxErrorKind::NumberOutOfRange,
                })?;
            if let Some(first) = goods.iter().find(|g| g.good.value == good.value) {
                return Err(SyntaxError {
                    span: Span::new(good.span.start, span.end),
                    kind: SyntaxErrorKind::RepeatedGood {
                        good: good.value,
                        first: first.span,
                    },
                });
            }
            goods.push(GoodAmount {
                span: Span::new(good.span.start, span.end),
                good,
                value: Spanned { value, span },
            });
        }
        Ok(GoodsStmt { colour, goods })
    }

    fn string(&mut self) -> Result<Spanned<String>, SyntaxError> {
        let pair = self.need(Rule::string)?;
        let literal = pair.as_str();
        let inner = literal
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or("");
        let mut value = String::with_capacity(inner.len());
        let mut escaped = false;
        for c in inner.chars() {
            if escaped || c != '\\' {
                value.push(c);
                escaped = false;
            } else {
                escaped = true;
            }
        }
        Ok(self.spanned(&pair, value))
    }
}

/// One `rules` item, checked against the registry ([`crate::RULE_OPTIONS`]): a known word,
/// with its number exactly when it takes one. `next` is the following item, where a missing
/// number is reported as the grammar would.
fn rules_item(
    item: &Pair<'_, Rule>,
    next: Option<&Pair<'_, Rule>>,
    base: usize,
    statement: Span,
) -> Result<RuleOption, SyntaxError> {
    let mut inner = Cursor::of_children(item, base, statement);
    let word = inner.need(Rule::rule_option)?;
    let word_span = span_of(&word, base);
    let count = inner.take(Rule::count);
    let expected = |expected: Vec<Expected>, span: Span, found: Option<&str>| SyntaxError {
        span,
        kind: SyntaxErrorKind::Expected {
            expected,
            found: found.map(shorten),
        },
    };
    let Some(def) = crate::rules::rule_option(word.as_str()) else {
        return Err(expected(
            vec![Expected::RuleOption],
            word_span,
            Some(word.as_str()),
        ));
    };
    match (def.argument, count) {
        (None, None) => Ok((def.option)(0)),
        (None, Some(count)) => Err(expected(
            vec![Expected::RuleOption, Expected::EndOfLine],
            span_of(&count, base),
            Some(count.as_str()),
        )),
        (Some(_), Some(count)) => {
            let n = count.as_str().trim_start_matches('+').parse::<u32>();
            let n = n.map_err(|_| SyntaxError {
                span: span_of(&count, base),
                kind: SyntaxErrorKind::NumberOutOfRange,
            })?;
            Ok((def.option)(n))
        }
        (Some(_), None) => Err(match next {
            Some(next) => {
                let next_word = next.clone().into_inner().next();
                let (span, text) = match &next_word {
                    Some(w) => (span_of(w, base), w.as_str()),
                    None => (span_of(next, base), next.as_str()),
                };
                expected(vec![Expected::Number], span, Some(text))
            }
            None => expected(
                vec![Expected::Number],
                Span::new(word_span.end, word_span.end),
                None,
            ),
        }),
    }
}

fn build_statement(pair: Pair<'_, Rule>, base: usize) -> Result<Statement, SyntaxError> {
    let span = span_of(&pair, base);
    let rule = pair.as_rule();
    let mut c = Cursor::new(&pair, base);
    let keyword_pair = c.pairs.next().ok_or_else(|| c.internal())?;
    let mut keyword = span_of(&keyword_pair, base);
    let kind = match rule {
        Rule::title_stmt => StatementKind::Title(c.string()?),
        Rule::note_stmt => StatementKind::Note(c.string()?),
        Rule::players_stmt => {
            let mut colours = Vec::new();
            while let Some(colour) = c.colour() {
                colours.push(colour);
            }
            StatementKind::Players(colours)
        }
        Rule::rules_stmt => {
            let items: Vec<Pair<'_, Rule>> = c.pairs.by_ref().collect();
            let mut options = Vec::new();
            for (k, item) in items.iter().enumerate() {
                let option = rules_item(item, items.get(k + 1), base, span)?;
                options.push(c.spanned(item, option));
            }
            StatementKind::Rules(options)
        }
        Rule::tile_stmt => {
            let tile = c.tile()?;
            let at = c.coord()?;
            let rotation = c.rotation();
            let mut meeples = Vec::new();
            while let Some(colour) = c.colour() {
                let meeple = c.meeple().ok_or_else(|| c.internal())?;
                meeples.push((colour, meeple));
            }
            StatementKind::Tile(TileStmt {
                tile,
                at,
                rotation,
                meeples,
            })
        }
        Rule::supply_stmt => {
            StatementKind::Supply(c.amounts(Rule::amounts, Rule::amount, Rule::count)?)
        }
        Rule::score_stmt => {
            StatementKind::Score(c.amounts(Rule::amounts, Rule::amount, Rule::count)?)
        }
        Rule::turn_stmt | Rule::bonus_stmt => {
            let mut turn = c.turn_move()?;
            turn.expect = c.expectation()?;
            if rule == Rule::bonus_stmt {
                StatementKind::Bonus(turn)
            } else {
                StatementKind::Turn(turn)
            }
        }
        Rule::goods_stmt => StatementKind::Goods(c.goods()?),
        Rule::refused_stmt => {
            let mut codes = Vec::new();
            for code in c.need(Rule::refusal_codes)?.into_inner() {
                if code.as_rule() == Rule::refusal_code {
                    codes.push(c.spanned(&code, code.as_str().to_owned()));
                }
            }
            c.need(Rule::colon)?;
            let move_pair = c
                .take(Rule::refused_discard)
                .map_or_else(|| c.need(Rule::refused_turn), Ok)?;
            let move_span = span_of(&move_pair, base);
            let mut inner = Cursor::of_children(&move_pair, base, span);
            let (keyword, refused) = if move_pair.as_rule() == Rule::refused_discard {
                let keyword = span_of(&inner.need(Rule::kw_refused_discard)?, base);
                (
                    keyword,
                    RefusedMove::Discard {
                        tile: inner.tile()?,
                    },
                )
            } else {
                let keyword = span_of(&inner.need(Rule::kw_refused_turn)?, base);
                (keyword, RefusedMove::Turn(Box::new(inner.turn_move()?)))
            };
            if let Some(expectation) = c.take(Rule::expectation) {
                return Err(SyntaxError {
                    span: span_of(&expectation, base),
                    kind: SyntaxErrorKind::RefusedExpectation,
                });
            }
            StatementKind::Refused(RefusedStmt {
                codes,
                refused,
                keyword,
                move_span,
            })
        }
        Rule::discard_stmt => StatementKind::Discard { tile: c.tile()? },
        Rule::expect_stmt => {
            if let Some(what) = c.take(Rule::expect_goods) {
                keyword = Span::new(keyword.start, span_of(&what, base).end);
                StatementKind::ExpectGoods(c.goods()?)
            } else {
                let what = c.need(Rule::expect_what)?;
                keyword = Span::new(keyword.start, span_of(&what, base).end);
                let amounts = c.amounts(Rule::amounts, Rule::amount, Rule::count)?;
                if what.as_str() == "supply" {
                    StatementKind::ExpectSupply(amounts)
                } else {
                    StatementKind::ExpectScore(amounts)
                }
            }
        }
        Rule::end_stmt => StatementKind::End {
            expect: c.expectation()?,
        },
        Rule::variation_open => StatementKind::VariationOpen { name: c.string()? },
        Rule::variation_close => {
            keyword = span;
            StatementKind::VariationClose
        }
        Rule::mark_stmt => {
            let at = c.coord()?;
            let label = match c.pairs.peek().map(|p| p.as_rule()) {
                Some(Rule::string) => Some(c.string()?),
                _ => None,
            };
            StatementKind::Mark { at, label }
        }
        Rule::puzzle_stmt => {
            let goal = c.take(Rule::puzzle_goal).and_then(|pair| {
                let goal = PuzzleGoal::from_word(pair.as_str())?;
                Some(c.spanned(&pair, goal))
            });
            StatementKind::Puzzle { goal }
        }
        Rule::draws_stmt => {
            let mut tiles = vec![c.tile()?];
            while c.pairs.peek().is_some_and(|p| p.as_rule() == Rule::tile) {
                tiles.push(c.tile()?);
            }
            StatementKind::Draws(tiles)
        }
        _ => return Err(c.internal()),
    };
    Ok(Statement {
        span,
        keyword,
        kind,
    })
}
