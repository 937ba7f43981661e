// Rewrites WebAssembly files without their custom sections (names, DWARF debugging information): flite's
// module carries 4 MB of them that nothing reads. For the image's build stage; the code is unchanged.
// Usage: node --import tsx scripts/strip-wasm.ts <file.wasm>…
import { readFileSync, writeFileSync } from "node:fs";
import { leb } from "../audio/wasm-slim.ts";

export function withoutCustomSections(wasm: Uint8Array): Buffer {
  if (wasm.length < 8 || wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) throw new Error("not a WebAssembly module");
  const kept: Uint8Array[] = [wasm.subarray(0, 8)];
  for (let at = 8; at < wasm.length;) {
    const [size, payload] = leb(wasm, at + 1);
    if (wasm[at] !== 0) kept.push(wasm.subarray(at, payload + size));
    at = payload + size;
  }
  return Buffer.concat(kept);
}

for (const file of process.argv.slice(2)) {
  const before = readFileSync(file);
  const after = withoutCustomSections(before);
  new WebAssembly.Module(new Uint8Array(after)); // still a valid module, or the build stops here
  writeFileSync(file, after);
  console.log(`${file}: ${before.length} -> ${after.length} bytes`);
}
