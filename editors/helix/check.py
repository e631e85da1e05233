#!/usr/bin/env python3
"""Checks editors/helix/languages.toml: valid TOML, a `carc` language for `.carc` files whose
language server runs `carc lsp`. Prints PASS or FAIL; exits 1 on failure."""
import pathlib
import sys
import tomllib

path = pathlib.Path(__file__).with_name("languages.toml")
try:
    config = tomllib.loads(path.read_text(encoding="utf-8"))
    server = config["language-server"]["carc"]
    assert server["command"] == "carc" and server["args"] == ["lsp"], server
    [language] = [l for l in config["language"] if l["name"] == "carc"]
    assert language["file-types"] == ["carc"], language
    assert language["comment-token"] == "#", language
    assert language["language-servers"] == ["carc"], language
except Exception as error:  # noqa: BLE001 - any problem is a failure to report
    print(f"FAIL helix: {path}: {error!r}")
    sys.exit(1)
print("PASS helix: languages.toml declares carc and `carc lsp`")
