//! JCloisterZone's tile ids and the catalogue rows they are: the data of `carc import`.
//!
//! Each row is a JCloisterZone 5 tile id (4.x saves write the set's prefix with a dot,
//! `BA.RCr`, read as `BA/RCr`), the carc token, and how many degrees carc's rotation is ahead
//! of JCloisterZone's for that tile: a tile JCloisterZone places at `R0` lies in carc at this
//! rotation. Only H, U and their garden twins differ (JCloisterZone draws H's cities north and
//! south, U's road east-west). Rows were derived by comparing each JCloisterZone tile's
//! edges, cities, roads, coats of arms, goods, inns, cathedrals, monastery and garden with
//! `docs/tiles.md`, in every rotation, and checked on imported games (`tests/data/import/`).
//! A tile of the sets carc plays that is missing here (the garden variants of the later
//! editions of Inns & Cathedrals and Traders & Builders, the second river) is one carc does
//! not know: importing it is an error.

/// `(JCloisterZone id, carc token, degrees carc's rotation adds)`.
pub(crate) const JCZ_TILES: &[(&str, &str, u16)] = &[
    // the base game, both editions (`basic:1`, `basic:2` with the garden tiles)
    ("BA/L", "B", 0),
    ("BA/LR", "A", 0),
    ("BA/RCr", "D", 0),
    ("BA/Cccc+", "C", 0),
    ("BA/CccR+", "S", 0),
    ("BA/CccR", "T", 0),
    ("BA/CFc+", "F", 0),
    ("BA/CFc.1", "G", 0),
    ("BA/Cc.1", "N", 0),
    ("BA/CcG", "Ng", 0),
    ("BA/Cc+", "M", 0),
    ("BA/Cc+G", "Mg", 0),
    ("BA/CcRr", "P", 0),
    ("BA/CcRr+", "O", 0),
    ("BA/Ccc", "R", 0),
    ("BA/CccG", "Rg", 0),
    ("BA/Ccc+", "Q", 0),
    ("BA/CRr", "J", 0),
    ("BA/CRRR", "L", 0),
    ("BA/RrC", "K", 0),
    ("BA/C", "E", 0),
    ("BA/CG", "Eg", 0),
    ("BA/CFC.2", "H", 90),
    ("BA/CFCG", "Hg", 90),
    ("BA/CC.2", "I", 0),
    ("BA/CCG", "Ig", 0),
    ("BA/RRRR", "X", 0),
    ("BA/RRR", "W", 0),
    ("BA/Rr", "V", 0),
    ("BA/RrG", "Vg", 0),
    ("BA/RFr", "U", 90),
    ("BA/RFrG", "Ug", 90),
    // Inns & Cathedrals (`inns-and-cathedrals:1`)
    ("IC/Rr.i", "ic.A", 0),
    ("IC/RFr.i", "ic.B", 0),
    ("IC/RRR.i", "ic.C", 0),
    ("IC/LRFR", "ic.D", 0),
    ("IC/RrRr", "ic.E", 0),
    ("IC/CcR", "ic.F", 0),
    ("IC/C!", "ic.G", 0),
    ("IC/CCCC", "ic.H", 0),
    ("IC/CRCR", "ic.I", 0),
    ("IC/CFR", "ic.J", 0),
    ("IC/Cccc.c", "ic.K", 0),
    ("IC/CcRr+.i", "ic.L", 0),
    ("IC/RrC.i", "ic.M", 0),
    ("IC/RCc.i", "ic.N", 0),
    ("IC/CCC", "ic.O", 0),
    ("IC/CCc+", "ic.P", 0),
    ("IC/CRcR+", "ic.Q", 0),
    // The River of the modern base box (`river/1:2`)
    ("RI/s", "r.A", 0),
    ("RI.1/CIRI", "r.B", 0),
    ("RI.1/CICI", "r.C", 0),
    ("RI.1/IFI", "r.D", 0),
    ("RI.1/CcII", "r.E", 0),
    ("RI.1/II", "r.G", 0),
    ("RI.1/LIRI", "r.H", 0),
    ("RI.1/RrII", "r.I", 0),
    ("RI.1/IIG", "r.J", 0),
    ("RI.1/RIrI", "r.K", 0),
    ("RI.1/I.e", "r.L", 0),
    // Traders & Builders (`traders-and-builders:1`)
    ("TB/CR", "tb.A", 0),
    ("TB/RRrr", "tb.B", 0),
    ("TB/RRC", "tb.C", 0),
    ("TB/CcRC.g", "tb.D", 0),
    ("TB/CRc.g", "tb.E", 0),
    ("TB/RCc.g", "tb.F", 0),
    ("TB/Cc.g", "tb.G", 0),
    ("TB/Ccc.g", "tb.H", 0),
    ("TB/RCc!.g", "tb.I", 0),
    ("TB/LRRR", "tb.J", 0),
    ("TB/CcR.c", "tb.K", 0),
    ("TB/CcRC.c", "tb.L", 0),
    ("TB/CcCC.c", "tb.M", 0),
    ("TB/CCc.c", "tb.N", 0),
    ("TB/CcRR!.c", "tb.O", 0),
    ("TB/CCc.w", "tb.P", 0),
    ("TB/CFc.w", "tb.Q", 0),
    ("TB/CRcR.w", "tb.R", 0),
    ("TB/CRc.w", "tb.S", 0),
    ("TB/Cc.w", "tb.T", 0),
    ("TB/CcRR.w", "tb.U", 0),
    ("TB/CccR.w", "tb.V", 0),
    ("TB/CcR!.w", "tb.W", 0),
    ("TB/CcCc.w", "tb.X", 0),
];

/// The catalogue token and rotation offset (degrees) of a JCloisterZone tile id, either
/// generation's spelling (`BA/RCr`, `BA.RCr`).
pub(crate) fn lookup(id: &str) -> Option<(&'static str, u16)> {
    let find = |id: &str| {
        JCZ_TILES
            .iter()
            .find(|(j, _, _)| *j == id)
            .map(|&(_, token, offset)| (token, offset))
    };
    find(id).or_else(|| {
        // 4.x writes the set prefix with a dot (`BA.RCr`, `IC.RFr.i`)
        let (set, rest) = id.split_once('.')?;
        find(&format!("{set}/{rest}"))
    })
}

#[cfg(test)]
mod tests {
    use carc_rules::TileType;

    use super::*;

    #[test]
    fn every_row_names_a_catalogue_tile_once() {
        let mut seen = std::collections::HashSet::new();
        for (jcz, token, offset) in JCZ_TILES {
            assert!(TileType::from_token(token).is_some(), "{jcz}: {token}");
            assert!(seen.insert(*token), "{token} twice");
            assert!(offset % 90 == 0 && *offset < 360, "{jcz}");
        }
    }

    #[test]
    fn both_generations_spellings_are_read() {
        assert_eq!(lookup("BA/RCr"), Some(("D", 0)));
        assert_eq!(lookup("BA.CFC.2"), Some(("H", 90)));
        assert_eq!(lookup("IC.RFr.i"), Some(("ic.B", 0)));
        assert_eq!(lookup("BA/Nope"), None);
    }
}
