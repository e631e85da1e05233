#!/usr/bin/env node
// Loads the compiled extension (out/extension.js) under a stub of the `vscode` module — VS
// Code itself cannot be downloaded here — and checks how it finds the server binary:
// - a configured binary that does not exist gives one clear error message naming the setting;
// - `carc` is found on PATH, and an absolute path is taken as it is;
// - with carc.server.path empty (the default), the binary bundled in the extension's bin/
//   comes first, then `carc` on PATH; a configured path wins over the bundled binary.
// - tile pictures (SVG data URIs in completion and hover markdown) become files in the
//   extension's storage, so the markdown a screen reader reads holds no base64.
// (test/e2e/ runs the packaged extension in a real VS Code; this covers the lookup order.)
//
// usage: node test/extension.test.js [CARC_BINARY]   (or CARC_BIN=...; default ../../target/debug/carc)

"use strict";
const Module = require("module");
const fs = require("fs");
const os = require("os");
const path = require("path");
const assert = require("assert");

const binary = path.resolve(
  process.argv[2] || process.env.CARC_BIN || path.join(__dirname, "..", "..", "..", "target", "debug", "carc"),
);

const errors = [];
const registered = [];
let settings = { "server.path": "/nonexistent/carc" };
class MarkdownString {
  constructor(value, supportThemeIcons) {
    this.value = value;
    this.supportThemeIcons = supportThemeIcons;
  }
}
class Hover {
  constructor(contents, range) {
    this.contents = contents;
    this.range = range;
  }
}
const storage = fs.mkdtempSync(path.join(os.tmpdir(), "carc-storage-"));
const vscodeStub = {
  MarkdownString,
  Hover,
  Uri: { file: (file) => ({ fsPath: file, toString: () => `file://${file}` }) },
  window: {
    createOutputChannel: () => ({ appendLine() {}, dispose() {} }),
    showErrorMessage: async (message) => {
      errors.push(message);
      return undefined;
    },
  },
  workspace: {
    getConfiguration: () => ({ get: (key, fallback) => (key in settings ? settings[key] : fallback) }),
    onDidChangeConfiguration: () => ({ dispose() {} }),
    workspaceFolders: undefined,
  },
  commands: {
    registerCommand: (name) => {
      registered.push(name);
      return { dispose() {} };
    },
    executeCommand: async () => undefined,
  },
};
// vscode-languageclient needs the real editor API; a stub records what would be started.
const started = [];
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    this.serverOptions = serverOptions;
    this.clientOptions = clientOptions;
  }
  async start() {
    started.push(this);
  }
  async stop() {}
}
const clientStub = { LanguageClient, TransportKind: { stdio: 0 }, ExecuteCommandRequest: { type: {} } };
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "vscode") {
    return vscodeStub;
  }
  if (request === "vscode-languageclient/node") {
    return clientStub;
  }
  return load.call(this, request, parent, isMain);
};

let failed = 0;
async function check(name, body) {
  try {
    await body();
    console.log(`PASS ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${name}: ${error.message}`);
  }
}

(async () => {
  const extension = require(path.join(__dirname, "..", "out", "extension.js"));

  await check("a missing binary gives a clear message", async () => {
    const context = { subscriptions: [], extensionPath: "/nonexistent/extension", globalStorageUri: { fsPath: storage } };
    await extension.activate(context);
    assert.strictEqual(errors.length, 1, `error messages: ${JSON.stringify(errors)}`);
    assert.match(errors[0], /\/nonexistent\/carc/);
    assert.match(errors[0], /was not found/);
    assert.match(errors[0], /carc\.server\.path/);
    assert.strictEqual(started.length, 0, "no client for a missing binary");
    for (const name of ["carc.restartServer", "carc.openBoard"]) {
      assert.ok(registered.includes(name), `command ${name} registered: ${registered}`);
    }
    await extension.deactivate();
  });

  await check("a configured binary is started as `BINARY lsp` for carc documents", async () => {
    settings = { "server.path": binary };
    errors.length = 0;
    await extension.activate({ subscriptions: [], extensionPath: "/nonexistent/extension", globalStorageUri: { fsPath: storage } });
    assert.deepStrictEqual(errors, []);
    assert.strictEqual(started.length, 1);
    const run = started[0].serverOptions.run;
    assert.strictEqual(run.command, binary);
    assert.deepStrictEqual(run.args, ["lsp"]);
    const languages = started[0].clientOptions.documentSelector.map((s) => s.language);
    assert.deepStrictEqual([...new Set(languages)], ["carc"]);
    await extension.deactivate();
  });

  await check("a normal server exit (code 0, a restart) is not written as an error", async () => {
    const lines = [];
    const channel = { name: "carc", appendLine: (l) => lines.push(l), append() {}, dispose() {} };
    const out = extension.clientOutput(channel);
    out.appendLine("[Error - 10:00:00] Server process exited with code 0.");
    out.appendLine("[Error - 10:00:01] Server process exited with code 1.");
    out.appendLine("[Info  - 10:00:02] carc started");
    assert.deepStrictEqual(lines, [
      "[Error - 10:00:01] Server process exited with code 1.",
      "[Info  - 10:00:02] carc started",
    ]);
  });

  await check("carc is found on PATH", async () => {
    const found = extension.resolveServer("carc", { PATH: `/nonexistent:${path.dirname(binary)}` });
    assert.strictEqual(found.command, binary, JSON.stringify(found));
  });

  await check("an absolute path is used as it is", async () => {
    assert.strictEqual(extension.resolveServer(binary, { PATH: "" }).command, binary);
    assert.strictEqual(extension.resolveServer("/nonexistent/carc", { PATH: "" }).command, undefined);
  });

  await check("a name not on PATH is not found", async () => {
    const missing = extension.resolveServer("carc", { PATH: "/nonexistent" });
    assert.strictEqual(missing.command, undefined);
    assert.match(missing.tried.join(" "), /carc on PATH/);
  });

  await check("the bundled binary comes first, then carc on PATH; a set path wins", async () => {
    const extensionDir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-extension-"));
    try {
      const pathDir = `/nonexistent:${path.dirname(binary)}`;
      // Nothing bundled: carc on PATH.
      assert.strictEqual(extension.resolveServer("", { PATH: pathDir }, undefined, extensionDir).command, binary);
      const missing = extension.resolveServer("", { PATH: "/nonexistent" }, undefined, extensionDir);
      assert.strictEqual(missing.command, undefined);
      assert.match(missing.tried.join(" "), new RegExp(`${extensionDir}/bin/carc.*carc on PATH`));
      fs.mkdirSync(path.join(extensionDir, "bin"));
      const bundled = path.join(extensionDir, "bin", "carc");
      fs.symlinkSync(binary, bundled);
      assert.strictEqual(extension.resolveServer("", { PATH: pathDir }, undefined, extensionDir).command, bundled);
      assert.strictEqual(extension.resolveServer("  ", { PATH: "" }, undefined, extensionDir).command, bundled);
      // A configured path or name is the only one tried.
      assert.strictEqual(extension.resolveServer(binary, { PATH: "" }, undefined, extensionDir).command, binary);
      assert.strictEqual(extension.resolveServer("carc", { PATH: "/nonexistent" }, undefined, extensionDir).command, undefined);
      // activate() passes the extension's folder: the bundled binary is started.
      settings = { "server.path": "" };
      started.length = 0;
      errors.length = 0;
      await extension.activate({ subscriptions: [], extensionPath: extensionDir, globalStorageUri: { fsPath: storage } });
      assert.deepStrictEqual(errors, []);
      assert.strictEqual(started.length, 1);
      assert.strictEqual(started[0].serverOptions.run.command, bundled);
      await extension.deactivate();
    } finally {
      fs.rmSync(extensionDir, { recursive: true, force: true });
    }
  });

  await check("tile pictures become files: the markdown keeps the alt text and no base64", async () => {
    const pictures = require(path.join(__dirname, "..", "out", "pictures.js"));
    const dir = path.join(storage, "pictures");
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>';
    const data = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    const markdown = `**E** · Single city cap\n\n![E r0](${data})\n\nN E S W: \`C F F F\`\n`;
    const fileUri = (file) => `file://${file}`;
    const linked = pictures.picturesToFiles(markdown, dir, fileUri);
    const files = fs.readdirSync(dir);
    assert.strictEqual(files.length, 1, `files: ${files}`);
    assert.strictEqual(fs.readFileSync(path.join(dir, files[0]), "utf8"), svg);
    assert.strictEqual(
      linked,
      `**E** · Single city cap\n\n![E r0](file://${path.join(dir, files[0])})\n\nN E S W: \`C F F F\`\n`,
    );
    // the same picture again (another item, a second resolve): the same file, written once
    const twice = pictures.picturesToFiles(`![E r90](${data}) ![E r0](${data})`, dir, fileUri);
    assert.strictEqual(twice, `![E r90](file://${path.join(dir, files[0])}) ![E r0](file://${path.join(dir, files[0])})`);
    assert.strictEqual(fs.readdirSync(dir).length, 1);
    // markdown without pictures is left as it is
    assert.strictEqual(pictures.picturesToFiles("**D**", dir, fileUri), "**D**");
    // a picture that cannot be written keeps its data URI (shown, if long to read)
    const blocked = path.join(storage, "a-file");
    fs.writeFileSync(blocked, "");
    assert.strictEqual(pictures.picturesToFiles(markdown, path.join(blocked, "pictures"), fileUri), markdown);
  });

  await check("the client's middleware links pictures in completion items (listed, resolved) and hovers", async () => {
    settings = { "server.path": binary };
    started.length = 0;
    await extension.activate({ subscriptions: [], extensionPath: "/nonexistent/extension", globalStorageUri: { fsPath: storage } });
    const middleware = started[0].clientOptions.middleware;
    await extension.deactivate();
    const data = `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`;
    const doc = () => new MarkdownString(`![E r0](${data})`, true);
    const noDataUri = (value) => {
      assert.ok(value instanceof MarkdownString, String(value));
      assert.match(value.value, /^!\[E r0\]\(file:\/\/.*\.svg\)$/);
      assert.strictEqual(value.supportThemeIcons, true);
    };
    const listed = await middleware.provideCompletionItem(null, null, null, null, async () => ({
      isIncomplete: false,
      items: [{ label: "E", documentation: doc() }, { label: "D", documentation: "plain" }],
    }));
    noDataUri(listed.items[0].documentation);
    assert.strictEqual(listed.items[1].documentation, "plain");
    const array = await middleware.provideCompletionItem(null, null, null, null, async () => [{ label: "E", documentation: doc() }]);
    noDataUri(array[0].documentation);
    const resolved = await middleware.resolveCompletionItem({ label: "E" }, null, async (item) => ({ ...item, documentation: doc() }));
    noDataUri(resolved.documentation);
    assert.strictEqual(await middleware.resolveCompletionItem({ label: "E" }, null, async () => undefined), undefined);
    const hover = await middleware.provideHover(null, null, null, async () => new Hover([doc()], "range"));
    noDataUri(hover.contents[0]);
    assert.strictEqual(hover.range, "range");
  });

  fs.rmSync(storage, { recursive: true, force: true });
  if (failed > 0) {
    console.log(`FAIL extension: ${failed} check(s) failed`);
    process.exit(1);
  }
  console.log("PASS extension");
})();
