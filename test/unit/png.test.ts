// core/png.ts read back by the independent reader in test/helpers/png.ts: an RGB PNG (colour type 2, no
// alpha chunk) whose pixels are the input's colours, with the alpha byte dropped.
import { describe, expect, it } from "vitest";
import { opaqueRgbPng } from "../../core/png.ts";
import { decodePng } from "../helpers/png.ts";

describe("opaqueRgbPng", () => {
  it("writes 8-bit RGB whose pixels read back exactly", async () => {
    const width = 5;
    const height = 3;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([(i * 37) & 0xff, (i * 91) & 0xff, 255 - i, 255], i * 4);
    const png = decodePng(await opaqueRgbPng(rgba, width, height));
    expect({ width: png.width, height: png.height, bitDepth: png.bitDepth, colorType: png.colorType }).toEqual({ width, height, bitDepth: 8, colorType: 2 });
    expect(png.chunks).toEqual(["IHDR", "IDAT", "IEND"]);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) expect(png.rgb(x, y)).toEqual(Array.from(rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)));
  });

  it("refuses pixels that do not match the size", async () => {
    await expect(opaqueRgbPng(new Uint8Array(10), 2, 2)).rejects.toThrow(RangeError);
  });
});
