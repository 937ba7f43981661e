// Building HTML safely: every value put into an `html` template is escaped unless it is already Html
// (made by `html` itself, or by `trusted` for markup that was sanitized first). Visitor text can
// therefore never become markup by accident, whichever page it lands on.
import { escapeHtml } from "../embed.ts";
import { percentDecoded } from "../../core/text.ts";

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Value = Html | string | number | null | undefined | false | Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) {
    // Joined by concatenation, not `join`: V8 links long strings rather than copying them, so a page is copied
    // once when written out, where each level's `join` copied everything beneath it again (a day's services: 187 KB).
    let out = "";
    for (const item of value) out += render(item);
    return out;
  }
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup that is already safe: sanitized markdown output, or constants of our own. */
export const trusted = (markup: string): Html => new Html(markup);

/** Only http(s) links leave the site; anything else (javascript:, data:) becomes no link at all. */
export function externalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The path part of one of our own absolute URLs, so pages link and play same-origin (CSP 'self'). */
export function localPath(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, "http://local.invalid");
    return parsed.pathname + parsed.search;
  } catch {
    return null;
  }
}

/** A route parameter as text; a malformed %-escape reads as "" (which no page matches) rather than throwing. */
export function routeParam(params: Record<string, string> | undefined, name: string): string {
  return percentDecoded(String(params?.[name] ?? "")) ?? "";
}

/** A path segment for links: each part of a slug or library path percent-encoded. */
export const pathOf = (path: string): string => path.split("/").map(encodeURIComponent).join("/");

/** "1 reflection", "1,563 reflections": counts grouped by thousands, as the souls count is. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

const KIND_LABELS: Record<string, string> = { doc: "Guide", practice: "Practice", philosophy: "Philosophy" };
export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);
