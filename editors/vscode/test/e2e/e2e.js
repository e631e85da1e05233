#!/usr/bin/env node
// The carc extension in a real VS Code: code-server (the VS Code workbench, server and Node
// extension host, from this folder's package-lock.json) driven headless by Debian's chromium
// through playwright-core. It installs the packaged .vsix, opens a workspace with
// tests/data/edge-mismatch.carc and examples/lessons/08-coat-of-arms.carc, and checks what a
// user sees: the diagnostic in the Problems panel with its code, a quick fix applied, inlay
// hints on turn lines (whole, never cut), a hover with the score formula, the server's
// folding ranges, one diagnostic for one typo and its "did you mean" quick fix, a
// double-click selecting a whole `ic.A`, a tile's picture in the suggest details (linked
// as a file: no base64 in what a screen reader reads), and "carc: Show board" opening a picture that
// changes when the file is edited, follows the active editor and marks an illegal turn. No `carc` is on PATH and carc.server.path is
// not set: the binary bundled in the .vsix must be the one that runs.
//
// Everything listens on 127.0.0.1 only (a free port), requests to any other host are
// aborted, the extension gallery points at a closed local port, and every process started
// here is stopped at the end. Screenshots and logs go to the folder printed first.
//
// usage: node e2e.js VSIX [ARTIFACT_DIR]   (run.sh installs what it needs and calls this)
// env:   CHROMIUM (default /usr/bin/chromium)

"use strict";
const assert = require("assert");
const cp = require("child_process");
const fs = require("fs");
const net = require("net");
const os = require("os");
const path = require("path");
const { chromium } = require("playwright-core");

const repo = path.resolve(__dirname, "..", "..", "..", "..");
const vsix = path.resolve(process.argv[2] || "");
const artifacts = path.resolve(
  process.argv[3] || path.join(process.env.CARGO_TARGET_DIR || path.join(repo, "target"), "vscode-e2e"),
);
const WAIT_MS = 90_000; // generous: the CI machine has 2 cores shared with builds
const codeServerEntry = path.join(__dirname, "node_modules", "code-server", "out", "node", "entry.js");

const started = []; // child processes (each the leader of its own process group)
let browser;
let page; // the workbench's tab, once open
let tmp;

function log(message) {
  console.log(`e2e: ${message}`);
}

/** A port nobody listens on right now, on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PATH without any folder that holds a `carc`, so only the bundled binary can run. */
function pathWithoutCarc() {
  return (process.env.PATH || "")
    .split(path.delimiter)
    .filter((dir) => dir !== "" && !fs.existsSync(path.join(dir, "carc")))
    .join(path.delimiter);
}

/** Runs code-server to completion (extension installs); rejects on a non-zero status. */
function codeServerOnce(args, env, logName) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(path.join(artifacts, logName), "w");
    const child = cp.spawn(process.execPath, [codeServerEntry, ...args], {
      env,
      stdio: ["ignore", out, out],
      detached: true,
    });
    started.push(child);
    child.on("exit", (code) => {
      fs.closeSync(out);
      if (code === 0) {
        resolve();
      } else {
        reject(new Error(`code-server ${args.join(" ")} exited with ${code} (see ${logName})`));
      }
    });
  });
}

/** Waits until `url` answers. */
async function waitForHttp(url, child) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`code-server exited with ${child.exitCode} (see code-server.log)`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${WAIT_MS} ms`);
}

/** The processes whose executable is `binary` (Linux /proc), with their arguments. */
function processesOf(binary) {
  const found = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      if (fs.readlinkSync(`/proc/${entry}/exe`) === binary) {
        const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter((a) => a);
        found.push({ pid: Number(entry), args });
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

async function stopAll() {
  if (browser !== undefined) {
    await browser.close().catch(() => {});
  }
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }
  const deadline = Date.now() + 10_000;
  for (const child of started) {
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    try {
      process.kill(-child.pid, "SIGKILL"); // anything of its group still there
    } catch {
      // the whole group is gone
    }
  }
}

let passed = 0;
let failed = 0;
async function step(name, body) {
  try {
    await body();
    passed += 1;
    log(`PASS ${name}`);
  } catch (error) {
    failed += 1;
    log(`FAIL ${name}: ${error.stack || error}`);
    if (page !== undefined) {
      const file = path.join(artifacts, `FAIL-${passed + failed}.png`);
      await page.screenshot({ path: file }).catch(() => {});
      log(`  screenshot: ${file}`);
    }
  }
}

async function main() {
  assert.ok(fs.existsSync(vsix) && vsix.endsWith(".vsix"), `usage: node e2e.js VSIX [ARTIFACT_DIR] (got ${vsix})`);
  fs.rmSync(artifacts, { recursive: true, force: true });
  fs.mkdirSync(artifacts, { recursive: true });
  log(`screenshots and logs: ${artifacts}`);

  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "carc-vscode-e2e-"));
  const home = path.join(tmp, "home");
  const userData = path.join(tmp, "user-data");
  const extensions = path.join(tmp, "extensions");
  const workspace = path.join(tmp, "workspace");
  for (const dir of [home, path.join(userData, "User"), extensions, path.join(workspace, "lessons")]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.copyFileSync(path.join(repo, "tests", "data", "edge-mismatch.carc"), path.join(workspace, "edge-mismatch.carc"));
  const lessonName = "08-coat-of-arms.carc";
  // The lesson as an author has it before writing the turn's score: without `=> red +8`, the
  // turn line gets the score as an inlay hint (a line that states its score gets none).
  const lessonText = fs.readFileSync(path.join(repo, "examples", "lessons", lessonName), "utf8");
  const unscored = lessonText.replace("turn blue E 0,2 r180 => red +8", "turn blue E 0,2 r180");
  assert.notStrictEqual(unscored, lessonText, "the lesson's turn line changed");
  fs.writeFileSync(path.join(workspace, "lessons", lessonName), unscored);
  // One typo (`travler`) in the setup: the tile stays, so the turns after it are legal.
  fs.writeFileSync(
    path.join(workspace, "typo.carc"),
    "players red blue\ntile D 0,0 red travler E\nturn red U 1,0 r90\nturn blue U 2,0 r90\n",
  );
  // An illegal turn (E between two D tiles: both its sides mismatch), a farmer whose hint is
  // `farmer: 0 now`, and a dotted tile token.
  fs.writeFileSync(
    path.join(workspace, "illegal.carc"),
    "rules inns-cathedrals\nplayers red blue\ntile D 0,0 red farmer NE\ntile D 2,0\n" +
      "turn red E 1,0\nturn blue ic.A -1,0 r180\n",
  );
  // A turn whose tile is being typed: completion lists the tiles, with their pictures.
  fs.writeFileSync(path.join(workspace, "complete.carc"), "players red blue\ntile D 0,0\nturn red E\n");
  fs.writeFileSync(
    path.join(userData, "User", "settings.json"),
    JSON.stringify(
      {
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": false,
        "workbench.enableExperiments": false,
        "telemetry.telemetryLevel": "off",
        "update.mode": "none",
        "extensions.autoCheckUpdates": false,
        "extensions.autoUpdate": false,
        "security.workspace.trust.enabled": false,
        "editor.inlayHints.enabled": "on",
        "editor.hover.delay": 200,
        "editor.minimap.enabled": false,
        // Folding arrows shown on every foldable line, not only under the mouse.
        "editor.showFoldingControls": "always",
        // Typing a new turn must not be completed into something else.
        "editor.quickSuggestions": { "other": "off", "comments": "off", "strings": "off" },
        "editor.suggestOnTriggerCharacters": false,
        "editor.acceptSuggestionOnCommitCharacter": false,
        "window.commandCenter": false,
        "chat.commandCenter.enabled": false,
        "chat.disableAIFeatures": true,
      },
      null,
      2,
    ),
  );

  const port = await freePort();
  const closedPort = await freePort();
  const env = {
    ...process.env,
    PATH: pathWithoutCarc(),
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    // No marketplace: the gallery is a port nobody listens on.
    EXTENSIONS_GALLERY: JSON.stringify({
      serviceUrl: `http://127.0.0.1:${closedPort}/gallery`,
      itemUrl: `http://127.0.0.1:${closedPort}/items`,
    }),
  };
  const lookup = cp.spawnSync("sh", ["-c", "command -v carc"], { env, encoding: "utf8" });
  assert.ok(lookup.status !== 0 && lookup.stdout === "", `carc must not be on the test's PATH: ${lookup.stdout}`);
  const common = ["--user-data-dir", userData, "--extensions-dir", extensions];

  await step("the packaged extension installs and carries the carc binary", async () => {
    await codeServerOnce(["--install-extension", vsix, ...common], env, "install-extension.log");
    const installed = fs.readdirSync(extensions).filter((d) => d.startsWith("carc.carc-"));
    assert.strictEqual(installed.length, 1, `extensions: ${fs.readdirSync(extensions)}`);
    const bundled = path.join(extensions, installed[0], "bin", "carc");
    fs.accessSync(bundled, fs.constants.X_OK);
  });
  const installed = fs.readdirSync(extensions).find((d) => d.startsWith("carc.carc-"));
  assert.ok(installed !== undefined, "the extension did not install; nothing more to test");
  const bundled = fs.realpathSync(path.join(extensions, installed, "bin", "carc"));

  const serverLog = fs.openSync(path.join(artifacts, "code-server.log"), "w");
  const server = cp.spawn(
    process.execPath,
    [
      codeServerEntry,
      "--bind-addr",
      `127.0.0.1:${port}`,
      "--auth",
      "none",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      ...common,
      workspace,
    ],
    { env, stdio: ["ignore", serverLog, serverLog], detached: true },
  );
  started.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/healthz`, server);
  log(`code-server ${base} (pid ${server.pid})`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: process.getuid && process.getuid() === 0 ? ["--no-sandbox"] : [],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const refused = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if ((url.protocol === "http:" || url.protocol === "https:" || url.protocol === "ws:") && url.hostname !== "127.0.0.1") {
      refused.push(url.href);
      return route.abort();
    }
    return route.continue();
  });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  const shot = async (name) => {
    await page.screenshot({ path: path.join(artifacts, `${name}.png`) });
  };
  await page.goto(`${base}/?folder=${encodeURIComponent(workspace)}`);
  await page.waitForSelector(".monaco-workbench .part.statusbar");
  await page.waitForSelector(".explorer-folders-view .monaco-list-row");

  /** Opens the quick input with `key`, types `text`, waits for a row labelled `row` if given, Enter. */
  async function quickInput(key, text, row) {
    await page.keyboard.press(key);
    await page.waitForSelector(".quick-input-widget input", { state: "visible" });
    await page.keyboard.type(text);
    if (row !== undefined) {
      await page.waitForSelector(`.quick-input-list .monaco-list-row[aria-label*="${row}"]`);
    }
    await page.keyboard.press("Enter");
  }

  /** Opens a workspace file with Quick Open and waits for its editor. */
  async function openFile(relative) {
    const tab = `.editor-group-container.active .tab.active[aria-label*="${path.basename(relative)}"]`;
    // A file already open in a tab is switched to by its tab, as a user does: Quick Open's
    // Enter has been lost there after the completion step, with the board in the other group
    const open = page.locator(`.tabs-container .tab[aria-label*="${path.basename(relative)}"]`);
    if ((await open.count()) > 0) {
      await open.first().click();
      await page.waitForSelector(tab, { timeout: WAIT_MS });
      await page.waitForSelector(".editor-group-container.active .monaco-editor .view-lines");
      return;
    }
    // Quick Open now and then loses its Enter while the workbench is busy: try again
    for (let attempt = 1; ; attempt += 1) {
      await quickInput("Control+P", relative, path.basename(relative));
      try {
        await page.waitForSelector(tab, { timeout: attempt < 3 ? 15_000 : WAIT_MS });
        break;
      } catch (error) {
        if (attempt >= 3) {
          throw error;
        }
        await page.keyboard.press("Escape");
      }
    }
    await page.waitForSelector(".editor-group-container.active .monaco-editor .view-lines");
  }

  /** Runs a command from the command palette by its title. */
  const command = (title) => quickInput("F1", title, title);

  /** Moves the cursor to LINE:COLUMN (1-based) of the active editor. */
  const goTo = (line, column) => quickInput("Control+G", `${line}:${column}`);

  /** The text of the active editor's visible lines, hints included, top to bottom. */
  async function visibleLines() {
    return page.$$eval(".editor-group-container.active .monaco-editor .view-lines .view-line", (lines) =>
      lines
        .map((l) => ({ top: parseFloat(l.style.top), text: l.textContent.replace(/\u00a0/g, " ") }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text),
    );
  }

  const editor = ".editor-group-container.active .monaco-editor";
  const MARKER = /carc\(?edge-mismatch\)?/;

  await step("edge-mismatch.carc: a squiggle, and the Problems panel shows the diagnostic with its code", async () => {
    await openFile("edge-mismatch.carc");
    await page.waitForSelector(`${editor} .squiggly-error`);
    await page.keyboard.press("Control+Shift+M");
    // The marker's row (not the file's): the message, `carc(CODE)` (the brackets are drawn
    // by CSS, not text), and where it is.
    const row = page.locator(".markers-panel .monaco-list-row", { hasText: MARKER }).first();
    await row.waitFor();
    const text = await row.textContent();
    // The server's diagnostic: its code, on the turn of line 4 of the fixture.
    assert.match(text, /carc\(?edge-mismatch\)?\s*\[Ln 4, Col \d+\]/, text);
    assert.match(text, /field/, text);
    await shot("01-problems-panel");
  });

  await step("the bundled binary is the server, started as `carc lsp --stdio`", async () => {
    const running = processesOf(bundled);
    assert.strictEqual(running.length, 1, `carc processes: ${JSON.stringify(running)}`);
    assert.deepStrictEqual(running[0].args.slice(1), ["lsp", "--stdio"]);
  });

  await step("quick fix: Ctrl+. offers the rotation that fits, and applying it clears the error", async () => {
    await page.click(`${editor} .view-lines`);
    await goTo(4, 13); // inside `0,1`, where the squiggle is
    await page.keyboard.press("Control+.");
    const fix = page.locator(".action-widget .monaco-list-row", { hasText: "Turn the tile to r180" }).first();
    await fix.waitFor();
    await shot("02-quick-fix-menu");
    // Keyboard, as a user would: move to the fix, Enter.
    for (let i = 0; i < 5; i += 1) {
      const focused = await page.getAttribute(".action-widget .monaco-list-row.focused", "aria-label").catch(() => null);
      if (focused !== null && focused.startsWith("Turn the tile to r180")) {
        break;
      }
      await page.keyboard.press("ArrowDown");
    }
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (sel) => document.querySelectorAll(`${sel} .squiggly-error`).length === 0,
      editor,
      { timeout: WAIT_MS },
    );
    // the hints are redrawn a moment after the text: until then the old one sits before r180
    let lines = await visibleLines();
    const redrawn = Date.now() + WAIT_MS;
    while (!lines.some((l) => l.startsWith("turn red E 0,1 r180")) && Date.now() < redrawn) {
      await page.waitForTimeout(250);
      lines = await visibleLines();
    }
    assert.ok(lines.some((l) => l.startsWith("turn red E 0,1 r180")), lines.join("\n"));
    await page.locator(".markers-panel .monaco-list-row", { hasText: MARKER }).waitFor({ state: "detached" });
    await shot("03-quick-fix-applied");
  });

  await step(`${lessonName}: inlay hints on the setup and turn lines`, async () => {
    await openFile(`lessons/${lessonName}`);
    const hinted = async () => {
      const lines = await visibleLines();
      // The written line (comment aside) never says "red +8": only the turn's hint can.
      return lines.find((l) => l.startsWith("turn blue E 0,2 r180") && /red \+8 · city/.test(l.replace(/#.*/, "")));
    };
    const deadline = Date.now() + WAIT_MS;
    let line;
    while ((line = await hinted()) === undefined && Date.now() < deadline) {
      await page.waitForTimeout(250);
    }
    // Blue's city cap closes red's city: 3 tiles and 1 shield (the lesson's own derivation),
    // and the turn's hint names that city.
    assert.ok(line !== undefined, (await visibleLines()).join("\n"));
    // (VS Code draws a hint's spaces as no-break spaces)
    const hints = await page.$$eval(`${editor} .view-lines [class*="dyn-rule"]`, (spans) =>
      spans.map((s) => s.textContent.replace(/\u00a0/g, " ")).filter((t) => t.trim() !== ""),
    );
    assert.ok(hints.length >= 2, `inlay hint spans: ${JSON.stringify(hints)}`);
    // Every hint is shown whole: short (at most 30 characters), never cut with `…` (VS Code
    // cuts a hint after 43).
    for (const hint of hints) {
      assert.ok(!hint.includes("…") && hint.trim().length <= 30, `a hint cut or too long: ${JSON.stringify(hint)}`);
    }
    assert.ok(hints.some((h) => h.trim() === "knight: 3 now"), `the knight's hint: ${JSON.stringify(hints)}`);
    // The lesson's note writes `3×2+2=8`: the extension turns VS Code's box around
    // "ambiguous" characters off for carc files.
    assert.strictEqual(await page.locator(`${editor} .unicode-highlight`).count(), 0, "a × boxed as ambiguous");
    await shot("04-inlay-hints");
  });

  await step("hover on `turn`: the score with its formula", async () => {
    const token = page.locator(`${editor} .view-line span span`, { hasText: /^turn$/ }).first();
    await token.hover();
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: "3 × 2 + 1 × 2 = 8" }).first();
    await hover.waitFor({ timeout: WAIT_MS });
    const text = await hover.textContent();
    // 3 city tiles x 2 + 1 shield x 2 = 8, for red (the lesson's derivation in its comments).
    assert.match(text, /city of 3 tiles, 1 shield/, text);
    assert.match(text, /for red/, text);
    await shot("05-hover-formula");
    await page.mouse.move(5, 450);
  });

  await step(`${lessonName}: the server's folding ranges (opening comments, setup) fold`, async () => {
    // Lines 1-4 are comments and lines 5-11 the setup (title … tile F; the mark on line 12 is
    // no setup statement): two folds, both from the server (the lines are not indented, so
    // VS Code's own indentation folding would offer none).
    const arrows = `${editor} .margin-view-overlays .codicon-folding-expanded`;
    const deadline = Date.now() + WAIT_MS;
    while ((await page.locator(arrows).count()) < 2 && Date.now() < deadline) {
      await page.waitForTimeout(250);
    }
    assert.strictEqual(await page.locator(arrows).count(), 2, "folding arrows");
    await page.locator(arrows).first().click();
    await page.waitForSelector(`${editor} .margin-view-overlays .codicon-folding-collapsed`);
    const folded = await visibleLines();
    assert.ok(folded[0].startsWith("# Lesson 8"), folded.join("\n"));
    assert.ok(folded[1].startsWith("title "), `comments 2-4 hidden:\n${folded.join("\n")}`);
    await shot("05b-folded-comments");
    await page.locator(`${editor} .margin-view-overlays .codicon-folding-collapsed`).first().click();
    await page.waitForSelector(`${editor} .margin-view-overlays .codicon-folding-collapsed`, { state: "detached" });
  });

  /** The SVG shown by the board webview (decoded from its data: URL). */
  async function boardSvg() {
    const outer = page.frameLocator("iframe.webview.ready");
    const img = outer.frameLocator("#active-frame").locator("img").first();
    await img.waitFor({ timeout: WAIT_MS });
    const src = await img.getAttribute("src");
    assert.ok(src && src.startsWith("data:image/svg+xml"), `img src: ${String(src).slice(0, 80)}`);
    const comma = src.indexOf(",");
    const payload = src.slice(comma + 1);
    return src.slice(0, comma).endsWith(";base64")
      ? Buffer.from(payload, "base64").toString("utf8")
      : decodeURIComponent(payload);
  }
  const tiles = (svg) => (svg.match(/class="tile"/g) || []).length;

  /** The problems of the Problems panel whose row says `carc(CODE)`, as their texts. */
  async function carcProblems() {
    return page.$$eval(".markers-panel .monaco-list-row", (rows) =>
      rows.map((r) => r.textContent).filter((t) => /carc\(?[a-z-]+\)?\s*\[Ln/.test(t)),
    );
  }

  await step("typo.carc: one typo gives one diagnostic, on its line, and a quick fix corrects it", async () => {
    await openFile("typo.carc");
    await page.waitForSelector(`${editor} .squiggly-error`);
    await page.waitForTimeout(1500); // every diagnostic of the file has arrived
    const problems = await carcProblems();
    // `travler` on line 2; the tile D stays, so red's U at 1,0 touches it and blue is next
    assert.strictEqual(problems.length, 1, `problems: ${JSON.stringify(problems)}`);
    assert.match(problems[0], /carc\(?syntax\)?\s*\[Ln 2, Col 16\]/, problems[0]);
    assert.match(problems[0], /did you mean/, problems[0]);
    await shot("08-one-typo-one-diagnostic");
    await page.click(`${editor} .view-lines`);
    await goTo(2, 18); // inside `travler`
    await page.keyboard.press("Control+.");
    const fix = page.locator(".action-widget .monaco-list-row", { hasText: "Change to `traveler`" }).first();
    await fix.waitFor();
    await shot("09-misspelling-quick-fix");
    for (let i = 0; i < 5; i += 1) {
      const focused = await page.getAttribute(".action-widget .monaco-list-row.focused", "aria-label").catch(() => null);
      if (focused !== null && focused.startsWith("Change to `traveler`")) {
        break;
      }
      await page.keyboard.press("ArrowDown");
    }
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (sel) => document.querySelectorAll(`${sel} .squiggly-error`).length === 0,
      editor,
      { timeout: WAIT_MS },
    );
    const lines = await visibleLines();
    assert.ok(lines.some((l) => l.startsWith("tile D 0,0 red traveler E")), lines.join("\n"));
    await shot("10-misspelling-fixed");
  });

  await step("illegal.carc: double-click selects the whole `ic.A`; the farmer's hint is whole", async () => {
    await openFile("illegal.carc");
    await page.waitForSelector(`${editor} .squiggly-error`);
    // the farmer's hint (the repro): the number and the noun, whole
    const farmer = page.locator(`${editor} .view-lines [class*="dyn-rule"]`, { hasText: "farmer: 0 now" }).first();
    await farmer.waitFor();
    assert.strictEqual((await farmer.textContent()).replace(/\u00a0/g, " ").trim(), "farmer: 0 now");
    // the `i` of `ic.A` on line 6: the first character of the token
    const line6 = page.locator(`${editor} .view-line`, { hasText: "turn blue ic.A" }).first();
    const box = await line6.boundingBox();
    const charWidth = await page.evaluate((sel) => {
      const span = document.querySelector(`${sel} .view-line span span`);
      return span.getBoundingClientRect().width / span.textContent.length;
    }, editor);
    // "turn blue " is 10 characters: click on the `c` of `ic`
    await page.mouse.dblclick(box.x + charWidth * 11.5, box.y + box.height / 2);
    const selection = page.locator("#status\\.editor\\.selection");
    await selection.waitFor();
    const deadline = Date.now() + 5000;
    let text = await selection.textContent();
    while (!/4 selected/.test(text) && Date.now() < deadline) {
      await page.waitForTimeout(100);
      text = await selection.textContent();
    }
    assert.match(text, /\(4 selected\)/, `status bar: ${text}`);
    await shot("11-double-click-ic-A");
    await page.keyboard.press("Escape");
  });

  await step("complete.carc: a tile's picture shows in the suggest details, linked as a file, not a data URI", async () => {
    await openFile("complete.carc");
    await page.waitForSelector(`${editor} .squiggly-error`); // the server has the file
    await page.click(`${editor} .view-lines`);
    await goTo(3, 11); // after `turn red E`
    const focused = ".suggest-widget .monaco-list-row.focused";
    // Ctrl+Space now and then comes before the editor has its focus back: try again
    for (let attempt = 1; ; attempt += 1) {
      await page.keyboard.press("Control+Space");
      try {
        await page.waitForSelector(focused, { timeout: attempt < 4 ? 10_000 : WAIT_MS });
        break;
      } catch (error) {
        if (attempt >= 4) {
          throw error;
        }
        await page.keyboard.press("Escape");
      }
    }
    // the first item is the tile E (its label before the details: "E, …")
    assert.match(await page.getAttribute(focused, "aria-label"), /^E\b/);
    // the details pane: Ctrl+Space again shows it when it is hidden
    const details = page.locator(".suggest-details-container .suggest-details img").first();
    if (!(await details.isVisible())) {
      await page.keyboard.press("Control+Space");
    }
    await details.waitFor();
    const src = await details.getAttribute("src");
    const alt = await details.getAttribute("alt");
    assert.ok(src !== null && !src.startsWith("data:"), `img src: ${String(src).slice(0, 80)}`);
    assert.strictEqual(alt, "E r0");
    // the picture loaded (a broken link has no natural width)
    const until = Date.now() + WAIT_MS;
    while ((await details.evaluate((img) => img.naturalWidth)) === 0 && Date.now() < until) {
      await page.waitForTimeout(250);
    }
    assert.ok((await details.evaluate((img) => img.naturalWidth)) > 0, `picture not loaded: ${src}`);
    // What a screen reader reads: the focused row's label holds the documentation's markdown
    // as the extension handed it to VS Code (with the details shown, "E, docs: …"): the
    // picture is its alt text and a short file link, no base64.
    // (the row's label gets the docs once the item is resolved with the details shown: focus
    // the next item and come back)
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    let label = await page.getAttribute(focused, "aria-label");
    const read = Date.now() + WAIT_MS;
    while (!/^E, (Class, )?docs:/.test(label) && Date.now() < read) {
      await page.waitForTimeout(250);
      label = await page.getAttribute(focused, "aria-label");
    }
    assert.match(label, /^E, (Class, )?docs: /);
    assert.ok(label.includes("![E r0]("), `label: ${label}`);
    assert.ok(!label.includes("data:"), `label: ${label.slice(0, 300)}`);
    assert.ok(label.length < 1000, `label of ${label.length} characters: ${label.slice(0, 300)}`);
    await page.waitForTimeout(300);
    await shot("15-completion-picture");
    await page.keyboard.press("Escape");
  });

  await step("carc: Show board opens the picture, which changes when the file is edited", async () => {
    await openFile(`lessons/${lessonName}`);
    await page.keyboard.press("Control+B"); // room for the picture: no side bar,
    await page.keyboard.press("Control+J"); // no panel
    await page.click(`${editor} .view-lines`);
    await goTo(13, 1); // blue's turn: D 0,0, F 0,1 and E 0,2 are on the board
    await command("carc: Show board");
    await page.waitForSelector(".tab[aria-label*='Board']");
    let svg = await boardSvg();
    assert.strictEqual(tiles(svg), 3, "three tiles at blue's turn");
    await page.waitForTimeout(500);
    await shot("06-show-board");

    // A new turn after the last line: red's D east of the start tile (road meets road).
    await page.click(`${editor} .view-lines`);
    await page.keyboard.press("Control+End");
    await page.keyboard.press("End");
    await page.keyboard.type("\nturn red D 1,0");
    await page.keyboard.press("Escape"); // any widget the typing opened
    await page.keyboard.press("Home");
    const box = await page.locator(`${editor} .view-lines`).boundingBox();
    await page.mouse.move(box.x + 50, box.y + 50);
    await page.mouse.wheel(-5000, 0); // back to the start of the lines
    const deadline = Date.now() + WAIT_MS;
    while (tiles(svg) !== 4 && Date.now() < deadline) {
      await page.waitForTimeout(250);
      svg = await boardSvg();
    }
    assert.strictEqual(tiles(svg), 4, `the new tile is drawn; lines: ${(await visibleLines()).join(" | ")}`);
    await page.waitForTimeout(500);
    await shot("07-show-board-after-edit");
  });

  /** The board's heading text (the webview's `.where`). */
  async function boardHeading() {
    const outer = page.frameLocator("iframe.webview.ready");
    return outer.frameLocator("#active-frame").locator(".where").first().textContent();
  }

  await step("Show board follows the active editor and marks the illegal turn's sides", async () => {
    await openFile("illegal.carc");
    await page.click(`${editor} .view-lines`);
    await goTo(6, 1); // after the illegal turn (line 5) and blue's turn
    const deadline = Date.now() + WAIT_MS;
    let svg = await boardSvg();
    while (!svg.includes('class="mismatch"') && Date.now() < deadline) {
      await page.waitForTimeout(250);
      svg = await boardSvg();
    }
    // E at 1,0 between the two D tiles: its east and west sides are marked
    assert.strictEqual((svg.match(/class="mismatch"/g) || []).length, 2, "two marked sides");
    assert.match(svg, /class="mismatch" data-x="1" data-y="0" data-side="east"/);
    assert.strictEqual(tiles(svg), 4);
    assert.strictEqual(await page.locator(".tab[aria-label*='Board']").count(), 1, "one board panel");
    await page.waitForSelector(".tab[aria-label*='Board: illegal.carc']");
    await page.waitForTimeout(500);
    await shot("12-board-follows-illegal-turn");

    // the setup rule: at line 3 the picture holds line 4's setup tile too, and says so
    await goTo(3, 1);
    let heading = await boardHeading();
    const until = Date.now() + WAIT_MS;
    while (!/with the whole setup/.test(heading) && Date.now() < until) {
      await page.waitForTimeout(250);
      heading = await boardHeading();
    }
    assert.match(heading, /at line 3, with the whole setup \(to line 4\)/, heading);
    await page.waitForTimeout(300);
    await shot("13-board-setup-rule");

    // back to the lesson: the panel switches back (four tiles, nothing marked)
    await openFile(`lessons/${lessonName}`);
    await page.waitForSelector(`.tab[aria-label*='Board: ${lessonName}']`);
    const back = Date.now() + WAIT_MS;
    svg = await boardSvg();
    while ((svg.includes('class="mismatch"') || tiles(svg) !== 4) && Date.now() < back) {
      await page.waitForTimeout(250);
      svg = await boardSvg();
    }
    assert.ok(!svg.includes('class="mismatch"'), "the lesson has no illegal turn");
    assert.strictEqual(tiles(svg), 4);
    assert.strictEqual(await page.locator(".tab[aria-label*='Board']").count(), 1, "still one board panel");
    await page.waitForTimeout(300);
    await shot("14-board-back-to-lesson");
  });

  fs.writeFileSync(path.join(artifacts, "refused-requests.txt"), refused.join("\n") + "\n");
  log(`requests to other hosts refused: ${refused.length} (refused-requests.txt)`);

  await stopAll();
  await step("every process started here has stopped", async () => {
    const deadline = Date.now() + 10_000;
    while (processesOf(bundled).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepStrictEqual(processesOf(bundled), [], "carc lsp still running");
    for (const child of started) {
      assert.ok(child.exitCode !== null || child.signalCode !== null, `pid ${child.pid} still running`);
    }
  });
}

// Interrupted (Ctrl+C, or CI's timeout): stop what was started before going.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`${signal}: stopping everything started here`);
    void stopAll().finally(() => {
      if (tmp !== undefined) {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
      process.exit(1);
    });
  });
}

main()
  .catch((error) => {
    failed += 1;
    log(`FAIL ${error.stack || error}`);
  })
  .finally(async () => {
    await stopAll();
    if (tmp !== undefined) {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    log(`screenshots and logs: ${artifacts}`);
    console.log(`vscode e2e: ${passed} passed, ${failed} failed`);
    process.exit(failed === 0 && passed > 0 ? 0 : 1);
  });
