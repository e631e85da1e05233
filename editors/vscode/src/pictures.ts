// Tile pictures as files. carc lsp gives VS Code each tile's picture as an SVG `data:` image in
// the markdown of completion items and hovers. VS Code's suggest widget reads an item's
// documentation markdown, raw, to screen readers when the details are shown: a data URI there
// is kilobytes of base64 read aloud. So the extension writes each picture once to a file in its
// storage and links that file instead: the markdown stays short, and what is read is the
// picture's alt text (`E r0`). VS Code's markdown renderer shows `file:` images (on a remote or
// in code-server, through its resource route).

import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import * as vscode from "vscode";
import type { Middleware } from "vscode-languageclient/node";

/** A picture the server embeds: `](data:image/svg+xml;base64,PAYLOAD)`. */
const DATA_PICTURE = /\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/g;

/**
 * `markdown` with each SVG `data:` picture replaced by the `file:` URI of a file in `dir`
 * holding it, named by a hash of the picture (so one picture is written once, and an unchanged
 * picture keeps its name). A picture that cannot be written keeps its data URI: shown, only
 * long to read.
 */
export function picturesToFiles(markdown: string, dir: string, fileUri: (file: string) => string): string {
  if (!markdown.includes("](data:image/svg+xml;base64,")) {
    return markdown;
  }
  return markdown.replace(DATA_PICTURE, (whole: string, payload: string) => {
    const name = crypto.createHash("sha256").update(payload).digest("hex").slice(0, 24) + ".svg";
    const file = path.join(dir, name);
    try {
      if (!fs.existsSync(file)) {
        fs.mkdirSync(dir, { recursive: true });
        // written beside and renamed: a renderer never reads half a picture
        const partial = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(partial, Buffer.from(payload, "base64"));
        fs.renameSync(partial, file);
      }
    } catch {
      return whole;
    }
    // `(` and `)` would end the markdown link early
    return `](${fileUri(file).replace(/\(/g, "%28").replace(/\)/g, "%29")})`;
  });
}

/** A copy of `value` whose markdown links its pictures as files in `dir`, or `value` itself. */
function withPictureFiles<T>(value: T, dir: string): T {
  if (!(value instanceof vscode.MarkdownString)) {
    return value;
  }
  const markdown = picturesToFiles(value.value, dir, (file) => vscode.Uri.file(file).toString());
  if (markdown === value.value) {
    return value;
  }
  const copy = new vscode.MarkdownString(markdown, value.supportThemeIcons);
  copy.isTrusted = value.isTrusted;
  copy.supportHtml = value.supportHtml;
  copy.baseUri = value.baseUri;
  return copy as T;
}

function completionItem(item: vscode.CompletionItem, dir: string): vscode.CompletionItem {
  item.documentation = withPictureFiles(item.documentation, dir);
  return item;
}

/**
 * The client middleware that links the pictures of completion items (listed and resolved) and
 * hovers as files in `dir` (the extension's storage).
 */
export function pictureMiddleware(dir: string): Middleware {
  return {
    provideCompletionItem: async (document, position, context, token, next) => {
      const result = await next(document, position, context, token);
      const items = Array.isArray(result) ? result : result?.items;
      items?.forEach((item) => completionItem(item, dir));
      return result;
    },
    resolveCompletionItem: async (item, token, next) => {
      const resolved = await next(item, token);
      return resolved ? completionItem(resolved, dir) : resolved;
    },
    provideHover: async (document, position, token, next) => {
      const hover = await next(document, position, token);
      if (!hover) {
        return hover;
      }
      const contents = hover.contents.map((part) => withPictureFiles(part, dir));
      return new vscode.Hover(contents, hover.range);
    },
  };
}
