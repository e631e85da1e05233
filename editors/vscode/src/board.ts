// "carc: Show board": the picture of the position at the cursor's line, in a webview beside
// the file, redrawn after edits and cursor moves. The server's `carc.showBoard` command
// (workspace/executeCommand; contract in crates/carc-lsp/src/board.rs) draws it.
//
// This file's top half has no `vscode` import so that test/board.test.js can run it against
// the real server without VS Code.

/** The server's command. */
export const SHOW_BOARD = "carc.showBoard";

/** The answer of `carc.showBoard`. */
export interface BoardPicture {
  uri: string;
  version: number;
  line: number | null;
  svg: string;
  ascii: string;
  /** Where the picture stands, in words (`at line 7, with the whole setup (to line 8)`). */
  position?: string;
  /** How many tile sides do not match their neighbour (drawn with a red mark). */
  mismatched?: number;
}

/** The parameters of workspace/executeCommand for the picture after `line` (0-based). */
export function showBoardParams(uri: string, line: number | null) {
  return { command: SHOW_BOARD, arguments: [uri, line] };
}

/** Whether an initialize result lists the command. */
export function serverHasShowBoard(capabilities: unknown): boolean {
  const commands = (capabilities as {
    executeCommandProvider?: { commands?: string[] };
  } | undefined)?.executeCommandProvider?.commands;
  return Array.isArray(commands) && commands.includes(SHOW_BOARD);
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * The webview's page: the SVG as an image (a data: URL, so nothing in it can run), the
 * line it shows, and the text picture for screen readers. No scripts; a strict CSP.
 */
export function boardHtml(picture: BoardPicture | null, title: string): string {
  const csp =
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'";
  let body: string;
  if (picture === null) {
    body = `<p>The document is not open in the carc language server.</p>`;
  } else {
    const svg = Buffer.from(picture.svg, "utf8").toString("base64");
    // the server's words (they state the setup rule when later setup tiles are drawn);
    // an older server sends none
    const where =
      picture.position ??
      (picture.line === null ? "at the end of the file" : `at line ${picture.line + 1}`);
    const illegal =
      (picture.mismatched ?? 0) > 0
        ? `<p class="illegal">A red bar marks each side that does not match the tile next to it (an illegal turn).</p>`
        : "";
    body =
      `<p class="where">${escapeHtml(title)} — ${escapeHtml(where)}</p>` +
      illegal +
      `<img alt="${escapeHtml(picture.ascii)}" src="data:image/svg+xml;base64,${svg}">`;
  }
  return (
    `<!DOCTYPE html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">` +
    `<style>body{padding:8px} img{max-width:100%;height:auto;background:#fff}` +
    `.where,.illegal{font-family:var(--vscode-font-family);opacity:.8}</style>` +
    `</head><body>${body}</body></html>`
  );
}
