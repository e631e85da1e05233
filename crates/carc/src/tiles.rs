//! `carc tiles [TILE] [--svg]`: the tile catalogue in the terminal (every tile drawn in text
//! at r0 with its edges and features) or one tile in its four rotations; `--svg` draws the
//! same with carc's renderer. `carc tiles --docs DIR [--check]` writes (or checks) the
//! authors' reference `DIR/tiles.md` with one picture per tile under `DIR/tiles/`: the files
//! checked in as `docs/` are its output. Every list walks the catalogue (`TileType::ALL`), so
//! a tile type added there appears everywhere without a change here.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use carc_analysis::render_tiles_svg;
use carc_analysis::tile_info::{self, DRAWING_LEGEND};
use carc_rules::{FeatureKind, Rotation, TileType};

use crate::args;
use crate::Outcome;

/// Runs `carc tiles`; `Err` is a usage or I/O problem (exit status 2).
pub fn tiles(args: args::TilesArgs) -> Outcome {
    // clap keeps `--docs` apart from a tile and `--svg`, and `--check` with `--docs`.
    if let Some(dir) = &args.docs {
        return Ok(docs(dir, args.check)?);
    }
    let svg = args.svg;
    let tile = match &args.tile {
        None => None,
        Some(letter) => {
            Some(tile_of(letter).map_err(|message| args::usage_error(&["tiles"], message))?)
        }
    };
    let out = match (tile, svg) {
        (None, false) => catalogue_text(),
        (None, true) => {
            let all: Vec<(TileType, Rotation)> =
                TileType::ALL.iter().map(|&t| (t, Rotation::R0)).collect();
            render_tiles_svg(&all, 6)
        }
        (Some(tile), false) => rotations_text(tile),
        (Some(tile), true) => {
            let all: Vec<(TileType, Rotation)> = Rotation::ALL.iter().map(|&r| (tile, r)).collect();
            render_tiles_svg(&all, 4)
        }
    };
    crate::output::print(&out);
    Ok(ExitCode::SUCCESS)
}

/// The tile type a command-line word names.
fn tile_of(word: &str) -> Result<TileType, String> {
    TileType::ALL
        .into_iter()
        .find(|t| t.to_string() == word)
        .ok_or_else(|| {
            let letters: Vec<String> = TileType::ALL.iter().map(|t| t.to_string()).collect();
            format!(
                "unknown tile `{word}`: the catalogue has {}",
                letters.join(" ")
            )
        })
}

/// Text lines beside a drawing: `drawing[i]` then `info[i]`.
fn beside(out: &mut String, drawing: &[String], info: &[String]) {
    let rows = drawing.len().max(info.len());
    for i in 0..rows {
        let left = drawing.get(i).map_or("", String::as_str);
        let right = info.get(i).map_or("", String::as_str);
        let line = format!("   {left:<9}    {right}");
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// The facts of a tile after `rot`, one per line: its edges, then its features.
fn facts(tile: TileType, rot: Rotation) -> Vec<String> {
    let mut lines = vec![format!("N E S W: {}", tile_info::edge_letters(tile, rot))];
    lines.extend(tile_info::feature_lines(tile, rot));
    lines
}

/// `F  City across the tile (coat of arms) ×2`.
fn heading(tile: TileType) -> String {
    format!(
        "{}  {} ×{}",
        tile,
        tile_info::tile_title(tile),
        tile.count()
    )
}

/// Every tile at r0: letter, name, count, drawing, edges and features.
fn catalogue_text() -> String {
    let mut out = String::new();
    let total: u32 = TileType::ALL.iter().map(|t| u32::from(t.count())).sum();
    let _ = writeln!(
        out,
        "{} tile types, {total} tiles; each drawn at r0, north up ({DRAWING_LEGEND})",
        TileType::ALL.len()
    );
    for tile in TileType::ALL {
        let _ = writeln!(out, "\n{}", heading(tile));
        beside(
            &mut out,
            &tile_info::tile_drawing(tile, Rotation::R0),
            &facts(tile, Rotation::R0),
        );
    }
    out
}

/// One tile in its four rotations, side by side, with the edges of each.
fn rotations_text(tile: TileType) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", heading(tile));
    if let Some(note) = tile_info::twin_note(tile) {
        let _ = writeln!(out, "{note}");
    }
    let drawings: Vec<[String; 5]> = Rotation::ALL
        .iter()
        .map(|&r| tile_info::tile_drawing(tile, r))
        .collect();
    let mut header = String::from("\n");
    for r in Rotation::ALL {
        let _ = write!(header, "   {:<13}", r.to_string());
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for row in 0..5 {
        let mut line = String::new();
        for d in &drawings {
            let _ = write!(line, "   {:<13}", d[row]);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let mut edges = String::new();
    for r in Rotation::ALL {
        let _ = write!(edges, "   {:<13}", tile_info::edge_letters(tile, r));
    }
    let _ = writeln!(out, "{}", edges.trim_end());
    let _ = writeln!(out, "   (edges N E S W; {DRAWING_LEGEND})");
    out
}

// ---------------------------------------------------------------------------------------------
// docs/tiles.md

/// Every file of the reference, as (path under the docs folder, contents).
pub fn docs_files() -> Vec<(PathBuf, String)> {
    let mut files = vec![(PathBuf::from("tiles.md"), markdown())];
    for tile in TileType::ALL {
        files.push((
            picture_path(tile),
            render_tiles_svg(&[(tile, Rotation::R0)], 1),
        ));
    }
    files
}

/// Where the picture of a tile type lives, under the docs folder.
fn picture_path(tile: TileType) -> PathBuf {
    PathBuf::from(format!("tiles/{tile}.svg"))
}

const INTRO: &str = "\
# Tiles

Every tile type carc knows, as it lies at rotation `r0`: the orientation a `tile` or `turn`
line means when it writes no rotation. Generated from the engine's catalogue by
`carc tiles --docs docs` (do not edit by hand: a test fails when this file or a picture is
out of date). In a terminal, `carc tiles` prints the same catalogue and `carc tiles T` one
tile in its four rotations; the editor shows the picture and edges when completing or
hovering a tile letter.

## Conventions

- **Sides** are `N E S W`, in board directions. Each side shows one edge: `C` city, `R` road,
  `F` field. Two tiles that touch along a side must show the same letter there
  (`edge-mismatch` otherwise).
- **Rotation** `rK` turns the tile K degrees **clockwise** (`r0 r90 r180 r270`; none written
  is `r0`). With `r90` the north side of the picture below faces east, east faces south,
  south west and west north: the edges `N E S W` of `r0` move one place to the right
  (D `C R F R` becomes `R C R F`).
- **Coordinates** `x,y`: x grows to the east, y to the north. The cell north of `x,y` is
  `x,y+1`, east `x+1,y`, south `x,y-1`, west `x-1,y`.
- **Places** on a tile are named after rotation, in board directions. A city or a road is
  named by a side it reaches (`N`), a field by a corner it reaches (`NE SE SW NW`), a
  monastery needs no place.
- **Corners and half-sides.** A road or field side is split into two half-sides; corner NE
  is the east half of side N together with the north half of side E. A city side has no
  half-sides, so a corner between two city sides holds no field. Fields join across a
  shared side half by half: the NE corner of `x,y` meets the SE corner of `x,y+1` (through
  N) and the NW corner of `x+1,y` (through E).
- A road or city is listed by the sides it reaches: `{E}; {W}` is two separate cities,
  `{E,W}` one city across the tile. A road reaching a single side ends on the tile (at a
  junction, a monastery or a city gate): that end is closed. A field lists the cities of its
  own tile it touches: those are the cities its farmers score.

## The catalogue

Each picture has north up and east to the right. Fields are green, cities tan (a blue shield
is a coat of arms; a round badge a goods symbol of Traders & Builders: purple grapes for wine,
a golden sheaf for grain, a blue bolt for cloth, written after the city's sides in the table),
roads light lines, a monastery a small red building, a garden a hedged plot with bushes, an
inn a small house beside its road, a cathedral a white church, a tower foundation (The Tower)
a round grey stone base; the letter sits in the lower left corner. A field whose corner a city wall splits lists the half-side it holds (`ESE`), a field
that touches no side is `{inner}`. The edges read clockwise from the top: E at `r0`, `C F F F`, has its
city on the north side, so `tile E 0,1 r180` above the start tile turns that city south, onto
the start tile's city.

";

const OUTRO: &str = "\
## Scoring

| feature | completed, during play | still open at final scoring |
|---|---|---|
| road | 1 point per tile | 1 point per tile |
| city | 2 points per tile and 2 per coat of arms | 1 point per tile and 1 per coat of arms |
| monastery | 9 points: its own tile and all 8 surrounding cells filled (diagonals count) | 1 point for its tile and 1 for each surrounding tile |
| field (final scoring only) | – | 3 points for each completed city it touches |

- A tile counts once for a feature, even where one road or city crosses it twice.
- A field counts each completed city it touches once, however many of its tiles touch it;
  an unfinished city gives farmers nothing.
- The player with the most meeples on a feature scores all of it; tied leaders each score
  all of it; the others score nothing. After a road, city or monastery is completed and
  scored, its meeples go back to their owners' supply; farmers stay until the end.
- A road is complete when neither end is open (both ends closed, or a loop); a city when
  none of its city sides is left open; a monastery when all 8 surrounding cells hold tiles.
- A turn: place the tile so that every side it shares with a neighbour matches and at least
  one side touches a tile; then, optionally, put one meeple from the supply on a feature of
  that tile whose connected feature holds no meeple yet; then score what the tile
  completed. A meeple that came back this turn cannot be deployed again this turn.
- A drawn tile that fits nowhere on the board (no cell, no rotation) is removed from play
  (`discard T`) and another is drawn; a tile that fits somewhere cannot be discarded.
- Each player has 7 meeples (the eighth marks the score); the colours are red, blue, green,
  yellow and black, for 2 to 5 players; Inns & Cathedrals adds pink, for up to 6.
";

/// `docs/tiles.md`.
fn markdown() -> String {
    let mut out = String::from(INTRO);
    let total: u32 = TileType::ALL.iter().map(|t| u32::from(t.count())).sum();
    let shields: u32 = TileType::ALL
        .iter()
        .filter(|t| t.has_shield())
        .map(|t| u32::from(t.count()))
        .sum();
    let _ = writeln!(
        out,
        "{} tile types, {total} tiles, {shields} of them with a coat of arms. The box holds \
         each type as many times as its count; the start tile is one of the D tiles.\n",
        TileType::ALL.len()
    );
    out.push_str(
        "| r0 | tile | name | count | N E S W | coat of arms | cities | roads | fields → cities they touch | monastery |\n\
         |---|---|---|---|---|---|---|---|---|---|\n",
    );
    for tile in TileType::ALL {
        let _ = writeln!(
            out,
            "| <img src=\"{}\" width=\"64\" height=\"64\" alt=\"{l} at r0\"> | **{l}** | {} | {} | `{}` | {} | {} | {} | {} | {} |",
            picture_path(tile).display(),
            tile.name(),
            tile.count(),
            tile_info::edge_letters(tile, Rotation::R0),
            if tile.has_shield() { "yes" } else { "–" },
            tile_info::segments_of(tile, Rotation::R0, FeatureKind::City),
            tile_info::segments_of(tile, Rotation::R0, FeatureKind::Road),
            tile_info::fields(tile, Rotation::R0),
            if tile.has_monastery() { "yes" } else { "–" },
            l = tile,
        );
    }
    let mut notes = Vec::new();
    let mut seen: Vec<TileType> = Vec::new();
    for tile in TileType::ALL {
        let twins = tile_info::twins(tile);
        if seen.contains(&tile) || twins.is_empty() {
            continue;
        }
        seen.extend(&twins);
        let mut group = vec![tile];
        group.extend(twins);
        let words: Vec<String> = group
            .iter()
            .map(|t| format!("**{t}** {}", tile_info::distinction(*t)))
            .collect();
        notes.push(format!(
            "- `{}`: {}",
            tile_info::edge_letters(tile, Rotation::R0),
            words.join("; ")
        ));
    }
    if !notes.is_empty() {
        out.push_str(
            "\n**Same edges, different tiles.** The tiles of each line below show the same \
             edges (in the same order, or after a rotation), so only the letter tells them apart; a coat of arms, or city sides \
             joined into one city, change the score:\n\n",
        );
        for note in notes {
            let _ = writeln!(out, "{note}");
        }
    }
    out.push('\n');
    out.push_str(OUTRO);
    out
}

/// Writes the reference into `dir`, or with `check` lists the files that differ from what
/// would be written (exit status 1 when some do).
fn docs(dir: &Path, check: bool) -> Result<ExitCode, String> {
    let files = docs_files();
    let mut stale = Vec::new();
    for (path, contents) in &files {
        let full = dir.join(path);
        let current = std::fs::read_to_string(&full).ok();
        if current.as_deref() == Some(contents.as_str()) {
            continue;
        }
        stale.push(full.clone());
        if check {
            continue;
        }
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&full, contents)
            .map_err(|e| format!("cannot write {}: {e}", full.display()))?;
    }
    // A picture of a tile the catalogue no longer has.
    let pictures = dir.join("tiles");
    if let Ok(entries) = std::fs::read_dir(&pictures) {
        for entry in entries.flatten() {
            let path = entry.path();
            let known = files.iter().any(|(p, _)| dir.join(p) == path);
            if !known && path.extension().is_some_and(|e| e == "svg") {
                stale.push(path.clone());
                if !check {
                    std::fs::remove_file(&path)
                        .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
                }
            }
        }
    }
    for path in &stale {
        crate::output::println(&path.display().to_string());
    }
    if check && !stale.is_empty() {
        eprintln!(
            "carc: {} file(s) of the tile reference are out of date: run `carc tiles --docs {}`",
            stale.len(),
            dir.display()
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
