//! Parser tests: the worked examples of notation.md, spans, CRLF, strings, and every kind
//! of syntax error with its message and span.

use carc_notation::*;
use carc_rules::Color;

/// Parses `text` and fails the test if any line does not parse.
fn parse_ok(text: &str) -> Parse {
    let parse = parse(text);
    let messages: Vec<String> = parse
        .errors
        .iter()
        .map(|e| format!("{:?} {}", e.span, e.message()))
        .collect();
    assert!(messages.is_empty(), "unexpected errors: {messages:#?}");
    parse
}

/// The single statement of a one-line text.
fn statement(text: &str) -> StatementKind {
    let parse = parse_ok(text);
    let mut statements = parse.statements();
    let first = statements.next().expect("one statement").kind.clone();
    assert!(statements.next().is_none());
    first
}

/// The single error of a one-line text: (the text it spans, its message).
fn error(text: &str) -> (String, String) {
    let parse = parse(text);
    assert_eq!(parse.errors.len(), 1, "{text:?}: {:?}", parse.errors);
    assert_eq!(parse.lines.len(), 1);
    assert_eq!(parse.lines[0].kind, LineKind::Error);
    let e = &parse.errors[0];
    (
        e.span
            .slice(text)
            .expect("span inside the text")
            .to_string(),
        e.message(),
    )
}

fn slice(text: &str, span: Span) -> &str {
    span.slice(text).expect("span inside the text")
}

const NOTATION_EXAMPLES: &[&str] = &[
    r#"# Lesson: coat of arms
title   "Coat of arms"
note    "Complete a three-tile city with one coat of arms to score 8."
players red blue
rules   farmers

tile D 0,0                      # the start tile: city north, road east-west
tile F 0,1 r90  red knight S    # the city runs north-south; red's knight is in it
turn blue E 0,2 r180            => red +8     # blue closes it: 3 x 2 + 2, for red
end                             => nothing
"#,
    "# A city cap closes the start tile's city: 2 tiles x 2 = 4
players red blue
tile D 0,0
turn red E 0,1 r180 knight S     => red +4
",
    "# Two road-ending monasteries facing each other: a 2-tile road
tile A 0,0 r180 red traveller N
turn red A 0,1                  => red +2
",
    "# Eight neighbours of a monastery; the ring of roads around it also closes, unoccupied
tile B 0,0 red monk
tile U 0,1 r90
tile V 1,1
tile U 1,0
tile V 1,-1 r90
tile U 0,-1 r90
tile V -1,-1 r180
tile U -1,0
turn red V -1,1 r270            => red +9
",
    "# Occupied: the city already holds red's knight, so a second knight is refused
tile D 0,0 red knight N
turn red E 0,1 r180 knight S     # error: occupied-feature
",
    "# A farmer counts the completed city once, at the end only
tile D 0,0 red farmer NE
turn red E 0,1 r180             => nothing
end                             => red +3
",
    "# Unfinished features at the end: city 1 tile (1), road 1 tile (1)
tile D 0,0 red knight N
tile U 1,0 r90 blue traveller E
end                             => red +1, blue +2
",
];

#[test]
fn every_notation_example_parses() {
    for example in NOTATION_EXAMPLES {
        let parse = parse_ok(example);
        assert_eq!(parse.lines.len(), example.lines().count());
    }
}

#[test]
fn coat_of_arms_example_means_what_it_says() {
    let text = NOTATION_EXAMPLES[0];
    let parse = parse_ok(text);
    let kinds: Vec<&LineKind> = parse.lines.iter().map(|l| &l.kind).collect();
    assert_eq!(kinds[0], &LineKind::Blank);
    assert_eq!(
        parse.lines[0].comment.map(|c| slice(text, c)),
        Some("# Lesson: coat of arms")
    );
    assert_eq!(kinds[5], &LineKind::Blank);
    assert!(parse.lines[5].comment.is_none());

    let statements: Vec<&Statement> = parse.statements().collect();
    assert_eq!(statements.len(), 8);
    match &statements[0].kind {
        StatementKind::Title(title) => {
            assert_eq!(title.value, "Coat of arms");
            assert_eq!(slice(text, title.span), "\"Coat of arms\"");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(slice(text, statements[0].keyword), "title");
    match &statements[2].kind {
        StatementKind::Players(colours) => {
            let colours: Vec<Color> = colours.iter().map(|c| c.value).collect();
            assert_eq!(colours, [Color::Red, Color::Blue]);
        }
        other => panic!("{other:?}"),
    }
    match &statements[3].kind {
        StatementKind::Rules(options) => {
            assert_eq!(options[0].value, RuleOption::Farmers);
            assert_eq!(slice(text, options[0].span), "farmers");
        }
        other => panic!("{other:?}"),
    }
    match &statements[5].kind {
        StatementKind::Tile(tile) => {
            assert_eq!(tile.tile.value, "F");
            assert_eq!((tile.at.x.value, tile.at.y.value), (0, 1));
            assert_eq!(slice(text, tile.at.span), "0,1");
            assert_eq!(slice(text, tile.at.x.span), "0");
            assert_eq!(slice(text, tile.at.y.span), "1");
            let rotation = tile.rotation.as_ref().expect("rotation");
            assert_eq!(rotation.value, RotationWord::R90);
            assert_eq!(slice(text, rotation.span), "r90");
            let [(colour, meeple)] = tile.meeples.as_slice() else {
                panic!("one meeple expected: {:?}", tile.meeples)
            };
            assert_eq!(colour.value, Color::Red);
            assert_eq!(slice(text, colour.span), "red");
            assert_eq!(meeple.role.value, RoleWord::Knight);
            assert_eq!(slice(text, meeple.role.span), "knight");
            let place = meeple.place.as_ref().expect("place");
            assert_eq!(place.value, PlaceWord::S);
            assert_eq!(slice(text, place.span), "S");
            assert_eq!(slice(text, meeple.span), "knight S");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        slice(text, statements[5].span),
        "tile F 0,1 r90  red knight S"
    );
    let line = parse
        .lines
        .iter()
        .find(|l| l.kind == LineKind::Statement(Box::new(statements[5].clone())))
        .expect("line");
    assert_eq!(
        slice(text, line.comment.expect("comment")),
        "# the city runs north-south; red's knight is in it"
    );
    match &statements[6].kind {
        StatementKind::Turn(turn) => {
            assert_eq!(turn.colour.value, Color::Blue);
            assert_eq!(turn.tile.value, "E");
            assert_eq!(
                turn.rotation.as_ref().map(|r| r.value),
                Some(RotationWord::R180)
            );
            assert!(turn.meeple.is_none());
            let expect = turn.expect.as_ref().expect("expectation");
            assert_eq!(slice(text, expect.span), "=> red +8");
            match &expect.kind {
                ExpectationKind::Gains(gains) => {
                    assert_eq!(gains.len(), 1);
                    assert_eq!(gains[0].colour.value, Color::Red);
                    assert_eq!(gains[0].value.value, 8);
                    assert_eq!(slice(text, gains[0].value.span), "+8");
                    assert_eq!(slice(text, gains[0].span), "red +8");
                }
                other => panic!("{other:?}"),
            }
        }
        other => panic!("{other:?}"),
    }
    match &statements[7].kind {
        StatementKind::End {
            expect: Some(expect),
        } => {
            assert_eq!(expect.kind, ExpectationKind::Nothing);
            assert_eq!(slice(text, expect.span), "=> nothing");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn negative_coordinates_and_monk_without_place() {
    let text = "tile V -1,-1 r180\ntile B 0,0 red monk";
    let parse = parse_ok(text);
    let statements: Vec<&Statement> = parse.statements().collect();
    match &statements[0].kind {
        StatementKind::Tile(tile) => {
            assert_eq!((tile.at.x.value, tile.at.y.value), (-1, -1));
            assert_eq!(slice(text, tile.at.x.span), "-1");
            assert_eq!(slice(text, tile.at.y.span), "-1");
        }
        other => panic!("{other:?}"),
    }
    match &statements[1].kind {
        StatementKind::Tile(TileStmt { meeples, .. }) if meeples.len() == 1 => {
            let meeple = &meeples[0].1;
            assert_eq!(meeple.role.value, RoleWord::Monk);
            assert!(meeple.place.is_none());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn traveler_and_traveller_are_both_roles() {
    for (word, role) in [
        ("traveller", RoleWord::Traveller),
        ("traveler", RoleWord::Traveler),
    ] {
        match statement(&format!("turn red U 0,1 {word} N")) {
            StatementKind::Turn(turn) => assert_eq!(turn.meeple.map(|m| m.role.value), Some(role)),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn supply_score_expect_discard_and_rules() {
    let amounts = |kind: StatementKind| -> Vec<(Color, i64)> {
        let list = match kind {
            StatementKind::Supply(l)
            | StatementKind::Score(l)
            | StatementKind::ExpectScore(l)
            | StatementKind::ExpectSupply(l) => l,
            other => panic!("{other:?}"),
        };
        list.iter()
            .map(|a| (a.colour.value, a.value.value))
            .collect()
    };
    assert_eq!(
        amounts(statement("supply red 3 blue 0")),
        [(Color::Red, 3), (Color::Blue, 0)]
    );
    assert_eq!(
        amounts(statement("score red 12, blue +4")),
        [(Color::Red, 12), (Color::Blue, 4)]
    );
    assert!(matches!(
        statement("expect score red 10 blue 4"),
        StatementKind::ExpectScore(_)
    ));
    assert!(matches!(
        statement("expect supply red 6"),
        StatementKind::ExpectSupply(_)
    ));
    assert_eq!(amounts(statement("expect supply red 6")), [(Color::Red, 6)]);
    let text = "expect  score red 1";
    let parse = parse_ok(text);
    let stmt = parse.statements().next().expect("statement");
    assert_eq!(slice(text, stmt.keyword), "expect  score");
    match statement("discard X") {
        StatementKind::Discard { tile } => assert_eq!(tile.value, "X"),
        other => panic!("{other:?}"),
    }
    match statement("rules no-farmers") {
        StatementKind::Rules(options) => assert_eq!(options[0].value, RuleOption::NoFarmers),
        other => panic!("{other:?}"),
    }
    match statement("players red,blue ,green , yellow\tblack") {
        StatementKind::Players(colours) => assert_eq!(colours.len(), 5),
        other => panic!("{other:?}"),
    }
}

#[test]
fn gains_with_and_without_commas_and_signs() {
    for text in [
        "end => red +1, blue +2",
        "end => red +1 blue +2",
        "end => red 1,blue 2",
        "end\t=>\tred +1 ,\tblue 2",
    ] {
        match statement(text) {
            StatementKind::End {
                expect:
                    Some(Expectation {
                        kind: ExpectationKind::Gains(g),
                        ..
                    }),
            } => {
                let g: Vec<(Color, i64)> =
                    g.iter().map(|a| (a.colour.value, a.value.value)).collect();
                assert_eq!(g, [(Color::Red, 1), (Color::Blue, 2)], "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn any_tile_token_is_kept_as_written() {
    for (text, token) in [
        ("tile Z 0,0", "Z"),
        ("tile a 0,0", "a"),
        ("discard DE", "DE"),
        ("tile Eg 0,0", "Eg"),
        ("tile ic.A 0,0 r90", "ic.A"),
        ("turn red r.F 1,0", "r.F"),
        ("discard tb.X", "tb.X"),
        ("discard x2.y3", "x2.y3"),
    ] {
        let kind = statement(text);
        let tile = match kind {
            StatementKind::Tile(t) => t.tile,
            StatementKind::Turn(t) => t.tile,
            StatementKind::Discard { tile } => tile,
            other => panic!("{other:?}"),
        };
        assert_eq!(tile.value, token);
        assert_eq!(slice(text, tile.span), token);
    }
}

#[test]
fn words_of_another_shape_are_not_tiles() {
    // a tile token starts with an ASCII letter and has at most one dot, with something after it
    for (text, word) in [
        ("discard é", "é"),
        ("discard 1A", "1A"),
        ("discard ic.", "ic."),
        ("discard .A", ".A"),
        ("discard ic.A.B", "ic.A.B"),
        ("discard a-b", "a-b"),
    ] {
        let (found, message) = error(text);
        assert_eq!(found, word, "{text}");
        assert_eq!(
            message,
            format!("expected a tile such as D or ic.A (found `{word}`)"),
            "{text}"
        );
    }
}

#[test]
fn crlf_lines_and_spans_exclude_the_line_break() {
    let text = "players red blue\r\ntile D 0,0 # start\r\n\r\nturn red E 0,1 r180 => red +4\r\n";
    let parse = parse_ok(text);
    assert_eq!(parse.lines.len(), 4);
    for line in &parse.lines {
        assert!(!slice(text, line.span).contains('\r'));
    }
    assert_eq!(
        slice(text, parse.lines[1].comment.expect("comment")),
        "# start"
    );
    assert_eq!(parse.lines[2].kind, LineKind::Blank);
    let turn = parse.statements().nth(2).expect("turn");
    assert_eq!(slice(text, turn.span), "turn red E 0,1 r180 => red +4");
}

#[test]
fn no_line_after_a_final_line_break_and_empty_text() {
    assert_eq!(parse("tile D 0,0\n").lines.len(), 1);
    assert_eq!(parse("tile D 0,0").lines.len(), 1);
    assert_eq!(parse("tile D 0,0\n\n").lines.len(), 2);
    assert!(parse("").lines.is_empty());
    let with_bom = "\u{feff}tile D 0,0";
    let parse = parse_ok(with_bom);
    assert_eq!(slice(with_bom, parse.lines[0].span), "tile D 0,0");
}

#[test]
fn strings_hold_unicode_and_escapes() {
    let text =
        r#"note "Ça « marche » — 城市 🏰 \"quoted\" and \\ backslash # not a comment" # comment"#;
    let parse = parse_ok(text);
    match &parse.statements().next().expect("note").kind {
        StatementKind::Note(note) => {
            assert_eq!(
                note.value,
                "Ça « marche » — 城市 🏰 \"quoted\" and \\ backslash # not a comment"
            );
            assert!(slice(text, note.span).starts_with("\"Ça"));
            assert!(slice(text, note.span).ends_with("comment\""));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        slice(text, parse.lines[0].comment.expect("comment")),
        "# comment"
    );
    match statement(r#"title """#) {
        StatementKind::Title(t) => assert_eq!(t.value, ""),
        other => panic!("{other:?}"),
    }
}

#[test]
fn comments_blank_lines_and_tabs() {
    let text = "\t# indented comment\n   \n\ttile\tD\t0,0\t#c\ntile D 0,0#glued";
    let parse = parse_ok(text);
    assert_eq!(parse.lines[0].kind, LineKind::Blank);
    assert!(parse.lines[0].comment.is_some());
    assert_eq!(parse.lines[1].kind, LineKind::Blank);
    assert_eq!(parse.statements().count(), 2);
    assert_eq!(
        slice(text, parse.lines[3].comment.expect("comment")),
        "#glued"
    );
}

// ---- syntax errors ---------------------------------------------------------------------

#[test]
fn error_bad_rotation() {
    assert_eq!(
        error("tile D 0,0 r45"),
        (
            "r45".into(),
            "expected a rotation: r0, r90, r180 or r270 (found `r45`)".into()
        )
    );
    assert_eq!(
        error("tile D 0,0 R90").1,
        "expected a rotation: r0, r90, r180 or r270 (found `R90`; did you mean `r90`?)"
    );
}

#[test]
fn error_bad_colour() {
    assert_eq!(
        error("players red, blue, purple"),
        (
            "purple".into(),
            "expected a colour: red, blue, green, yellow, black or pink (found `purple`)".into()
        )
    );
    assert_eq!(
        error("turn Red E 0,1").1,
        "expected a colour: red, blue, green, yellow, black or pink (found `Red`; did you mean `red`?)"
    );
}

#[test]
fn error_coordinates_with_spaces() {
    assert_eq!(
        error("tile D 0, 1"),
        (
            "0,".into(),
            "expected coordinates like 0,1 (no spaces) (found `0,`)".into()
        )
    );
    assert_eq!(error("tile D 0,0r90").0, "0,0r90");
}

#[test]
fn error_missing_argument_points_after_the_last_word() {
    let text = "tile D   # no coordinates";
    let parse = parse(text);
    let e = &parse.errors[0];
    assert_eq!(e.span, Span::new(6, 6));
    assert_eq!(
        e.message(),
        "expected coordinates like 0,1 (no spaces) (found nothing)"
    );
    // The comment of a broken line is still found.
    assert_eq!(
        slice(text, parse.lines[0].comment.expect("comment")),
        "# no coordinates"
    );
    assert_eq!(
        error("players").1,
        "expected a colour: red, blue, green, yellow, black or pink (found nothing)"
    );
    assert_eq!(
        error("discard").1,
        "expected a tile such as D or ic.A (found nothing)"
    );
    assert_eq!(
        error("supply red").1,
        "expected a number like 3 (found nothing)"
    );
    assert_eq!(
        error("end =>").1,
        "expected `nothing` or what each colour gains, like red +3 (found nothing)"
    );
}

#[test]
fn error_tile_word() {
    assert_eq!(
        error("tile D-E 0,0"),
        (
            "D-E".into(),
            "expected a tile such as D or ic.A (found `D-E`)".into()
        )
    );
    assert_eq!(error("turn red 12 0,0").0, "12");
}

#[test]
fn error_unknown_keyword() {
    let (span, message) = error("tiles D 0,0");
    assert_eq!(span, "tiles");
    assert!(
        message.starts_with("expected a statement: title, note, players"),
        "{message}"
    );
    assert!(error("Turn red E 0,1")
        .1
        .ends_with("(found `Turn`; did you mean `turn`?)"));
    assert!(error("  foo").1.starts_with("expected a statement"));
}

#[test]
fn error_role_place_and_rules_option() {
    assert_eq!(
        error("turn red E 0,1 r180 nite S"),
        (
            "nite".into(),
            "expected a role: knight, traveller (or traveler), monk or farmer (found `nite`)"
                .into()
        )
    );
    assert_eq!(
        error("tile D 0,0 red knight X"),
        (
            "X".into(),
            // After a role, a place or the next meeple's colour may follow.
            "expected a colour (red, blue, green, yellow, black, pink) or a place (N, E, S, W, NE, SE, SW, NW) (found `X`)".into()
        )
    );
    assert_eq!(
        error("rules farmer"),
        (
            "farmer".into(),
            "expected a rules option: farmers, no-farmers, whole-board, boxes N, abbot, inns-cathedrals, river, traders-builders, princess-dragon or tower (found `farmer`; did you mean `farmers`?)"
                .into()
        )
    );
    assert_eq!(
        error("expect scores red 1"),
        (
            "scores".into(),
            "expected `score`, `supply` or `goods` after `expect` (found `scores`; did you mean `score`?)".into()
        )
    );
}

#[test]
fn error_expectations() {
    assert_eq!(
        error("end => red").1,
        "expected points like +3 (found nothing)"
    );
    assert_eq!(
        error("end => red -3"),
        ("-3".into(), "expected points like +3 (found `-3`)".into())
    );
    assert_eq!(error("end => everything").0, "everything");
    assert_eq!(
        error("score red -1").1,
        "expected a number like 3 (found `-1`)"
    );
    assert_eq!(
        error("end => red +1,"),
        (
            "".into(),
            "expected a colour: red, blue, green, yellow, black or pink (found nothing)".into()
        )
    );
}

#[test]
fn error_trailing_junk() {
    assert_eq!(
        error("tile D 0,0 red knight N junk"),
        (
            "junk".into(),
            "expected a colour: red, blue, green, yellow, black or pink (found `junk`)".into()
        )
    );
    assert_eq!(error(r#"title "a" "b""#).0, "\"b\"");
    assert_eq!(
        error("tile D,0,0"),
        (
            ",0,0".into(),
            "expected a space between words (found `,0,0`)".into()
        )
    );
}

#[test]
fn error_strings() {
    assert_eq!(
        error(r#"title "abc   "#),
        (
            "\"abc".into(),
            "unterminated string: a closing \" is missing".into()
        )
    );
    assert_eq!(
        error(r#"note "a\nb""#),
        (
            "\\n".into(),
            "unknown escape in a string: write \\\" for a quote and \\\\ for a backslash".into()
        )
    );
    assert_eq!(
        error("title Coat"),
        (
            "Coat".into(),
            "expected a string in double quotes, like \"Coat of arms\" (found `Coat`)".into()
        )
    );
}

#[test]
fn error_numbers_out_of_range() {
    assert_eq!(
        error("tile D 2147483648,0"),
        (
            "2147483648".into(),
            "coordinate out of range: it must lie between -2147483648 and 2147483647".into()
        )
    );
    assert!(parse("tile D -2147483648,2147483647").errors.is_empty());
    assert_eq!(
        error("expect score red 99999999999999999999"),
        ("99999999999999999999".into(), "number too large".into())
    );
    assert_eq!(
        error("end => red +9223372036854775808").1,
        "number too large"
    );
}

#[test]
fn error_spans_are_byte_offsets_into_the_whole_text() {
    let text = "note \"é😀\"\r\ntile D 0,0 r45 # é\r\n";
    let parse = parse(text);
    assert_eq!(parse.errors.len(), 1);
    assert_eq!(slice(text, parse.errors[0].span), "r45");
    assert_eq!(parse.errors[0].span.start, text.find("r45").expect("r45"));
}

#[test]
fn a_bad_line_among_good_ones() {
    let text = "players red blue\ntile D 0,0\ntile F 0,1 r91 red knight S # oops\nturn blue E 0,2 r180 => red +8\nend => nothing\n";
    let parse = parse(text);
    assert_eq!(parse.errors.len(), 1);
    assert_eq!(slice(text, parse.errors[0].span), "r91");
    let kinds: Vec<bool> = parse
        .lines
        .iter()
        .map(|l| l.kind == LineKind::Error)
        .collect();
    assert_eq!(kinds, [false, false, true, false, false]);
    assert_eq!(parse.statements().count(), 4);
    assert_eq!(
        slice(text, parse.lines[2].comment.expect("comment")),
        "# oops"
    );
}

#[test]
fn a_lone_carriage_return_is_a_line_break() {
    // Issue 25, item 10: a file saved with bare CRs was one comment line that checked clean.
    let text = "# Lesson\rplayers red blue\rtile D 0,0\rturn red E 0,1 r90 knight S => red +99\r";
    let parsed = parse(text);
    assert_eq!(parsed.lines.len(), 4);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(slice(text, parsed.lines[1].span), "players red blue");
    assert!(matches!(parsed.lines[3].kind, LineKind::Statement(_)));
    // `\r\r\n` is a lone CR and a CRLF: an empty line between, as editors show it.
    let parsed = parse("tile D 0,0\r\r\ntile E 0,1");
    assert_eq!(parsed.lines.len(), 3);
    assert_eq!(parsed.lines[1].kind, LineKind::Blank);
}

/// Issue 25, item 1: a file of blank lines took 460 bytes a line (60 Mi lines: 28 GB, an
/// abort). Past [`MAX_LINES`] lines the rest is one broken line with an error naming the
/// limit, and a line costs a few dozen bytes.
#[test]
fn past_the_line_limit_the_rest_is_one_error_naming_the_limit() {
    assert!(
        std::mem::size_of::<Line>() <= 64,
        "{}",
        std::mem::size_of::<Line>()
    );
    let text = format!("{}tile D 0,0\nmore\n", "\n".repeat(MAX_LINES));
    let parsed = parse(&text);
    assert_eq!(parsed.lines.len(), MAX_LINES + 1);
    assert_eq!(parsed.errors.len(), 1);
    let error = &parsed.errors[0];
    assert_eq!(
        error.kind,
        SyntaxErrorKind::TooManyLines { limit: MAX_LINES }
    );
    assert_eq!(slice(&text, error.span), "tile D 0,0");
    assert!(
        error.message().contains("at most 1,000,000 lines"),
        "{}",
        error.message()
    );
    // The last line keeps the rest of the text, so nothing is lost; formatting leaves it.
    let last = parsed.lines.last().expect("lines");
    assert_eq!(last.kind, LineKind::Error);
    assert_eq!(slice(&text, last.span), "tile D 0,0\nmore\n");
    assert_eq!(format(&text), text);
    // One line fewer is read whole.
    let text = format!("{}tile D 0,0\n", "\n".repeat(MAX_LINES - 1));
    assert!(parse(&text).errors.is_empty());
}

#[test]
fn pathological_input_does_not_panic() {
    let long_line = "tile ".to_string() + &"D".repeat(MAX_LINE_LEN + 10);
    let parse = parse(&long_line);
    assert!(matches!(
        parse.errors[0].kind,
        SyntaxErrorKind::LineTooLong { .. }
    ));
    assert_eq!(parse.errors[0].span, Span::new(0, long_line.len()));

    let just_under = format!("note \"{}\"", "é".repeat((MAX_LINE_LEN - 10) / 2));
    assert!(carc_notation::parse(&just_under).errors.is_empty());
    let many_commas = format!("players red{}", ", blue".repeat(5000));
    assert!(carc_notation::parse(&many_commas).errors.is_empty());
    let many_gains = format!("end => red +1{}", " blue +2".repeat(5000));
    assert!(carc_notation::parse(&many_gains).errors.is_empty());
    let quotes = "\"".repeat(MAX_LINE_LEN);
    assert_eq!(carc_notation::parse(&quotes).errors.len(), 1);
    let backslashes = format!("note \"{}", "\\".repeat(MAX_LINE_LEN - 10));
    assert_eq!(carc_notation::parse(&backslashes).errors.len(), 1);
    let lines = "tile D 0,0\n".repeat(20_000);
    assert_eq!(carc_notation::parse(&lines).lines.len(), 20_000);
    for junk in [
        "\0", "\u{7f}", "\r", "#", "=>", ",", "\"", "\\", "tile", "turn red", "  \t", "é",
    ] {
        let _ = carc_notation::parse(junk);
        for e in carc_notation::parse(junk).errors {
            assert!(e.span.slice(junk).is_some(), "{junk:?}");
            assert!(!e.message().is_empty());
        }
    }
}

#[test]
fn a_tile_line_may_list_several_meeples_for_the_analysis_to_refuse() {
    let text = "tile D 0,0 red knight N blue traveller E\n";
    let parse = parse(text);
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    let statement = parse.statements().next().expect("statement");
    let StatementKind::Tile(tile) = &statement.kind else {
        panic!("{statement:?}")
    };
    let colours: Vec<Color> = tile.meeples.iter().map(|(c, _)| c.value).collect();
    assert_eq!(colours, [Color::Red, Color::Blue]);
    assert_eq!(slice(text, tile.meeples[1].1.span), "traveller E");
}

#[test]
fn variations_marks_glyphs_puzzle_and_boxes_parse() {
    let text = "rules farmers, boxes 3\npuzzle\nmark -1,2 \"the gap\"\nmark 0,0\nvariation \"close it\" {\n  turn red E 0,1 r180 knight S !? => red +4\n}\n";
    let parse = parse(text);
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    let kinds: Vec<&StatementKind> = parse.statements().map(|s| &s.kind).collect();
    match kinds[0] {
        StatementKind::Rules(options) => {
            let values: Vec<RuleOption> = options.iter().map(|o| o.value).collect();
            assert_eq!(values, [RuleOption::Farmers, RuleOption::Boxes(3)]);
            assert_eq!(slice(text, options[1].span), "boxes 3");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(kinds[1], &StatementKind::Puzzle { goal: None });
    match kinds[2] {
        StatementKind::Mark { at, label } => {
            assert_eq!((at.x.value, at.y.value), (-1, 2));
            assert_eq!(label.as_ref().map(|l| l.value.as_str()), Some("the gap"));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(kinds[3], StatementKind::Mark { label: None, .. }));
    match kinds[4] {
        StatementKind::VariationOpen { name } => assert_eq!(name.value, "close it"),
        other => panic!("{other:?}"),
    }
    match kinds[5] {
        StatementKind::Turn(turn) => {
            let glyph = turn.glyph.as_ref().expect("glyph");
            assert_eq!(glyph.value, Glyph::Interesting);
            assert_eq!(slice(text, glyph.span), "!?");
            assert!(turn.expect.is_some());
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(kinds[6], &StatementKind::VariationClose);
}

#[test]
fn every_glyph_parses_and_a_bad_one_names_the_glyphs() {
    for glyph in Glyph::ALL {
        let text = format!("turn red E 0,1 {}\n", glyph.as_str());
        let parse = parse(&text);
        assert!(parse.errors.is_empty(), "{text}: {:?}", parse.errors);
    }
    let (found, message) = error("turn red E 0,1 !!!");
    assert_eq!(found, "!!!");
    assert!(message.contains("a glyph"), "{message}");
    let (_, message) = error("variation \"x\"");
    assert!(message.contains("`{`"), "{message}");
}

#[test]
fn puzzle_goals_and_draws() {
    let text = "puzzle final\ndraws E U, V # to come\npuzzle points\npuzzle score\n";
    let parse = parse(text);
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    let kinds: Vec<&StatementKind> = parse.statements().map(|s| &s.kind).collect();
    match kinds[0] {
        StatementKind::Puzzle { goal: Some(goal) } => {
            assert_eq!(goal.value, PuzzleGoal::Final);
            assert_eq!(slice(text, goal.span), "final");
        }
        other => panic!("{other:?}"),
    }
    match kinds[1] {
        StatementKind::Draws(tiles) => {
            let tokens: Vec<&str> = tiles.iter().map(|t| t.value.as_str()).collect();
            assert_eq!(tokens, ["E", "U", "V"]);
            assert_eq!(slice(text, tiles[2].span), "V");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(kinds[2], StatementKind::Puzzle { goal: Some(g) } if g.value == PuzzleGoal::Points)
    );
    assert!(
        matches!(kinds[3], StatementKind::Puzzle { goal: Some(g) } if g.value == PuzzleGoal::Score)
    );
    assert_eq!(
        carc_notation::format(text),
        "puzzle final\ndraws E U V  # to come\npuzzle points\npuzzle score\n"
    );
}

#[test]
fn rules_whole_board_parses_and_formats() {
    assert_eq!(
        statement("rules whole-board no-farmers"),
        StatementKind::Rules(vec![
            Spanned {
                value: RuleOption::WholeBoard,
                span: Span::new(6, 17)
            },
            Spanned {
                value: RuleOption::NoFarmers,
                span: Span::new(18, 28)
            },
        ])
    );
    assert_eq!(format("rules   whole-board\n"), "rules whole-board\n");
    assert_eq!(
        error("rules whole-bored").1,
        "expected a rules option: farmers, no-farmers, whole-board, boxes N, abbot, inns-cathedrals, river, traders-builders, princess-dragon or tower (found `whole-bored`; did you mean `whole-board`?)"
    );
}

#[test]
fn a_bad_goal_or_empty_draws_is_a_syntax_error_that_says_what_was_wanted() {
    let bad = parse("puzzle best\n");
    assert_eq!(bad.errors.len(), 1);
    let message = bad.errors[0].message();
    assert!(message.contains("a puzzle goal"), "{message}");
    assert!(message.contains("`best`"), "{message}");
    let empty = parse("draws\n");
    assert_eq!(empty.errors.len(), 1);
    let message = empty.errors[0].message();
    assert!(message.contains("tile"), "{message}");
    let case = parse("Draws E\n");
    let message = case.errors[0].message();
    assert!(message.contains("did you mean `draws`"), "{message}");
}

#[test]
fn a_refused_statement_has_its_codes_and_its_move_with_spans() {
    let text = "refused occupied-feature, meeple-supply: turn red E 0,1 r180 knight S ?";
    let StatementKind::Refused(refused) = statement(text) else {
        panic!("not a refused statement");
    };
    let codes: Vec<(&str, &str)> = refused
        .codes
        .iter()
        .map(|c| (c.value.as_str(), slice(text, c.span)))
        .collect();
    assert_eq!(
        codes,
        [
            ("occupied-feature", "occupied-feature"),
            ("meeple-supply", "meeple-supply")
        ]
    );
    assert_eq!(slice(text, refused.keyword), "turn");
    assert_eq!(
        slice(text, refused.move_span),
        "turn red E 0,1 r180 knight S ?"
    );
    let RefusedMove::Turn(turn) = &refused.refused else {
        panic!("not a refused turn");
    };
    assert_eq!(turn.colour.value, Color::Red);
    assert_eq!(turn.tile.value, "E");
    assert_eq!(slice(text, turn.at.span), "0,1");
    assert_eq!(turn.rotation.map(|r| r.value), Some(RotationWord::R180));
    let meeple = turn.meeple.as_ref().expect("a meeple");
    assert_eq!(slice(text, meeple.span), "knight S");
    assert_eq!(turn.glyph.map(|g| g.value), Some(Glyph::Mistake));
    assert_eq!(turn.expect, None);
    // A refused discard: the keyword `discard` and the tile's token.
    let text = "refused illegal-discard: discard Eg # it fits";
    let StatementKind::Refused(discard) = statement(text) else {
        panic!("not a refused statement");
    };
    assert_eq!(slice(text, discard.keyword), "discard");
    assert_eq!(slice(text, discard.move_span), "discard Eg");
    let RefusedMove::Discard { tile } = &discard.refused else {
        panic!("not a refused discard");
    };
    assert_eq!((tile.value.as_str(), slice(text, tile.span)), ("Eg", "Eg"));
    assert_eq!(
        format("refused   illegal-discard ,tile-count:  discard  E\n"),
        "refused illegal-discard, tile-count: discard E\n"
    );
    // Commas or spaces between codes, a space before the colon, a trailing comment.
    let StatementKind::Refused(spaced) =
        statement("refused edge-mismatch ,not-adjacent : turn blue C 5,5 # no")
    else {
        panic!("not a refused statement");
    };
    assert_eq!(spaced.codes.len(), 2);
    // The formatter writes one canonical form.
    assert_eq!(
        format("refused  edge-mismatch,not-adjacent :  turn blue C 5,5\n"),
        "refused edge-mismatch, not-adjacent: turn blue C 5,5\n"
    );
}

#[test]
fn a_refused_statement_reports_what_is_missing() {
    // No expectation: the move is not played, so it scores nothing.
    assert_eq!(
        error("refused occupied-feature: turn red E 0,1 r180 => red +4"),
        (
            "=> red +4".into(),
            "a refused move is not played and scores nothing: remove `=> …` (the legal turn that follows carries the expectation)".into()
        )
    );
    // Codes are separated by commas, so a forgotten colon is found at the move.
    assert_eq!(
        error("refused occupied-feature turn red E 0,1"),
        (
            "turn".into(),
            "expected `:` after the codes, then the refused move (found `turn`)".into()
        )
    );
    let (span, message) = error("refused: turn red E 0,1");
    assert_eq!(span, ":");
    assert!(message.contains("diagnostic code"), "{message}");
    let (span, message) = error("refused Edge-Mismatch: turn red E 0,1");
    assert_eq!(span, "Edge-Mismatch:");
    assert!(message.contains("diagnostic code"), "{message}");
    let (span, message) = error("refused edge-mismatch: tile D 0,0");
    assert_eq!(span, "tile");
    assert_eq!(
        message,
        "expected the refused move: turn COLOUR T x,y … or discard T (found `tile`)"
    );
    // A refused discard has a tile and nothing after it.
    let (span, message) = error("refused illegal-discard: discard");
    assert_eq!(span, "");
    assert!(message.contains("tile"), "{message}");
    let (span, message) = error("refused illegal-discard: discard E 0,1");
    assert_eq!(span, "0,1");
    assert!(message.contains("end of the line"), "{message}");
    let (span, message) = error("refused illegal-discard: discard E => red +1");
    assert_eq!(span, "=> red +1");
    assert!(message.contains("scores nothing"), "{message}");
    let (span, message) = error("refused illegal-discard: dicsard E");
    assert_eq!(span, "dicsard");
    assert!(message.contains("or discard T"), "{message}");
    let (span, message) = error("refused edge-mismatch:");
    assert_eq!(span, "");
    assert!(message.contains("refused move"), "{message}");
}

/// The Traders & Builders worked examples of the notation (docs/notation.md, "Traders &
/// Builders"): the builder's bonus tile, goods, the pig.
const TRADERS_BUILDERS_EXAMPLES: &[&str] = &[
    "# Builder: extending the builder's road earns a bonus tile
rules farmers traders-builders
players red blue
tile A -1,0 r270                      # the road ends at a monastery in the west
tile D 0,0 red traveller E
tile U 1,0 r90 red builder E
turn red U 2,0 r90 => nothing         # extends the builder's road
bonus red A 3,0 r90 => red +5         # closes it: 5 tiles; builder and traveller go home
",
    "# Goods go to whoever places the closing tile
rules farmers traders-builders
players red blue
tile D 0,0 red knight N
tile tb.G 0,1 r180                    # grain city, sides S and E
turn blue E 1,1 r270 => red +6        # 3 tiles x 2
expect goods blue grain 1
end => blue +10                       # blue alone holds grain
",
    "# Pig: 4 per completed city for the field's winner
rules farmers traders-builders
tile D 0,0 red farmer NE
tile E 0,1 r180                       # D + E: a completed city
tile U 1,0 r90 red pig NW             # the same field as red's farmer
end => red +4
",
];

#[test]
fn the_traders_and_builders_examples_parse_to_what_they_say() {
    for text in TRADERS_BUILDERS_EXAMPLES {
        parse_ok(text);
        assert_eq!(format(text), format(&format(text)));
    }
    // Builder: a setup builder, then a turn and its bonus part
    let text = TRADERS_BUILDERS_EXAMPLES[0];
    let parse = parse_ok(text);
    let statements: Vec<&Statement> = parse.statements().collect();
    let StatementKind::Tile(tile) = &statements[4].kind else {
        panic!("a tile line: {:?}", statements[4]);
    };
    let [(colour, builder)] = tile.meeples.as_slice() else {
        panic!("one figure: {:?}", tile.meeples);
    };
    assert_eq!(colour.value, Color::Red);
    assert_eq!(builder.figure.value, FigureWord::Builder);
    assert_eq!(slice(text, builder.figure.span), "builder");
    assert_eq!(slice(text, builder.span), "builder E");
    assert_eq!(builder.place.map(|p| p.value), Some(PlaceWord::E));
    assert_eq!((builder.abbot, builder.large), (None, None));
    assert_eq!(builder.written_role(), None);
    let StatementKind::Bonus(bonus) = &statements[6].kind else {
        panic!("a bonus line: {:?}", statements[6]);
    };
    assert_eq!(slice(text, statements[6].keyword), "bonus");
    assert_eq!(bonus.colour.value, Color::Red);
    assert_eq!(bonus.tile.value, "A");
    assert_eq!(slice(text, bonus.at.span), "3,0");
    assert_eq!(bonus.rotation.map(|r| r.value), Some(RotationWord::R90));
    assert_eq!(bonus.meeple, None);
    let Some(Expectation {
        kind: ExpectationKind::Gains(gains),
        ..
    }) = &bonus.expect
    else {
        panic!("gains: {:?}", bonus.expect);
    };
    assert_eq!(
        (gains[0].colour.value, gains[0].value.value),
        (Color::Red, 5)
    );
    // Goods: `expect goods`, whose keyword covers both words
    let text = TRADERS_BUILDERS_EXAMPLES[1];
    let parse = parse_ok(text);
    let expect = parse.statements().nth(5).expect("six statements");
    assert_eq!(slice(text, expect.keyword), "expect goods");
    let StatementKind::ExpectGoods(goods) = &expect.kind else {
        panic!("expect goods: {expect:?}");
    };
    assert_eq!(goods.colour.value, Color::Blue);
    assert_eq!(goods.goods.len(), 1);
    assert_eq!(slice(text, goods.goods[0].span), "grain 1");
    assert_eq!(slice(text, goods.goods[0].good.span), "grain");
    assert_eq!(goods.get(Good::Grain).map(|n| n.value), Some(1));
    assert_eq!(goods.get(Good::Wine), None);
    // Pig: a setup pig in a field place; its role stand-in is `farmer`
    let text = TRADERS_BUILDERS_EXAMPLES[2];
    let parse = parse_ok(text);
    let StatementKind::Tile(tile) = &parse.statements().nth(3).expect("a pig tile").kind else {
        panic!("a tile line");
    };
    let pig = &tile.meeples[0].1;
    assert_eq!(pig.figure.value, FigureWord::Pig);
    assert_eq!(slice(text, pig.span), "pig NW");
    assert_eq!(pig.place.map(|p| p.value), Some(PlaceWord::NW));
    assert_eq!(pig.role.value, RoleWord::Farmer);
}

#[test]
fn every_figure_is_told_apart_in_turns_bonus_parts_and_refused_turns() {
    let figure = |text: &str| -> (FigureWord, Option<RoleWord>, Option<PlaceWord>) {
        let turn = match statement(text) {
            StatementKind::Turn(turn) | StatementKind::Bonus(turn) => turn,
            StatementKind::Refused(RefusedStmt {
                refused: RefusedMove::Turn(turn),
                ..
            }) => *turn,
            other => panic!("{text}: {other:?}"),
        };
        let m = turn.meeple.expect("a figure");
        // the figure's span runs from its first word to its place (or its last word)
        let written = slice(text, m.span);
        assert!(text.contains(&format!(" {written}")), "{text}: {written}");
        assert!(written.starts_with(slice(text, m.figure.span)), "{text}");
        (
            m.figure.value,
            m.written_role().map(|r| r.value),
            m.place.map(|p| p.value),
        )
    };
    use FigureWord::*;
    assert_eq!(
        figure("turn red D 0,1 knight N"),
        (Meeple, Some(RoleWord::Knight), Some(PlaceWord::N))
    );
    assert_eq!(
        figure("turn red D 0,1 large knight N"),
        (Large, Some(RoleWord::Knight), Some(PlaceWord::N))
    );
    assert_eq!(figure("turn red B 0,1 abbot"), (Abbot, None, None));
    assert_eq!(
        figure("turn red D 0,1 builder E"),
        (Builder, None, Some(PlaceWord::E))
    );
    assert_eq!(
        figure("turn red D 0,1 pig SSE"),
        (Pig, None, Some(PlaceWord::SSE))
    );
    assert_eq!(
        figure("bonus red D 0,1 r90 pig inner"),
        (Pig, None, Some(PlaceWord::Inner))
    );
    assert_eq!(
        figure("bonus red D 0,1 large farmer NE"),
        (Large, Some(RoleWord::Farmer), Some(PlaceWord::NE))
    );
    assert_eq!(
        figure("refused builder-place: turn red D 0,1 builder W ?"),
        (Builder, None, Some(PlaceWord::W))
    );
    assert_eq!(
        figure("refused pig-place: turn red D 0,1 pig SW"),
        (Pig, None, Some(PlaceWord::SW))
    );
    // a bonus part may recall the abbot and carry a glyph
    let StatementKind::Bonus(bonus) = statement("bonus blue Eg 0,1 recall !? => blue +3") else {
        panic!("a bonus line");
    };
    assert!(bonus.recall.is_some() && bonus.meeple.is_none());
    assert_eq!(bonus.glyph.map(|g| g.value), Some(Glyph::Interesting));
    // the words are the notation's
    assert_eq!(FigureWord::from_word("builder"), Some(Builder));
    assert_eq!(FigureWord::from_word("meeple"), None);
    assert_eq!(FigureWord::WORDS, ["large", "abbot", "builder", "pig"]);
    assert_eq!(Good::WORDS, ["wine", "grain", "cloth"]);
    for good in Good::ALL {
        assert_eq!(Good::from_word(good.as_str()), Some(good));
    }
}

#[test]
fn the_builder_and_the_pig_need_a_place() {
    // (the line, where the error is: right after the figure's word, or the word found there)
    for (text, at, found) in [
        ("turn red U 2,0 r90 builder", 26, ""),
        ("turn red U 2,0 pig => nothing", 19, "=>"),
        ("tile U 1,0 r90 red builder # no place", 26, ""),
        ("bonus red A 3,0 pig", 19, ""),
    ] {
        let parse = parse(text);
        assert_eq!(parse.errors.len(), 1, "{text}");
        let e = &parse.errors[0];
        assert_eq!(e.span.start, at, "{text}: {e:?}");
        assert_eq!(slice(text, e.span), found, "{text}: {e:?}");
        let message = e.message();
        assert!(message.starts_with("expected a place"), "{text}: {message}");
    }
    let (span, message) = error("turn red U 2,0 builder X");
    assert_eq!(span, "X");
    assert!(message.starts_with("expected a place"), "{message}");
    // a figure's word in the wrong case is hinted like a role's
    let (span, message) = error("turn red U 2,0 Builder E");
    assert_eq!(span, "Builder");
    assert!(
        message.ends_with("(found `Builder`; did you mean `builder`?)"),
        "{message}"
    );
    // a role word is not a place: `builder knight` is no figure
    let (span, _) = error("turn red U 2,0 builder knight N");
    assert_eq!(span, "knight");
}

#[test]
fn goods_list_each_good_at_most_once_in_any_order() {
    let text = "goods red cloth 1 wine +2 grain 0 # tokens so far";
    let parsed = parse_ok(text);
    let line = parsed.statements().next().expect("a statement");
    assert_eq!(slice(text, line.keyword), "goods");
    assert_eq!(slice(text, line.span), "goods red cloth 1 wine +2 grain 0");
    let StatementKind::Goods(goods) = &line.kind else {
        panic!("goods: {line:?}");
    };
    let listed: Vec<(Good, i64, &str)> = goods
        .goods
        .iter()
        .map(|g| (g.good.value, g.value.value, slice(text, g.span)))
        .collect();
    assert_eq!(
        listed,
        [
            (Good::Cloth, 1, "cloth 1"),
            (Good::Wine, 2, "wine +2"),
            (Good::Grain, 0, "grain 0")
        ]
    );
    // no goods at all: all 0 (setup) or nothing checked (expect)
    assert!(matches!(statement("goods blue"), StatementKind::Goods(g) if g.goods.is_empty()));
    assert!(
        matches!(statement("expect goods blue"), StatementKind::ExpectGoods(g) if g.goods.is_empty())
    );
    // commas between the pairs are read too
    assert!(
        matches!(statement("goods blue wine 1, cloth 2"), StatementKind::Goods(g) if g.goods.len() == 2)
    );
    // a good twice: the second mention, with a message that says so
    let text = "expect goods red wine 1 grain 2 wine 3";
    let parsed = parse(text);
    let [e] = parsed.errors.as_slice() else {
        panic!("one error: {:?}", parsed.errors);
    };
    assert_eq!(slice(text, e.span), "wine 3");
    assert_eq!(
        e.kind,
        SyntaxErrorKind::RepeatedGood {
            good: Good::Wine,
            first: Span::new(17, 23)
        }
    );
    assert!(
        e.message().starts_with("`wine` is listed twice"),
        "{}",
        e.message()
    );
}

#[test]
fn goods_errors_say_what_was_wanted() {
    let (span, message) = error("goods red silk 2");
    assert_eq!(span, "silk");
    assert!(message.contains("wine, grain or cloth"), "{message}");
    let (span, message) = error("goods red wine");
    assert_eq!(span, "");
    assert!(message.starts_with("expected a number"), "{message}");
    let (span, message) = error("goods wine 2");
    assert_eq!(span, "wine");
    assert!(message.starts_with("expected a colour"), "{message}");
    let (span, message) = error("goods red wine 2 blue wine 1");
    assert_eq!(span, "blue");
    assert!(message.contains("good"), "{message}");
    let (span, message) = error("expect goods");
    assert_eq!(span, "");
    assert!(message.starts_with("expected a colour"), "{message}");
    let (span, message) = error("expect Goods red wine 1");
    assert_eq!(span, "Goods");
    assert!(
        message.contains("`score`, `supply` or `goods` after `expect`"),
        "{message}"
    );
    assert!(message.contains("did you mean `goods`?"), "{message}");
    let (span, message) = error("goods red Wine 1");
    assert_eq!(span, "Wine");
    assert!(message.contains("did you mean `wine`?"), "{message}");
    let (span, _) = error("goods red wine 99999999999999999999");
    assert_eq!(span, "99999999999999999999");
}

#[test]
fn every_statement_names_its_keyword_in_the_table() {
    let lines = [
        "title \"t\"",
        "note \"n\"",
        "players red",
        "rules farmers",
        "tile D 0,0",
        "supply red 3",
        "score red 1",
        "turn red E 0,1",
        "bonus red E 0,1",
        "refused edge-mismatch: turn red E 0,1",
        "discard E",
        "expect score red 1",
        "expect supply red 1",
        "expect goods red",
        "end",
        "variation \"v\" {",
        "}",
        "mark 0,0",
        "puzzle",
        "draws E",
        "goods red wine 1",
    ];
    let mut named = Vec::new();
    for line in lines {
        let kind = statement(line);
        let def = kind.keyword_def().expect("a keyword of the table");
        let first = line.split(' ').next().unwrap_or("");
        assert!(first == def.word || first == "}", "{line}: {}", def.word);
        named.push(def.word);
    }
    for def in KEYWORDS {
        assert!(named.contains(&def.word), "no line for `{}`", def.word);
    }
}

/// What [`recover_line`] keeps of the one broken line of `text`.
fn recovered(text: &str) -> Option<StatementKind> {
    let parse = parse(text);
    let [error] = &parse.errors[..] else {
        panic!("one error expected: {:?}", parse.errors);
    };
    recover_line(text, 0, error).map(|s| s.kind)
}

#[test]
fn a_broken_line_keeps_its_tile_cell_and_rotation() {
    // the figure part broken at each of its words: the tile stays, the words before the
    // broken one too (`red traveller` without its place `X`), the rest is dropped
    for (text, figures) in [
        ("tile D 0,0 red travler E", 0),
        ("tile D 0,0 red traveller X", 1),
        ("tile D 0,0 rd traveller E", 0),
    ] {
        let Some(StatementKind::Tile(tile)) = recovered(text) else {
            panic!("{text}: no tile kept");
        };
        assert_eq!(tile.tile.value, "D", "{text}");
        assert_eq!((tile.at.x.value, tile.at.y.value), (0, 0), "{text}");
        assert_eq!(tile.meeples.len(), figures, "{text}");
    }
    for text in [
        "turn red U 1,0 r90 travler",
        "turn red U 1,0 r90 traveller X",
        "turn red U 1,0 r90 traveller => red +x",
        "turn red U 1,0 r90 traveller ?!!",
    ] {
        let Some(StatementKind::Turn(turn)) = recovered(text) else {
            panic!("{text}: no turn kept");
        };
        assert_eq!(turn.colour.value, Color::Red, "{text}");
        assert_eq!(turn.tile.value, "U", "{text}");
        assert_eq!((turn.at.x.value, turn.at.y.value), (1, 0), "{text}");
        assert_eq!(
            turn.rotation.map(|r| r.value),
            Some(RotationWord::R90),
            "{text}"
        );
        assert!(turn.expect.is_none(), "{text}");
    }
}

#[test]
fn a_rotation_one_slip_from_one_word_is_read_as_it() {
    // `r9O` is one edit from r90 only; `r18` from r180 only
    for (text, rotation) in [
        ("turn red U 1,0 r9O", RotationWord::R90),
        ("tile E 0,1 r18 red knight", RotationWord::R180),
    ] {
        let rotation_of = match recovered(text) {
            Some(StatementKind::Turn(t)) => t.rotation,
            Some(StatementKind::Tile(t)) => t.rotation,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(rotation_of.map(|r| r.value), Some(rotation), "{text}");
    }
}

#[test]
fn a_turn_whose_tile_or_cell_is_broken_is_still_its_players_turn() {
    for text in ["turn blue 1A 2,0 r90", "turn blue U 2,O", "turn blue"] {
        let Some(StatementKind::Turn(turn)) = recovered(text) else {
            panic!("{text}: no turn kept");
        };
        assert_eq!(turn.colour.value, Color::Blue, "{text}");
        // no tile: nothing is placed
        assert_eq!(turn.tile.value, "", "{text}");
    }
    // what is not a tile, turn or bonus line, or has nothing clear, is not guessed at
    for text in [
        "titel \"x\"",
        "turn bleu U 1,0",
        "tile 1A 0,0",
        "players red bleu",
    ] {
        assert_eq!(recovered(text), None, "{text}");
    }
}

#[test]
fn a_rotation_broken_beyond_one_slip_places_nothing() {
    // `r45` is no slip of one rotation: where the tile lies is unknown, so a setup tile is
    // not kept, and a turn keeps only whose turn it is
    assert_eq!(recovered("tile E 0,1 r45"), None);
    let Some(StatementKind::Turn(turn)) = recovered("turn red E 0,1 r45") else {
        panic!("the turn still counts");
    };
    assert_eq!(turn.tile.value, "");
}
