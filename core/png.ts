// An opaque RGB PNG (colour type 2, 8 bits) from RGBA pixels, with node:zlib only. Renderers give RGBA,
// and podcast directories want artwork in the RGB colour space without an alpha channel: the pixels must
// already be opaque (drawn over a background); the alpha byte is dropped, never blended.
import { crc32, deflate } from "node:zlib";
import { promisify } from "node:util";

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Rows of RGB bytes, each behind a filter byte. `Up` (2) stores each byte minus the one above it, so the
 * large flat areas of a drawing become runs of zeros that deflate to almost nothing.
 */
export function filteredRgbRows(rgba: Uint8Array, width: number, height: number): Buffer {
  if (rgba.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`);
  const stride = width * 3;
  const out = Buffer.alloc((stride + 1) * height);
  const previous = new Uint8Array(stride);
  const row = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    out[at] = 2;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      row[x * 3] = rgba[i];
      row[x * 3 + 1] = rgba[i + 1];
      row[x * 3 + 2] = rgba[i + 2];
    }
    for (let k = 0; k < stride; k++) out[at + 1 + k] = (row[k] - previous[k]) & 0xff;
    previous.set(row);
  }
  return out;
}

/** The PNG file: signature, IHDR, one IDAT, IEND. */
export async function opaqueRgbPng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bits per sample
  header.writeUInt8(2, 9); // colour type 2: RGB, no alpha
  // compression 0, filter method 0, no interlace: the three zero bytes Buffer.alloc left.
  const data = await deflateAsync(filteredRgbRows(rgba, width, height), { level: 9 });
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]);
}
