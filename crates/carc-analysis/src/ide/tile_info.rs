//! What carc tells an author about a tile type, the same way everywhere (`docs/tiles.md`,
//! `carc tiles`, completion and hover): its edges, its cities, roads and fields in words, a
//! text drawing, and what tells it apart from the tiles that show the same edges (F and G,
//! M and N…). Built only from the catalogue's public methods, so every tile type the
//! catalogue lists (expansions included) is described without a change here.

use std::fmt::Write as _;

use carc_rules::{
    Corner, Edge, FeatureKind, Goods, HalfSide, Place, PlaceSet, Rotation, SegmentDef, Side,
    TileType,
};

use crate::render::render_tiles_svg;

/// How editor cards (hover, completion documentation) show a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TilePictures {
    /// A text drawing in a code block: every client shows it.
    #[default]
    Text,
    /// The SVG picture as a `data:` URI image, for clients whose markdown shows images
    /// (VS Code).
    Image,
}

/// The edges of a tile after `rot`, as the letters `C R F` in the order `N E S W`, separated
/// by spaces (`C R F R` for D at r0).
pub fn edge_letters(tile: TileType, rot: Rotation) -> String {
    let letters: Vec<String> = tile
        .edges(rot)
        .iter()
        .map(|e| e.letter().to_string())
        .collect();
    letters.join(" ")
}

/// A set of places as carc writes it: `{N,W}`.
fn places(set: PlaceSet) -> String {
    let words: Vec<&str> = set.iter().map(|p| p.as_str()).collect();
    format!("{{{}}}", words.join(","))
}

/// The segments of one kind, each as its places, separated by `; ` (`{E}; {W}` for the two
/// cities of H), or `–` when there are none. A city's goods symbols (Traders & Builders)
/// follow its places: `{N,W} grain`.
pub fn segments_of(tile: TileType, rot: Rotation, kind: FeatureKind) -> String {
    let list: Vec<String> = tile
        .segments(rot)
        .filter(|s| s.kind == kind)
        .map(|s| {
            let mut text = places(s.places);
            for (good, _) in Goods::of_modifiers(s.modifiers).nonzero() {
                let _ = write!(text, " {good}");
            }
            text
        })
        .collect();
    if list.is_empty() {
        "–".to_owned()
    } else {
        list.join("; ")
    }
}

/// The fields, each as its corners and the cities of the same tile it touches (those cities
/// score for its farmers): `{NE,NW} → {N}; {SE,SW} → none`.
pub fn fields(tile: TileType, rot: Rotation) -> String {
    let segments: Vec<SegmentDef> = tile.segments(rot).collect();
    let list: Vec<String> = segments
        .iter()
        .filter(|s| s.kind == FeatureKind::Field)
        .map(|field| {
            let touched: Vec<String> = field
                .touched_cities()
                .filter_map(|i| segments.iter().find(|s| s.index == i))
                .map(|city| places(city.places))
                .collect();
            let touched = if touched.is_empty() {
                "none".to_owned()
            } else {
                touched.join(", ")
            };
            format!("{} → {touched}", field_places(tile, rot, field))
        })
        .collect();
    if list.is_empty() {
        "–".to_owned()
    } else {
        list.join("; ")
    }
}

/// The places of a field as carc writes them: its corners, then the half-sides it holds
/// without their whole corner (a corner split by a city wall: `{NE,ESE}`), or `{inner}` for a
/// field that touches no side.
fn field_places(tile: TileType, rot: Rotation, field: &SegmentDef) -> String {
    format!("{{{}}}", field_place_words(tile, rot, field).join(","))
}

/// The words of [`field_places`]: `NE`, `ESE`; `inner`.
pub(crate) fn field_place_words(
    tile: TileType,
    rot: Rotation,
    field: &SegmentDef,
) -> Vec<&'static str> {
    let mut words: Vec<&str> = field.places.iter().map(|p| p.as_str()).collect();
    for h in HalfSide::ALL {
        let here = tile.segment_at(rot, Place::Half(h)).map(|s| s.index);
        if here == Some(field.index) && !field.places.contains(Place::Corner(h.corner())) {
            words.push(h.as_str());
        }
    }
    let inner = tile.segment_at(rot, Place::Inner).map(|s| s.index);
    if words.is_empty() && inner == Some(field.index) {
        words.push("inner");
    }
    words
}

/// The goods symbols on the tile's cities (Traders & Builders).
fn tile_goods(tile: TileType) -> Goods {
    tile.segments(Rotation::R0)
        .fold(Goods::NONE, |sum, s| sum + Goods::of_modifiers(s.modifiers))
}

/// The number of separate cities on the tile.
fn city_count(tile: TileType) -> usize {
    tile.segments(Rotation::R0)
        .filter(|s| s.kind == FeatureKind::City)
        .count()
}

/// Short words that set a tile apart from its twins: `one city, coat of arms`, `garden`.
pub fn distinction(tile: TileType) -> String {
    let mut parts = Vec::new();
    let cities = city_count(tile);
    match cities {
        0 => {}
        1 => parts.push("one city".to_owned()),
        2 => parts.push("two separate cities".to_owned()),
        n => parts.push(format!("{n} separate cities")),
    }
    if cities > 0 {
        parts.push(coat_of_arms(tile).to_owned());
    }
    for (good, _) in tile_goods(tile).nonzero() {
        parts.push(good.to_string());
    }
    if Corner::ALL
        .into_iter()
        .any(|c| tile.corner_split(Rotation::R0, c).is_some())
    {
        parts.push("split corner".to_owned());
    }
    if tile.has_monastery() {
        parts.push("monastery".to_owned());
    }
    if tile.has_garden() {
        parts.push("garden".to_owned());
    }
    if let Some(symbol) = carc_rules::princess_dragon::tile_symbol(tile) {
        parts.push(crate::vocab::symbol_word(symbol).to_owned());
    }
    // no city, monastery or garden (river tiles): a garden missing (`r.G` beside `r.J`), else
    // what it is (`r.A` the spring, `r.L` the lake)
    if parts.is_empty() {
        if twins(tile).iter().any(|t| t.has_garden()) {
            parts.push("no garden".to_owned());
        } else {
            parts.push(tile.name().to_lowercase());
        }
    }
    parts.join(", ")
}

/// `coat of arms` or `no coat of arms`.
fn coat_of_arms(tile: TileType) -> &'static str {
    if tile.has_shield() {
        "coat of arms"
    } else {
        "no coat of arms"
    }
}

/// The other tile types that show the same edges under some rotation (F, G and H; I, M and
/// N; O and P…) among the tiles of its own set, in catalogue order. The garden tiles of The
/// Abbot are their base types with a garden (`Hg` is H): their twins are those of their base
/// type among the base tiles, and they are no twins of other tiles.
pub fn twins(tile: TileType) -> Vec<TileType> {
    let edges = tile.edges(Rotation::R0);
    let family = tile.family();
    TileType::of_set(family.set())
        .filter(|&other| {
            other != tile
                && other != family
                && Rotation::ALL.iter().any(|&r| other.edges(r) == edges)
        })
        .collect()
}

/// The sentence telling a tile from its twins, or `None` when no other tile shows its edges:
/// `Same edges as G (one city, no coat of arms) and H (two separate cities, no coat of
/// arms); F has one city, coat of arms.`
pub fn twin_note(tile: TileType) -> Option<String> {
    let twins = twins(tile);
    if twins.is_empty() {
        return None;
    }
    let others: Vec<String> = twins
        .iter()
        .map(|t| format!("{t} ({})", distinction(*t)))
        .collect();
    Some(format!(
        "Same edges as {}; {} has {}.",
        others.join(" and "),
        tile,
        distinction(tile)
    ))
}

/// The tile's name, with its coat of arms (or none) when another tile shows the same edges:
/// `City across the tile (coat of arms)` for F, `(no coat of arms)` for G.
pub fn tile_title(tile: TileType) -> String {
    if twins(tile).is_empty() || city_count(tile) == 0 {
        tile.name().to_owned()
    } else {
        format!("{} ({})", tile.name(), coat_of_arms(tile))
    }
}

/// A text drawing of the tile after `rot`: 5 rows of 5 characters separated by spaces, north
/// up. `#` city, `|` `-` `/` `\` road, `.` field, `+` monastery, `o` a junction where roads
/// end, `@` the coat of arms (on a city), `$` a goods symbol (on a city, Traders & Builders). Each side's middle character is its edge; two
/// cities that meet in the middle are one city, a field between them keeps them apart.
pub fn tile_drawing(tile: TileType, rot: Rotation) -> [String; 5] {
    let edges = tile.edges(rot);
    let segments: Vec<SegmentDef> = tile.segments(rot).collect();
    let edge = |s: Side| edges[s.index()];
    let road_char = |s: Side| {
        if matches!(s, Side::N | Side::S) {
            '|'
        } else {
            '-'
        }
    };
    let field_at = |c: Corner| {
        segments
            .iter()
            .any(|s| s.kind == FeatureKind::Field && s.places.contains(Place::Corner(c)))
    };
    let corner_char = |c: Corner| if field_at(c) { '.' } else { '#' };
    let half_char = |s: Side| if edge(s) == Edge::City { '#' } else { '.' };
    // An edge kind the drawing does not know yet (a river) shows as `~`.
    let mid_char = |s: Side| {
        let e = edge(s);
        if e == Edge::City {
            '#'
        } else if e == Edge::Road {
            road_char(s)
        } else if e == Edge::Field {
            '.'
        } else {
            '~'
        }
    };
    // The centre: the monastery, a road through it, a junction, a city joining sides, field.
    let roads: Vec<Vec<Side>> = segments
        .iter()
        .filter(|s| s.kind == FeatureKind::Road)
        .map(|s| s.places.sides().collect())
        .collect();
    let lone_ends = roads.iter().filter(|r| r.len() == 1).count();
    let through = roads.iter().find(|r| r.len() == 2);
    let big_city = segments
        .iter()
        .any(|s| s.kind == FeatureKind::City && s.places.sides().count() >= 2);
    let centre = if tile.has_monastery() {
        '+'
    } else if let Some(road) = through {
        match (road[0], road[1]) {
            (Side::N, Side::S) => '|',
            (Side::E, Side::W) => '-',
            // N+E and S+W run from upper left to lower right on screen.
            (Side::N, Side::E) | (Side::S, Side::W) => '\\',
            _ => '/',
        }
    } else if lone_ends >= 3 {
        'o'
    } else if big_city {
        '#'
    } else {
        '.'
    };
    let mut grid = [
        [
            corner_char(Corner::NW),
            half_char(Side::N),
            mid_char(Side::N),
            half_char(Side::N),
            corner_char(Corner::NE),
        ],
        [
            half_char(Side::W),
            corner_char(Corner::NW),
            mid_char(Side::N),
            corner_char(Corner::NE),
            half_char(Side::E),
        ],
        [
            mid_char(Side::W),
            mid_char(Side::W),
            centre,
            mid_char(Side::E),
            mid_char(Side::E),
        ],
        [
            half_char(Side::W),
            corner_char(Corner::SW),
            mid_char(Side::S),
            corner_char(Corner::SE),
            half_char(Side::E),
        ],
        [
            corner_char(Corner::SW),
            half_char(Side::S),
            mid_char(Side::S),
            half_char(Side::S),
            corner_char(Corner::SE),
        ],
    ];
    // the cell just inside a side's middle
    let inside = |side: Side| match side {
        Side::N => (1, 2),
        Side::E => (2, 3),
        Side::S => (3, 2),
        Side::W => (2, 1),
    };
    if tile.has_shield() {
        if let Some(side) = Side::ALL.into_iter().find(|&s| edge(s) == Edge::City) {
            let (row, col) = inside(side);
            grid[row][col] = '@';
        }
    }
    // a goods symbol: on the first side of its city (no tile has both)
    let goods_side = segments
        .iter()
        .find(|s| !Goods::of_modifiers(s.modifiers).is_empty())
        .and_then(|s| s.places.sides().next());
    if let Some(side) = goods_side {
        let (row, col) = inside(side);
        grid[row][col] = '$';
    }
    grid.map(|row| {
        let chars: Vec<String> = row.iter().map(char::to_string).collect();
        chars.join(" ")
    })
}

/// The glyphs of [`tile_drawing`], for a legend line.
pub const DRAWING_LEGEND: &str =
    "# city  | - / \\ road  . field  + monastery  o junction  @ coat of arms  $ goods";

/// The card of a tile type in one rotation, for completion and hover: the picture (an image
/// or a text drawing), the edges, the features, and what tells it from its twins.
pub fn tile_card(tile: TileType, rot: Rotation, pictures: TilePictures) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**{}** · {} · ×{} · {}\n",
        tile,
        tile_title(tile),
        tile.count(),
        rot
    );
    out.push_str(&picture(tile, rot, pictures));
    let _ = writeln!(out, "N E S W: `{}`\n", edge_letters(tile, rot));
    for line in feature_lines(tile, rot) {
        let _ = writeln!(out, "- {line}");
    }
    if let Some(note) = twin_note(tile) {
        let _ = writeln!(out, "\n{note}");
    }
    out
}

/// The tile after `rot` as a markdown paragraph: an SVG image (a `data:` URI) or a text
/// drawing in a code block.
pub fn picture(tile: TileType, rot: Rotation, pictures: TilePictures) -> String {
    match pictures {
        TilePictures::Image => {
            let svg = render_tiles_svg(&[(tile, rot)], 1);
            format!(
                "![{} {rot}](data:image/svg+xml;base64,{})\n\n",
                tile,
                base64(svg.as_bytes())
            )
        }
        TilePictures::Text => {
            let mut out = String::from("```text\n");
            for line in tile_drawing(tile, rot) {
                out.push_str(&line);
                out.push('\n');
            }
            out.push_str("```\n\n");
            out
        }
    }
}

/// The features of a tile after `rot`, one line each: `cities {N} (coat of arms)`,
/// `roads {E,W}`, `fields {NE,NW} → {N}; {SE,SW} → none`, `monastery`.
pub fn feature_lines(tile: TileType, rot: Rotation) -> Vec<String> {
    let mut lines = Vec::new();
    let cities = segments_of(tile, rot, FeatureKind::City);
    if cities != "–" {
        let shield = if tile.has_shield() {
            " (coat of arms)"
        } else {
            ""
        };
        lines.push(format!("cities {cities}{shield}"));
    }
    let roads = segments_of(tile, rot, FeatureKind::Road);
    if roads != "–" {
        lines.push(format!("roads {roads}"));
    }
    let fields = fields(tile, rot);
    if fields != "–" {
        lines.push(format!("fields {fields}"));
    }
    if tile.has_monastery() {
        lines.push("monastery".to_owned());
    }
    lines
}

/// Standard base64 (RFC 4648, with padding).
pub(crate) fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        // RFC 4648, section 10.
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foob"), "Zm9vYg==");
        assert_eq!(base64(b"fooba"), "Zm9vYmE=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn drawings_show_each_side_and_whether_cities_join() {
        // D r0 (docs/tiles.md): city N, road E-W, field S.
        assert_eq!(
            tile_drawing(TileType::D, Rotation::R0),
            [
                ". # # # .",
                ". . # . .",
                "- - - - -",
                ". . . . .",
                ". . . . .",
            ]
        );
        // G: one city E-W through the middle; H: two cities, field between them.
        assert_eq!(tile_drawing(TileType::G, Rotation::R0)[2], "# # # # #");
        assert_eq!(tile_drawing(TileType::H, Rotation::R0)[2], "# # . # #");
        // F is G with a coat of arms, drawn on its first city side (E).
        assert_eq!(tile_drawing(TileType::F, Rotation::R0)[2], "# # # @ #");
        // V r0: road S-W, a curve from the west to the south.
        assert_eq!(tile_drawing(TileType::V, Rotation::R0)[2], "- - \\ . .");
        // V r90: what was on S is on W, W on N: the road runs N-W.
        assert_eq!(tile_drawing(TileType::V, Rotation::R90)[2], "- - / . .");
        assert_eq!(tile_drawing(TileType::V, Rotation::R90)[0], ". . | . .");
        // X: four road ends meet at a junction; A: the monastery.
        assert_eq!(tile_drawing(TileType::X, Rotation::R0)[2], "- - o - -");
        assert_eq!(tile_drawing(TileType::A, Rotation::R0)[2], ". . + . .");
    }

    #[test]
    fn twins_are_told_apart() {
        // docs/tiles.md: G and H, and M/N and I, show the same edges; F shows G's edges too.
        assert_eq!(twins(TileType::F), [TileType::G, TileType::H]);
        assert_eq!(twins(TileType::M), [TileType::I, TileType::N]);
        assert!(twins(TileType::D).is_empty());
        let f = tile_title(TileType::F);
        let g = tile_title(TileType::G);
        assert_ne!(f, g);
        assert_eq!(f, "City across the tile (coat of arms)");
        assert_eq!(g, "City across the tile (no coat of arms)");
        assert_eq!(tile_title(TileType::D), TileType::D.name());
        let note = twin_note(TileType::H).unwrap();
        assert!(note.contains("H has two separate cities"), "{note}");
    }

    #[test]
    fn fields_name_the_cities_they_touch() {
        // D r0: the northern field touches the city cap, the southern one nothing.
        assert_eq!(
            fields(TileType::D, Rotation::R0),
            "{NE,NW} → {N}; {SE,SW} → none"
        );
        // After r90 everything moves one side clockwise.
        assert_eq!(
            fields(TileType::D, Rotation::R90),
            "{NE,SE} → {E}; {SW,NW} → none"
        );
        assert_eq!(
            segments_of(TileType::H, Rotation::R0, FeatureKind::City),
            "{E}; {W}"
        );
        assert_eq!(
            segments_of(TileType::B, Rotation::R0, FeatureKind::Road),
            "–"
        );
    }

    #[test]
    fn cards_carry_a_drawing_or_an_image_and_the_edges() {
        let text = tile_card(TileType::E, Rotation::R180, TilePictures::Text);
        // E r180: the cap turns from N to S.
        assert!(text.contains("N E S W: `F F C F`"), "{text}");
        assert!(text.contains("```text\n. . . . .\n"), "{text}");
        assert!(!text.contains("data:image"), "{text}");
        let image = tile_card(TileType::E, Rotation::R180, TilePictures::Image);
        assert!(image.contains("](data:image/svg+xml;base64,"), "{image}");
        assert!(!image.contains("```"), "{image}");
    }
}
