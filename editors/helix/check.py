#!/usr/bin/env python3
"""Checks editors/helix: languages.toml is valid TOML with a `carc` language for `.carc` files
whose language server runs `carc lsp` and whose grammar is the local tree-sitter grammar
(grammar/tree-sitter-carc, with its generated parser); queries/carc/highlights.scm is the
grammar's query with Helix's capture names, and uses only scopes Helix themes know.
Prints PASS or FAIL lines; exits 1 on any failure."""
import pathlib
import re
import sys
import tomllib

here = pathlib.Path(__file__).resolve().parent
repo = here.parent.parent
grammar_dir = repo / "grammar" / "tree-sitter-carc"

# The generic (nvim-treesitter, Zed) capture names that Helix spells differently.
HELIX_NAMES = {
    "number": "constant.numeric.integer",
    "string.escape": "constant.character.escape",
}
# Scopes of Helix's theme documentation used here (a capture outside it is not coloured).
HELIX_SCOPES = {
    "comment", "keyword", "type", "type.builtin", "constant", "constant.builtin", "label",
    "constant.numeric.integer", "string", "constant.character.escape", "operator",
    "punctuation.bracket", "punctuation.delimiter",
}

failures = []


def check(name, test):
    try:
        test()
    except Exception as error:  # noqa: BLE001 - any problem is a failure to report
        failures.append(f"{name}: {error!r}")


def languages():
    config = tomllib.loads((here / "languages.toml").read_text(encoding="utf-8"))
    server = config["language-server"]["carc"]
    assert server["command"] == "carc" and server["args"] == ["lsp"], server
    [language] = [l for l in config["language"] if l["name"] == "carc"]
    assert language["file-types"] == ["carc"], language
    assert language["comment-token"] == "#", language
    assert language["language-servers"] == ["carc"], language
    assert language["grammar"] == "carc", language
    [grammar] = [g for g in config["grammar"] if g["name"] == "carc"]
    path = pathlib.PurePosixPath(grammar["source"]["path"])
    assert path.parts[-2:] == ("grammar", "tree-sitter-carc"), grammar
    assert (grammar_dir / "src" / "parser.c").is_file(), "no generated parser"


def patterns(text):
    """The query without comments and blank lines."""
    lines = [l for l in text.splitlines() if l.strip() and not l.lstrip().startswith(";")]
    return "\n".join(lines)


def highlights():
    generic = patterns((grammar_dir / "queries" / "highlights.scm").read_text(encoding="utf-8"))
    helix = patterns((here / "queries" / "carc" / "highlights.scm").read_text(encoding="utf-8"))
    expected = re.sub(r"@([\w.]+)", lambda m: "@" + HELIX_NAMES.get(m[1], m[1]), generic)
    assert helix == expected, "queries/carc/highlights.scm is not the grammar's query renamed"
    unknown = set(re.findall(r"@([\w.]+)", helix)) - HELIX_SCOPES
    assert not unknown, f"captures Helix themes do not know: {sorted(unknown)}"


check(f"{here / 'languages.toml'}", languages)
check(f"{here / 'queries/carc/highlights.scm'}", highlights)
for failure in failures:
    print(f"FAIL helix: {failure}")
if failures:
    sys.exit(1)
print("PASS helix: languages.toml declares carc, `carc lsp` and the local grammar;"
      " its highlights query matches the grammar's")
