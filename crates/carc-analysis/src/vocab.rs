//! Mapping the syntax tree's words onto the engine's vocabulary, and the engine's values onto
//! the words messages use. The one place that knows both.

use carc_notation::{Coord, FigureWord, PlaceWord, RoleWord, RotationWord};
use carc_rules::{
    Corner, FeatureKind, Figure, HalfSide, Place, Pos, Role, Rotation, Side, TileType,
};

/// The engine role of a role word (`traveler` is `traveller`).
pub fn role(r: RoleWord) -> Role {
    match r {
        RoleWord::Knight => Role::Knight,
        RoleWord::Traveller | RoleWord::Traveler => Role::Traveller,
        RoleWord::Monk => Role::Monk,
        RoleWord::Farmer => Role::Farmer,
    }
}

/// The engine's figure for a written figure word (`large`, `abbot`, `builder`, `pig`, or none:
/// the meeple).
pub fn figure(f: FigureWord) -> Figure {
    match f {
        FigureWord::Meeple => Figure::Meeple,
        FigureWord::Large => Figure::LargeMeeple,
        FigureWord::Abbot => Figure::Abbot,
        FigureWord::Builder => Figure::Builder,
        FigureWord::Pig => Figure::Pig,
    }
}

/// The engine place of a place word.
pub fn place(p: PlaceWord) -> Place {
    match p {
        PlaceWord::N => Place::Side(Side::N),
        PlaceWord::E => Place::Side(Side::E),
        PlaceWord::S => Place::Side(Side::S),
        PlaceWord::W => Place::Side(Side::W),
        PlaceWord::NE => Place::Corner(Corner::NE),
        PlaceWord::SE => Place::Corner(Corner::SE),
        PlaceWord::SW => Place::Corner(Corner::SW),
        PlaceWord::NW => Place::Corner(Corner::NW),
        PlaceWord::NNE => Place::Half(HalfSide::NNE),
        PlaceWord::ENE => Place::Half(HalfSide::ENE),
        PlaceWord::ESE => Place::Half(HalfSide::ESE),
        PlaceWord::SSE => Place::Half(HalfSide::SSE),
        PlaceWord::SSW => Place::Half(HalfSide::SSW),
        PlaceWord::WSW => Place::Half(HalfSide::WSW),
        PlaceWord::WNW => Place::Half(HalfSide::WNW),
        PlaceWord::NNW => Place::Half(HalfSide::NNW),
        PlaceWord::Inner => Place::Inner,
    }
}

/// The engine rotation of an optional rotation word (omitted is `r0`).
pub fn rotation(r: Option<RotationWord>) -> Rotation {
    match r {
        None | Some(RotationWord::R0) => Rotation::R0,
        Some(RotationWord::R90) => Rotation::R90,
        Some(RotationWord::R180) => Rotation::R180,
        Some(RotationWord::R270) => Rotation::R270,
    }
}

/// The rotation as written in the notation (`r90`: the notation's word, [`RotationWord::as_str`]).
pub fn rotation_word(r: Rotation) -> &'static str {
    let word = match r {
        Rotation::R0 => RotationWord::R0,
        Rotation::R90 => RotationWord::R90,
        Rotation::R180 => RotationWord::R180,
        Rotation::R270 => RotationWord::R270,
    };
    word.as_str()
}

/// The board position of a coordinate.
pub fn pos(c: &Coord) -> Pos {
    Pos {
        x: c.x.value,
        y: c.y.value,
    }
}

/// `x,y` as the notation writes it.
pub fn pos_str(p: Pos) -> String {
    format!("{},{}", p.x, p.y)
}

/// `north`, `east`, …
pub fn side_word(s: Side) -> &'static str {
    match s {
        Side::N => "north",
        Side::E => "east",
        Side::S => "south",
        Side::W => "west",
    }
}

/// `road`, `city`, `monastery`, `field` (the engine's word, [`FeatureKind::as_str`]).
pub fn kind_word(k: FeatureKind) -> &'static str {
    k.as_str()
}

/// `knight`, `traveller`, `monk`, `farmer` (the engine's word, [`Role::as_str`]).
pub fn role_word(r: Role) -> &'static str {
    r.as_str()
}

/// What a figure is called where it stands: the role of a meeple (`knight`), `large knight`,
/// `abbot`, `builder`, `pig`.
pub fn figure_word(figure: Figure, role: Role) -> String {
    match figure {
        Figure::Meeple => role_word(role).to_owned(),
        Figure::LargeMeeple => format!("large {}", role_word(role)),
        other => other.as_str().to_owned(),
    }
}

/// What a figure on the board is called in a list of figures: `pig` for the pig and `builder`
/// for the builder (Traders & Builders: they stand on a feature without being its follower),
/// `abbot`, `large knight` …, otherwise its role's word.
pub fn figure_role_word(figure: carc_rules::Figure, role: Role) -> &'static str {
    match figure {
        carc_rules::Figure::Pig => "pig",
        carc_rules::Figure::Builder => "builder",
        // the abbot is no monk, and the large meeple counts 2: both are named
        carc_rules::Figure::Abbot => "abbot",
        carc_rules::Figure::LargeMeeple => match role {
            Role::Knight => "large knight",
            Role::Traveller => "large traveller",
            Role::Monk => "large monk",
            Role::Farmer => "large farmer",
        },
        carc_rules::Figure::Meeple => role_word(role),
    }
}

/// `a` or `an` before a word.
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// A place as the notation writes it (`N`, `NE`); the monastery's centre has no word.
pub fn place_str(p: Place) -> &'static str {
    match p {
        Place::Side(s) => s.as_str(),
        Place::Corner(c) => c.as_str(),
        Place::Centre => "centre",
        Place::Half(h) => h.as_str(),
        Place::Inner => "inner",
    }
}

/// `1 city`, `2 cities`, `3 knights`: a count and a noun, in the plural unless it is 1.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        return format!("1 {noun}");
    }
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

/// The letter part of a tile token: what follows the set's prefix (`R` of `ic.R`), or the
/// whole token when it has none (`Eg`).
fn tile_letter(token: &str) -> &str {
    token.rsplit_once('.').map_or(token, |(_, letter)| letter)
}

/// The catalogue's tokens nearest to `token`, best first (at most three), for "did you mean"
/// and its quick fix: the same token in another letter case (`d` → `D`); else, when a set's
/// prefix is followed by a letter that set lacks (`ic.R`: Inns & Cathedrals stops at `ic.Q`),
/// the tiles of that letter in the other sets (`R`, `tb.R`), since a prefix is the likelier
/// slip than the letter; else the nearest tokens by edit distance (`carc_notation::suggest`).
pub fn tile_suggestions(token: &str) -> Vec<TileType> {
    use carc_notation::suggest;
    let tokens = TileType::ALL.map(TileType::token);
    let near = suggest::closest(token, tokens);
    let case_only = near
        .first()
        .is_some_and(|t| suggest::distance(token, t) == 0);
    let letter = tile_letter(token);
    let same_letter: Vec<&str> = tokens
        .into_iter()
        .filter(|t| *t != token && tile_letter(t) == letter)
        .take(suggest::MAX_SUGGESTIONS)
        .collect();
    let chosen = if case_only || same_letter.is_empty() || !token.contains('.') {
        near
    } else {
        same_letter
    };
    chosen
        .into_iter()
        .filter_map(TileType::from_token)
        .collect()
}

/// Text from a file inside hover's Markdown, read as text: every ASCII punctuation character
/// Markdown could take as markup (`*`, `` ` ``, `_`, `[`, `<`, `#` …) behind a backslash,
/// which CommonMark (and `carc export`'s renderer) reads back as the character itself; line
/// breaks as spaces, so that a label cannot start a list or a paragraph.
pub fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '{' | '}' | '[' | ']' | '<' | '>' | '(' | ')' | '#' | '+'
            | '-' | '!' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The word of a symbol of The Princess & the Dragon: `princess`, `dragon`, `magic portal`,
/// `volcano`.
pub fn symbol_word(s: carc_rules::catalogue::princess_dragon::Symbol) -> &'static str {
    use carc_rules::catalogue::princess_dragon::Symbol;
    match s {
        Symbol::Princess(_) => "princess",
        Symbol::Dragon => "dragon",
        Symbol::Portal => "magic portal",
        Symbol::Volcano => "volcano",
    }
}
