// Advance widths read from a TrueType/OpenType font file (the `cmap`, `hhea`, `hmtx` and `head` tables, from
// the OpenType specification), so text drawn by an SVG renderer can be wrapped before it is drawn. Kerning and
// ligatures are left out: they only ever narrow a line, so a measured line never comes out wider than drawn.
import { readFileSync } from "node:fs";

export interface FontMetrics {
  /** The width of `text` at `size` pixels; a character the font lacks counts as one em (its fallback is unknown). */
  width: (text: string, size: number) => number;
  /** Whether the font has a glyph for the character (one code point). */
  has: (char: string) => boolean;
}

function tables(font: Buffer): Map<string, number> {
  const found = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    found.set(font.toString("ascii", record, record + 4), font.readUInt32BE(record + 8));
  }
  return found;
}

/** Code point → glyph id from the Unicode cmap subtable: format 12 (all planes) if present, else format 4 (BMP). */
function glyphMap(font: Buffer, cmap: number): (codePoint: number) => number {
  const subtables: number[] = [];
  for (let i = 0, n = font.readUInt16BE(cmap + 2); i < n; i++) {
    const record = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))) subtables.push(cmap + font.readUInt32BE(record + 4));
  }
  const format12 = subtables.find((at) => font.readUInt16BE(at) === 12);
  if (format12 !== undefined) {
    const groups = font.readUInt32BE(format12 + 12);
    return (cp) => {
      for (let g = 0; g < groups; g++) {
        const at = format12 + 16 + g * 12;
        const start = font.readUInt32BE(at);
        if (cp >= start && cp <= font.readUInt32BE(at + 4)) return font.readUInt32BE(at + 8) + cp - start;
      }
      return 0;
    };
  }
  const format4 = subtables.find((at) => font.readUInt16BE(at) === 4);
  if (format4 === undefined) throw new Error("the font has no Unicode cmap of format 4 or 12");
  const segments = font.readUInt16BE(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const offsets = deltas + segments * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (cp > font.readUInt16BE(ends + s * 2)) continue;
      const start = font.readUInt16BE(starts + s * 2);
      if (cp < start) return 0;
      const delta = font.readUInt16BE(deltas + s * 2);
      const rangeOffset = font.readUInt16BE(offsets + s * 2);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const glyph = font.readUInt16BE(offsets + s * 2 + rangeOffset + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

export function fontMetrics(file: string): FontMetrics {
  const font = readFileSync(file);
  const at = tables(font);
  const [head, hhea, hmtx, cmap] = ["head", "hhea", "hmtx", "cmap"].map((tag) => {
    const offset = at.get(tag);
    if (offset === undefined) throw new Error(`${file} has no ${tag} table`);
    return offset;
  });
  const unitsPerEm = font.readUInt16BE(head + 18);
  const longMetrics = font.readUInt16BE(hhea + 34);
  const glyphOf = glyphMap(font, cmap);
  const advances = new Map<number, number>();
  const advance = (cp: number): number => {
    let units = advances.get(cp);
    if (units === undefined) {
      const glyph = glyphOf(cp);
      units = glyph === 0 ? unitsPerEm : font.readUInt16BE(hmtx + Math.min(glyph, longMetrics - 1) * 4);
      advances.set(cp, units);
    }
    return units;
  };
  return {
    has: (char) => glyphOf(char.codePointAt(0) ?? 0) !== 0,
    width: (text, size) => {
      let units = 0;
      for (const ch of text) units += advance(ch.codePointAt(0)!);
      return (units / unitsPerEm) * size;
    },
  };
}
