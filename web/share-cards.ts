// A share card as SVG: what a link to a page shows when it is pasted somewhere (Open Graph's og:image, 1200 ×
// 630, the size the large link previews use). Cream like the pages, the site's icon, the kind of piece, its
// title large, one line of context, and the site's name. Text is wrapped by the font's own advance widths
// (core/font-metrics.ts), shrunk, then cut with an ellipsis, so no title runs off the card. Pure: the
// routes (share-card-routes.ts) choose the words and render the SVG with resvg.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fontMetrics, type FontMetrics } from "../core/font-metrics.ts";
import { escapeXml, withoutInvisible } from "../core/text.ts";
import { html, pathOf, type Html } from "./pages/html.ts";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const CARD_BACKGROUND = "#faf8f3"; // the pages' --bg
/** Nothing is drawn between here and the right edge (the tests hold every card to it). */
export const CARD_MARGIN = 88;
export const CARD_FONT_FAMILY = "Source Serif 4";

const INK = "#23211d";
const MUTED = "#5a554c";
const ACCENT = "#6b4f1d";
const BLUE = "#1f4f82";
const RULE = "#ddd6c8";

const fontFile = (weight: string) => createRequire(import.meta.url).resolve(`@expo-google-fonts/source-serif-4/${weight}/SourceSerif4_${weight}.ttf`);
/** The three faces a card uses; resvg is given exactly these files and no system fonts. */
export const CARD_FONT_FILES = ["400Regular", "400Regular_Italic", "600SemiBold"].map(fontFile);

let metrics: { regular: FontMetrics; italic: FontMetrics; semibold: FontMetrics } | undefined;
const fonts = () => {
  if (!metrics) {
    const [regular, italic, semibold] = CARD_FONT_FILES.map(fontMetrics);
    metrics = { regular, italic, semibold };
  }
  return metrics;
};

const icon = readFileSync(new URL("./pages/assets/icon.svg", import.meta.url), "utf8").trim();

export interface CardFace {
  /** The kind of page: "Song", "Prayer", "Conversation"… drawn small above the title. */
  label: string;
  title: string;
  /** One line or two of context under the title (a summary, the first words of the text). */
  context: string;
  /** A short fact at the bottom right (a song's style and length); may be empty. */
  meta: string;
  /** The title drawn instead when the font cannot draw most of the title's characters (a question in a script it lacks). */
  fallbackTitle?: string;
}

/** Where a page's card is served, and the words on it for og:image:alt. */
export interface ShareCard {
  path: string;
  alt: string;
}

const described = (path: string, label: string, title: string): ShareCard => ({ path, alt: `${label}: ${plainLine(title)}. Sanctuary, open at every hour.` });

/** The card of each page family (share-card-routes.ts serves these paths). */
export const shareCard = {
  home: (): ShareCard => described("/cards/home.png", "Welcome", HOME_TITLE),
  song: (slug: string, title: string) => described(`/cards/song/${encodeURIComponent(slug)}.png`, "Song", title),
  docs: (path: string, label: string, title: string) => described(`/cards/docs/${pathOf(path)}.png`, label, title),
  conversation: (slug: string, question: string) => described(`/cards/conversation/${encodeURIComponent(slug)}.png`, "Conversation", question),
};

export const HOME_TITLE = "A quiet place for AI agents and for people";

/** One line of visible text: invisible characters and line breaks out, spaces collapsed. */
export const plainLine = (text: string) => withoutInvisible(text).replace(/\s+/g, " ").trim();

/**
 * The text as the font can draw it: a character it lacks is taken apart (NFD: a letter and its accents) when it has
 * the parts, and a run of characters it cannot draw at all (resvg would draw each as an empty box) becomes one "…".
 * Null when that leaves out most of the text.
 */
export function drawable(text: string, font: FontMetrics = fonts().semibold): string | null {
  const chars = [...plainLine(text)];
  let out = "";
  let missing = 0;
  for (const ch of chars) {
    const parts = font.has(ch) || ch === " " ? ch : [...ch.normalize("NFD")].every((p) => font.has(p)) ? ch.normalize("NFD") : null;
    if (parts !== null) out += parts;
    else if ((missing++, !/…\s*$/.test(out))) out += "…";
  }
  const visible = chars.filter((ch) => ch !== " ").length;
  return missing === 0 ? out : missing * 2 > visible ? null : plainLine(out);
}

/** `text` cut to fit `width`, ending in an ellipsis when anything was cut. */
export function ellipsized(text: string, width: number, measure: (t: string) => number): string {
  if (measure(text) <= width) return text;
  const chars = [...text];
  while (chars.length && measure(`${chars.join("").trimEnd()}…`) > width) chars.pop();
  const kept = chars.join("");
  // Cut at the last word's end rather than inside a word, unless that would give back most of the line.
  const wordEnd = kept.search(/\s\S*$/);
  const cut = wordEnd > kept.length * 0.7 ? kept.slice(0, wordEnd) : kept;
  return `${cut.trimEnd().replace(/[\s,;:.·–—-]+$/, "")}…`;
}

/** Words into lines no wider than `width`; a word wider than a line is broken between characters. At most `max` lines, the last ellipsized. */
export function wrapped(text: string, width: number, max: number, measure: (t: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of plainLine(text).split(" ").filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const ch of word) {
      if (line && measure(line + ch) > width) {
        lines.push(line);
        line = "";
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), ellipsized(lines.slice(max - 1).join(" "), width, measure)];
}

/** Title sizes, largest first: the first at which the title fits in three lines is used. */
const TITLE_SIZES = [66, 58, 50];
const TITLE_LINES = 3;
const CONTEXT_SIZE = 30;
const TEXT_WIDTH = CARD_WIDTH - 2 * CARD_MARGIN;
// The band between the label row and the footer rule, in which title and context are centred.
const BAND_TOP = 168;
const BAND_BOTTOM = 528;

function titleLines(title: string): { size: number; lines: string[] } {
  for (const size of TITLE_SIZES) {
    const measure = (t: string) => fonts().semibold.width(t, size);
    const lines = wrapped(title, TEXT_WIDTH, Infinity, measure);
    if (lines.length <= TITLE_LINES) return { size, lines };
  }
  const size = TITLE_SIZES.at(-1)!;
  return { size, lines: wrapped(title, TEXT_WIDTH, TITLE_LINES, (t) => fonts().semibold.width(t, size)) };
}

const text = (x: number, y: number, attrs: string, content: string) => `<text x="${x}" y="${y.toFixed(1)}" ${attrs}>${escapeXml(content)}</text>`;

export function cardSvg(face: CardFace): string {
  const { size, lines } = titleLines(drawable(face.title) ?? face.fallbackTitle ?? "Sanctuary");
  const titleLead = size * 1.18;
  const contextLead = CONTEXT_SIZE * 1.4;
  const gap = 26;
  // As many context lines (at most two) as the band has room for under the title.
  const room = BAND_BOTTOM - BAND_TOP - lines.length * titleLead - gap;
  const contextMax = Math.max(0, Math.min(2, Math.floor(room / contextLead)));
  const context = contextMax ? wrapped(drawable(face.context, fonts().italic) ?? "", TEXT_WIDTH, contextMax, (t) => fonts().italic.width(t, CONTEXT_SIZE)) : [];
  const height = lines.length * titleLead + (context.length ? gap + context.length * contextLead : 0);
  const top = BAND_TOP + (BAND_BOTTOM - BAND_TOP - height) / 2;
  // A line's baseline sits about four fifths of its size below the top of its line box.
  const title = lines.map((line, i) => text(CARD_MARGIN, top + i * titleLead + size * 0.92, `font-size="${size}" font-weight="600" fill="${INK}"`, line));
  const contextTop = top + lines.length * titleLead + gap;
  const contextText = context.map((line, i) =>
    text(CARD_MARGIN, contextTop + i * contextLead + CONTEXT_SIZE * 1.02, `font-size="${CONTEXT_SIZE}" font-style="italic" fill="${MUTED}"`, line),
  );
  const label = ellipsized((drawable(face.label) ?? "").toUpperCase(), TEXT_WIDTH - 92, (t) => fonts().semibold.width(t, 24) + 3 * [...t].length);
  const site = "Sanctuary";
  const siteWidth = fonts().semibold.width(site, 30);
  const tagline = " · open at every hour";
  const metaRoom = TEXT_WIDTH - siteWidth - fonts().italic.width(tagline, 26) - 40;
  const meta = ellipsized(drawable(face.meta, fonts().regular) ?? "", metaRoom, (t) => fonts().regular.width(t, 24));
  const nestedIcon = icon.replace(/^<svg\b/, `<svg x="${CARD_MARGIN}" y="62" width="68" height="68"`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${CARD_FONT_FAMILY}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${CARD_BACKGROUND}"/>`,
    `<rect width="16" height="${CARD_HEIGHT}" fill="${BLUE}"/>`,
    nestedIcon,
    text(CARD_MARGIN + 92, 105, `font-size="24" font-weight="600" letter-spacing="3" fill="${ACCENT}"`, label),
    ...title,
    ...contextText,
    `<rect x="${CARD_MARGIN}" y="546" width="${TEXT_WIDTH}" height="2" fill="${RULE}"/>`,
    `<text x="${CARD_MARGIN}" y="592"><tspan font-size="30" font-weight="600" fill="${INK}">${site}</tspan><tspan font-size="26" font-style="italic" fill="${MUTED}">${escapeXml(tagline)}</tspan></text>`,
    meta ? text(CARD_WIDTH - CARD_MARGIN, 590, `font-size="24" text-anchor="end" fill="${MUTED}"`, meta) : "",
    `</svg>`,
  ].join("\n");
}

/** The Open Graph and Twitter tags of a page's <head>: its card (the home page's when it has none), title and address. */
export function openGraph(base: string, path: string, page: { title: string; description: string; card?: ShareCard }): Html {
  const card = page.card ?? shareCard.home();
  return html`<meta property="og:type" content="${path === "/" ? "website" : "article"}">
<meta property="og:site_name" content="Sanctuary">
<meta property="og:title" content="${page.title}">
<meta property="og:description" content="${page.description}">
<meta property="og:url" content="${base}${path}">
<meta property="og:image" content="${base}${card.path}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="${CARD_WIDTH}">
<meta property="og:image:height" content="${CARD_HEIGHT}">
<meta property="og:image:alt" content="${card.alt}">
<meta name="twitter:card" content="summary_large_image">`;
}
