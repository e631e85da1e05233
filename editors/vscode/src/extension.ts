// The carc extension: starts `carc lsp` for `.carc` files and hands everything else
// (diagnostics, hover, inlay hints, completion, symbols, semantic tokens, formatting,
// quick fixes, highlights) to vscode-languageclient.

import * as fs from "fs";
import * as path from "path";
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import { serverHasShowBoard } from "./board";
import { pictureMiddleware } from "./pictures";
import { BoardPreviews } from "./preview";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;
let previews: BoardPreviews | undefined;

/** Where the binary was looked for, for the error message. */
interface Resolved {
  command?: string;
  tried: string[];
}

function isExecutable(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) {
      return false;
    }
    if (process.platform === "win32") {
      return true;
    }
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The binary's file names on this platform. */
function candidates(base: string): string[] {
  return process.platform === "win32" ? [base, base + ".exe", base + ".cmd"] : [base];
}

/** The first executable of `files`, with every file looked at added to `tried`. */
function firstExecutable(files: string[], tried: string[]): string | undefined {
  for (const file of files) {
    tried.push(file);
    if (isExecutable(file)) {
      return file;
    }
  }
  return undefined;
}

/** Looks `name` up in the folders of `env.PATH`. */
function onPath(name: string, env: NodeJS.ProcessEnv, tried: string[]): string | undefined {
  const dirs = (env.PATH ?? "").split(path.delimiter).filter((d) => d !== "");
  for (const dir of dirs) {
    const found = candidates(path.join(dir, name)).find(isExecutable);
    if (found !== undefined) {
      tried.push(found);
      return found;
    }
  }
  tried.push(`${name} on PATH (${dirs.length} folders)`);
  return undefined;
}

/**
 * Finds the server binary. `carc.server.path`, when set, is the only one tried: an absolute
 * path (or one relative to the first workspace folder) is taken as it is, a bare name is
 * looked up on PATH. When it is empty, the binary bundled in the extension
 * (`EXTENSION/bin/carc`, in the platform-specific .vsix) comes first, then `carc` on PATH.
 */
export function resolveServer(
  configured: string,
  env: NodeJS.ProcessEnv,
  workspace?: string,
  extensionDir?: string,
): Resolved {
  const tried: string[] = [];
  const name = configured.trim();
  if (name === "") {
    const bundled =
      extensionDir === undefined
        ? undefined
        : firstExecutable(candidates(path.join(extensionDir, "bin", "carc")), tried);
    return { command: bundled ?? onPath("carc", env, tried), tried };
  }
  if (path.isAbsolute(name) || name.includes("/") || name.includes("\\")) {
    const base = path.isAbsolute(name)
      ? name
      : path.resolve(workspace ?? process.cwd(), name);
    return { command: firstExecutable(candidates(base), tried), tried };
  }
  return { command: onPath(name, env, tried), tried };
}

async function reportMissing(configured: string, resolved: Resolved) {
  const what = configured.trim() === "" ? "carc" : configured.trim();
  const message =
    `carc: the language server binary "${what}" was not found ` +
    `(looked at: ${resolved.tried.join(", ")}). Install the carc extension built for your ` +
    "platform (it carries the binary), put `carc` on PATH, or set " +
    "\"carc.server.path\" to the binary. Highlighting works without it.";
  output?.appendLine(message);
  const choice = await vscode.window.showErrorMessage(
    message,
    "Open Settings",
  );
  if (choice === "Open Settings") {
    await vscode.commands.executeCommand(
      "workbench.action.openSettings",
      "carc.server.path",
    );
  }
}

/** What vscode-languageclient writes as an error whenever the server process exits, also after
 * a normal `shutdown` and `exit` (a stop, a restart, a settings change): exit code 0 is no
 * error, so that line is left out. */
const NORMAL_EXIT = /^\[Error\s*-[^\]]*\] Server process exited with code 0\.$/;

/** The client's view of `channel`: every line except [`NORMAL_EXIT`]. The extension owns the
 * channel: the client never disposes it. */
export function clientOutput(channel: vscode.OutputChannel): vscode.OutputChannel {
  const show = (columnOrFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean) => {
    if (typeof columnOrFocus === "number") {
      channel.show(columnOrFocus, preserveFocus);
    } else {
      channel.show(columnOrFocus);
    }
  };
  return {
    name: channel.name,
    append: (value: string) => channel.append(value),
    appendLine: (value: string) => {
      if (!NORMAL_EXIT.test(value)) {
        channel.appendLine(value);
      }
    },
    replace: (value: string) => channel.replace(value),
    clear: () => channel.clear(),
    show: show as vscode.OutputChannel["show"],
    hide: () => channel.hide(),
    dispose: () => undefined,
  };
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const config = vscode.workspace.getConfiguration("carc");
  const configured = config.get<string>("server.path", "");
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const resolved = resolveServer(configured, process.env, folder, context.extensionPath);
  if (resolved.command === undefined) {
    await reportMissing(configured, resolved);
    return;
  }
  const run = {
    command: resolved.command,
    // vscode-languageclient appends `--stdio` (carc lsp accepts it, and `--clientProcessId`).
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "carc" },
      { scheme: "untitled", language: "carc" },
    ],
    outputChannel: output === undefined ? undefined : clientOutput(output),
    // tile pictures as files, not data URIs that a screen reader would read (pictures.ts)
    middleware: pictureMiddleware(path.join(context.globalStorageUri.fsPath, "pictures")),
  };
  client = new LanguageClient("carc", "carc", serverOptions, clientOptions);
  try {
    await client.start();
    output?.appendLine(`carc: started ${resolved.command} lsp`);
    const board = serverHasShowBoard(client.initializeResult?.capabilities);
    await vscode.commands.executeCommand("setContext", "carc.showBoardAvailable", board);
    previews?.refreshAll();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(
      `carc: could not start "${resolved.command} lsp": ${reason}`,
    );
    client = undefined;
  }
  context.subscriptions.push({ dispose: () => void stop() });
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running !== undefined) {
    await running.stop();
  }
}

/** "carc: Show board": the picture at the cursor's line, beside the file. */
async function showBoard() {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== "carc") {
    void vscode.window.showInformationMessage("carc: Show board needs a .carc file in the editor.");
    return;
  }
  if (client === undefined) {
    void vscode.window.showErrorMessage(
      "carc: Show board needs the carc language server, which is not running (see \"carc.server.path\").",
    );
    return;
  }
  if (!serverHasShowBoard(client.initializeResult?.capabilities)) {
    void vscode.window.showErrorMessage(
      "carc: this carc binary has no carc.showBoard command; update carc.",
    );
    return;
  }
  previews?.show(editor);
}

export async function activate(context: vscode.ExtensionContext) {
  output = vscode.window.createOutputChannel("carc");
  previews = new BoardPreviews(() => client);
  context.subscriptions.push(output, previews);
  context.subscriptions.push(
    vscode.commands.registerCommand("carc.openBoard", showBoard),
    vscode.commands.registerCommand("carc.restartServer", async () => {
      await stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("carc.server")) {
        await stop();
        await start(context);
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}
