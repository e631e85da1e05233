//! Formatter tests: input/expected pairs, idempotence, broken lines kept as they are, and
//! a generated corpus checking that formatting keeps the parsed tree.

use carc_notation::{format, parse, LineKind};

/// Formats `input`, compares with `expected`, and checks idempotence.
fn check(input: &str, expected: &str) {
    let formatted = format(input);
    assert_eq!(
        formatted, expected,
        "\n--- got ---\n{formatted}\n--- expected ---\n{expected}"
    );
    assert_eq!(format(&formatted), formatted, "not idempotent");
    assert_eq!(shape(input), shape(&formatted), "meaning changed");
}

/// What a text means, line by line, with spans stripped: the statements (Debug, without
/// spans), comment texts, and broken lines verbatim. Blank lines are left out.
fn shape(text: &str) -> Vec<String> {
    let parse = parse(text);
    let mut out = Vec::new();
    for line in &parse.lines {
        let comment = line
            .comment
            .and_then(|c| c.slice(text))
            .map(|c| c.trim_end().to_string());
        match &line.kind {
            LineKind::Blank => {
                if let Some(comment) = comment {
                    out.push(format!("comment {comment}"));
                }
            }
            LineKind::Error => {
                out.push(format!("error {}", line.span.slice(text).unwrap_or("?")));
            }
            LineKind::Statement(statement) => {
                out.push(format!(
                    "{} {comment:?}",
                    strip_spans(&format!("{:?}", statement.kind))
                ));
            }
        }
    }
    out
}

/// Removes every `start..end` (the Debug form of a span).
fn strip_spans(debug: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = debug.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let digits = |mut j: usize| {
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            j
        };
        let a = digits(i);
        if a > i && chars.get(a) == Some(&'.') && chars.get(a + 1) == Some(&'.') {
            let b = digits(a + 2);
            if b > a + 2 {
                out.push('_');
                i = b;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

#[test]
fn the_notation_example_is_laid_out() {
    check(
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
        r#"# Lesson: coat of arms
title "Coat of arms"
note "Complete a three-tile city with one coat of arms to score 8."
players red blue
rules farmers

tile D 0,0                      # the start tile: city north, road east-west
tile F 0,1 r90 red knight S     # the city runs north-south; red's knight is in it
turn blue E 0,2 r180 => red +8  # blue closes it: 3 x 2 + 2, for red
end                  => nothing
"#,
    );
}

#[test]
fn arrows_align_within_a_block_only() {
    check(
        "tile D 0,0\nturn red E 0,1 r180 knight S => red +4\nend => nothing\n\nturn blue U 1,0 => nothing\nend => blue +1\n",
        "tile D 0,0\nturn red E 0,1 r180 knight S => red +4\nend                          => nothing\n\nturn blue U 1,0 => nothing\nend             => blue +1\n",
    );
}

#[test]
fn comments_align_and_own_line_comments_keep_their_text() {
    check(
        "  #   spaced   comment   \ntile D 0,0 # a\ntile U 1,0 r90 blue traveler E #b  \nplayers red\n",
        "#   spaced   comment\ntile D 0,0                      # a\ntile U 1,0 r90 blue traveler E  #b\nplayers red\n",
    );
}

#[test]
fn lists_numbers_and_spellings_are_normalised() {
    check(
        "players  red ,blue,green\nrules farmers,no-farmers\nsupply red +3   blue 4\nscore red 0,blue 12\nexpect   supply red 6\nexpect score red 10 blue 4\nturn red U 1,0 r0 traveller W => red 1 blue +0\ntile A -0,+0\n"
            .replace("+0\n", "0\n")
            .as_str(),
        "players red blue green\nrules farmers no-farmers\nsupply red 3, blue 4\nscore red 0, blue 12\nexpect supply red 6\nexpect score red 10, blue 4\nturn red U 1,0 r0 traveller W => red +1, blue +0\ntile A 0,0\n",
    );
}

#[test]
fn blank_lines_and_trailing_spaces() {
    check(
        "\n\n  \ntile D 0,0   \n\n\n\ntile E 0,1 r180\t\n\n\n",
        "tile D 0,0\n\ntile E 0,1 r180\n",
    );
    check("tile D 0,0", "tile D 0,0\n");
    check("", "");
    check(" \n\t\n", "");
    check("# only a comment", "# only a comment\n");
}

#[test]
fn crlf_is_kept_and_made_consistent() {
    check(
        "tile D 0,0\r\n\r\n\r\nturn red E 0,1 r180   => red +4\nend\r\n",
        "tile D 0,0\r\n\r\nturn red E 0,1 r180 => red +4\r\nend\r\n",
    );
    check("tile D 0,0\nend\r\n", "tile D 0,0\nend\n");
}

#[test]
fn strings_are_kept_exactly() {
    check(
        "title    \"Ça \\\"marche\\\" \\\\ 🏰 # still the title\"   # comment\nnote \"城市\"\n",
        "title \"Ça \\\"marche\\\" \\\\ 🏰 # still the title\"  # comment\nnote \"城市\"\n",
    );
}

#[test]
fn a_broken_line_survives_as_is() {
    let broken = "  tile F 0,1 r91  red knight S    # oops   ";
    let input =
        format!("tile   D 0,0 # start\n{broken}\nturn blue E 0,2 r180 => red +8 # closes\n");
    let expected = format!(
        "tile D 0,0                      # start\n{broken}\nturn blue E 0,2 r180 => red +8  # closes\n"
    );
    check(&input, &expected);
    // Also at the start and at the end, with CRLF.
    let input = "tile D 0,0 r45  \r\ntile D  0,0\r\nnote \"unterminated  \r\n";
    check(
        input,
        "tile D 0,0 r45  \r\ntile D 0,0\r\nnote \"unterminated  \r\n",
    );
}

#[test]
fn lone_carriage_returns_are_line_breaks_written_as_lf() {
    // `\r\r\n` is a lone CR, then CRLF: the first break is a lone CR, so the file is
    // written with LF; the empty line between stays one empty line.
    check("tile D 0,0\r\r\nfoo\r\r\n", "tile D 0,0\n\nfoo\n");
    // A broken line keeps its bytes (its trailing space too), only its line break changes.
    check("foo \rbar\nend\r", "foo \nbar\nend\n");
    check("foo\r", "foo\n");
    check(
        "players red blue\rtile  D 0,0\rturn red E 0,1 r90  =>  red +1\r",
        "players red blue\ntile D 0,0\nturn red E 0,1 r90 => red +1\n",
    );
}

#[test]
fn a_byte_order_mark_is_kept() {
    check("\u{feff}tile  D 0,0\n", "\u{feff}tile D 0,0\n");
}

/// A small deterministic generator (xorshift) so the corpus needs no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

#[test]
fn formatting_keeps_the_tree_on_a_generated_corpus() {
    let statements = [
        "title \"Coat of arms\"",
        "note \"é \\\"q\\\" \\\\ # x\"",
        "players red blue",
        "players red, blue,green",
        "rules no-farmers",
        "tile D 0,0",
        "tile F 0,1 r90 red knight S",
        "tile V -1,-1 r180",
        "tile B 0,0 red monk",
        "tile U 1,0 r90 blue traveler E",
        "supply red 3 blue +4",
        "score red 1, blue 2",
        "turn blue E 0,2 r180 => red +8",
        "turn red A 0,1 => red 2",
        "turn red E 0,1 r180 knight S",
        "discard X",
        "expect score red 10 blue 4",
        "expect supply red 6",
        "end",
        "end => nothing",
        "end => red +1,blue +2",
        "tile Z 0,0",
        // Traders & Builders
        "tile U 1,0 r90 red builder E",
        "turn red U 2,0 r90 pig NW ! => nothing",
        "bonus red A 3,0 r90 => red +5",
        "bonus blue tb.G 0,1 r180 large knight N",
        "bonus blue Eg 0,1 recall",
        "goods red wine 2 cloth +1",
        "goods blue",
        "goods green grain 1, wine 3",
        "expect goods blue grain 1",
        "goods red wine 1 wine 2",
        "turn red U 2,0 builder",
        // broken lines
        "tile D 0, 1",
        "tile DE 0,0",
        "turn red E 0,1 r45",
        "note \"open",
        "foo",
        "",
        "",
    ];
    let comments = ["", "", " # c", "# glued", "   #  spaced  ", "# ü"];
    let spaces = [" ", "  ", "\t", " \t "];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..300 {
        let newline = if round % 3 < 1 { "\r\n" } else { "\n" };
        let mut text = String::new();
        for _ in 0..(rng.next() % 12) {
            let statement = rng.pick(&statements);
            let statement: String = statement
                .split(' ')
                .map(|w| w.to_string())
                .collect::<Vec<_>>()
                .join(rng.pick(&spaces));
            let indent = if rng.next() % 4 < 1 {
                rng.pick(&spaces)
            } else {
                ""
            };
            let trailing = if rng.next() % 4 < 1 {
                rng.pick(&spaces)
            } else {
                ""
            };
            text.push_str(indent);
            text.push_str(&statement);
            text.push_str(trailing);
            text.push_str(rng.pick(&comments));
            text.push_str(newline);
        }
        let formatted = format(&text);
        assert_eq!(
            shape(&text),
            shape(&formatted),
            "meaning changed for {text:?}"
        );
        assert_eq!(format(&formatted), formatted, "not idempotent for {text:?}");
        assert_eq!(parse(&text).errors.len(), parse(&formatted).errors.len());
        assert!(!formatted.contains("\n\n\n"));
        for line in formatted.lines() {
            if !line.is_empty() {
                let is_broken = parse(line).errors.len() == 1;
                assert!(
                    is_broken || line.trim_end() == line,
                    "trailing space in {line:?}"
                );
            }
        }
    }
}

#[test]
fn random_junk_never_panics_and_formats_idempotently() {
    let pieces = [
        "tile",
        "turn",
        "end",
        "note",
        "title",
        "expect",
        "score",
        "supply",
        "players",
        "rules",
        "discard",
        "red",
        "blue",
        "knight",
        "farmer",
        "monk",
        "NE",
        "S",
        "D",
        "é",
        "r90",
        "r45",
        "0,0",
        "-1,2",
        "0,",
        "=>",
        "+3",
        "3",
        "nothing",
        ",",
        "\"",
        "\\",
        "\"a b\"",
        "#",
        " ",
        " ",
        " ",
        "\t",
        "\r",
        "\n",
        "\r\n",
        "\u{feff}",
        "🏰",
        "99999999999",
        "\0",
    ];
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for _ in 0..2000 {
        let mut text = String::new();
        for _ in 0..(rng.next() % 30) {
            text.push_str(rng.pick(&pieces));
        }
        let parsed = parse(&text);
        let error_lines = parsed
            .lines
            .iter()
            .filter(|l| l.kind == LineKind::Error)
            .count();
        assert_eq!(error_lines, parsed.errors.len(), "{text:?}");
        for error in &parsed.errors {
            assert!(error.span.slice(&text).is_some(), "{text:?}: {error:?}");
            assert!(!error.message().is_empty());
        }
        for line in &parsed.lines {
            assert!(line.span.slice(&text).is_some(), "{text:?}");
            if let Some(comment) = line.comment {
                assert!(comment.slice(&text).is_some_and(|c| c.starts_with('#')));
            }
        }
        let formatted = format(&text);
        assert_eq!(format(&formatted), formatted, "not idempotent for {text:?}");
        assert_eq!(
            shape(&text),
            shape(&formatted),
            "meaning changed for {text:?}"
        );
    }
}

#[test]
fn variation_blocks_are_indented_and_marks_glyphs_kept() {
    let input = "puzzle\nrules  boxes  2\nmark 1,0   \"gap\"\nvariation   \"a\" {\nturn red E 0,1 r180 !  => red +4\n# inner\nvariation \"b\" {\nend\n}\n}\n";
    let expected = "puzzle\nrules boxes 2\nmark 1,0 \"gap\"\nvariation \"a\" {\n  turn red E 0,1 r180 ! => red +4\n  # inner\n  variation \"b\" {\n    end\n  }\n}\n";
    assert_eq!(format(input), expected);
    assert_eq!(format(expected), expected);
}

#[test]
fn traders_and_builders_lines_are_laid_out() {
    check(
        "tile  U 1,0  r90 red  builder  E\nturn red U 2,0 r90   pig NW => nothing\nbonus  red A 3,0 r90 => red 5\n",
        "tile U 1,0 r90 red builder E\nturn red U 2,0 r90 pig NW => nothing\nbonus red A 3,0 r90       => red +5\n",
    );
    // goods: spaces between the pairs (commas are read), the order as written, numbers `n`
    check(
        "goods  red cloth +1, wine 02\nexpect   goods blue\n",
        "goods red cloth 1 wine 2\nexpect goods blue\n",
    );
}
