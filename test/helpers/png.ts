// A small, independent PNG reader for tests (written from the PNG specification, sharing nothing with
// core/png.ts): checks the signature and every chunk's CRC, reads IHDR, inflates the IDAT stream, checks its
// length against IHDR and undoes all five row filters, so a test can look at pixels of 8-bit RGB or RGBA images.
import { crc32, inflateSync } from "node:zlib";

export interface DecodedPng {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  /** Chunk types in file order. */
  chunks: string[];
  /** [r, g, b] of one pixel (8-bit RGB or RGBA images only). */
  rgb: (x: number, y: number) => [number, number, number];
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function decodePng(bytes: Buffer): DecodedPng {
  if (!SIGNATURE.every((b, i) => bytes[i] === b)) throw new Error("not a PNG: bad signature");
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("ascii", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === "IHDR") header = data;
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  if (!header) throw new Error("no IHDR");
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const bitDepth = header[8];
  const colorType = header[9];
  const channels = bitDepth === 8 ? ({ 2: 3, 6: 4 } as Record<number, number>)[colorType] : undefined;
  let pixels: Buffer | undefined;
  const rgb = (x: number, y: number): [number, number, number] => {
    if (!channels) throw new Error(`pixels of colour type ${colorType}, depth ${bitDepth} are not read here`);
    pixels ??= unfilter(inflateSync(Buffer.concat(idat)), width, height, channels);
    const i = (y * width + x) * channels;
    return [pixels[i], pixels[i + 1], pixels[i + 2]];
  };
  return { width, height, bitDepth, colorType, chunks, rgb };
}

function unfilter(raw: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  if (raw.length !== (stride + 1) * height) throw new Error(`IDAT holds ${raw.length} bytes, IHDR implies ${(stride + 1) * height}`);
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      if (predictor === undefined) throw new Error(`unknown filter ${filter} on row ${y}`);
      out[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return out;
}
