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
 * large flat areas of a drawing become runs of zeros that deflate to almost nothing. (A Buffer keeps a negative
 * difference modulo 256, which is what the filter means.) One pass, no copies.
 */
export function filteredRgbRows(rgba: Uint8Array, width: number, height: number): Buffer {
  if (rgba.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`);
  const above = width * 4;
  const out = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0, o = 0, i = 0; y < height; y++) {
    out[o++] = 2;
    for (let x = 0; x < width; x++, i += 4) {
      if (y === 0) {
        out[o++] = rgba[i];
        out[o++] = rgba[i + 1];
        out[o++] = rgba[i + 2];
      } else {
        out[o++] = rgba[i] - rgba[i - above];
        out[o++] = rgba[i + 1] - rgba[i + 1 - above];
        out[o++] = rgba[i + 2] - rgba[i + 2 - above];
      }
    }
  }
  return out;
}

/** The PNG file: signature, IHDR, one IDAT, IEND. `level` is zlib's: 9 for a file made once, lower where CPU matters more than bytes. */
export async function opaqueRgbPng(rgba: Uint8Array, width: number, height: number, level = 9): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bits per sample
  header.writeUInt8(2, 9); // colour type 2: RGB, no alpha
  // compression 0, filter method 0, no interlace: the three zero bytes Buffer.alloc left.
  const data = await deflateAsync(filteredRgbRows(rgba, width, height), { level });
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]);
}
