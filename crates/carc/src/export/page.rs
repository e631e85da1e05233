//! The HTML of an exported lesson and of a course's index: one self-contained file each (the
//! style, the pictures and a small script inline; nothing loaded from anywhere, which the
//! page's Content-Security-Policy enforces). Every step is a `<section>` in the HTML, so the
//! page reads top to bottom without script; the script shows one step at a time and walks
//! the lesson's steps (the JSON model in `<script type="application/json">`).
//!
//! Everything that comes from a file (titles, notes, labels, names, statements) is escaped
//! here: [`html`] for text and attribute values, [`script_json`] for JSON inside `<script>`.

use std::fmt::Write as _;

use carc_analysis::{
    ascii_overlay, cell_boxes, render_layer_svg, render_svg, render_tiles_svg, Exercise, LayerTile,
    Lesson, Outcome, Step, StepKind, LAYER_SIDE,
};
use carc_rules::Rotation;
use serde_json::{json, Value};

/// The page's style sheet.
const STYLE: &str = include_str!("page.css");
/// The page's script.
const SCRIPT: &str = include_str!("page.js");
/// Nothing may be fetched: no scripts, styles, fonts, images or connections from anywhere.
const CSP: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/// Where a lesson stands in an exported course.
pub struct Site {
    /// The course's name (the folder's).
    pub course: String,
    /// The index page, relative to this page.
    pub index: String,
    /// The lesson before: its link and title.
    pub previous: Option<(String, String)>,
    /// The lesson after: its link and title.
    pub next: Option<(String, String)>,
    /// This lesson's number and the number of lessons.
    pub position: (usize, usize),
}

/// One lesson on the index page.
pub struct IndexEntry {
    /// Its page, relative to the index.
    pub href: String,
    /// Its title.
    pub title: String,
    /// Its first note, if any.
    pub note: Option<String>,
}

/// Text escaped for HTML content and quoted attribute values: the SVG renderer's escaping
/// (`&`, `<`, `>`, quotes; control characters, which neither XML nor HTML allow, as spaces).
pub fn html(text: &str) -> String {
    carc_analysis::escape_markup(text)
}

/// JSON for a `<script>` element: no `<`, `>` or `&` (so no `</script>` or `<!--` can end
/// or change the element) and no line or paragraph separators, each written as a `\u` escape
/// that JSON reads back as the same character.
pub fn script_json(value: &Value) -> String {
    let text = value.to_string();
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// A relative link from the page at `from` (path components below the site's root) to the
/// page at `to`, each component percent-encoded.
pub fn relative_href(from: &[String], to: &[String]) -> String {
    let depth = from.len().saturating_sub(1);
    let mut out = "../".repeat(depth);
    let parts: Vec<String> = to.iter().map(|p| percent(p)).collect();
    out.push_str(&parts.join("/"));
    out
}

/// A path component for a URL: unreserved characters as they are, everything else as
/// `%XX` bytes of its UTF-8.
fn percent(part: &str) -> String {
    let mut out = String::new();
    for byte in part.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// The subset of Markdown hover cards use, as HTML: paragraphs, `- ` items (two levels),
/// `**bold**` and `` `code` ``. The text is escaped first.
pub fn markdown(text: &str) -> String {
    let mut out = String::new();
    let mut paragraph: Vec<String> = Vec::new();
    // What is open: 0 nothing, 1 a list and its item, 2 also a list inside that item.
    let mut depth = 0;
    let flush = |out: &mut String, paragraph: &mut Vec<String>| {
        if !paragraph.is_empty() {
            let _ = write!(out, "<p>{}</p>", paragraph.join(" "));
            paragraph.clear();
        }
    };
    let close_to = |out: &mut String, depth: &mut usize, to: usize| {
        while *depth > to {
            out.push_str(if *depth == 2 { "</ul>" } else { "</li></ul>" });
            *depth -= 1;
        }
    };
    for line in text.lines() {
        let (level, item) = if let Some(rest) = line.strip_prefix("  - ") {
            (2, Some(rest))
        } else if let Some(rest) = line.strip_prefix("- ") {
            (1, Some(rest))
        } else {
            (0, None)
        };
        match item {
            Some(item) => {
                flush(&mut out, &mut paragraph);
                if level == 1 {
                    close_to(&mut out, &mut depth, 1);
                    out.push_str(if depth == 1 { "</li>" } else { "<ul>" });
                    depth = 1;
                    let _ = write!(out, "<li>{}", inline(item));
                } else {
                    out.push_str(match depth {
                        0 => "<ul><li><ul>",
                        1 => "<ul>",
                        _ => "",
                    });
                    depth = 2;
                    let _ = write!(out, "<li>{}</li>", inline(item));
                }
            }
            None if line.trim().is_empty() => {
                flush(&mut out, &mut paragraph);
            }
            None => {
                close_to(&mut out, &mut depth, 0);
                paragraph.push(inline(line.trim()));
            }
        }
    }
    flush(&mut out, &mut paragraph);
    close_to(&mut out, &mut depth, 0);
    out
}

/// One line of Markdown: escaped, then `**…**` and `` `…` `` pairs as elements; `\X` (X
/// ASCII punctuation: how hover writes text from a file) is X itself, never a marker.
fn inline(text: &str) -> String {
    // Literal characters wait as private-use characters (one per literal, in order) while
    // the pairs are found; a private-use character of the text itself is held the same way.
    const HELD: u32 = 0xE000;
    let mut literals: Vec<char> = Vec::new();
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let literal = match c {
            '\\' if chars.peek().is_some_and(|n| n.is_ascii_punctuation()) => chars.next(),
            c if ('\u{E000}'..='\u{F8FF}').contains(&c) => Some(c),
            _ => None,
        };
        match literal.and_then(|l| {
            let slot = char::from_u32(HELD + literals.len() as u32)
                .filter(|s| ('\u{E000}'..='\u{F8FF}').contains(s))?;
            Some((l, slot))
        }) {
            Some((l, slot)) => {
                literals.push(l);
                plain.push(slot);
            }
            None => plain.push(literal.unwrap_or(c)),
        }
    }
    let marked = pairs_inline(&plain);
    if literals.is_empty() {
        return marked;
    }
    let mut out = String::with_capacity(marked.len());
    for c in marked.chars() {
        match (c as u32)
            .checked_sub(HELD)
            .and_then(|i| literals.get(i as usize))
        {
            Some(&l) => out.push_str(&html(l.encode_utf8(&mut [0; 4]))),
            None => out.push(c),
        }
    }
    out
}

/// [`inline`] without the backslash escapes.
fn pairs_inline(text: &str) -> String {
    let escaped = html(text);
    let pairs = |text: &str, marker: &str, open: &str, close: &str| {
        let pieces: Vec<&str> = text.split(marker).collect();
        if pieces.len() < 3 {
            return text.to_owned();
        }
        let mut out = String::new();
        let paired = pieces.len() - 1 - (pieces.len() - 1) % 2;
        for (i, piece) in pieces.iter().enumerate() {
            if i > 0 {
                out.push_str(if i > paired {
                    marker
                } else if i % 2 == 1 {
                    open
                } else {
                    close
                });
            }
            out.push_str(piece);
        }
        out
    };
    let bold = pairs(&escaped, "**", "<strong>", "</strong>");
    pairs(&bold, "`", "<code>", "</code>")
}

/// The page model as JSON (`carc export --format json`, and the data the page's script
/// walks): every step with its links, texts, and what its board shows.
pub fn lesson_json(lesson: &Lesson) -> Value {
    let mut strings = Strings::default();
    let steps: Vec<Value> = lesson
        .steps
        .iter()
        .enumerate()
        .map(|(id, step)| {
            let board = &step.board;
            let mut value = json!({
                "id": id,
                "kind": step.kind.name(),
                "heading": step.heading,
                "line": step.line + 1,
                "statement": step.statement,
                "variation": step.variation,
                "prev": step.prev,
                "next": step.next,
                "branches": step.branches,
                "explanation": step.explanation,
                "alt": step.alt,
                "checks": step.checks.iter().map(|c| json!({
                    "line": c.line + 1,
                    "statement": c.statement,
                    "holds": c.holds,
                })).collect::<Vec<_>>(),
                "problems": step.problems.iter().map(|(code, message)| json!({
                    "code": code,
                    "message": message,
                })).collect::<Vec<_>>(),
                "tiles": step.tiles,
                "meeples": board.meeples.len(),
                "marks": board.marks.iter().map(|m| json!({
                    "x": m.pos.x,
                    "y": m.pos.y,
                    "label": m.label,
                })).collect::<Vec<_>>(),
                "scores": board.players.iter().map(|(c, score, supply)| json!({
                    "colour": c.as_str(),
                    "score": score,
                    "supply": supply,
                })).collect::<Vec<_>>(),
            });
            match &step.kind {
                StepKind::Question {
                    prompt,
                    hint,
                    exercise,
                } => {
                    value["prompt"] = json!(prompt);
                    value["hint"] = json!(hint);
                    value["answer"] = json!(answer_step(lesson, id));
                    if let Some(e) = exercise {
                        value["exercise"] = exercise_json(e, &mut strings);
                    }
                }
                StepKind::Turn {
                    colour,
                    glyph,
                    number,
                    ranking,
                } => {
                    value["colour"] = json!(colour.as_str());
                    value["glyph"] = json!(glyph.map(|g| g.as_str()));
                    value["number"] = json!(number);
                    value["ranking"] = json!(ranking);
                }
                StepKind::Refused { codes, reasons } => {
                    value["codes"] = json!(codes);
                    value["reasons"] = json!(reasons);
                }
                StepKind::Setup | StepKind::Discard | StepKind::End | StepKind::Bonus { .. } => {}
            }
            value
        })
        .collect();
    let variations: Vec<Value> = lesson
        .variations
        .iter()
        .map(|v| {
            json!({
                "name": v.name,
                "line": v.line + 1,
                "parent": v.parent,
                "from": v.from,
                "first": v.first,
            })
        })
        .collect();
    json!({
        "title": lesson.title,
        "notes": lesson.notes,
        "players": lesson.players.iter().map(|c| c.as_str()).collect::<Vec<_>>(),
        "puzzle": lesson.puzzle,
        "steps": steps,
        "variations": variations,
        "strings": strings.list,
    })
}

/// The texts of a page's exercises, each once: the exercise tables hold indices into it.
#[derive(Default)]
struct Strings {
    list: Vec<String>,
    index: std::collections::HashMap<String, usize>,
}

impl Strings {
    fn of(&mut self, text: &str) -> usize {
        if let Some(&i) = self.index.get(text) {
            return i;
        }
        self.list.push(text.to_owned());
        self.index.insert(text.to_owned(), self.list.len() - 1);
        self.list.len() - 1
    }

    /// `(code, message)` pairs as `[code, message]` index pairs.
    fn pairs(&mut self, pairs: &[(String, String)]) -> Value {
        Value::Array(
            pairs
                .iter()
                .map(|(c, m)| json!([self.of(c), self.of(m)]))
                .collect(),
        )
    }
}

/// An exercise as the page's script reads it (docs/export.md, "The page model"): texts as
/// indices into the page's `strings`; each placement `[0, refusals]` or `[1, choices]`, each
/// choice `[label, words, move]` with `move` an index into `moves` or the refusals; each
/// move `[text, points, gains, breakdown, best]`.
fn exercise_json(e: &Exercise, strings: &mut Strings) -> Value {
    let placements: Vec<Value> = e
        .placements
        .iter()
        .map(|p| {
            if !p.refused.is_empty() || p.choices.is_empty() {
                return json!([0, strings.pairs(&p.refused)]);
            }
            let choices: Vec<Value> = p
                .choices
                .iter()
                .map(|c| {
                    let outcome = match &c.outcome {
                        Outcome::Move(i) => json!(i),
                        Outcome::Refused(found) => strings.pairs(found),
                    };
                    json!([strings.of(&c.label), strings.of(&c.words), outcome])
                })
                .collect();
            json!([1, choices])
        })
        .collect();
    let moves: Vec<Value> = e
        .moves
        .iter()
        .map(|m| {
            json!([
                strings.of(&m.text),
                m.points,
                strings.of(&m.gains),
                strings.of(&m.breakdown),
                u8::from(m.best)
            ])
        })
        .collect();
    json!({
        "tile": e.tile.token(),
        "colour": e.colour.as_str(),
        "cells": e.cells.iter().map(|p| json!([p.x, p.y])).collect::<Vec<_>>(),
        "placements": placements,
        "moves": moves,
        "answer": e.answer,
    })
}

/// The step a question's answer is: the first turn after it on its line (refused moves held
/// back to follow the question come between).
fn answer_step(lesson: &Lesson, question: usize) -> Option<usize> {
    let mut at = lesson.steps.get(question)?.next;
    while let Some(id) = at {
        let step = &lesson.steps[id];
        if !matches!(step.kind, StepKind::Refused { .. }) {
            return Some(id);
        }
        at = step.next;
    }
    None
}

/// Whether `text` shows anything: not only spaces, control and format characters
/// (zero-width spaces and joiners, bidi controls, soft hyphens, variation selectors).
pub fn visible(text: &str) -> bool {
    text.chars().any(|c| {
        !(c.is_whitespace()
            || c.is_control()
            || matches!(c,
                '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}'
                | '\u{17B5}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E0FFF}'))
    })
}

/// A lesson's title: its `title` when that shows anything, else `fallback` (the file name).
pub fn display_title(title: Option<&str>, fallback: &str) -> String {
    match title {
        Some(t) if visible(t) => t.to_owned(),
        _ => fallback.to_owned(),
    }
}

/// The head of a page: charset, viewport, colour schemes, the policy, title and style.
fn head(out: &mut String, title: &str) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">\n\
         <meta name=\"generator\" content=\"carc {}\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n",
        env!("CARGO_PKG_VERSION"),
        html(title)
    );
}

/// The path of variation names down to `variation`: `Main line` or `“A” › “B”`.
fn where_text(lesson: &Lesson, variation: Option<usize>) -> String {
    let mut names = Vec::new();
    let mut at = variation;
    while let Some(v) = at.and_then(|v| lesson.variations.get(v)) {
        names.push(format!("“\u{2068}{}\u{2069}”", v.name));
        at = v.parent;
    }
    if names.is_empty() {
        return "Main line".to_owned();
    }
    names.reverse();
    format!("Variation {}", names.join(" › "))
}

/// The controls of a question's exercise: the tile in hand and its Turn button (into `out`,
/// before the picture), a button over each open cell of the picture (`overlay`), and the
/// figure choices, Confirm and the verdict (`after`, under the picture). Hidden until the
/// script (which judges from the page model's exercise table) shows them.
fn play_controls(
    out: &mut String,
    overlay: &mut String,
    after: &mut String,
    step: &Step,
    e: &Exercise,
) {
    let _ = write!(
        out,
        "<div class=\"hand\" hidden><p>Tile in hand: <strong>{}</strong> ({}) for {}. Pick a cell on the board, turn the tile, choose a figure, confirm.</p><div class=\"hand-tiles\">",
        e.tile.token(),
        html(e.tile.name()),
        e.colour.as_str()
    );
    for (i, rotation) in Rotation::ALL.into_iter().enumerate() {
        let _ = write!(
            out,
            "<span class=\"hand-tile\" data-rot=\"{i}\"{}>{}</span>",
            if i == 0 { "" } else { " hidden" },
            render_tiles_svg(&[(e.tile, rotation)], 1).trim_end()
        );
    }
    out.push_str(
        "</div><button type=\"button\" class=\"turn-tile\" aria-keyshortcuts=\"R\">Turn ↻ <kbd>R</kbd></button> <span class=\"rot-word\">r0</span></div>\n",
    );
    let boxes = cell_boxes(&step.board, &e.cells);
    let pct = |v: f64, of: f64| format!("{:.3}%", v / of * 100.0);
    overlay.push_str("<div class=\"cells\" hidden>");
    for (i, (pos, (x, y))) in e.cells.iter().zip(&boxes.corners).enumerate() {
        let _ = write!(
            overlay,
            "<button type=\"button\" class=\"cell\" data-cell=\"{i}\" tabindex=\"{}\" aria-label=\"cell {},{}\" style=\"left:{};top:{};width:{};height:{}\"></button>",
            if i == 0 { 0 } else { -1 },
            pos.x,
            pos.y,
            pct(*x, boxes.width),
            pct(*y, boxes.height),
            pct(boxes.side, boxes.width),
            pct(boxes.side, boxes.height),
        );
    }
    overlay.push_str("</div>");
    after.push_str(
        "<div class=\"choose\" hidden><p class=\"picked\">No cell picked yet.</p>\
         <fieldset class=\"figures\" hidden><legend>Figure</legend><div class=\"options\"></div></fieldset>\
         <button type=\"button\" class=\"confirm\" disabled>Confirm the move</button>\
         <div class=\"verdict\" role=\"status\" aria-live=\"polite\"></div></div>\n",
    );
}

/// One step as a `<section>`.
fn step_section(out: &mut String, lesson: &Lesson, id: usize, step: &Step, at: usize) {
    let kind = step.kind.name();
    let _ = write!(
        out,
        "<section class=\"step {kind}\" id=\"step-{id}\" data-step=\"{id}\" data-at=\"{at}\" aria-labelledby=\"step-{id}-h\">\n\
         <h2 id=\"step-{id}-h\" tabindex=\"-1\">{}</h2>\n<p class=\"where\">{} · line {}</p>\n",
        html(&step.heading),
        html(&where_text(lesson, step.variation)),
        step.line + 1
    );
    // A question's controls: over the picture (the cells), and under it (the figures).
    let mut overlay = String::new();
    let mut after_board = String::new();
    if let StepKind::Question {
        prompt,
        hint,
        exercise,
    } = &step.kind
    {
        let _ = writeln!(out, "<p class=\"prompt\">{}</p>", html(prompt));
        if let Some(hint) = hint {
            let _ = writeln!(
                out,
                "<details class=\"hint\"><summary>Hint</summary>{}</details>",
                markdown(hint)
            );
        }
        if let Some(e) = exercise {
            play_controls(out, &mut overlay, &mut after_board, step, e);
        }
        if let Some(answer) = answer_step(lesson, id) {
            let _ = writeln!(
                after_board,
                "<p><a class=\"reveal\" href=\"#step-{answer}\">Show the answer</a></p>"
            );
        }
    }
    if !step.statement.is_empty() {
        let _ = writeln!(
            out,
            "<pre class=\"statement\"><code>{}</code></pre>",
            html(&step.statement)
        );
    }
    if let StepKind::Refused { codes, reasons } = &step.kind {
        let _ = write!(
            out,
            "<p class=\"refused-note\"><strong>Refused</strong> ({}): this move is not allowed, and the position does not change.</p>",
            html(&codes.join(", "))
        );
        for reason in reasons {
            let _ = write!(out, "<p class=\"reason\">{}</p>", html(reason));
        }
        out.push('\n');
    }
    // The tiles are drawn once, in the page's layers: the script moves those of this step's
    // board into its picture, and writes the board as text from them (`data-at`: the step's
    // number among the layers' `data-from..=data-to`).
    let ascii = ascii_overlay(&step.board);
    let cells: Vec<Value> = ascii
        .cells
        .iter()
        .map(|(x, y, text)| json!([x, y, text]))
        .collect();
    let _ = writeln!(
        out,
        "<figure class=\"board\">\n<div class=\"picture\"><div role=\"img\" aria-label=\"{}\">\n{}</div>{overlay}</div>\n\
         <figcaption><details><summary>The board as text</summary><pre class=\"ascii\" data-head=\"{}\" data-notes=\"{}\" data-tail=\"{}\" data-cells=\"{}\">{}{}{}</pre></details></figcaption>\n</figure>",
        html(&step.alt),
        render_svg(&step.board),
        html(&ascii.head),
        html(&ascii.notes),
        html(&ascii.tail),
        html(&Value::Array(cells).to_string()),
        html(&ascii.head),
        html(&ascii.notes),
        html(&ascii.tail)
    );
    out.push_str(&after_board);
    if let Some(explanation) = &step.explanation {
        let _ = writeln!(
            out,
            "<div class=\"explanation\">{}</div>",
            markdown(explanation)
        );
    }
    if let StepKind::Turn {
        ranking: Some(ranking),
        ..
    } = &step.kind
    {
        let _ = writeln!(
            out,
            "<p class=\"ranking\">Among every move of this tile: {}</p>",
            html(ranking)
        );
    }
    if !step.checks.is_empty() {
        out.push_str("<ul class=\"checks\" aria-label=\"The author's checks\">");
        for check in &step.checks {
            let _ = write!(
                out,
                "<li class=\"{}\"><code>{}</code> {}</li>",
                if check.holds { "holds" } else { "fails" },
                html(&check.statement),
                if check.holds {
                    "✓ holds"
                } else {
                    "✗ does not hold"
                }
            );
        }
        out.push_str("</ul>\n");
    }
    if !step.problems.is_empty() {
        out.push_str("<ul class=\"problems\">");
        for (code, message) in &step.problems {
            let _ = write!(
                out,
                "<li><code>{}</code> {}</li>",
                html(code),
                html(message)
            );
        }
        out.push_str("</ul>\n");
    }
    let caption = if step.next.is_none() && step.branches.is_empty() {
        "Final totals"
    } else {
        "Scores"
    };
    let _ = write!(
        out,
        "<table class=\"totals\"><caption>{caption}</caption><thead><tr><th scope=\"col\">Player</th><th scope=\"col\">Score</th><th scope=\"col\">Supply</th></tr></thead><tbody>"
    );
    for (colour, score, supply) in &step.board.players {
        let _ = write!(
            out,
            "<tr data-colour=\"{c}\"><th scope=\"row\"><span class=\"dot {c}\"></span>{c}</th><td class=\"score\">{score}</td><td>{supply}</td></tr>",
            c = colour.as_str()
        );
    }
    out.push_str("</tbody></table>\n");
    if !step.branches.is_empty() {
        out.push_str("<nav class=\"branches\" aria-label=\"Variations from here\"><p>Variations from here:</p><ul>");
        for (n, &v) in step.branches.iter().enumerate() {
            let variation = &lesson.variations[v];
            let key = if n < 9 {
                format!(" <kbd>{}</kbd>", n + 1)
            } else {
                String::new()
            };
            match variation.first {
                Some(first) => {
                    let _ = write!(
                        out,
                        "<li><a class=\"branch\" href=\"#step-{first}\" data-key=\"{}\"><bdi>{}</bdi></a>{key}</li>",
                        n + 1,
                        html(&variation.name)
                    );
                }
                None => {
                    let _ = write!(
                        out,
                        "<li><bdi>{}</bdi> (no moves)</li>",
                        html(&variation.name)
                    );
                }
            }
        }
        out.push_str("</ul></nav>\n");
    }
    if let Some(v) = step.variation.and_then(|v| lesson.variations.get(v)) {
        let _ = writeln!(
            out,
            "<p class=\"leave\"><a class=\"leave-link\" href=\"#step-{}\">Leave the variation “<bdi>{}</bdi>”</a> <kbd>Esc</kbd></p>",
            v.from,
            html(&v.name)
        );
    }
    out.push_str("</section>\n");
}

/// The list of every step, the main line with its variations nested where they branch.
fn move_list(out: &mut String, lesson: &Lesson, first: Option<usize>, answers: &[usize]) {
    // The stylesheet's indent holds a one-digit number ("9."); each further digit of this
    // list's last number needs one more `ch`, or "10." is cut at the left edge.
    let items = std::iter::successors(first, |&id| lesson.steps[id].next).count();
    let extra_digits = items.max(1).ilog10();
    if extra_digits == 0 {
        out.push_str("<ol>");
    } else {
        let _ = write!(
            out,
            "<ol style=\"padding-left: calc(1.5rem + {extra_digits}ch)\">"
        );
    }
    let mut at = first;
    while let Some(id) = at {
        let step = &lesson.steps[id];
        let _ = write!(
            out,
            "<li><a href=\"#step-{id}\" data-step=\"{id}\">{}</a>",
            html(&step.heading)
        );
        // An answer's line would give it away before its question is answered.
        if !step.statement.is_empty()
            && !matches!(step.kind, StepKind::Setup)
            && !answers.contains(&id)
        {
            let _ = write!(out, " <code>{}</code>", html(&step.statement));
        }
        for &v in &step.branches {
            let variation = &lesson.variations[v];
            let _ = write!(
                out,
                "<div class=\"variation\"><span>Variation “<bdi>{}</bdi>”</span>",
                html(&variation.name)
            );
            move_list(out, lesson, variation.first, answers);
            out.push_str("</div>");
        }
        out.push_str("</li>");
        at = step.next;
    }
    out.push_str("</ol>");
}

/// Refuses a lesson whose tiles span more than [`LAYER_SIDE`] columns or rows (its pictures
/// keep every column and row of that box: only tiles placed far apart, `not-adjacent`, reach
/// it), with a message naming the limit. A page otherwise grows with the game's length: each
/// tile is drawn once, each step draws only its meeples, marks and scores.
pub fn check_span(lesson: &Lesson, file: &str) -> Result<(), String> {
    let Some(first) = lesson.tiles.first() else {
        return Ok(());
    };
    let (mut min, mut max) = (first.tile.pos, first.tile.pos);
    for t in &lesson.tiles {
        min = carc_rules::Pos {
            x: min.x.min(t.tile.pos.x),
            y: min.y.min(t.tile.pos.y),
        };
        max = carc_rules::Pos {
            x: max.x.max(t.tile.pos.x),
            y: max.y.max(t.tile.pos.y),
        };
    }
    let width = i64::from(max.x) - i64::from(min.x) + 1;
    let height = i64::from(max.y) - i64::from(min.y) + 1;
    if width.max(height) <= i64::from(LAYER_SIDE) {
        return Ok(());
    }
    Err(format!(
        "{file}: its tiles span {width} columns and {height} rows, more than the limit of \
         {LAYER_SIDE} of either on a page (tiles placed far apart); nothing exported"
    ))
}

/// The page of one lesson; `fallback` titles a lesson without `title`; `site` links it into
/// an exported course.
pub fn lesson_page(lesson: &Lesson, fallback: &str, site: Option<&Site>) -> String {
    let title = display_title(lesson.title.as_deref(), fallback);
    let title = title.as_str();
    let mut out = String::new();
    head(&mut out, title);
    out.push_str("<body>\n<a class=\"skip\" href=\"#steps\">Skip to the lesson</a>\n<header>\n");
    if let Some(site) = site {
        let _ = write!(
            out,
            "<nav class=\"course\" aria-label=\"Course\"><a href=\"{}\"><bdi>{}</bdi></a> · lesson {} of {}",
            html(&site.index),
            html(&site.course),
            site.position.0,
            site.position.1
        );
        if let Some((href, t)) = &site.previous {
            let _ = write!(
                out,
                " · <a rel=\"prev\" href=\"{}\">← <bdi>{}</bdi></a>",
                html(href),
                html(t)
            );
        }
        if let Some((href, t)) = &site.next {
            let _ = write!(
                out,
                " · <a rel=\"next\" href=\"{}\"><bdi>{}</bdi> →</a>",
                html(href),
                html(t)
            );
        }
        out.push_str("</nav>\n");
    }
    let _ = writeln!(out, "<h1 dir=\"auto\">{}</h1>", html(title));
    for note in &lesson.notes {
        let _ = writeln!(out, "<p class=\"note\" dir=\"auto\">{}</p>", html(note));
    }
    out.push_str(
        "</header>\n<main>\n<div class=\"controls\" role=\"toolbar\" aria-label=\"Step through the lesson\" hidden>\n\
         <button type=\"button\" id=\"first\" aria-keyshortcuts=\"Home\">Start</button>\n\
         <button type=\"button\" id=\"back\" aria-keyshortcuts=\"ArrowLeft\">◀ Back</button>\n\
         <button type=\"button\" id=\"next\" aria-keyshortcuts=\"ArrowRight\">Next ▶</button>\n\
         <button type=\"button\" id=\"leave\" aria-keyshortcuts=\"Escape\">Leave variation</button>\n\
         <label><input type=\"checkbox\" id=\"quiz\" checked> Find the move</label>\n\
         <label><input type=\"checkbox\" id=\"author\"> Author view</label>\n\
         <p id=\"status\" role=\"status\" aria-live=\"polite\"></p>\n</div>\n\
         <p class=\"keys\" hidden>Keys: <kbd>←</kbd> <kbd>→</kbd> step, ",
    );
    if !lesson.variations.is_empty() {
        out.push_str("<kbd>1</kbd>–<kbd>9</kbd> enter a variation, <kbd>Esc</kbd> leave it, ");
    }
    out.push_str("<kbd>Home</kbd> <kbd>End</kbd> first and last step.</p>\n<div id=\"steps\">\n");
    let ranges = lesson.step_ranges();
    for (id, step) in lesson.steps.iter().enumerate() {
        step_section(&mut out, lesson, id, step, ranges[id].0);
    }
    out.push_str(
        "</div>\n</main>\n<nav class=\"moves\" aria-label=\"Every step\">\n<h2>Every step</h2>\n",
    );
    // A question's answer and the refused moves held back to follow it: their lines would
    // give the answer away in the list before the question is answered.
    let mut answers: Vec<usize> = Vec::new();
    for id in 0..lesson.steps.len() {
        if !matches!(lesson.steps[id].kind, StepKind::Question { .. }) {
            continue;
        }
        let Some(answer) = answer_step(lesson, id) else {
            continue;
        };
        let mut at = lesson.steps[id].next;
        while let Some(step) = at {
            answers.push(step);
            if step == answer {
                break;
            }
            at = lesson.steps[step].next;
        }
    }
    move_list(
        &mut out,
        lesson,
        (!lesson.steps.is_empty()).then_some(0),
        &answers,
    );
    let layer: Vec<LayerTile<'_>> = lesson
        .tiles
        .iter()
        .map(|t| LayerTile {
            tile: &t.tile,
            steps: ranges[t.step],
            mismatched: &t.mismatched,
        })
        .collect();
    let _ = write!(
        out,
        "\n</nav>\n{}<script type=\"application/json\" id=\"carc-lesson\">{}</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        render_layer_svg(&layer),
        script_json(&lesson_json(lesson))
    );
    out
}

/// The index of an exported course: each lesson's title (and first note) in file order.
pub fn index_page(course: &str, entries: &[IndexEntry]) -> String {
    let mut out = String::new();
    head(&mut out, course);
    let _ = writeln!(
        out,
        "<body class=\"index\">\n<header><h1 dir=\"auto\">{}</h1><p class=\"note\">{} lesson{}</p></header>\n<main>\n<ol class=\"lessons\">",
        html(course),
        entries.len(),
        if entries.len() == 1 { "" } else { "s" }
    );
    for entry in entries {
        let _ = write!(
            out,
            "<li><a href=\"{}\"><bdi>{}</bdi></a>",
            html(&entry.href),
            html(&entry.title)
        );
        if let Some(note) = &entry.note {
            let _ = write!(out, "<p class=\"note\" dir=\"auto\">{}</p>", html(note));
        }
        out.push_str("</li>\n");
    }
    out.push_str("</ol>\n</main>\n</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_has_a_dot() {
        // the scores table marks each player with `<span class="dot COLOUR">`
        for word in carc_rules::Color::WORDS {
            let rule = format!(".dot.{word} {{ background: #");
            assert!(STYLE.contains(&rule), "page.css has no {rule}");
        }
    }

    #[test]
    fn html_escapes_markup_quotes_and_controls() {
        assert_eq!(
            html("<a href=\"x\">&'</a>\u{0}\u{7}\u{ffff}"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;   "
        );
        assert_eq!(html("é “q” \n"), "é “q” \n");
    }

    #[test]
    fn script_json_cannot_close_the_element_and_reads_back_the_same() {
        let hostile = "</script><script>alert(1)</script><!-- & \u{2028}\u{2029} \"";
        let value = json!({ "title": hostile });
        let text = script_json(&value);
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!text.contains(forbidden), "{forbidden:?} in {text}");
        }
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["title"], hostile);
    }

    #[test]
    fn markdown_subset() {
        let card = "**turn** of red\n\n- city of 2 tiles (complete): 2 × 2 = 4 for red\n  - red's knight returns\n- road <b>\n\n**!** good move\n";
        assert_eq!(
            markdown(card),
            "<p><strong>turn</strong> of red</p><ul><li>city of 2 tiles (complete): 2 × 2 = 4 for red\
             <ul><li>red&apos;s knight returns</li></ul></li><li>road &lt;b&gt;</li></ul>\
             <p><strong>!</strong> good move</p>"
        );
        // Unpaired markers stay as written.
        assert_eq!(markdown("a ** b `c"), "<p>a ** b `c</p>");
        assert_eq!(
            markdown("**a** **b** **c"),
            "<p><strong>a</strong> <strong>b</strong> **c</p>"
        );
    }

    #[test]
    fn a_refused_step_shows_its_codes_and_reasons() {
        // The `refused` statement is not in the grammar yet: fill the step kind by hand, as
        // the model will once it is.
        let analysis = carc_analysis::analyze("tile D 0,0 red knight N\nturn red E 0,1 r180\n");
        let mut lesson = carc_analysis::lesson(&analysis);
        lesson.steps[1].kind = StepKind::Refused {
            codes: vec!["occupied-feature".to_owned()],
            reasons: vec!["this city already holds <red's knight>".to_owned()],
        };
        let page = lesson_page(&lesson, "t", None);
        assert!(page.contains("class=\"step refused\""));
        assert!(page.contains("<strong>Refused</strong> (occupied-feature)"));
        assert!(page.contains("this city already holds &lt;red&apos;s knight&gt;"));
        let json = lesson_json(&lesson);
        assert_eq!(json["steps"][1]["kind"], "refused");
        assert_eq!(json["steps"][1]["codes"][0], "occupied-feature");
    }

    #[test]
    fn links_are_relative_and_percent_encoded() {
        let page = vec!["sub".to_owned(), "a b\".html".to_owned()];
        assert_eq!(
            relative_href(&page, &["index.html".to_owned()]),
            "../index.html"
        );
        assert_eq!(relative_href(&[], &page), "sub/a%20b%22.html");
        assert_eq!(
            relative_href(&[], &["é<.html".to_owned()]),
            "%C3%A9%3C.html"
        );
    }
}
