//! One mistake, one diagnostic (issue 26, item 2): a line broken by a typo keeps what it
//! clearly says (the tile, its cell and rotation; whose turn it is), so the lines after it
//! are checked as written and get no error of their own.

use carc_analysis::{analyze, Code};

/// A short game that checks clean: D at the start with red's farmer; red's U east of it with
/// a traveller, blue's U further east, red's city cap E north of D, blue's U west of D.
const GAME: &str = "players red blue
tile D 0,0 red farmer NE
turn red U 1,0 r90 traveller
turn blue U 2,0 r90
turn red E 0,1 r180 knight
turn blue U -1,0 r90
";

#[test]
fn the_game_checks_clean() {
    let analysis = analyze(GAME);
    assert_eq!(analysis.diagnostics(), [], "{GAME}");
}

#[test]
fn one_typo_gives_one_diagnostic_wherever_it_is() {
    let typos = [
        // the setup's figure: the tile must stay, or red's U at 1,0 touches nothing
        ("farmer NE", "famer NE"),
        ("farmer NE", "farmer XX"),
        // a turn's figure: the tile must stay, or blue's U at 2,0 touches nothing
        ("r90 traveller", "r90 travler"),
        ("r90 traveller", "r90 traveller N?x"),
        // a turn's rotation: read as the one rotation it is a slip of (else E at 0,1 r0
        // would not match D's city, and U at 1,0 r0 not D's road)
        ("red U 1,0 r90", "red U 1,0 r9O"),
        ("r180 knight", "r18 knight"),
        // a turn's tile or cell: still blue's turn, so red is next (not "blue is next")
        ("blue U 2,0 r90", "blue 1A 2,0 r90"),
        ("blue U 2,0 r90", "blue U 2,O r90"),
        ("red E 0,1", "red E 0;1"),
    ];
    for (from, to) in typos {
        assert!(GAME.contains(from), "{from}");
        let text = GAME.replacen(from, to, 1);
        let analysis = analyze(&text);
        let codes: Vec<Code> = analysis.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            [Code::Syntax],
            "`{to}`: {:#?}",
            analysis.diagnostics()
        );
        // the one diagnostic is on the line of the typo
        let line = text.lines().position(|l| l.contains(to)).unwrap();
        let at = analysis.diagnostics()[0].span.start;
        assert_eq!(text[..at].matches('\n').count(), line, "`{to}`");
    }
}
