// The El Niño / La Niña outlook for the planner, read from NOAA CPC's monthly ENSO diagnostic
// discussion. The page is hand-made HTML with no machine-readable twin, so it is reduced to lines of
// plain text and read by its fixed labels ("ENSO Alert System Status:", "Synopsis:") and issue date.
import { fetchText as defaultFetchText, type FetchTextFn } from "./fetch.ts";

export interface Enso {
  /** e.g. "La Niña Advisory", "El Niño Watch", "Not Active". */
  status: string;
  /** The discussion's one- or two-sentence synopsis. */
  synopsis: string;
  /** Issue date, YYYY-MM-DD; null when the page does not say it in the usual place. */
  asOf: string | null;
}

export const ENSO_URL = "https://www.cpc.ncep.noaa.gov/products/analysis_monitoring/enso_advisory/ensodisc.shtml";

/** A status is a few words; anything longer means the label was followed by something else. */
const MAX_STATUS = 80;
/** The synopsis is short; a runaway match would carry the whole discussion into a prompt. */
const MAX_SYNOPSIS = 600;

export async function fetchEnso(url: string = ENSO_URL, fetchText: FetchTextFn = (u) => defaultFetchText(u)): Promise<Enso | null> {
  let html: string;
  try {
    html = await fetchText(url);
  } catch {
    return null;
  }
  return parseEnso(html);
}

export function parseEnso(html: string): Enso | null {
  const lines = htmlToLines(html);
  const statusAt = lines.findIndex((l) => /ENSO Alert System Status\s*:/i.test(l));
  if (statusAt < 0) return null;
  // The status usually shares the label's line; some issues put it on the next one.
  let status = lines[statusAt].replace(/^.*?ENSO Alert System Status\s*:\s*/i, "").trim();
  if (!status && lines[statusAt + 1]) status = lines[statusAt + 1];
  status = status.replace(/\s*\.$/, "");
  if (!status || status.length > MAX_STATUS) return null;

  const synopsisAt = lines.findIndex((l, i) => i > statusAt && /^Synopsis\s*:/i.test(l));
  if (synopsisAt < 0) return null;
  let synopsis = lines[synopsisAt].replace(/^Synopsis\s*:\s*/i, "");
  if (!synopsis && lines[synopsisAt + 1]) synopsis = lines[synopsisAt + 1];
  synopsis = synopsis.trim();
  if (!synopsis) return null;
  if (synopsis.length > MAX_SYNOPSIS) synopsis = synopsis.slice(0, MAX_SYNOPSIS).replace(/\s+\S*$/, "") + "…";

  return { status, synopsis, asOf: issueDate(lines.slice(0, statusAt + 1).join("\n")) };
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "…issued by CLIMATE PREDICTION CENTER… 13 November 2025" → "2025-11-13". */
function issueDate(text: string): string | null {
  const m = /issued\s+by[\s\S]{0,400}?\b(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})\b/i.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2].toLowerCase());
  const [day, year] = [Number(m[1]), Number(m[3])];
  if (month < 0) return null;
  const date = new Date(Date.UTC(year, month, day));
  // Reject "31 November": Date would quietly roll it into December.
  if (date.getUTCMonth() !== month || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Plain text in lines: block boundaries become line breaks (so a paragraph is one line), inline tags
 * vanish, entities are decoded and blank lines dropped. The source's own line breaks are only wrapping.
 */
function htmlToLines(html: string): string[] {
  const text = html
    .replace(/\s+/g, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(p|div|h[1-6]|li|ul|ol|tr|td|th|table|center|blockquote|section|article|header|footer|hr)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .split("\n")
    .map((l) => l.replace(/[\s\u00a0]+/g, " ").trim())
    .filter(Boolean);
}

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ntilde: "ñ",
  Ntilde: "Ñ",
  eacute: "é",
  aacute: "á",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  deg: "°",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  plusmn: "±",
  sim: "~",
  middot: "·",
  copy: "©",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : " ";
    }
    return NAMED[code] ?? whole;
  });
}
