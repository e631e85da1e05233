//! The typed syntax tree. Every token carries a [`Span`] of byte offsets into the whole
//! original text; nothing here knows about lines and columns.

use std::fmt;

use carc_rules::Color;

/// A range of byte offsets `start..end` into the whole text given to [`crate::parse`].
///
/// Its `Debug` form is `start..end`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (byte offsets).
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// True for an empty span (a position, e.g. where a missing word was expected).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when `offset` lies in `start..=end` (the end is included so that a cursor
    /// right after a token still touches it).
    pub fn touches(&self, offset: usize) -> bool {
        self.start <= offset && offset <= self.end
    }

    /// The text this span covers, or `None` when it does not fit `text`.
    pub fn slice<'t>(&self, text: &'t str) -> Option<&'t str> {
        text.get(self.start..self.end)
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A value together with the span of the token it was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

/// The result of [`crate::parse`]: one [`Line`] per line of the text, and the syntax errors.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Parse {
    /// Every line of the text, in order (no line is produced after a final line break).
    pub lines: Vec<Line>,
    /// One error per line whose kind is [`LineKind::Error`], in line order.
    pub errors: Vec<crate::SyntaxError>,
}

impl Parse {
    /// The statements of the lines that parsed, in order.
    pub fn statements(&self) -> impl Iterator<Item = &Statement> {
        self.lines.iter().filter_map(|line| match &line.kind {
            LineKind::Statement(statement) => Some(&**statement),
            _ => None,
        })
    }
}

/// One line of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line's content without its line break (`\n`, `\r\n` or `\r`).
    pub span: Span,
    /// What the line holds.
    pub kind: LineKind,
    /// The comment, from `#` to the end of the line, if any. Also found on lines that did
    /// not parse (by a scan that skips `#` inside strings).
    pub comment: Option<Span>,
}

/// What a [`Line`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// Empty, only spaces, or only a comment.
    Blank,
    /// A statement that parsed. Boxed, so that a blank or broken line costs a few dozen
    /// bytes, not the size of the largest statement (a file of a million blank lines took
    /// 460 bytes a line: issue 25).
    Statement(Box<Statement>),
    /// The line did not parse; its [`crate::SyntaxError`] is in [`Parse::errors`].
    Error,
}

/// One statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The statement's text, without leading or trailing spaces and without the comment.
    pub span: Span,
    /// The keyword. For `expect score`, `expect supply` and `expect goods` it covers both
    /// words.
    pub keyword: Span,
    /// The statement itself.
    pub kind: StatementKind,
}

/// The statements of the notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatementKind {
    /// `title "…"`: the unescaped value; the span is the literal including its quotes.
    Title(Spanned<String>),
    /// `note "…"`: the unescaped value; the span is the literal including its quotes.
    Note(Spanned<String>),
    /// `players C1 C2 …` (at least one colour at the syntax level).
    Players(Vec<Spanned<Color>>),
    /// `rules OPT …` (at least one option).
    Rules(Vec<Spanned<RuleOption>>),
    /// `tile T x,y [rK] [COLOUR FIGURE [PLACE]]…` (more than one figure is `tile-meeples`).
    Tile(TileStmt),
    /// `supply COLOUR n …`.
    Supply(Vec<Amount>),
    /// `score COLOUR n …`.
    Score(Vec<Amount>),
    /// `turn COLOUR T x,y [rK] [FIGURE [PLACE] | recall] [GLYPH] [=> EXPECT]`.
    Turn(TurnStmt),
    /// `bonus COLOUR T x,y [rK] [FIGURE [PLACE] | recall] [GLYPH] [=> EXPECT]` (Traders &
    /// Builders): the bonus tile the builder earns, a second part of the turn before it; not
    /// a turn of the turn order. The same shape as [`StatementKind::Turn`].
    Bonus(TurnStmt),
    /// `refused CODE[, CODE…]: turn COLOUR T x,y [rK] [ROLE [PLACE]] [GLYPH]` or
    /// `refused CODE[, CODE…]: discard T`: a move the rules refuse with exactly those codes;
    /// it is not applied.
    Refused(RefusedStmt),
    /// `discard T`.
    Discard {
        /// The discarded tile's token, as written (see [`TileStmt::tile`]).
        tile: Spanned<String>,
    },
    /// `expect score COLOUR n …`.
    ExpectScore(Vec<Amount>),
    /// `expect supply COLOUR n …`.
    ExpectSupply(Vec<Amount>),
    /// `expect goods COLOUR [wine n] [grain n] [cloth n]` (Traders & Builders): the goods
    /// tokens the colour holds at this point; an unlisted good is not checked.
    ExpectGoods(GoodsStmt),
    /// `goods COLOUR [wine n] [grain n] [cloth n]` (Traders & Builders, setup): the goods
    /// tokens the colour holds so far; an unlisted good is 0.
    Goods(GoodsStmt),
    /// `end [=> EXPECT]`.
    End {
        /// What final scoring is expected to give, if written.
        expect: Option<Expectation>,
    },
    /// `variation "name" {`: the lines up to the matching `}` are an alternative line of
    /// play from this point.
    VariationOpen {
        /// The variation's name.
        name: Spanned<String>,
    },
    /// `}`: closes the innermost open variation.
    VariationClose,
    /// `mark x,y ["label"]`: a highlighted cell, for teaching.
    Mark {
        /// The cell.
        at: Coord,
        /// The label shown with it.
        label: Option<Spanned<String>>,
    },
    /// `puzzle [GOAL]`: the file's last turn is the intended answer of a puzzle, judged by
    /// the goal (`points` when none is written).
    Puzzle {
        /// The goal, if written.
        goal: Option<Spanned<PuzzleGoal>>,
    },
    /// `draws T1 T2 …`: the tiles still to come, in order; the game ends after them.
    Draws(Vec<Spanned<String>>),
}

impl StatementKind {
    /// The statement's keyword in the keyword table ([`crate::KEYWORDS`]): `expect` for every
    /// `expect …`, `variation` for both lines of a block. Whether a statement belongs to the
    /// setup is that entry's [`crate::KeywordDef::setup`]. Never `None` (a test parses each
    /// keyword and checks).
    pub fn keyword_def(&self) -> Option<&'static crate::KeywordDef> {
        let word = match self {
            StatementKind::Title(_) => "title",
            StatementKind::Note(_) => "note",
            StatementKind::Players(_) => "players",
            StatementKind::Rules(_) => "rules",
            StatementKind::Tile(_) => "tile",
            StatementKind::Supply(_) => "supply",
            StatementKind::Score(_) => "score",
            StatementKind::Turn(_) => "turn",
            StatementKind::Bonus(_) => "bonus",
            StatementKind::Refused(_) => "refused",
            StatementKind::Discard { .. } => "discard",
            StatementKind::ExpectScore(_)
            | StatementKind::ExpectSupply(_)
            | StatementKind::ExpectGoods(_) => "expect",
            StatementKind::Goods(_) => "goods",
            StatementKind::End { .. } => "end",
            StatementKind::VariationOpen { .. } | StatementKind::VariationClose => "variation",
            StatementKind::Mark { .. } => "mark",
            StatementKind::Puzzle { .. } => "puzzle",
            StatementKind::Draws(_) => "draws",
        };
        crate::keywords::keyword(word)
    }
}

/// What a puzzle's answer is judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PuzzleGoal {
    /// `points`: what the move scores at once for the mover (the default).
    #[default]
    Points,
    /// `final`: the mover's final score minus the best opponent's, after the draws.
    Final,
    /// `score`: the mover's own final score, after the draws.
    Score,
}

impl PuzzleGoal {
    /// Every goal, in the order the notation lists them.
    pub const ALL: [PuzzleGoal; 3] = [PuzzleGoal::Points, PuzzleGoal::Final, PuzzleGoal::Score];

    /// The word as written in the notation.
    pub fn as_str(self) -> &'static str {
        match self {
            PuzzleGoal::Points => "points",
            PuzzleGoal::Final => "final",
            PuzzleGoal::Score => "score",
        }
    }

    /// The goal written `word`.
    pub fn from_word(word: &str) -> Option<PuzzleGoal> {
        PuzzleGoal::ALL.into_iter().find(|g| g.as_str() == word)
    }
}

/// What a `rules` option switches (the words are in the registry, [`crate::RULE_OPTIONS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleOption {
    /// `farmers` (the default).
    Farmers,
    /// `no-farmers`.
    NoFarmers,
    /// `whole-board`: the setup is the entire board, not an excerpt of one.
    WholeBoard,
    /// `boxes N`: the tiles of N boxes may be used (N × the counts of `docs/tiles.md`).
    Boxes(u32),
    /// An expansion's word (`abbot`, `inns-cathedrals`, `river`, `traders-builders`): the set
    /// is in play. The words are the engine's ([`carc_rules::TileSet::as_str`]).
    Set(carc_rules::TileSet),
}

impl fmt::Display for RuleOption {
    /// The option as written in the notation (`no-farmers`, `boxes 3`), from the registry
    /// ([`crate::RULE_OPTIONS`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let def = crate::rules::rule_option_def(*self).ok_or(fmt::Error)?;
        f.write_str(def.word)?;
        match (def.argument, self) {
            (Some(_), RuleOption::Boxes(n)) => write!(f, " {n}"),
            _ => Ok(()),
        }
    }
}

/// A PGN-style judgement of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!!` a brilliant move.
    Brilliant,
    /// `!` a good move.
    Good,
    /// `!?` an interesting move.
    Interesting,
    /// `?!` a dubious move.
    Dubious,
    /// `?` a mistake.
    Mistake,
    /// `??` a blunder.
    Blunder,
}

impl Glyph {
    /// Every glyph.
    pub const ALL: [Glyph; 6] = [
        Glyph::Brilliant,
        Glyph::Good,
        Glyph::Interesting,
        Glyph::Dubious,
        Glyph::Mistake,
        Glyph::Blunder,
    ];

    /// The glyph as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Brilliant => "!!",
            Glyph::Good => "!",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
            Glyph::Mistake => "?",
            Glyph::Blunder => "??",
        }
    }

    /// What it says, in words.
    pub fn meaning(self) -> &'static str {
        match self {
            Glyph::Brilliant => "brilliant move",
            Glyph::Good => "good move",
            Glyph::Interesting => "interesting move",
            Glyph::Dubious => "dubious move",
            Glyph::Mistake => "mistake",
            Glyph::Blunder => "blunder",
        }
    }

    /// The glyph of a written token.
    pub fn from_word(word: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.as_str() == word)
    }
}

/// A meeple role word. Both spellings of the road role are kept apart so that the
/// formatter can keep what the author wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoleWord {
    /// `knight` (city).
    Knight,
    /// `traveller` (road).
    Traveller,
    /// `traveler` (road).
    Traveler,
    /// `monk` (monastery).
    Monk,
    /// `farmer` (field).
    Farmer,
}

impl RoleWord {
    /// Every role word, both spellings of the road role included.
    pub const ALL: [RoleWord; 5] = [
        RoleWord::Knight,
        RoleWord::Traveller,
        RoleWord::Traveler,
        RoleWord::Monk,
        RoleWord::Farmer,
    ];

    /// The role word written `word`.
    pub fn from_word(word: &str) -> Option<RoleWord> {
        RoleWord::ALL.into_iter().find(|r| r.as_str() == word)
    }

    /// The word as written in the notation.
    pub fn as_str(self) -> &'static str {
        match self {
            RoleWord::Knight => "knight",
            RoleWord::Traveller => "traveller",
            RoleWord::Traveler => "traveler",
            RoleWord::Monk => "monk",
            RoleWord::Farmer => "farmer",
        }
    }
}

/// A place on a tile in board directions: a side or a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaceWord {
    /// Side north.
    N,
    /// Side east.
    E,
    /// Side south.
    S,
    /// Side west.
    W,
    /// Corner north-east.
    NE,
    /// Corner south-east.
    SE,
    /// Corner south-west.
    SW,
    /// Corner north-west.
    NW,
    /// Half-side: the east half of side N (fields; a split corner needs one).
    NNE,
    /// Half-side: the north half of side E.
    ENE,
    /// Half-side: the south half of side E.
    ESE,
    /// Half-side: the east half of side S.
    SSE,
    /// Half-side: the west half of side S.
    SSW,
    /// Half-side: the south half of side W.
    WSW,
    /// Half-side: the north half of side W.
    WNW,
    /// Half-side: the west half of side N.
    NNW,
    /// `inner`: the field that touches no side of its tile.
    Inner,
}

impl PlaceWord {
    /// Every place word: the sides, the corners, the half-sides, `inner`.
    pub const ALL: [PlaceWord; 17] = [
        PlaceWord::N,
        PlaceWord::E,
        PlaceWord::S,
        PlaceWord::W,
        PlaceWord::NE,
        PlaceWord::SE,
        PlaceWord::SW,
        PlaceWord::NW,
        PlaceWord::NNE,
        PlaceWord::ENE,
        PlaceWord::ESE,
        PlaceWord::SSE,
        PlaceWord::SSW,
        PlaceWord::WSW,
        PlaceWord::WNW,
        PlaceWord::NNW,
        PlaceWord::Inner,
    ];

    /// The place word written `word`.
    pub fn from_word(word: &str) -> Option<PlaceWord> {
        PlaceWord::ALL.into_iter().find(|p| p.as_str() == word)
    }

    /// The word as written in the notation.
    pub fn as_str(self) -> &'static str {
        match self {
            PlaceWord::N => "N",
            PlaceWord::E => "E",
            PlaceWord::S => "S",
            PlaceWord::W => "W",
            PlaceWord::NE => "NE",
            PlaceWord::SE => "SE",
            PlaceWord::SW => "SW",
            PlaceWord::NW => "NW",
            PlaceWord::NNE => "NNE",
            PlaceWord::ENE => "ENE",
            PlaceWord::ESE => "ESE",
            PlaceWord::SSE => "SSE",
            PlaceWord::SSW => "SSW",
            PlaceWord::WSW => "WSW",
            PlaceWord::WNW => "WNW",
            PlaceWord::NNW => "NNW",
            PlaceWord::Inner => "inner",
        }
    }

    /// True for a side (`N E S W`), false for a corner.
    pub fn is_side(self) -> bool {
        matches!(
            self,
            PlaceWord::N | PlaceWord::E | PlaceWord::S | PlaceWord::W
        )
    }
}

/// A rotation word, clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RotationWord {
    /// `r0`
    R0,
    /// `r90`
    R90,
    /// `r180`
    R180,
    /// `r270`
    R270,
}

impl RotationWord {
    /// Every rotation.
    pub const ALL: [RotationWord; 4] = [
        RotationWord::R0,
        RotationWord::R90,
        RotationWord::R180,
        RotationWord::R270,
    ];

    /// The rotation written `word`.
    pub fn from_word(word: &str) -> Option<RotationWord> {
        RotationWord::ALL.into_iter().find(|r| r.as_str() == word)
    }

    /// The word as written in the notation.
    pub fn as_str(self) -> &'static str {
        match self {
            RotationWord::R0 => "r0",
            RotationWord::R90 => "r90",
            RotationWord::R180 => "r180",
            RotationWord::R270 => "r270",
        }
    }

    /// Degrees clockwise: 0, 90, 180 or 270.
    pub fn degrees(self) -> u16 {
        match self {
            RotationWord::R0 => 0,
            RotationWord::R90 => 90,
            RotationWord::R180 => 180,
            RotationWord::R270 => 270,
        }
    }
}

/// Board coordinates `x,y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    /// x, growing to the east.
    pub x: Spanned<i32>,
    /// y, growing to the north.
    pub y: Spanned<i32>,
    /// The whole `x,y` token.
    pub span: Span,
}

/// Which figure a deployment names, in the notation's words (independent of the rules
/// engine's figures).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FigureWord {
    /// A meeple: written as its role word alone (`knight N`).
    Meeple,
    /// `large ROLE [PLACE]`: the large meeple of Inns & Cathedrals.
    Large,
    /// `abbot`: the abbot of The Abbot.
    Abbot,
    /// `builder PLACE`: the builder of Traders & Builders.
    Builder,
    /// `pig PLACE`: the pig of Traders & Builders.
    Pig,
}

impl FigureWord {
    /// Every figure, in the order of the figure table of docs/notation.md.
    pub const ALL: [FigureWord; 5] = [
        FigureWord::Meeple,
        FigureWord::Large,
        FigureWord::Abbot,
        FigureWord::Builder,
        FigureWord::Pig,
    ];

    /// The words that name a figure (`large`, `abbot`, `builder`, `pig`); a meeple is named by
    /// its role word.
    pub const WORDS: [&'static str; 4] = ["large", "abbot", "builder", "pig"];

    /// The word that names it: `large`, `abbot`, `builder`, `pig`; `None` for a meeple.
    pub fn word(self) -> Option<&'static str> {
        match self {
            FigureWord::Meeple => None,
            FigureWord::Large => Some("large"),
            FigureWord::Abbot => Some("abbot"),
            FigureWord::Builder => Some("builder"),
            FigureWord::Pig => Some("pig"),
        }
    }

    /// The figure whose word is `word` (never [`FigureWord::Meeple`]).
    pub fn from_word(word: &str) -> Option<FigureWord> {
        FigureWord::ALL.into_iter().find(|f| f.word() == Some(word))
    }

    /// What it is called in messages: `meeple`, `large meeple`, `abbot`, `builder`, `pig`.
    pub fn as_str(self) -> &'static str {
        match self {
            FigureWord::Meeple => "meeple",
            FigureWord::Large => "large meeple",
            FigureWord::Abbot => "abbot",
            FigureWord::Builder => "builder",
            FigureWord::Pig => "pig",
        }
    }

    /// Whether a role word is written with it (a meeple and the large meeple): for the other
    /// figures [`MeepleSpec::role`] is a stand-in.
    pub fn has_role(self) -> bool {
        matches!(self, FigureWord::Meeple | FigureWord::Large)
    }
}

/// A deployed figure: `[large] ROLE [PLACE]`, `abbot`, `builder PLACE` or `pig PLACE`.
///
/// Read [`MeepleSpec::figure`] first. `role` is the written role word only for a meeple and
/// the large meeple ([`MeepleSpec::written_role`]); for the others it is a stand-in at the
/// figure's word: `monk` for the abbot (it stands on a monastery or garden), `farmer` for the
/// pig (it stands in a field), `knight` for the builder (its road or city is the place's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MeepleSpec {
    /// Which figure, with the span of its word (`large`, `abbot`, `builder`, `pig`), or of the
    /// role word for a meeple.
    pub figure: Spanned<FigureWord>,
    /// The word `abbot` (The Abbot), if that is what is written: then `role` is `monk` at the
    /// same span and there is no place (the abbot goes on the monastery or the garden).
    pub abbot: Option<Span>,
    /// The word `large` (the large meeple of Inns & Cathedrals), if written.
    pub large: Option<Span>,
    /// The role word.
    pub role: Spanned<RoleWord>,
    /// The place, if written (always for the builder and the pig; never for the abbot).
    pub place: Option<Spanned<PlaceWord>>,
    /// From the figure's word or the role to the end of the place (or of the role).
    pub span: Span,
}

impl MeepleSpec {
    /// The abbot written at `span`: role `monk` at the same span, no place.
    pub fn abbot(span: Span) -> MeepleSpec {
        MeepleSpec {
            figure: Spanned {
                value: FigureWord::Abbot,
                span,
            },
            abbot: Some(span),
            large: None,
            role: Spanned {
                value: RoleWord::Monk,
                span,
            },
            place: None,
            span,
        }
    }

    /// `[large] ROLE [PLACE]`: a meeple, or the large meeple when `large` is written.
    pub fn meeple(
        large: Option<Span>,
        role: Spanned<RoleWord>,
        place: Option<Spanned<PlaceWord>>,
    ) -> MeepleSpec {
        let figure = match large {
            Some(span) => Spanned {
                value: FigureWord::Large,
                span,
            },
            None => Spanned {
                value: FigureWord::Meeple,
                span: role.span,
            },
        };
        let end = place.as_ref().map_or(role.span.end, |p| p.span.end);
        MeepleSpec {
            figure,
            abbot: None,
            large,
            span: Span::new(large.map_or(role.span.start, |l| l.start), end),
            role,
            place,
        }
    }

    /// `builder PLACE` or `pig PLACE` (`figure` is one of those two), the word at `word`.
    pub fn with_place(figure: FigureWord, word: Span, place: Spanned<PlaceWord>) -> MeepleSpec {
        let role = match figure {
            FigureWord::Pig => RoleWord::Farmer,
            FigureWord::Abbot => RoleWord::Monk,
            _ => RoleWord::Knight,
        };
        MeepleSpec {
            figure: Spanned {
                value: figure,
                span: word,
            },
            abbot: None,
            large: None,
            role: Spanned {
                value: role,
                span: word,
            },
            place: Some(place),
            span: Span::new(word.start, place.span.end),
        }
    }

    /// The role word as written: `None` for the abbot, the builder and the pig.
    pub fn written_role(&self) -> Option<Spanned<RoleWord>> {
        self.figure.value.has_role().then_some(self.role)
    }
}

/// `tile T x,y [rK] [COLOUR FIGURE [PLACE]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileStmt {
    /// The tile's token as written: a letter, then letters and digits, then optionally a dot
    /// and letters and digits (`D`, `Eg`, `ic.A`); whether the catalogue knows it is checked by
    /// the analysis (`unknown-tile`).
    pub tile: Spanned<String>,
    /// Where it lies.
    pub at: Coord,
    /// The rotation, if written.
    pub rotation: Option<Spanned<RotationWord>>,
    /// The figures on it as written: at most one is legal (the analysis reports the rest as
    /// `tile-meeples`).
    pub meeples: Vec<(Spanned<Color>, MeepleSpec)>,
}

/// `turn COLOUR T x,y [rK] [FIGURE [PLACE] | recall] [GLYPH] [=> EXPECT]`, and the same
/// shape after `bonus` ([`StatementKind::Bonus`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnStmt {
    /// Whose turn.
    pub colour: Spanned<Color>,
    /// The tile's token as written (see [`TileStmt::tile`]).
    pub tile: Spanned<String>,
    /// Where it goes.
    pub at: Coord,
    /// The rotation, if written.
    pub rotation: Option<Spanned<RotationWord>>,
    /// The figure deployed, if any (a meeple, the large meeple, the abbot, the builder or
    /// the pig: see [`MeepleSpec::figure`]).
    pub meeple: Option<MeepleSpec>,
    /// `recall` (The Abbot): the player takes their abbot back instead of deploying.
    pub recall: Option<Span>,
    /// A PGN-style judgement of the turn (`!`, `?`, …), if written.
    pub glyph: Option<Spanned<Glyph>>,
    /// What the turn is expected to score, if written.
    pub expect: Option<Expectation>,
}

/// `refused CODE[, CODE…]: turn …` or `refused CODE[, CODE…]: discard T`: a move asserted
/// to be refused with exactly these codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedStmt {
    /// The codes as written (kebab-case words; whether each names a diagnostic code is the
    /// analysis's question), in order.
    pub codes: Vec<Spanned<String>>,
    /// The refused move.
    pub refused: RefusedMove,
    /// The keyword of the refused move (`turn` or `discard`).
    pub keyword: Span,
    /// From that keyword to the end of the move.
    pub move_span: Span,
}

/// The move of a `refused` statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefusedMove {
    /// `turn COLOUR T x,y …`: a turn without expectation (`expect` is always `None`); boxed,
    /// as it is much larger than a discard.
    Turn(Box<TurnStmt>),
    /// `discard T`: a drawn tile put back in the box.
    Discard {
        /// The tile's token as written.
        tile: Spanned<String>,
    },
}

/// `COLOUR n`: an entry of `supply`, `score`, `expect …` or an `=>` list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Amount {
    /// The colour.
    pub colour: Spanned<Color>,
    /// The number (never negative; written `n` or `+n`).
    pub value: Spanned<i64>,
    /// From the colour to the end of the number.
    pub span: Span,
}

/// A good of Traders & Builders: the engine's own type (one type for the notation and the
/// rules, as for colours).
pub use carc_rules::Good;

/// `COLOUR [wine n] [grain n] [cloth n]`: the body of `goods` and `expect goods`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoodsStmt {
    /// Whose goods.
    pub colour: Spanned<Color>,
    /// The goods listed, in the order written; each good at most once (a good written twice
    /// is a syntax error). May be empty.
    pub goods: Vec<GoodAmount>,
}

impl GoodsStmt {
    /// The number written for `good`, if it is listed.
    pub fn get(&self, good: Good) -> Option<Spanned<i64>> {
        self.goods
            .iter()
            .find(|g| g.good.value == good)
            .map(|g| g.value)
    }
}

/// `GOOD n`: an entry of `goods` or `expect goods`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoodAmount {
    /// The good.
    pub good: Spanned<Good>,
    /// The number of tokens (never negative; written `n` or `+n`).
    pub value: Spanned<i64>,
    /// From the good to the end of the number.
    pub span: Span,
}

/// `=> nothing` or `=> COLOUR +n, …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    /// From `=>` to the end of the list.
    pub span: Span,
    /// What is expected.
    pub kind: ExpectationKind,
}

/// What an [`Expectation`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectationKind {
    /// `nothing`: nobody scores.
    Nothing,
    /// What each listed colour gains; unlisted colours gain 0.
    Gains(Vec<Amount>),
}
