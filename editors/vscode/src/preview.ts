// The board preview's VS Code side: one webview beside the editors that follows the active
// .carc editor, redrawn (debounced) after each edit and when the cursor moves to another line.

import * as path from "path";
import * as vscode from "vscode";
import { ExecuteCommandRequest, LanguageClient } from "vscode-languageclient/node";
import { BoardPicture, boardHtml, showBoardParams } from "./board";

const DEBOUNCE_MS = 150;

/**
 * The one board panel. It shows the active `.carc` editor: when another `.carc` editor
 * becomes active it switches to that document (its title says which), redrawn after edits
 * and when the cursor moves to another line. An editor of another language leaves the last
 * picture in place.
 */
export class BoardPreviews implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private shownVersion = -1;
  private line: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: vscode.Disposable[] = [];

  constructor(private readonly client: () => LanguageClient | undefined) {}

  /** Opens the panel (or reveals it) on `editor`'s document at its cursor's line. */
  show(editor: vscode.TextEditor) {
    if (this.panel === undefined) {
      this.panel = vscode.window.createWebviewPanel(
        "carc.board",
        "Board",
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableFindWidget: false },
      );
      // listened to while the panel is open
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
        vscode.window.onDidChangeActiveTextEditor((editor) => {
          if (editor?.document.languageId === "carc") {
            this.follow(editor);
          }
        }),
        this.panel.onDidDispose(() => {
          this.panel = undefined;
          this.document = undefined;
          this.stopListening();
        }),
      );
    } else {
      this.panel.reveal(undefined, true);
    }
    this.follow(editor);
  }

  /** Shows `editor`'s document at its cursor's line. */
  private follow(editor: vscode.TextEditor) {
    if (editor.document !== this.document) {
      this.document = editor.document;
      // another document's versions count from their own start
      this.shownVersion = -1;
    }
    this.line = editor.selection.active.line;
    if (this.panel !== undefined) {
      this.panel.title = `Board: ${this.name()}`;
    }
    void this.refresh();
  }

  private name(): string {
    const uri = this.document?.uri;
    return uri === undefined ? "" : path.basename(uri.fsPath || uri.path);
  }

  /** Redraws the panel (after the server restarted). */
  refreshAll() {
    this.schedule();
  }

  private schedule() {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => void this.refresh(), DEBOUNCE_MS);
  }

  private async refresh() {
    this.timer = undefined;
    const panel = this.panel;
    const document = this.document;
    if (panel === undefined || document === undefined) {
      return;
    }
    const client = this.client();
    if (client === undefined) {
      panel.webview.html = boardHtml(null, this.name());
      return;
    }
    try {
      const picture = (await client.sendRequest(
        ExecuteCommandRequest.type,
        showBoardParams(document.uri.toString(), this.line),
      )) as BoardPicture | null;
      // The panel moved on to another document meanwhile: this answer is not its picture.
      if (document !== this.document) {
        return;
      }
      // Answers may overtake each other: never replace a newer picture by an older one.
      if (picture !== null && picture.version < this.shownVersion) {
        return;
      }
      this.shownVersion = picture?.version ?? this.shownVersion;
      panel.webview.html = boardHtml(picture, this.name());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      void vscode.window.showWarningMessage(`carc: Show board failed: ${reason}`);
    }
  }

  private stopListening() {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    for (const listener of this.listeners.splice(0)) {
      listener.dispose();
    }
  }

  dispose() {
    this.stopListening();
    this.panel?.dispose();
  }
}
