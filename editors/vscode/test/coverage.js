#!/usr/bin/env node
// Every word of every real `.carc` file (examples/ and tests/data/, subfolders included) gets a carc scope:
// outside comments and spaces, no character is left as bare `source.carc`. Lines that the
// file itself marks `# error: syntax` are skipped (they are wrong on purpose).
//
// usage: node test/coverage.js [FOLDER...]   (default: ../../examples ../../tests/data)

"use strict";
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const here = __dirname;
const grammarPath = path.join(here, "..", "syntaxes", "carc.tmLanguage.json");
const repo = path.join(here, "..", "..", "..");
const folders = process.argv.length > 2
  ? process.argv.slice(2)
  : [path.join(repo, "examples"), path.join(repo, "tests", "data")];

/** The `.carc` files under a folder, subfolders included, sorted. */
function carcFiles(folder) {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return carcFiles(full);
      return entry.name.endsWith(".carc") ? [full] : [];
    })
    .sort();
}

async function main() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async () =>
      vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath),
  });
  const grammar = await registry.loadGrammar("source.carc");
  let files = 0;
  let failures = 0;
  for (const folder of folders) {
    for (const file of carcFiles(folder)) {
      files += 1;
      const lines = fs.readFileSync(file, "utf8").split(/\r?\n/);
      let state = vsctm.INITIAL;
      lines.forEach((line, index) => {
        const result = grammar.tokenizeLine(line, state);
        state = result.ruleStack;
        if (/#\s*error:\s*syntax\b/.test(line)) {
          return;
        }
        for (const token of result.tokens) {
          const text = line.slice(token.startIndex, token.endIndex);
          const bare = token.scopes.every((s) => s === "source.carc" || s.startsWith("meta."));
          if (bare && text.trim() !== "") {
            failures += 1;
            console.log(
              `FAIL ${path.relative(process.cwd(), file)}:${index + 1}:${token.startIndex + 1}: ` +
                `no carc scope for ${JSON.stringify(text)} in: ${line}`,
            );
          }
        }
      });
    }
  }
  if (files === 0) {
    console.log(`FAIL no .carc files under ${folders.join(", ")}`);
    process.exit(1);
  }
  if (failures > 0) {
    console.log(`FAIL grammar coverage: ${failures} unscoped token(s) in ${files} files`);
    process.exit(1);
  }
  console.log(`PASS grammar coverage: every token of ${files} files has a carc scope`);
}

main().catch((error) => {
  console.log(`FAIL grammar coverage: ${error.stack || error}`);
  process.exit(1);
});
