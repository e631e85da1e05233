#!/usr/bin/env node
// "carc: Show board" against the real server: the request the preview sends
// (src/board.ts showBoardParams), the answer's shape, the page it becomes (boardHtml), and a
// redraw after an edit — over stdio with vscode-jsonrpc, as vscode-languageclient does.
//
// usage: node test/board.test.js [CARC_BINARY]   (or CARC_BIN=...; default ../../target/debug/carc)

"use strict";
const assert = require("assert");
const cp = require("child_process");
const fs = require("fs");
const path = require("path");
const rpc = require("vscode-jsonrpc/node");
const board = require("../out/board.js");

const repo = path.join(__dirname, "..", "..", "..");
const binary = path.resolve(
  process.argv[2] || process.env.CARC_BIN || path.join(repo, "target", "debug", "carc"),
);
const TIMEOUT_MS = 15000;

function within(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const tiles = (svg) => (svg.match(/class="tile"/g) || []).length;

async function main() {
  // As vscode-languageclient starts it (it appends `--stdio`).
  const server = cp.spawn(binary, ["lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout),
    new rpc.StreamMessageWriter(server.stdin),
  );
  connection.listen();
  let failed = 0;
  const check = async (name, body) => {
    try {
      await body();
      console.log(`PASS board: ${name}`);
    } catch (error) {
      failed += 1;
      console.log(`FAIL board: ${name}: ${error.message}`);
    }
  };
  try {
    const init = await within(
      connection.sendRequest("initialize", { processId: null, rootUri: null, capabilities: {} }),
      "initialize",
    );
    connection.sendNotification("initialized", {});
    await check("the server lists carc.showBoard", async () => {
      assert.ok(board.serverHasShowBoard(init.capabilities), JSON.stringify(init.capabilities));
    });

    // tests/data/edge-mismatch.carc: D at 0,0 (line 3), E at 0,1 (line 4, 0-based 3).
    const file = path.join(repo, "tests", "data", "edge-mismatch.carc");
    const text = fs.readFileSync(file, "utf8");
    const uri = "file://" + file;
    connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "carc", version: 1, text },
    });
    const show = (line) =>
      within(connection.sendRequest("workspace/executeCommand", board.showBoardParams(uri, line)), "picture");

    await check("the picture after line 4: two tiles, version 1", async () => {
      const picture = await show(3);
      assert.strictEqual(picture.version, 1);
      assert.strictEqual(picture.line, 3);
      assert.ok(picture.svg.startsWith("<svg"), picture.svg.slice(0, 80));
      assert.strictEqual(tiles(picture.svg), 2);
      const html = board.boardHtml(picture, "Board: edge-mismatch.carc");
      const src = html.match(/src="data:image\/svg\+xml;base64,([^"]+)"/);
      assert.ok(src, "an <img> with the SVG as a data: URL");
      assert.strictEqual(Buffer.from(src[1], "base64").toString("utf8"), picture.svg);
      assert.ok(html.includes("at line 4"), "the line it shows");
      assert.strictEqual(picture.position, "at line 4");
      // E at 0,1 shows a field south where D shows its city: one mismatched side, marked
      assert.strictEqual(picture.mismatched, 1);
      assert.strictEqual((picture.svg.match(/class="mismatch"/g) || []).length, 1);
      assert.ok(html.includes("does not match"), "the page says what the red bar is");
      assert.ok(!/<script/i.test(html), "no script in the page");
      assert.ok(html.includes("default-src 'none'"), "a strict CSP");
    });

    await check("the picture at the end (line null)", async () => {
      const picture = await show(null);
      assert.strictEqual(tiles(picture.svg), 2);
      assert.ok(board.boardHtml(picture, "t").includes("at the end"));
    });

    await check("after an edit the preview's redraw has the new text and version", async () => {
      // Delete the turn (line 4): one tile left.
      connection.sendNotification("textDocument/didChange", {
        textDocument: { uri, version: 2 },
        contentChanges: [{ range: { start: { line: 3, character: 0 }, end: { line: 4, character: 0 } }, text: "" }],
      });
      const picture = await show(2);
      assert.strictEqual(picture.version, 2);
      assert.strictEqual(tiles(picture.svg), 1);
      assert.strictEqual(picture.mismatched, 0);
      assert.ok(!board.boardHtml(picture, "t").includes("does not match"));
    });

    await check("a document that is not open: null, and a page saying so", async () => {
      const picture = await within(
        connection.sendRequest("workspace/executeCommand", board.showBoardParams("file:///not/open.carc", 0)),
        "picture",
      );
      assert.strictEqual(picture, null);
      assert.ok(board.boardHtml(null, "t").includes("not open"));
    });

    await within(connection.sendRequest("shutdown"), "shutdown");
    const exited = new Promise((resolve) => server.once("exit", resolve));
    await connection.sendNotification("exit");
    await within(exited, "exit of the server");
  } catch (error) {
    failed += 1;
    console.log(`FAIL board: ${error.message}`);
  } finally {
    connection.dispose();
    server.kill();
  }
  if (failed > 0) {
    console.log(`FAIL board: ${failed} check(s) failed`);
    process.exit(1);
  }
  console.log("PASS board: Show board against carc lsp");
}

main();
