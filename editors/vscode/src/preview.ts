// The board preview's VS Code side: one webview per document, beside it, redrawn (debounced)
// after each edit and when the cursor moves to another line.

import * as path from "path";
import * as vscode from "vscode";
import { ExecuteCommandRequest, LanguageClient } from "vscode-languageclient/node";
import { BoardPicture, boardHtml, showBoardParams } from "./board";

const DEBOUNCE_MS = 150;

class Preview {
  readonly panel: vscode.WebviewPanel;
  private shownVersion = -1;
  private line: number | null;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: vscode.Disposable[] = [];

  constructor(
    private readonly client: () => LanguageClient | undefined,
    readonly document: vscode.TextDocument,
    line: number | null,
    onDispose: () => void,
  ) {
    this.line = line;
    const name = path.basename(document.uri.fsPath || document.uri.path);
    this.panel = vscode.window.createWebviewPanel(
      "carc.board",
      `Board: ${name}`,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: false, enableFindWidget: false },
    );
    this.listeners.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document) {
          this.schedule();
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor.document !== this.document) {
          return;
        }
        const line = event.selections[0]?.active.line ?? null;
        if (line !== this.line) {
          this.line = line;
          this.schedule();
        }
      }),
      this.panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
    );
  }

  reveal(line: number | null) {
    this.line = line;
    this.panel.reveal(vscode.ViewColumn.Beside, true);
    void this.refresh();
  }

  schedule() {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => void this.refresh(), DEBOUNCE_MS);
  }

  async refresh() {
    this.timer = undefined;
    const client = this.client();
    if (client === undefined) {
      this.panel.webview.html = boardHtml(null, this.panel.title);
      return;
    }
    try {
      const picture = (await client.sendRequest(
        ExecuteCommandRequest.type,
        showBoardParams(this.document.uri.toString(), this.line),
      )) as BoardPicture | null;
      // Answers may overtake each other: never replace a newer picture by an older one.
      if (picture !== null && picture.version < this.shownVersion) {
        return;
      }
      this.shownVersion = picture?.version ?? this.shownVersion;
      this.panel.webview.html = boardHtml(picture, this.panel.title);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      void vscode.window.showWarningMessage(`carc: Show board failed: ${reason}`);
    }
  }

  dispose() {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
    }
    for (const listener of this.listeners.splice(0)) {
      listener.dispose();
    }
  }
}

/** The previews, one per document. */
export class BoardPreviews implements vscode.Disposable {
  private readonly previews = new Map<string, Preview>();

  constructor(private readonly client: () => LanguageClient | undefined) {}

  show(editor: vscode.TextEditor) {
    const key = editor.document.uri.toString();
    const line = editor.selection.active.line;
    let preview = this.previews.get(key);
    if (preview === undefined) {
      preview = new Preview(this.client, editor.document, line, () =>
        this.previews.delete(key),
      );
      this.previews.set(key, preview);
    }
    preview.reveal(line);
  }

  /** Redraws every preview (after the server restarted). */
  refreshAll() {
    for (const preview of this.previews.values()) {
      preview.schedule();
    }
  }

  dispose() {
    for (const preview of [...this.previews.values()]) {
      preview.panel.dispose();
    }
    this.previews.clear();
  }
}
