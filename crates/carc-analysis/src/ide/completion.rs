//! Completion: keywords, tile letters with names, colours, roles, places that exist on the
//! tile, rotations that fit the cell and cells where a turn's tile fits. Works on the raw
//! text of the line, since the line under the cursor is usually half-typed.

use carc_notation::{rule_option, Expected, Good, Span, KEYWORDS, RULE_OPTIONS};
use carc_rules::{Color, Corner, FeatureKind, Figure, Place, Pos, Role, Rotation, TileType};

use crate::replay::{replay, Replay};
use crate::tile_info::{self, TilePictures};
use crate::vocab;
use crate::{Analysis, CompletionItem, CompletionKind};

/// Completion candidates at a byte offset, tiles drawn in text.
pub fn completions(analysis: &Analysis, offset: usize) -> Vec<CompletionItem> {
    completions_with(analysis, offset, TilePictures::Text)
}

/// Completion candidates at a byte offset; a tile letter's documentation shows the tile as
/// `pictures` says (an image for clients that show images in markdown).
pub fn completions_with(
    analysis: &Analysis,
    offset: usize,
    pictures: TilePictures,
) -> Vec<CompletionItem> {
    candidates(analysis, offset, Some(pictures))
}

/// Completion candidates at a byte offset without the tiles' pictures: a client that asks
/// for an item's documentation when it shows that item (LSP `completionItem/resolve`) gets it
/// from [`completion_documentation`], so a list of ninety tiles does not carry ninety
/// pictures.
pub fn completions_lazy(analysis: &Analysis, offset: usize) -> Vec<CompletionItem> {
    candidates(analysis, offset, None)
}

/// The documentation of a completion candidate, drawn as `pictures` says: a tile's card (its
/// picture at r0 and its edges); `None` for candidates that have none.
pub fn completion_documentation(
    kind: CompletionKind,
    label: &str,
    pictures: TilePictures,
) -> Option<String> {
    match kind {
        CompletionKind::Tile => {
            TileType::from_token(label).map(|t| tile_info::tile_card(t, Rotation::R0, pictures))
        }
        _ => None,
    }
}

/// The candidates; tile pictures drawn now when `pictures` says how, else left for
/// [`completion_documentation`].
fn candidates(
    analysis: &Analysis,
    offset: usize,
    pictures: Option<TilePictures>,
) -> Vec<CompletionItem> {
    let Some(line_index) = analysis.line_at(offset) else {
        return keywords_of(analysis, Span::new(offset, offset));
    };
    let line = &analysis.parse.lines[line_index];
    let Some(before) = analysis
        .text
        .get(line.span.start..offset.min(line.span.end))
    else {
        return Vec::new();
    };
    // Nothing to offer inside a comment or a string.
    if before.contains('#') || before.matches('"').count() % 2 == 1 {
        return Vec::new();
    }
    let partial_len = before.len() - before.trim_end_matches(|c: char| !c.is_whitespace()).len();
    // The rest of the word under the cursor is replaced too: a dotted tile token (`ic.R` with
    // the cursor after `ic`) or a kebab-case word is one word, so choosing `ic.K` gives `ic.K`,
    // not `ic.K.R`. It stops at a comma, `#` or space, which are not part of the word.
    let rest = analysis.text.get(offset..line.span.end).unwrap_or("");
    let word_rest = rest.len()
        - rest
            .trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '-')
            .len();
    let replace = Span::new(offset - partial_len, offset + word_rest);
    // Words before the one being typed; a trailing comma separates list entries.
    let words: Vec<&str> = before[..before.len() - partial_len]
        .split_whitespace()
        .map(|w| w.strip_suffix(',').unwrap_or(w))
        .filter(|w| !w.is_empty())
        .collect();
    let context = Context {
        analysis,
        line_index,
        replace,
        pictures,
    };
    // `refused CODE, …: turn …` (or `…: discard T`): codes up to the colon, then the words of
    // a turn or a discard.
    let words = match crate::replay::refused::after_codes(&words) {
        Some(Ok([])) => return context.simple(&["turn", "discard"], CompletionKind::Keyword),
        Some(Ok(refused)) => refused,
        Some(Err(())) => {
            let codes: Vec<&str> = crate::replay::refused::refusal_codes()
                .map(|c| c.as_str())
                .collect();
            return context.simple(&codes, CompletionKind::Keyword);
        }
        None => words.as_slice(),
    };
    match words {
        [] => keywords_of(analysis, replace),
        ["tile"] | ["discard"] | ["turn" | "bonus", _] | ["draws", ..] => context.tiles(),
        ["puzzle"] => context.simple(Expected::Goal.words(), CompletionKind::Keyword),
        ["turn" | "bonus" | "goods"] | ["expect", "goods"] => context.colours(&[]),
        // `goods COLOUR [GOOD n]…`: the goods not listed yet, each followed by its number
        ["goods", _, rest @ ..] | ["expect", "goods", _, rest @ ..] if rest.len() % 2 == 0 => {
            let unlisted: Vec<&str> = Good::WORDS
                .into_iter()
                .filter(|g| !rest.contains(g))
                .collect();
            context.simple(&unlisted, CompletionKind::Keyword)
        }
        ["players", listed @ ..] => {
            let listed: Vec<Color> = listed.iter().filter_map(|w| Color::from_word(w)).collect();
            context.colours(&listed)
        }
        ["rules", .., last] if rule_option(last).is_some_and(|d| d.argument.is_some()) => {
            Vec::new()
        }
        ["rules", ..] => context.rule_options(),
        ["expect"] => context.simple(Expected::ExpectWhat.words(), CompletionKind::Keyword),
        ["supply" | "score", rest @ ..] | ["expect", "score" | "supply", rest @ ..]
            if rest.len() % 2 == 0 =>
        {
            context.colours(&[])
        }
        ["turn" | "bonus", _, tile] => context.cells(tile),
        ["tile", tile, at, rest @ ..] => context.after_cell(tile, at, rest, true),
        ["turn" | "bonus", colour, tile, at, rest @ ..] => {
            let items = context.after_cell(tile, at, rest, false);
            match (rest, Color::from_word(colour)) {
                // the builder: only where it may stand now (a follower of the mover there)
                ([.., "builder"], Some(c)) => {
                    context.legal_builder_places(items, c, tile, at, rest)
                }
                _ => items,
            }
        }
        _ => Vec::new(),
    }
}

/// The keywords the file's rules allow (an expansion's `bonus` and `goods` only under its
/// `rules` option).
fn keywords_of(analysis: &Analysis, replace: Span) -> Vec<CompletionItem> {
    let sets = crate::replay::rules_on(&analysis.parse);
    let on = |rules: &str| sets.sets().any(|s| s.as_str() == rules);
    keywords(replace)
        .into_iter()
        .filter(|item| {
            carc_notation::keyword(&item.label)
                .and_then(|k| k.rules)
                .is_none_or(on)
        })
        .collect()
}

fn keywords(replace: Span) -> Vec<CompletionItem> {
    KEYWORDS
        .iter()
        .map(|k| CompletionItem {
            label: k.word.to_owned(),
            detail: Some(k.doc.to_owned()),
            documentation: None,
            kind: CompletionKind::Keyword,
            replace,
        })
        .collect()
}

struct Context<'a> {
    analysis: &'a Analysis,
    line_index: usize,
    replace: Span,
    /// How tile pictures are drawn in the documentation; `None`: left for resolve.
    pictures: Option<TilePictures>,
}

impl Context<'_> {
    fn item(&self, label: String, detail: Option<String>, kind: CompletionKind) -> CompletionItem {
        CompletionItem {
            label,
            detail,
            documentation: None,
            kind,
            replace: self.replace,
        }
    }

    fn simple(&self, words: &[&str], kind: CompletionKind) -> Vec<CompletionItem> {
        words
            .iter()
            .map(|w| self.item((*w).to_owned(), None, kind))
            .collect()
    }

    /// The `rules` options of the registry, each with what it means.
    fn rule_options(&self) -> Vec<CompletionItem> {
        RULE_OPTIONS
            .iter()
            .map(|d| {
                self.item(
                    d.word.to_owned(),
                    Some(d.doc.to_owned()),
                    CompletionKind::Keyword,
                )
            })
            .collect()
    }

    /// The board as it stands before this line (the line itself left out).
    fn board(&self) -> Replay {
        replay(
            &self.analysis.parse,
            self.line_index.checked_sub(1),
            Some(self.line_index),
        )
    }

    /// The tiles of the sets the file switches on (the base game's and the garden tiles
    /// always; The River's, Inns & Cathedrals' when `rules` names them): name (with its coat
    /// of arms where a twin shows the same edges), count and edges at r0; the documentation
    /// draws it at r0.
    fn tiles(&self) -> Vec<CompletionItem> {
        let rules = crate::replay::rules_on(&self.analysis.parse);
        TileType::ALL
            .iter()
            .filter(|t| rules.allows_tile_set(t.set()))
            .map(|&t| CompletionItem {
                documentation: self.pictures.and_then(|pictures| {
                    completion_documentation(CompletionKind::Tile, t.token(), pictures)
                }),
                ..self.item(
                    t.to_string(),
                    Some(format!(
                        "{} (×{}) · r0 N E S W: {}",
                        tile_info::tile_title(t),
                        t.count(),
                        tile_info::edge_letters(t, Rotation::R0)
                    )),
                    CompletionKind::Tile,
                )
            })
            .collect()
    }

    /// The colours not yet listed, in the notation's order; `pink` only where `rules
    /// inns-cathedrals` allows it.
    fn colours(&self, listed: &[Color]) -> Vec<CompletionItem> {
        crate::replay::rules_on(&self.analysis.parse)
            .colours()
            .filter(|c| !listed.contains(c))
            .map(|c| self.item(c.as_str().to_owned(), None, CompletionKind::Colour))
            .collect()
    }

    /// Cells where a turn's tile may go, with their rotations: the engine's placements of a
    /// turn under the file's rules (`carc moves` lists the same), so that a cell the replay
    /// refuses (a river U-turn) is never offered.
    fn cells(&self, tile: &str) -> Vec<CompletionItem> {
        let Some(tile) = single_tile(tile) else {
            return Vec::new();
        };
        let board = self.board();
        let mut cells: Vec<(Pos, Vec<Rotation>)> = Vec::new();
        for (pos, rot) in board.game.turn_placements(tile) {
            match cells.iter_mut().find(|(p, _)| *p == pos) {
                Some(entry) => entry.1.push(rot),
                None => cells.push((pos, vec![rot])),
            }
        }
        cells
            .into_iter()
            .map(|(pos, rots)| {
                let rots: Vec<&str> = rots.into_iter().map(vocab::rotation_word).collect();
                self.item(
                    vocab::pos_str(pos),
                    Some(format!("fits {}", rots.join(" "))),
                    CompletionKind::Coordinate,
                )
            })
            .collect()
    }

    /// After `T x,y`: rotations that fit, then (a colour for setup tiles) a role, then the
    /// places of that role on the tile.
    /// Of the places offered after a turn's `builder`, those where `colour`'s builder may stand
    /// once the tile is placed ([`carc_rules::Game::legal_builder_places`]); all of them when
    /// the tile cannot be placed there.
    fn legal_builder_places(
        &self,
        items: Vec<CompletionItem>,
        colour: Color,
        tile: &str,
        at: &str,
        rest: &[&str],
    ) -> Vec<CompletionItem> {
        let (Some(tile), Some(pos)) = (single_tile(tile), parse_pos(at)) else {
            return items;
        };
        let rotation = rest
            .first()
            .and_then(|w| rotation_of(w))
            .unwrap_or(Rotation::R0);
        let mut game = self.board().game;
        if game.place_tile_unchecked(tile, pos, rotation).is_err() {
            return items;
        }
        let legal: Vec<&str> = game
            .legal_builder_places(colour, pos)
            .into_iter()
            .filter_map(|p| tile.segment_at(rotation, p))
            .flat_map(|seg| seg.places.iter())
            .map(vocab::place_str)
            .collect();
        items
            .into_iter()
            .filter(|i| legal.contains(&i.label.as_str()))
            .collect()
    }

    fn after_cell(&self, tile: &str, at: &str, rest: &[&str], setup: bool) -> Vec<CompletionItem> {
        let (Some(tile), Some(pos)) = (single_tile(tile), parse_pos(at)) else {
            return Vec::new();
        };
        let written = rest.first().and_then(|w| rotation_of(w));
        let rotation = written.unwrap_or(Rotation::R0);
        let rest = if written.is_some() { &rest[1..] } else { rest };
        // A setup tile's meeple starts with its colour.
        let meeple = if setup {
            match rest.split_first() {
                None => None,
                Some((colour, role)) if Color::from_word(colour).is_some() => Some(role),
                Some(_) => return Vec::new(),
            }
        } else {
            Some(rest)
        };
        let mut out = Vec::new();
        if rest.is_empty() && written.is_none() {
            out.extend(self.rotations(tile, pos, !setup));
        }
        match meeple {
            None => out.extend(self.colours(&[])),
            Some([]) => {
                out.extend(self.roles(tile, rotation));
                out.extend(self.figures(tile, !setup));
            }
            // after `large`: the roles again
            Some(["large"]) => out.extend(self.roles(tile, rotation)),
            // the builder on a road or city, the pig in a field (Traders & Builders)
            Some(["builder"]) => {
                out.extend(self.places(tile, rotation, Role::Traveller));
                out.extend(self.places(tile, rotation, Role::Knight));
            }
            Some(["pig"]) => out.extend(self.places(tile, rotation, Role::Farmer)),
            Some(["large", role]) | Some([role]) => {
                if let Some(role) = role_of(role) {
                    out.extend(self.places(tile, rotation, role));
                }
            }
            Some(_) => {}
        }
        out
    }

    /// Rotations under which the tile matches every neighbour of the cell (and, in a turn
    /// under `rules river`, makes no U-turn).
    fn rotations(&self, tile: TileType, pos: Pos, turn: bool) -> Vec<CompletionItem> {
        let board = self.board();
        Rotation::ALL
            .iter()
            .filter(|r| match board.game.check_placement(tile, pos, **r) {
                Ok(()) => true,
                Err(e) => e.mismatches.is_empty() && !e.occupied && (!turn || !e.not_adjacent),
            })
            .filter(|r| !turn || !crate::moves::makes_u_turn(&board, tile, pos, **r))
            .map(|r| {
                let edges = tile.edges(*r);
                let sides: String = edges.iter().map(|e| e.letter()).collect();
                self.item(
                    vocab::rotation_word(*r).to_owned(),
                    Some(format!("fits: N E S W = {sides}")),
                    CompletionKind::Rotation,
                )
            })
            .collect()
    }

    /// The roles that have a feature on this tile.
    fn roles(&self, tile: TileType, rotation: Rotation) -> Vec<CompletionItem> {
        Role::ALL
            .into_iter()
            .filter(|role| tile.segments(rotation).any(|s| s.kind == role.kind()))
            .map(|role| {
                self.item(
                    vocab::role_word(role).to_owned(),
                    Some(format!("on the {}", vocab::kind_word(role.kind()))),
                    CompletionKind::Role,
                )
            })
            .collect()
    }

    /// The expansions' words where a role may stand, for the sets the file switches on:
    /// `large` (Inns & Cathedrals); `abbot` on a tile with a monastery or garden and, in a
    /// turn, `recall` (The Abbot); `builder` on a tile with a road or city, `pig` on a tile
    /// with a field (Traders & Builders).
    fn figures(&self, tile: TileType, turn: bool) -> Vec<CompletionItem> {
        let rules = crate::replay::rules_on(&self.analysis.parse);
        let mut out = Vec::new();
        if rules.allows_figure(Figure::LargeMeeple) {
            out.push(self.item(
                "large".to_owned(),
                Some("the large meeple: counts 2 in a majority".to_owned()),
                CompletionKind::Role,
            ));
        }
        if rules.allows_figure(Figure::Abbot) {
            if tile.has_monastery() || tile.has_garden() {
                out.push(self.item(
                    "abbot".to_owned(),
                    Some("the abbot, on the monastery or garden".to_owned()),
                    CompletionKind::Role,
                ));
            }
            if turn {
                out.push(self.item(
                    "recall".to_owned(),
                    Some("take the abbot back: 1 + 1 per neighbouring tile".to_owned()),
                    CompletionKind::Role,
                ));
            }
        }
        if rules.goods() {
            let has = |kind: FeatureKind| tile.segments(Rotation::R0).any(|s| s.kind == kind);
            if has(FeatureKind::Road) || has(FeatureKind::City) {
                out.push(self.item(
                    "builder".to_owned(),
                    Some("the builder, on a road or city where you have a follower".to_owned()),
                    CompletionKind::Role,
                ));
            }
            if has(FeatureKind::Field) {
                out.push(self.item(
                    "pig".to_owned(),
                    Some("the pig, in a field where you have a farmer".to_owned()),
                    CompletionKind::Role,
                ));
            }
        }
        out
    }

    /// The places of the tile where this role can stand.
    fn places(&self, tile: TileType, rotation: Rotation, role: Role) -> Vec<CompletionItem> {
        if role.kind() == FeatureKind::Monastery {
            return Vec::new();
        }
        // a split corner's half-sides, and an inner field, for a farmer
        let mut extra: Vec<Place> = Vec::new();
        if role.kind() == FeatureKind::Field {
            for c in Corner::ALL {
                if let Some(halves) = tile.corner_split(rotation, c) {
                    extra.extend(halves.map(Place::Half));
                }
            }
            if tile.segment_at(rotation, Place::Inner).is_some() {
                extra.push(Place::Inner);
            }
        }
        tile.segments(rotation)
            .filter(|s| s.kind == role.kind())
            .flat_map(|s| s.places.iter().collect::<Vec<Place>>())
            .chain(extra)
            .map(|p| {
                self.item(
                    vocab::place_str(p).to_owned(),
                    Some(vocab::kind_word(role.kind()).to_owned()),
                    CompletionKind::Place,
                )
            })
            .collect()
    }
}

fn single_tile(word: &str) -> Option<TileType> {
    TileType::from_token(word)
}

fn parse_pos(word: &str) -> Option<Pos> {
    let (x, y) = word.split_once(',')?;
    Some(Pos {
        x: x.parse().ok()?,
        y: y.parse().ok()?,
    })
}

fn role_of(word: &str) -> Option<Role> {
    let word = if word == "traveler" {
        "traveller"
    } else {
        word
    };
    Role::ALL
        .into_iter()
        .find(|role| vocab::role_word(*role) == word)
}

fn rotation_of(word: &str) -> Option<Rotation> {
    Rotation::ALL
        .into_iter()
        .find(|r| vocab::rotation_word(*r) == word)
}
