// Writes web/pages/assets/favicon.ico from the project's icon (web/pages/assets/icon.svg): the SVG drawn by
// Chromium (playwright-core, the browser the tests use) at 16, 32 and 48 pixels on a transparent background,
// packed as PNG images in one ICO file, the format every browser accepts at /favicon.ico.
// Run after changing icon.svg: npx tsx scripts/make-favicon.ts [path to chromium]
import { readFile, writeFile } from "node:fs/promises";
import { chromium } from "playwright-core";

const SIZES = [16, 32, 48];
const svg = await readFile(new URL("../web/pages/assets/icon.svg", import.meta.url), "utf8");
const browser = await chromium.launch({ executablePath: process.argv[2] ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const pngs: Buffer[] = [];
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    pngs.push(await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
  }
} finally {
  await browser.close();
}

/** ICO: a 6-byte header, a 16-byte directory entry per image, then the images (PNG inside ICO is standard). */
function ico(images: Buffer[], sizes: number[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((png, i) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(sizes[i] % 256, 0); // width (0 would mean 256)
    entry.writeUInt8(sizes[i] % 256, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

const out = new URL("../web/pages/assets/favicon.ico", import.meta.url);
await writeFile(out, ico(pngs, SIZES));
console.log(`wrote ${out.pathname} (${SIZES.join(", ")} px)`);
