#!/usr/bin/env python3
"""The tree-sitter grammar accepts exactly the lines the pest grammar accepts.

Runs both over the same lines and fails on any line where they disagree:
  - every line of every `.carc` file under examples/ and tests/data/;
  - hand-written near misses (NEAR_MISSES);
  - generated statements: random instances of every form in FORMS;
  - random mutations of all of the above (a character inserted, deleted or replaced, two
    words joined, swapped, repeated or dropped, a word's case changed).
It also parses every whole file: each example must have no ERROR or MISSING node, and each
fixture under tests/data/ must have one exactly when pest rejects one of its lines.

pest is asked through `cargo run -p carc-notation --example grammar_accepts` (or --pest
BINARY): one `1`/`0` per input line. tree-sitter is asked through
`tree-sitter parse --json-summary` over one file per line.

Keeping in step with grammar/carc.pest: a new statement or token goes into FORMS (the one
list of statement forms here) and into grammar.js; the generated lines then cover it.

Usage: equivalence.py [--tree-sitter BIN] [--pest BIN] [--generated N] [--seed S]
Prints a summary and `N passed, N failed` (lines); exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import re
import subprocess
import sys
import tempfile
from typing import Callable

HERE = pathlib.Path(__file__).resolve().parent
GRAMMAR_DIR = HERE.parent
ROOT = GRAMMAR_DIR.parent.parent

Gen = Callable[[random.Random], str]

# ---- building blocks ----------------------------------------------------------------


def pick(*words: str) -> Gen:
    """One of `words`."""
    return lambda rng: rng.choice(words)


def opt(gen: Gen) -> Gen:
    """`gen` or nothing (half the time)."""
    return lambda rng: gen(rng) if rng.random() < 0.5 else ""


def some(gen: Gen, most: int = 3) -> Gen:
    """0 to `most` repetitions of `gen`, separated by spaces."""
    return lambda rng: join_words(rng, [gen(rng) for _ in range(rng.randint(0, most))])


def words(*gens: Gen | str) -> Gen:
    """The parts in order, separated by spaces or tabs; empty (omitted) parts vanish."""
    return lambda rng: join_words(rng, [g if isinstance(g, str) else g(rng) for g in gens])


def glued(*gens: Gen | str) -> Gen:
    """The parts in order with nothing between them."""
    return lambda rng: "".join(g if isinstance(g, str) else g(rng) for g in gens)


def listed(gen: Gen, most: int = 4) -> Gen:
    """One to `most` entries separated by a comma and/or spaces."""
    return lambda rng: "".join(
        (rng.choice(LIST_SEPARATORS) if i else "") + gen(rng)
        for i in range(rng.randint(1, most))
    )


def comma_listed(gen: Gen, most: int = 3) -> Gen:
    """One to `most` entries separated by a comma, with or without spaces."""
    return lambda rng: "".join(
        (rng.choice([",", ", ", " , ", "\t,"]) if i else "") + gen(rng)
        for i in range(rng.randint(1, most))
    )


def one_of(*gens: Gen | str) -> Gen:
    """One of the alternatives."""
    return lambda rng: (lambda g: g if isinstance(g, str) else g(rng))(rng.choice(gens))


SEPARATORS = [" ", " ", " ", "  ", "\t", " \t "]
LIST_SEPARATORS = [",", ", ", ", ", " , ", " ,", " ", "  ", "\t,\t"]


def join_words(rng: random.Random, parts: list[str]) -> str:
    out = ""
    for part in parts:
        if part:
            out += (rng.choice(SEPARATORS) if out else "") + part
    return out


def number(rng: random.Random) -> str:
    return rng.choice(["", "", "+"]) + str(rng.choice([0, 1, 3, 8, 12, 72, 100, 99999999999]))


def coordinate(rng: random.Random) -> str:
    def one() -> str:
        return rng.choice(["", "", "-"]) + str(rng.choice([0, 1, 2, 10, 123]))

    return one() + "," + one()


ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def tile(rng: random.Random) -> str:
    """A tile token: `[A-Za-z][A-Za-z0-9]*(\\.[A-Za-z0-9]+)?` (issue 15)."""
    if rng.random() < 0.5:
        return rng.choice(["A", "D", "E", "X", "Eg", "ic.A", "r.F", "tb.X", "a", "Z", "red"])
    word = rng.choice(ALNUM[:52]) + "".join(rng.choice(ALNUM) for _ in range(rng.randint(0, 3)))
    if rng.random() < 0.3:
        word += "." + "".join(rng.choice(ALNUM) for _ in range(rng.randint(1, 3)))
    return word


def string(rng: random.Random) -> str:
    pieces = ["a", "Coat of arms", " ", "#", ",", "é", "→", "'", "\\\"", "\\\\", "{", "\t"]
    return '"' + "".join(rng.choice(pieces) for _ in range(rng.randint(0, 5))) + '"'


def refusal_code(rng: random.Random) -> str:
    return rng.choice(["edge-mismatch", "occupied-feature", "not-adjacent", "syntax", "a-b-c"])


def comment(rng: random.Random) -> str:
    return rng.choice(["#", "# a comment", "#x", '# "quoted', "# é → 3"])


COLOUR = pick("red", "blue", "green", "yellow", "black", "pink")
ROLE = pick("knight", "traveller", "traveler", "monk", "farmer")
PLACE = pick(
    "N", "E", "S", "W", "NE", "SE", "SW", "NW", "NNE", "ESE", "SSW", "WNW", "NNW", "inner"
)
ROTATION = pick("r0", "r90", "r180", "r270")
GLYPH = pick("!!", "!?", "!", "??", "?!", "?")
# Option words: the registry's and others (which words exist is the parser's question).
RULE_OPTION = pick(
    "farmers", "no-farmers", "whole-board", "boxes", "abbot", "inns-cathedrals", "foo-2", "x"
)
# A meeple, or the large meeple of Inns & Cathedrals (`large knight N`), the abbot, or the
# builder or pig of Traders & Builders (with a place; without one, a near miss).
MEEPLE = one_of(
    words(opt(pick("large")), ROLE, opt(PLACE)), "abbot", words(pick("builder", "pig"), PLACE)
)
AMOUNTS = listed(words(COLOUR, number))
EXPECTATION = words("=>", one_of("nothing", listed(words(COLOUR, number))))
TURN_BODY = words(
    COLOUR, tile, coordinate, opt(ROTATION), opt(one_of(MEEPLE, "recall")), opt(GLYPH)
)
TURN_MOVE = words("turn", TURN_BODY)
GOOD = pick("wine", "grain", "cloth")
# `red wine 2, cloth 1`: a colour, then good–number pairs (a repeated good is the parser's
# error after the grammar accepted the line, so it is generated too).
GOODS_LIST = words(COLOUR, opt(listed(words(GOOD, number), 3)))

# ---- the statement forms of grammar/carc.pest: keep in step with it --------------------

FORMS: dict[str, Gen] = {
    "title": words("title", string),
    "note": words("note", string),
    "players": words("players", listed(COLOUR)),
    "rules": words("rules", listed(words(RULE_OPTION, opt(number)))),
    "tile": words("tile", tile, coordinate, opt(ROTATION), some(words(COLOUR, MEEPLE))),
    "supply": words("supply", AMOUNTS),
    "score": words("score", AMOUNTS),
    "turn": words(TURN_MOVE, opt(EXPECTATION)),
    "bonus": words("bonus", TURN_BODY, opt(EXPECTATION)),
    "refused": words(
        "refused", glued(comma_listed(refusal_code), pick("", "", " "), ":"),
        one_of(TURN_MOVE, words("discard", tile)), opt(EXPECTATION),
    ),
    "discard": words("discard", tile),
    "expect": one_of(
        words("expect", pick("score", "supply"), AMOUNTS), words("expect", "goods", GOODS_LIST)
    ),
    "end": words("end", opt(EXPECTATION)),
    "variation": words("variation", string, "{"),
    "variation end": pick("}"),
    "mark": words("mark", coordinate, opt(string)),
    "puzzle": words("puzzle", opt(pick("points", "final", "score"))),
    "draws": words("draws", listed(tile)),
    "goods": words("goods", GOODS_LIST),
}


def generated_line(rng: random.Random, form: Gen) -> str:
    """A statement with optional spaces around it and an optional comment after it."""
    line = rng.choice(["", "", " ", "\t"]) + form(rng)
    if rng.random() < 0.2:
        line += rng.choice(["", " ", "\t"])
    if rng.random() < 0.3:
        line += rng.choice(["", " ", "  "]) + comment(rng)
    return line


# Lines that pest rejects or accepts for a subtle reason, and that random mutation may miss.
NEAR_MISSES = [
    "", " ", "\t", "#", "   # only a comment",
    "tile D 0,0r90", "tile D 0,0 r90red knight", "turn red D 0,0 r90knight",
    "tile D 0,0,1", "tile D 0, 0", "tile D -0,-0", "tile D 0,0# touching",
    "tile DD 0,0", "tile D1 0,0", "tile 1D 0,0", "tile D. 0,0", "tile D.x.y 0,0",
    "tile é 0,0", "tile red 0,0", "tile r90 0,0", "tile D 0,0 red", "tile D 0,0 red knight S W",
    "tile D 0,0 red large knight N", "tile D 0,0 red large", "tile D 0,0 red large large knight",
    "turn red U 1,0 large traveller", "turn red U 1,0 large", "turn red U 1,0 largeknight",
    "turn red U 1,0 knight large", "refused figure-supply: turn red U 1,0 large traveller N",
    "tile ic.G 0,1 red farmer ESE", "tile ic.H 0,1 red farmer inner", "tile D 0,0 red farmer NNEE",
    "tile D 0,0 red farmer Inner", "tile D 0,0 red farmer innerx", "turn red D 0,0 farmer SSEE",
    "tile Eg 0,1 red abbot", "tile Eg 0,1 red abbot N", "tile Eg 0,1 red large abbot",
    "turn red U 1,0 recall", "turn red U 1,0 recall abbot", "turn red U 1,0 abbot recall",
    "turn red U 1,0 recall => red +3", "turn red U 1,0 abbot !", "turn red U 1,0 recall knight",
    "players red,,blue", "players red ,blue", "players red,", "players red, #x", "players",
    "players#", "players red blue,green", "rules boxes", "rules boxes +3,farmers",
    "rules farmers no-farmers whole-board", "rules no-farmersx", "rules Farmers", "rules 3",
    "rules boxes 3 4", "rules boxes3", "rules farmers +1, x-", "rules -x", "rules a_b",
    'title"x"', 'title "x"y', 'title "x"#c', 'title "a\\"b"', 'title "a\\nb"', 'title "',
    'title "a" "b"', "end#c", "end=> nothing", "end => nothing", "end =>nothing",
    "end => red +3,", "end => red -3", "end => red 3 blue 4", "end nothing",
    "turn red D 0,0 !!x", "turn red D 0,0 !?!", "turn red D 0,0 ! => nothing",
    "turn red D 0,0 knight NE ?", "turn red D 0,0 S", "turn red D 0,0 r90 r90",
    "refused edge-mismatch: turn red D 0,0", "refused edge-mismatch : turn red D 0,0",
    "refused edge-mismatch:turn red D 0,0", "refused a, b: turn red D 0,0 r90 knight N !",
    "refused a b: turn red D 0,0", "refused a,: turn red D 0,0", "refused a-: turn red D 0,0",
    "refused A: turn red D 0,0", "refused a: turn red D 0,0 => nothing", "refused a:",
    "refused a: tile D 0,0", "refused: turn red D 0,0", "refused a--b: turn red D 0,0",
    "refused illegal-discard: discard E", "refused a, b : discard ic.A # c",
    "refused a: discard", "refused a: discard E 0,0", "refused a: discard E => nothing",
    "refused a:discard E", "refused a: discardE", "refused a: discard E r90", "refused discard E",
    'variation "x" {', 'variation "x"{', 'variation "x" { # c', "variation {", "}", "} }",
    "}#", 'mark 1,2 "a"', 'mark 1,2"a"', "mark 1,2 a", "puzzle", "puzzle!", "puzzles",
    "expect score red 3", "expect supply red +3, blue 4", "expect red 3", "discard Eg",
    "discard ic.A", "discard tb.X", "discard r.F", "supply red 7 blue 7", "score red",
"tile\u00a0D 0,0", "turn red D 0,0 => red +1,blue +2",
    "puzzle final", "puzzle points score", "puzzle finals", "puzzle Final", "puzzle final#c",
    "puzzle\tscore", "puzzle best", "draws", "draws ", "draws E", "draws E,U , V\tic.A",
    "draws E,", "draws ,E", "draws E,,U", "draws E 0,0", "draws final", "draws E#c",
    "drawsE",
    "tile U 1,0 r90 red builder E", "tile U 1,0 red builder", "tile U 1,0 red builder large",
    "turn red U 1,0 builder", "turn red U 1,0 pig", "turn red U 1,0 pig NW !",
    "turn red U 1,0 builder knight N", "turn red U 1,0 builderE", "turn red U 1,0 large builder E",
    "turn red U 1,0 pig inner => nothing", "turn red U 1,0 Builder E", "tile U 1,0 red pig N S",
    "bonus red A 3,0 r90 => red +5", "bonus red A 3,0", "bonus", "bonus red", "bonusred A 3,0",
    "bonus red A 3,0 recall", "bonus red A 3,0 builder W ?", "refused a: bonus red A 3,0",
    "goods red", "goods", "goods red wine", "goods red wine 1 grain 2 cloth 3",
    "goods red,wine 1", "goods red wine 1,grain 2", "goods red wine 1 , grain 2",
    "goods red wine 1,", "goods red wine1", "goods red silk 1", "goods wine 1", "goods red Wine 1",
    "goods red blue", "goods red wine 1 wine 2", "goods red wine -1", "goods red wine +1#c",
    "expect goods red", "expect goods", "expect goods red grain 1", "expect goods red 1",
    "expect Goods red", "expect goods red wine 1 blue", "expect goodsred",
]

# ---- mutations ------------------------------------------------------------------------

MUTATION_CHARS = list(" \t,#\"\\:{}!?=>+-.0123456789rRdDNsSeE") + ["é", "\u00a0", "x"]


def mutate(rng: random.Random, line: str) -> str:
    words_ = line.split(" ")
    kind = rng.randrange(8)
    i = rng.randrange(len(line) + 1)
    if kind == 0:
        return line[:i] + rng.choice(MUTATION_CHARS) + line[i:]
    if kind == 1 and line:
        i = min(i, len(line) - 1)
        return line[:i] + line[i + 1 :]
    if kind == 2 and line:
        i = min(i, len(line) - 1)
        return line[:i] + rng.choice(MUTATION_CHARS) + line[i + 1 :]
    if len(words_) >= 2:
        j = rng.randrange(len(words_) - 1)
        if kind == 3:  # join two words
            return " ".join(words_[:j] + [words_[j] + words_[j + 1]] + words_[j + 2 :])
        if kind == 4:  # swap two words
            words_[j], words_[j + 1] = words_[j + 1], words_[j]
            return " ".join(words_)
        if kind == 5:  # repeat a word
            return " ".join(words_[: j + 1] + [words_[j]] + words_[j + 1 :])
        if kind == 6:  # drop a word
            return " ".join(words_[:j] + words_[j + 1 :])
    j = rng.randrange(len(words_))
    words_[j] = words_[j].swapcase()
    return " ".join(words_)


# ---- the two parsers ------------------------------------------------------------------


def pest_accepts(pest: list[str], lines: list[str]) -> list[bool]:
    data = "".join(line + "\n" for line in lines).encode()
    out = subprocess.run(pest, input=data, capture_output=True, check=True).stdout.decode()
    answers = out.split()
    if len(answers) != len(lines) or set(answers) - {"0", "1"}:
        sys.exit(f"FAIL: the pest tool answered {len(answers)} lines for {len(lines)}")
    return [a == "1" for a in answers]


def tree_sitter_accepts(tree_sitter: str, paths: list[pathlib.Path]) -> list[bool]:
    """Whether each file parses without ERROR or MISSING nodes."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("".join(f"{p}\n" for p in paths))
    try:
        result = subprocess.run(
            [tree_sitter, "parse", "--quiet", "--json-summary", "-p", str(GRAMMAR_DIR),
             "--paths", listing.name],
            capture_output=True, text=True, cwd=GRAMMAR_DIR,
        )
    finally:
        os.unlink(listing.name)
    # The JSON summary follows one line per file with errors.
    start = result.stdout.find("{\n") if result.stdout.startswith("{") else result.stdout.find("\n{\n")
    try:
        summaries = json.loads(result.stdout[max(start, 0):])["parse_summaries"]
    except (ValueError, KeyError) as error:
        sys.exit(f"FAIL: tree-sitter parse gave no JSON summary ({error}):\n{result.stderr}")
    by_file = {pathlib.Path(s["file"]): s["successful"] for s in summaries}
    missing = [p for p in paths if p not in by_file]
    if missing:
        sys.exit(f"FAIL: tree-sitter parse did not report {len(missing)} files, e.g. {missing[0]}")
    return [by_file[p] for p in paths]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree-sitter", default="tree-sitter")
    parser.add_argument("--pest", help="the grammar_accepts binary (default: cargo run)")
    parser.add_argument("--generated", type=int, default=3000, help="generated statements")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    pest = [args.pest] if args.pest else [
        "cargo", "run", "-q", "-p", "carc-notation", "--example", "grammar_accepts"]
    rng = random.Random(args.seed)

    files = sorted((ROOT / "examples").rglob("*.carc")) + sorted((ROOT / "tests/data").rglob("*.carc"))
    # Lines end at LF, CRLF or a lone CR, as in carc (crates/carc-notation/src/lines.rs).
    file_lines = {f: re.split(r"\r\n|\r|\n", f.read_bytes().decode("utf-8")) for f in files}
    real = [line for lines in file_lines.values() for line in lines]
    generated = [generated_line(rng, form) for form in FORMS.values()
                 for _ in range(max(1, args.generated // len(FORMS)))]
    seeds = real + NEAR_MISSES + generated
    mutated = [mutate(rng, rng.choice(seeds)) for _ in range(len(seeds))]
    lines = list(dict.fromkeys(line for line in seeds + mutated
                               if "\n" not in line and "\r" not in line))

    asked = list(dict.fromkeys(lines + [l for ls in file_lines.values() for l in ls]))
    pest_answer = dict(zip(asked, pest_accepts(pest, asked)))
    pest_says = [pest_answer[line] for line in lines]
    # A file passes pest when every line does.
    pest_file_ok = {f: all(pest_answer[l] for l in file_lines[f]) for f in files}

    with tempfile.TemporaryDirectory(prefix="carc-ts-equivalence-") as tmp:
        paths = []
        for n, line in enumerate(lines):
            path = pathlib.Path(tmp) / f"{n:06}.carc"
            path.write_text(line + "\n", encoding="utf-8")
            paths.append(path)
        ts_says = tree_sitter_accepts(args.tree_sitter, paths)
    ts_file_ok = dict(zip(files, tree_sitter_accepts(args.tree_sitter, files)))

    failures = []
    for line, p, t in zip(lines, pest_says, ts_says):
        if p != t:
            failures.append(f"line {line!r}: pest {'accepts' if p else 'rejects'}, "
                            f"tree-sitter {'accepts' if t else 'rejects'}")
    for f in files:
        rel = f.relative_to(ROOT)
        if rel.parts[0] == "examples" and not ts_file_ok[f]:
            failures.append(f"{rel}: tree-sitter finds an ERROR or MISSING node in an example")
        if ts_file_ok[f] != pest_file_ok[f]:
            failures.append(f"{rel}: pest {'accepts' if pest_file_ok[f] else 'rejects'} every "
                            f"line, tree-sitter {'accepts' if ts_file_ok[f] else 'rejects'} the file")

    accepted = sum(pest_says)
    print(f"equivalence: {len(lines)} distinct lines ({len(real)} from {len(files)} files, "
          f"{len(NEAR_MISSES)} near misses, {len(generated)} generated over {len(FORMS)} forms, "
          f"{len(mutated)} mutations); pest accepts {accepted}, rejects {len(lines) - accepted}")
    print(f"equivalence: {len(files)} whole files, "
          f"{sum(1 for f in files if not pest_file_ok[f])} with a rejected line")
    for failure in failures[:40]:
        print(f"FAIL {failure}")
    if len(failures) > 40:
        print(f"... and {len(failures) - 40} more")
    total = len(lines) + len(files)
    print(f"{total - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
