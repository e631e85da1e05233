//! `carc import`: a JCloisterZone save (`.jcz`, JSON) as a `.carc` file. This module maps the
//! save to notation and lets the replay compute every `=>`; it reads and writes no file (the
//! CLI does). Both generations of saves are read:
//!
//! - 5.x: `setup.sets` (`"basic:1": 1`), `setup.elements` (figures and rules), `setup.rules`
//!   (variants), `setup.start` (the start tile), `players` (seats in turn order) and `replay`
//!   messages that name their `player`;
//! - 4.x: `setup.expansions` (`"BASIC": 1`), `setup.capabilities`, `slots`, no start tile (the
//!   base start tile at 0,0), and `replay` messages without a player (turn order, or the
//!   seat a meeple's id names).
//!
//! Coordinates: carc's `x,y` is JCloisterZone's `x,-y` (its y grows south). Rotations turn the
//! same way; a tile's offset is in the id table ([`jcz_tiles`]). Places: JCloisterZone's
//! half-sides `NL NR EL ER SL SR WL WR` are carc's `NNW NNE ENE ESE SSE SSW WSW WNW`.
//! Anything carc does not play (an expansion, a figure, a rule variant, an action) is an
//! [`ImportError`] naming it: never a silently different game.

use std::fmt::{self, Write as _};

use carc_rules::{Edge, Rotation, Side, TileSet, TileType};
use serde_json::Value;

use crate::diagnostic::Severity;
use crate::explain;
use crate::replay::{replay, Fact};

mod jcz_tiles;

/// What an import cannot do, with a stable identifier ([`ImportCode::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportCode {
    /// Not JSON.
    Json,
    /// JSON, but not a JCloisterZone save carc reads (a field missing or of another type).
    Format,
    /// A set (expansion or edition) carc does not play.
    Expansion,
    /// A figure count, element or rule variant carc does not play.
    Rule,
    /// A tile id carc's catalogue has no row for.
    Tile,
    /// A replay message carc does not play (an expansion's action).
    Action,
    /// A figure carc does not play, or a place it cannot name.
    Figure,
    /// More seats than carc has colours.
    Players,
    /// The game does not replay under carc's rules (a carc diagnostic on its line).
    Illegal,
    /// `--until N` past the game's last turn.
    Until,
}

impl ImportCode {
    /// The identifier users see: `jcz-json`, `jcz-format`, …
    pub fn as_str(self) -> &'static str {
        match self {
            ImportCode::Json => "jcz-json",
            ImportCode::Format => "jcz-format",
            ImportCode::Expansion => "jcz-expansion",
            ImportCode::Rule => "jcz-rule",
            ImportCode::Tile => "jcz-tile",
            ImportCode::Action => "jcz-action",
            ImportCode::Figure => "jcz-figure",
            ImportCode::Players => "jcz-players",
            ImportCode::Illegal => "jcz-illegal",
            ImportCode::Until => "jcz-until",
        }
    }
}

/// Why a save was not imported: its code, where in the save (a JSON path such as
/// `replay[12].payload.tileId`, or `line 3, column 7` for bad JSON) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// The stable code.
    pub code: ImportCode,
    /// Where in the save.
    pub field: String,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for ImportError {}

fn error(code: ImportCode, field: impl Into<String>, message: impl Into<String>) -> ImportError {
    ImportError {
        code,
        field: field.into(),
        message: message.into(),
    }
}

/// What to import.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// The title when the save has no name (the CLI gives the file's stem).
    pub title: String,
    /// Cut after this many turns (a bonus part belongs to its turn) as a puzzle skeleton.
    pub until: Option<usize>,
    /// With `until`: how many of the following tiles the skeleton's `draws` lists (at least 1).
    pub draws: usize,
}

/// The carc colours of the seats, in seat order (a sixth seat is `pink`, Inns & Cathedrals).
const COLOURS: [&str; 6] = ["red", "blue", "green", "yellow", "black", "pink"];

/// The sets of a 5.x save carc plays, with what they switch on.
const SETS: [(&str, Option<TileSet>); 5] = [
    ("basic:1", None),
    ("basic:2", None),
    ("inns-and-cathedrals:1", Some(TileSet::InnsCathedrals)),
    ("traders-and-builders:1", Some(TileSet::TradersBuilders)),
    ("river/1:2", Some(TileSet::River)),
];

/// One turn part of the save.
#[derive(Debug, Clone)]
struct Part {
    /// Index of its `PLACE_TILE` in `replay`.
    index: usize,
    player: usize,
    tile: TileType,
    x: i64,
    y: i64,
    rot: Rotation,
    /// What follows the tile on its line (`knight N`, `abbot`, `recall`), if anything.
    figure: Option<String>,
    committed: bool,
}

/// A save read into carc's terms.
struct Save {
    version: String,
    title: String,
    names: Vec<String>,
    farmers: bool,
    sets: Vec<TileSet>,
    start: (TileType, i64, i64, Rotation),
    parts: Vec<Part>,
}

/// The save `json` as `.carc` text: the whole game with every `=>`, `end` and `expect score`,
/// or with [`ImportOptions::until`] the position after that turn as a puzzle skeleton.
pub fn import_jcz(json: &str, options: &ImportOptions) -> Result<String, ImportError> {
    let value: Value = serde_json::from_str(json).map_err(|e| {
        error(
            ImportCode::Json,
            format!("line {}, column {}", e.line(), e.column()),
            format!("not a JSON file: {e}"),
        )
    })?;
    let save = read_save(&value, options)?;
    let game = game_lines(&save)?;
    let text = match options.until {
        None => game.text,
        Some(n) => skeleton(&save, &game, n, options.draws.max(1))?,
    };
    // The file is the author's from now on: hand it over as `carc fmt` would leave it, so a
    // `fmt --check` in their CI passes on an untouched import.
    Ok(carc_notation::format(&text))
}

// ---- reading the save

fn get<'a>(v: &'a Value, key: &str, path: &str) -> Result<&'a Value, ImportError> {
    v.get(key).ok_or_else(|| {
        error(
            ImportCode::Format,
            join(path, key),
            "missing: not a JCloisterZone save carc reads",
        )
    })
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

fn wrong(path: &str, what: &str) -> ImportError {
    error(ImportCode::Format, path, format!("expected {what}"))
}

fn as_int(v: &Value, path: &str) -> Result<i64, ImportError> {
    v.as_i64().ok_or_else(|| wrong(path, "an integer"))
}

fn as_str<'a>(v: &'a Value, path: &str) -> Result<&'a str, ImportError> {
    v.as_str().ok_or_else(|| wrong(path, "a string"))
}

fn read_save(v: &Value, options: &ImportOptions) -> Result<Save, ImportError> {
    let setup = get(v, "setup", "")?;
    let modern = setup.get("sets").is_some();
    let legacy = setup.get("expansions").is_some();
    let (names, farmers, sets, start) = if modern {
        let (farmers, sets) = modern_setup(setup)?;
        (modern_players(v)?, farmers, sets, modern_start(setup)?)
    } else if legacy {
        let sets = legacy_setup(setup)?;
        (
            legacy_players(v)?,
            true,
            sets,
            (TileType::START, 0, 0, Rotation::R0),
        )
    } else {
        return Err(error(
            ImportCode::Format,
            "setup",
            "neither a JCloisterZone 5 save (`setup.sets`) nor a 4.x save (`setup.expansions`)",
        ));
    };
    if names.len() > COLOURS.len() || (names.len() == 6 && !sets.contains(&TileSet::InnsCathedrals))
    {
        return Err(error(
            ImportCode::Players,
            if modern { "players" } else { "slots" },
            format!(
                "{} seats: carc plays 1 to 5 colours (6 with Inns & Cathedrals)",
                names.len()
            ),
        ));
    }
    let parts = read_replay(get(v, "replay", "")?, names.len().max(1), modern)?;
    let name = v.get("name").and_then(Value::as_str).unwrap_or("").trim();
    Ok(Save {
        version: v
            .get("appVersion")
            .and_then(Value::as_str)
            .unwrap_or(if modern { "5" } else { "4" })
            .to_owned(),
        title: if name.is_empty() {
            options.title.clone()
        } else {
            name.to_owned()
        },
        names,
        farmers,
        sets,
        start,
        parts,
    })
}

/// Switches `set` on (once).
fn add(sets: &mut Vec<TileSet>, set: TileSet) {
    if !sets.contains(&set) {
        sets.push(set);
    }
}

/// 5.x `setup.sets`, `elements` and `rules`: farmers, and the sets to switch on.
fn modern_setup(setup: &Value) -> Result<(bool, Vec<TileSet>), ImportError> {
    let mut sets = Vec::new();
    let mut base = false;
    let listed = get(setup, "sets", "setup")?
        .as_object()
        .ok_or_else(|| wrong("setup.sets", "an object"))?;
    for (key, count) in listed {
        let path = format!("setup.sets.{key}");
        let Some(&(_, set)) = SETS.iter().find(|(k, _)| k == key) else {
            let known: Vec<&str> = SETS.iter().map(|(k, _)| *k).collect();
            return Err(error(
                ImportCode::Expansion,
                path,
                format!(
                    "`{key}` is a set carc does not play (carc plays {})",
                    known.join(", ")
                ),
            ));
        };
        if as_int(count, &path)? != 1 {
            return Err(error(
                ImportCode::Rule,
                path,
                format!("{count} copies of `{key}`: carc plays one box of each set"),
            ));
        }
        match set {
            None => base = true,
            Some(s) => add(&mut sets, s),
        }
    }
    if !base {
        return Err(error(
            ImportCode::Expansion,
            "setup.sets",
            "a game without the base set (`basic:1` or `basic:2`): carc always plays the base game",
        ));
    }
    let mut farmers = true;
    if let Some(elements) = setup.get("elements").and_then(Value::as_object) {
        for (key, value) in elements {
            let path = format!("setup.elements.{key}");
            let one = || value.as_i64() == Some(1) || value.as_bool() == Some(true);
            let variant = |what: &str| {
                error(
                    ImportCode::Rule,
                    path.clone(),
                    format!("`{key}: {value}`: {what}"),
                )
            };
            match key.as_str() {
                "small-follower" if value.as_i64() == Some(7) => {}
                "small-follower" => {
                    return Err(variant("carc gives every player 7 meeples"));
                }
                "farmers" => {
                    farmers = value
                        .as_bool()
                        .ok_or_else(|| wrong(&path, "true or false"))?
                }
                "abbot" | "garden" if one() => add(&mut sets, TileSet::Abbot),
                "big-follower" | "inn" | "cathedral" if one() => {
                    add(&mut sets, TileSet::InnsCathedrals)
                }
                // the pig herd is a tile feature of another set: inert without its tiles
                "builder" | "pig" | "traders" | "pig-herd" if one() => {
                    add(&mut sets, TileSet::TradersBuilders)
                }
                "abbot" | "garden" | "big-follower" | "inn" | "cathedral" | "builder" | "pig"
                | "traders" | "pig-herd" => {
                    return Err(variant(
                        "carc plays each figure once per player, each rule on",
                    ));
                }
                _ => {
                    return Err(variant(
                        "a figure or feature of an expansion carc does not play",
                    ))
                }
            }
        }
    }
    if let Some(rules) = setup.get("rules").and_then(Value::as_object) {
        if let Some((key, value)) = rules.iter().next() {
            return Err(error(
                ImportCode::Rule,
                format!("setup.rules.{key}"),
                format!("`{key}: {value}` is a rule variant carc does not play"),
            ));
        }
    }
    // gardens only score with the abbot: the Abbot's set word is its rules
    Ok((farmers, sets))
}

/// 4.x `setup.expansions`, `capabilities` and `rules`: the sets to switch on.
fn legacy_setup(setup: &Value) -> Result<Vec<TileSet>, ImportError> {
    let mut sets = Vec::new();
    let listed = get(setup, "expansions", "setup")?
        .as_object()
        .ok_or_else(|| wrong("setup.expansions", "an object"))?;
    for (key, count) in listed {
        let path = format!("setup.expansions.{key}");
        match key.as_str() {
            "BASIC" => {}
            "INNS_AND_CATHEDRALS" => add(&mut sets, TileSet::InnsCathedrals),
            "TRADERS_AND_BUILDERS" => add(&mut sets, TileSet::TradersBuilders),
            _ => {
                return Err(error(
                    ImportCode::Expansion,
                    path,
                    format!(
                        "`{key}` is an expansion carc does not import from 4.x saves (BASIC, \
                         INNS_AND_CATHEDRALS, TRADERS_AND_BUILDERS)"
                    ),
                ))
            }
        }
        if as_int(count, &path)? != 1 {
            return Err(error(
                ImportCode::Rule,
                path,
                format!("{count} copies of `{key}`: carc plays one box of each set"),
            ));
        }
    }
    if let Some(caps) = setup.get("capabilities").and_then(Value::as_array) {
        for (i, cap) in caps.iter().enumerate() {
            let path = format!("setup.capabilities[{i}]");
            match as_str(cap, &path)? {
                "StandardGame" | "Inn" | "Cathedral" | "BigFollower" | "TradeGoods" | "Builder"
                | "Pig" => {}
                other => {
                    return Err(error(
                        ImportCode::Rule,
                        path,
                        format!("`{other}` is a capability carc does not play"),
                    ))
                }
            }
        }
    }
    if let Some(rules) = setup.get("rules").and_then(Value::as_object) {
        for (key, value) in rules {
            // switches of sets that are not in play change nothing
            if !matches!(
                key.as_str(),
                "MORE_TUNNEL_TOKENS" | "TUNNELIZE_ALL_EXPANSIONS" | "PIG_HERD_ON_GQ_FARM"
            ) {
                return Err(error(
                    ImportCode::Rule,
                    format!("setup.rules.{key}"),
                    format!("`{key}: {value}` is a rule variant carc does not play"),
                ));
            }
        }
    }
    Ok(sets)
}

fn modern_players(v: &Value) -> Result<Vec<String>, ImportError> {
    let players = get(v, "players", "")?
        .as_array()
        .ok_or_else(|| wrong("players", "an array"))?;
    Ok(players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.get("name")
                .and_then(Value::as_str)
                .map_or_else(|| format!("player {}", i + 1), str::to_owned)
        })
        .collect())
}

fn legacy_players(v: &Value) -> Result<Vec<String>, ImportError> {
    let slots = get(v, "slots", "")?
        .as_array()
        .ok_or_else(|| wrong("slots", "an array"))?;
    let mut seats: Vec<(i64, String)> = slots
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let number = s.get("number").and_then(Value::as_i64).unwrap_or(i as i64);
            let name = s
                .get("nickname")
                .and_then(Value::as_str)
                .map_or_else(|| format!("player {}", i + 1), str::to_owned);
            (number, name)
        })
        .collect();
    seats.sort_by_key(|(n, _)| *n);
    Ok(seats.into_iter().map(|(_, name)| name).collect())
}

fn modern_start(setup: &Value) -> Result<(TileType, i64, i64, Rotation), ImportError> {
    let start = get(setup, "start", "setup")?
        .as_array()
        .ok_or_else(|| wrong("setup.start", "an array"))?;
    let [only] = start.as_slice() else {
        return Err(error(
            ImportCode::Rule,
            "setup.start",
            format!("{} start tiles: carc plays one start tile", start.len()),
        ));
    };
    let path = "setup.start[0]";
    let id = as_str(get(only, "tile", path)?, &format!("{path}.tile"))?;
    let x = as_int(get(only, "x", path)?, &format!("{path}.x"))?;
    let y = as_int(get(only, "y", path)?, &format!("{path}.y"))?;
    let degrees = match get(only, "rotation", path)? {
        Value::String(s) => rotation_degrees(s, &format!("{path}.rotation"))?,
        other => as_int(other, &format!("{path}.rotation"))?,
    };
    let (tile, rot) = tile_of(id, degrees, &format!("{path}.tile"))?;
    Ok((tile, x, -y, rot))
}

fn rotation_degrees(word: &str, path: &str) -> Result<i64, ImportError> {
    match word {
        "R0" => Ok(0),
        "R90" => Ok(90),
        "R180" => Ok(180),
        "R270" => Ok(270),
        _ => Err(wrong(path, "R0, R90, R180 or R270")),
    }
}

/// The catalogue tile of a JCloisterZone id and carc's rotation of its JCloisterZone rotation.
fn tile_of(id: &str, degrees: i64, path: &str) -> Result<(TileType, Rotation), ImportError> {
    let unknown = || {
        error(
            ImportCode::Tile,
            path,
            format!("`{id}` is not a tile of the sets carc plays"),
        )
    };
    let (token, offset) = jcz_tiles::lookup(id).ok_or_else(unknown)?;
    let tile = TileType::from_token(token).ok_or_else(unknown)?;
    let turned = (degrees + i64::from(offset)).rem_euclid(360);
    let rot = Rotation::ALL
        .into_iter()
        .find(|r| i64::from(r.degrees()) == turned)
        .ok_or_else(|| wrong(path, "a rotation of a quarter turn"))?;
    Ok((tile, rot))
}

fn read_replay(replay: &Value, seats: usize, modern: bool) -> Result<Vec<Part>, ImportError> {
    let messages = replay
        .as_array()
        .ok_or_else(|| wrong("replay", "an array"))?;
    let mut parts: Vec<Part> = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        let path = format!("replay[{i}]");
        let kind = as_str(get(m, "type", &path)?, &format!("{path}.type"))?;
        let payload = m.get("payload").unwrap_or(&Value::Null);
        let ppath = format!("{path}.payload");
        let open = parts.last_mut().filter(|p| !p.committed);
        match kind {
            "PLACE_TILE" => {
                if open.is_some() {
                    return Err(error(
                        ImportCode::Format,
                        path,
                        "a second tile before the part was committed",
                    ));
                }
                let id = as_str(get(payload, "tileId", &ppath)?, &format!("{ppath}.tileId"))?;
                let degrees = rotation_degrees(
                    as_str(
                        get(payload, "rotation", &ppath)?,
                        &format!("{ppath}.rotation"),
                    )?,
                    &format!("{ppath}.rotation"),
                )?;
                let (x, y) = position(get(payload, "position", &ppath)?, &ppath)?;
                let (tile, rot) = tile_of(id, degrees, &format!("{ppath}.tileId"))?;
                let player = match m.get("player") {
                    Some(p) if modern => as_int(p, &format!("{path}.player"))?,
                    // 4.x: the next seat (a meeple's id may correct it)
                    _ => parts
                        .last()
                        .map_or(0, |p| (p.player as i64 + 1) % seats as i64),
                };
                if player < 0 || player as usize >= seats {
                    return Err(error(
                        ImportCode::Format,
                        format!("{path}.player"),
                        format!("seat {player} is not one of the {seats} players"),
                    ));
                }
                parts.push(Part {
                    index: i,
                    player: player as usize,
                    tile,
                    x,
                    y: -y,
                    rot,
                    figure: None,
                    committed: false,
                });
            }
            "DEPLOY_MEEPLE" => {
                let part = open.ok_or_else(|| {
                    error(
                        ImportCode::Format,
                        path.clone(),
                        "a meeple without its tile",
                    )
                })?;
                deploy(part, payload, &ppath, seats, modern)?;
            }
            "RETURN_MEEPLE" => {
                let part = open.ok_or_else(|| {
                    error(
                        ImportCode::Format,
                        path.clone(),
                        "a return without its tile",
                    )
                })?;
                let id = as_str(
                    get(payload, "meepleId", &ppath)?,
                    &format!("{ppath}.meepleId"),
                )?;
                if id.split('.').nth(1) != Some("abbot") {
                    return Err(error(
                        ImportCode::Action,
                        format!("{ppath}.meepleId"),
                        format!("returning `{id}`: carc recalls only the abbot"),
                    ));
                }
                part.figure = Some("recall".to_owned());
            }
            "PASS" => {}
            "COMMIT" => {
                if let Some(part) = open {
                    part.committed = true;
                }
            }
            "UNDO" => match open {
                Some(part) if part.figure.is_some() => part.figure = None,
                Some(_) => {
                    parts.pop();
                }
                None => {
                    return Err(error(
                        ImportCode::Action,
                        path,
                        "an UNDO of a committed part: carc cannot tell what it undid",
                    ))
                }
            },
            "GAME_OVER" => {}
            other => {
                return Err(error(
                    ImportCode::Action,
                    format!("{path}.type"),
                    format!("`{other}` is an action of an expansion carc does not play"),
                ))
            }
        }
    }
    Ok(parts)
}

fn position(v: &Value, path: &str) -> Result<(i64, i64), ImportError> {
    let path = format!("{path}.position");
    match v.as_array().map(Vec::as_slice) {
        Some([x, y]) => Ok((as_int(x, &path)?, as_int(y, &path)?)),
        _ => Err(wrong(&path, "[x, y]")),
    }
}

/// A `DEPLOY_MEEPLE` on the part's tile, as the words of its line.
fn deploy(
    part: &mut Part,
    payload: &Value,
    ppath: &str,
    seats: usize,
    modern: bool,
) -> Result<(), ImportError> {
    let id_path = format!("{ppath}.meepleId");
    let id = as_str(get(payload, "meepleId", ppath)?, &id_path)?;
    let mut pieces = id.split('.');
    let seat = pieces.next().and_then(|s| s.parse::<usize>().ok());
    let kind = pieces.next().unwrap_or("");
    if !modern {
        // 4.x messages name no player: the meeple's id does
        if let Some(seat) = seat.filter(|s| *s < seats) {
            part.player = seat;
        }
    }
    let pointer = get(payload, "pointer", ppath)?;
    let pointer_path = format!("{ppath}.pointer");
    let (x, y) = position(get(pointer, "position", &pointer_path)?, &pointer_path)?;
    if (x, -y) != (part.x, part.y) {
        return Err(error(
            ImportCode::Action,
            pointer_path,
            "a figure deployed on another tile than the part's: an expansion carc does not play",
        ));
    }
    let loc_path = format!("{pointer_path}.location");
    let location = as_str(get(pointer, "location", &pointer_path)?, &loc_path)?;
    let feature = pointer.get("feature").and_then(Value::as_str);
    let role = role_of(part, feature, location, &loc_path)?;
    let place = |role: &str| place_of(role, location, part.tile, part.rot, &loc_path);
    let text = match kind {
        "small" => match role {
            "monk" => "monk".to_owned(),
            r => format!("{r} {}", place(r)?),
        },
        "big" => match role {
            "monk" => "large monk".to_owned(),
            r => format!("large {r} {}", place(r)?),
        },
        "abbot" => "abbot".to_owned(),
        "pig" => format!("pig {}", place("farmer")?),
        "builder" => format!("builder {}", place(role)?),
        other => {
            return Err(error(
                ImportCode::Figure,
                id_path,
                format!("`{other}` (meeple `{id}`) is a figure carc does not play"),
            ))
        }
    };
    part.figure = Some(text);
    Ok(())
}

/// The role a figure takes at `location` on the part's tile: from the 5.x pointer's
/// `feature`, else (4.x) from the location's shape and the tile's edge there.
fn role_of(
    part: &Part,
    feature: Option<&str>,
    location: &str,
    path: &str,
) -> Result<&'static str, ImportError> {
    let unplaceable = || {
        error(
            ImportCode::Figure,
            path,
            format!(
                "`{}` `{location}` is a place carc does not play",
                feature.unwrap_or("location")
            ),
        )
    };
    match feature {
        Some("City") => return Ok("knight"),
        Some("Road") => return Ok("traveller"),
        Some("Field") => return Ok("farmer"),
        Some("Monastery") | Some("Cloister") | Some("Garden") => return Ok("monk"),
        Some(_) => return Err(unplaceable()),
        None => {}
    }
    if location == "CLOISTER" {
        return Ok("monk");
    }
    if location.contains('.') || location.len() == 2 && location.ends_with(['L', 'R']) {
        return Ok("farmer");
    }
    let side = location.chars().find_map(side_of).ok_or_else(unplaceable)?;
    match part.tile.edge(part.rot, side) {
        Edge::City => Ok("knight"),
        Edge::Road => Ok("traveller"),
        _ => Err(unplaceable()),
    }
}

fn side_of(c: char) -> Option<Side> {
    match c {
        'N' => Some(Side::N),
        'E' => Some(Side::E),
        'S' => Some(Side::S),
        'W' => Some(Side::W),
        _ => None,
    }
}

/// carc's place for `role` at a JCloisterZone location (board directions, as carc's): a side
/// it reaches for a road or city, a whole corner for a field where it holds one, else its
/// first half-side, `inner` for a field touching no side.
fn place_of(
    role: &str,
    location: &str,
    tile: TileType,
    rot: Rotation,
    path: &str,
) -> Result<&'static str, ImportError> {
    let bad = || {
        error(
            ImportCode::Figure,
            path,
            format!("`{location}` is a place carc cannot name for a {role}"),
        )
    };
    if role != "farmer" {
        return location
            .chars()
            .find_map(side_of)
            .map(Side::as_str)
            .ok_or_else(bad);
    }
    if location == "I" {
        return Ok("inner");
    }
    let halves: Vec<&str> = location.split('.').collect();
    let has = |h: &str| halves.contains(&h);
    // a corner is the two half-sides that meet there; a city side has no halves, so beside
    // one the corner is the other side's half alone (H r90's field reaches corner NE by ENE)
    let city = |side: Side| tile.edge(rot, side) == Edge::City;
    for (corner, a, a_side, b, b_side) in [
        ("NE", "NR", Side::N, "EL", Side::E),
        ("SE", "ER", Side::E, "SL", Side::S),
        ("SW", "SR", Side::S, "WL", Side::W),
        ("NW", "WR", Side::W, "NL", Side::N),
    ] {
        if (has(a) || has(b)) && (has(a) || city(a_side)) && (has(b) || city(b_side)) {
            return Ok(corner);
        }
    }
    halves
        .iter()
        .find_map(|h| match *h {
            "NL" => Some("NNW"),
            "NR" => Some("NNE"),
            "EL" => Some("ENE"),
            "ER" => Some("ESE"),
            "SL" => Some("SSE"),
            "SR" => Some("SSW"),
            "WL" => Some("WSW"),
            "WR" => Some("WNW"),
            _ => None,
        })
        .ok_or_else(bad)
}

// ---- writing the game

/// The game as `.carc` text, and which line each part is on.
struct GameLines {
    text: String,
    /// Per part: its line index in `text`.
    lines: Vec<usize>,
    /// The start tile's line.
    start_line: usize,
}

fn colour(seat: usize) -> &'static str {
    COLOURS.get(seat).copied().unwrap_or("red")
}

fn rules_line(save: &Save) -> String {
    let mut line = String::from(if save.farmers {
        "rules farmers"
    } else {
        "rules no-farmers"
    });
    for set in TileSet::ALL {
        if save.sets.contains(&set) {
            let _ = write!(line, " {}", set.as_str());
        }
    }
    line
}

/// Whether part `i` is a bonus part: Traders & Builders, and its player also played the part
/// before it.
fn is_bonus(save: &Save, i: usize) -> bool {
    save.sets.contains(&TileSet::TradersBuilders)
        && i > 0
        && save.parts.get(i - 1).map(|p| p.player) == save.parts.get(i).map(|p| p.player)
        && save.names.len() > 1
}

fn move_words(part: &Part) -> String {
    let mut s = format!(
        "{} {} {},{} r{}",
        colour(part.player),
        part.tile.token(),
        part.x,
        part.y,
        part.rot.degrees()
    );
    if let Some(f) = &part.figure {
        s.push(' ');
        s.push_str(f);
    }
    s
}

fn header(save: &Save, lines: &mut Vec<String>) {
    let seats: Vec<String> = save
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} = {}", colour(i), n.replace(['\n', '\r'], " ")))
        .collect();
    lines.push(format!(
        "# Imported by `carc import` from a JCloisterZone {} save: {}.",
        save.version.replace(['\n', '\r'], " "),
        seats.join(", ")
    ));
    lines.push(format!(
        "title {}",
        crate::writer::quoted(&save.title.replace(char::is_control, " "))
    ));
    let players: Vec<&str> = (0..save.names.len()).map(colour).collect();
    lines.push(format!("players {}", players.join(" ")));
    lines.push(rules_line(save));
}

/// The whole game, its `=>`, `end` and `expect score` computed by the replay; an error when
/// carc's rules refuse a line of it.
fn game_lines(save: &Save) -> Result<GameLines, ImportError> {
    let mut lines = Vec::new();
    header(save, &mut lines);
    let (tile, x, y, rot) = save.start;
    let start_line = lines.len();
    lines.push(format!("tile {} {x},{y} r{}", tile.token(), rot.degrees()));
    let mut part_lines = Vec::with_capacity(save.parts.len());
    for (i, part) in save.parts.iter().enumerate() {
        let keyword = if is_bonus(save, i) { "bonus" } else { "turn" };
        part_lines.push(lines.len());
        lines.push(format!("{keyword} {}", move_words(part)));
    }
    let end_line = lines.len();
    lines.push("end".to_owned());
    let text = lines.join("\n") + "\n";
    let parse = carc_notation::parse(&text);
    let replayed = replay(&parse, None, None);
    if let Some(d) = replayed
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        let line = text[..d.span.start.min(text.len())].matches('\n').count();
        let field = part_lines.iter().position(|&l| l == line).map_or_else(
            || "setup".to_owned(),
            |i| format!("replay[{}]", save.parts[i].index),
        );
        return Err(error(
            ImportCode::Illegal,
            field,
            format!(
                "carc's rules refuse `{}`: {} ({})",
                lines.get(line).map_or("", String::as_str),
                d.message,
                d.code.as_str()
            ),
        ));
    }
    let mut totals = Vec::new();
    for fact in &replayed.facts {
        match fact {
            Fact::Turn { line, score, .. } => {
                let gains = explain::gains(&score.features);
                if let Some(l) = lines.get_mut(*line) {
                    let _ = write!(l, "  => {}", explain::gains_text(&gains));
                }
            }
            Fact::End {
                line,
                score,
                totals: t,
            } => {
                if let Some(l) = lines.get_mut(*line) {
                    let _ = write!(
                        l,
                        "  => {}",
                        explain::gains_text(&explain::score_gains(score))
                    );
                }
                totals.clone_from(t);
            }
            _ => {}
        }
    }
    let listed: Vec<String> = totals
        .iter()
        .map(|(c, n)| format!("{} {n}", c.as_str()))
        .collect();
    if !listed.is_empty() && lines.get(end_line).is_some() {
        lines.push(format!("expect score {}", listed.join(", ")));
    }
    Ok(GameLines {
        text: lines.join("\n") + "\n",
        lines: part_lines,
        start_line,
    })
}

/// The position after turn `n` (and its bonus part) as a puzzle skeleton: the setup of that
/// position, `puzzle final`, `draws` of the next `draws` tiles of the game, and no answer yet
/// (the designer writes it; a comment says what was played).
fn skeleton(save: &Save, game: &GameLines, n: usize, draws: usize) -> Result<String, ImportError> {
    let turns: Vec<usize> = (0..save.parts.len())
        .filter(|&i| !is_bonus(save, i))
        .collect();
    let Some(&next) = turns.get(n) else {
        return Err(error(
            ImportCode::Until,
            "--until",
            format!(
                "the game has {} turns: `--until` takes 0 to {} (a puzzle needs a tile to come)",
                turns.len(),
                turns.len().saturating_sub(1)
            ),
        ));
    };
    let stop = if next == 0 {
        game.start_line
    } else {
        game.lines[next - 1]
    };
    let parse = carc_notation::parse(&game.text);
    let position = replay(&parse, Some(stop), None);
    let tiles: Vec<TileType> = save.parts[next..]
        .iter()
        .take(draws)
        .map(|p| p.tile)
        .collect();
    let setup = crate::generate::position_text(
        &format!("{} after turn {n}", save.title),
        "final",
        save.farmers,
        &save.sets,
        &position.game,
        &tiles,
    )
    .ok_or_else(|| {
        error(
            ImportCode::Illegal,
            format!("replay[{}]", save.parts[next].index),
            "after this turn a tile holds two figures, which no `tile` line can say",
        )
    })?;
    let mut lines = Vec::new();
    header(save, &mut lines);
    lines.truncate(1);
    let played = move_words(&save.parts[next]);
    lines.push(format!(
        "# Cut after turn {n} (`--until {n}`): {} moves next; in the game: turn {played}",
        colour(save.parts[next].player)
    ));
    let mut text = lines.join("\n") + "\n";
    text.push_str(&setup);
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct() {
        let all = [
            ImportCode::Json,
            ImportCode::Format,
            ImportCode::Expansion,
            ImportCode::Rule,
            ImportCode::Tile,
            ImportCode::Action,
            ImportCode::Figure,
            ImportCode::Players,
            ImportCode::Illegal,
            ImportCode::Until,
        ];
        let words: std::collections::HashSet<_> = all.iter().map(|c| c.as_str()).collect();
        assert_eq!(words.len(), all.len());
    }

    #[test]
    fn a_field_is_named_by_a_whole_corner_else_its_first_half_side() {
        let h = TileType::from_token("H").unwrap_or(TileType::START);
        let e = TileType::from_token("E").unwrap_or(TileType::START);
        let ig = TileType::from_token("ic.G").unwrap_or(TileType::START);
        // H r90: cities north and south; the field's corner NE is the east side's north half
        assert_eq!(
            place_of("farmer", "EL.ER.WL.WR", h, Rotation::R90, ""),
            Ok("NE")
        );
        // E r180 (city south): every corner is whole; NE first
        assert_eq!(
            place_of("farmer", "NL.NR.EL.ER.WL.WR", e, Rotation::R180, ""),
            Ok("NE")
        );
        // ic.G's split corner: ESE alone is not corner SE (SSE lies in the other field)
        assert_eq!(place_of("farmer", "ER", ig, Rotation::R0, ""), Ok("ESE"));
        assert_eq!(place_of("farmer", "I", e, Rotation::R0, ""), Ok("inner"));
        assert_eq!(place_of("knight", "NWSE", e, Rotation::R0, ""), Ok("N"));
        assert_eq!(place_of("traveller", "WE", e, Rotation::R0, ""), Ok("W"));
    }
}
