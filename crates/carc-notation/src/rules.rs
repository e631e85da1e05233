//! The registry of `rules` options: each option once, with its word, its argument, what it
//! means and what it switches. The parser checks `rules` lines against it, the analysis offers
//! it in completion, error messages and `docs/notation.md` list it from here (a test keeps the
//! documentation and the editor grammars in step).
//!
//! Adding an option is one entry in [`RULE_OPTIONS`] (and a [`RuleOption`] variant for what it
//! switches, read by the analysis).

use std::sync::OnceLock;

use crate::syntax::RuleOption;
use carc_rules::TileSet;

/// One option of the `rules` statement.
#[derive(Debug, Clone, Copy)]
pub struct RuleOptionDef {
    /// The word, as written (`no-farmers`).
    pub word: &'static str,
    /// The name of its number when it takes one (`N` in `boxes N`), else `None`.
    pub argument: Option<&'static str>,
    /// What it means, one sentence for completion and the documentation.
    pub doc: &'static str,
    /// What it switches: the option with its number (0 when it takes none).
    pub option: fn(u32) -> RuleOption,
    /// Whether the option is carc's addition to the agreed notation (marked **(carc)** in the
    /// documentation).
    pub carc: bool,
}

impl RuleOptionDef {
    /// How it is written in a message: `farmers`, `boxes N`.
    pub fn shape(&self) -> String {
        match self.argument {
            Some(arg) => format!("{} {arg}", self.word),
            None => self.word.to_owned(),
        }
    }
}

/// Every `rules` option, in the order they are documented and offered.
pub const RULE_OPTIONS: &[RuleOptionDef] = &[
    RuleOptionDef {
        word: "farmers",
        argument: None,
        doc: "farmers may be deployed (the default)",
        option: |_| RuleOption::Farmers,
        carc: false,
    },
    RuleOptionDef {
        word: "no-farmers",
        argument: None,
        doc: "no farmers: a farmer is an error (`farmers-off`)",
        option: |_| RuleOption::NoFarmers,
        carc: false,
    },
    RuleOptionDef {
        word: "whole-board",
        argument: None,
        doc: "the setup is the entire board, not an excerpt: every setup check applies (see \"Excerpts\")",
        option: |_| RuleOption::WholeBoard,
        carc: true,
    },
    RuleOptionDef {
        word: "boxes",
        argument: Some("N"),
        doc: "the tiles of N boxes may be used (N × the counts of `docs/tiles.md`), for large files",
        option: RuleOption::Boxes,
        carc: true,
    },
    // ---- expansions: The Abbot, Inns & Cathedrals (issue 16) ----
    RuleOptionDef {
        word: "abbot",
        argument: None,
        doc: "The Abbot: each player's abbot (`abbot`, `recall`); gardens score like monasteries (the garden tiles `Eg` … are legal without it)",
        option: |_| RuleOption::Set(TileSet::Abbot),
        carc: false,
    },
    RuleOptionDef {
        word: "inns-cathedrals",
        argument: None,
        doc: "Inns & Cathedrals: the tiles `ic.A`–`ic.Q` and the large meeple (see \"Inns & Cathedrals\")",
        option: |_| RuleOption::Set(TileSet::InnsCathedrals),
        carc: false,
    },
    // ---- The River ----
    RuleOptionDef {
        word: "river",
        argument: None,
        doc: "The River: its tiles `r.A`–`r.L`, the spring `r.A` as start tile (one D stays in the box), river tiles first and the lake last (see \"The River\")",
        option: |_| RuleOption::Set(TileSet::River),
        carc: false,
    },
    // ---- Traders & Builders (issue 18) ----
    RuleOptionDef {
        word: "traders-builders",
        argument: None,
        doc: "Traders & Builders: the tiles `tb.A`–`tb.X` and their goods, the builder and the pig (see \"Traders & Builders\")",
        option: |_| RuleOption::Set(TileSet::TradersBuilders),
        carc: false,
    },
    // ---- The Princess & the Dragon (issue 29) ----
    RuleOptionDef {
        word: "princess-dragon",
        argument: None,
        doc: "The Princess & the Dragon: the tiles `pd.A`–`pd.Z`, `pd.1`–`pd.3`; the dragon flies to each volcano and no follower is deployed in a volcano turn (see \"The Princess & the Dragon\")",
        option: |_| RuleOption::Set(TileSet::PrincessDragon),
        carc: false,
    },
    // ---- The Tower (issue 29) ----
    RuleOptionDef {
        word: "tower",
        argument: None,
        doc: "The Tower: the tiles `tw.A`–`tw.Q` with their tower foundations, tower floors, captures and prisoners (see \"The Tower\")",
        option: |_| RuleOption::Set(TileSet::Tower),
        carc: false,
    },
];

/// The option written `word`.
pub fn rule_option(word: &str) -> Option<&'static RuleOptionDef> {
    RULE_OPTIONS.iter().find(|d| d.word == word)
}

/// The registry entry of an option value.
pub fn rule_option_def(option: RuleOption) -> Option<&'static RuleOptionDef> {
    RULE_OPTIONS.iter().find(|d| {
        let n = match option {
            RuleOption::Boxes(n) => n,
            _ => 0,
        };
        (d.option)(n) == option
    })
}

/// The words of every option (for "did you mean" hints).
pub(crate) fn words() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| RULE_OPTIONS.iter().map(|d| d.word).collect())
}

/// `farmers, no-farmers or boxes N`, or with `sep` `, ` throughout.
fn listed(last_sep: &str) -> String {
    let shapes: Vec<String> = RULE_OPTIONS.iter().map(RuleOptionDef::shape).collect();
    match shapes.as_slice() {
        [init @ .., last] if !init.is_empty() => format!("{}{last_sep}{last}", init.join(", ")),
        _ => shapes.join(""),
    }
}

/// "a rules option: farmers, no-farmers or boxes N".
pub(crate) fn describe() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| format!("a rules option: {}", listed(" or ")))
}

/// "a rules option (farmers, no-farmers, boxes N)".
pub(crate) fn describe_short() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| format!("a rules option ({})", listed(", ")))
}

/// The documentation's table of options (between the markers in `docs/notation.md`).
pub fn markdown_table() -> String {
    let mut out = String::from("| option | meaning |\n|---|---|\n");
    for d in RULE_OPTIONS {
        let carc = if d.carc { " **(carc)**" } else { "" };
        out.push_str(&format!("| `{}`{carc} | {} |\n", d.shape(), d.doc));
    }
    out
}
