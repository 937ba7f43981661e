// A WebAssembly module read from disk section by section, without what a renderer need not hold twice.
// Flite's 21 MB module is 17 MB of voice data (wasm-ld's first data segment, `.rodata`) and 4 MB of
// debugging sections. Compiled as it is, V8 keeps the whole module's bytes beside the memory the voice
// data is copied into. Here the debugging sections are left out and the large first segment is not carried
// by the module: the runner reads it from the file straight into each new instance's memory (`fillRodata`).
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";

/** A first data segment at least this large is read into memory from the file, not carried by the module. */
const LARGE_SEGMENT = 1 << 20;

export interface SlimModule {
  /** The module without custom sections and without the large read-only segment. */
  bytes: Uint8Array<ArrayBuffer>;
  /** Where the left-out segment goes in memory and where its bytes are in the file. */
  rodata?: { at: number; length: number; fileOffset: number };
  /** Copy the left-out segment into a new instance's memory (nothing to do when none was left out). */
  fillRodata(memory: WebAssembly.Memory): void;
}

function readAt(fd: number, position: number, length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, out, got, length - got, position + got);
    if (n === 0) throw new Error(`wasm-slim: the file ends ${length - got} bytes early`);
    got += n;
  }
  return out;
}

/** An unsigned LEB128 number at `at` in `bytes`: its value and the index after it. */
export function leb(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  let b: number;
  do {
    b = bytes[at++];
    value += (b & 0x7f) * scale;
    scale *= 128;
  } while (b & 0x80);
  return [value, at];
}

function toLeb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

/**
 * Read the module at `path`. The first data segment is left out only when it is large, active in memory
 * 0 at a constant address, and the module has no DataCount section (then no instruction names a segment
 * by its index, so dropping one renumbers nothing that is used).
 */
export function slimWasm(path: string): SlimModule {
  const fd = openSync(path, "r");
  try {
    const head = readAt(fd, 0, 8);
    const parts: Uint8Array[] = [head];
    let rodata: SlimModule["rodata"];
    const end = fstatSync(fd).size;
    let position = 8;
    while (position < end) {
      const header = readAt(fd, position, Math.min(6, end - position)); // an id and a size of at most five LEB bytes
      const [size, payloadAt] = leb(header, 1);
      const id = header[0];
      const payloadPos = position + payloadAt;
      position = payloadPos + size;
      if (id === 0) continue; // custom: names, debugging information
      if (id === 12) return { bytes: new Uint8Array(readFileSync(path)), fillRodata() {} }; // DataCount: segments are named by index, keep them all
      if (id !== 11) {
        parts.push(readAt(fd, payloadPos - payloadAt, payloadAt + size));
        continue;
      }
      // The data section: keep every segment but a large first one.
      const [count, afterCount] = leb(readAt(fd, payloadPos, Math.min(5, end - payloadPos)), 0);
      const seg = readAt(fd, payloadPos + afterCount, Math.min(16, end - payloadPos - afterCount));
      const [flags, exprAt] = leb(seg, 0);
      const constant = flags === 0 && seg[exprAt] === 0x41; // active in memory 0, offset `i32.const n; end`
      const [offset, endAt] = constant ? leb(seg, exprAt + 1) : [0, exprAt];
      const [length, dataAt] = constant && seg[endAt] === 0x0b ? leb(seg, endAt + 1) : [0, 0];
      if (count === 0 || length < LARGE_SEGMENT) {
        parts.push(readAt(fd, payloadPos - payloadAt, payloadAt + size));
        continue;
      }
      const rest = payloadPos + afterCount + dataAt + length;
      rodata = { at: offset, length, fileOffset: payloadPos + afterCount + dataAt };
      const others = readAt(fd, rest, payloadPos + size - rest);
      const payload = [...toLeb(count - 1)];
      parts.push(new Uint8Array([11, ...toLeb(payload.length + others.length), ...payload]), others);
    }
    const bytes = concat(parts);
    const segment = rodata;
    return {
      bytes,
      rodata,
      fillRodata(memory) {
        if (!segment) return;
        const target = new Uint8Array(memory.buffer, segment.at, segment.length);
        const file = openSync(path, "r");
        try {
          let got = 0;
          while (got < segment.length) {
            const n = readSync(file, target, got, segment.length - got, segment.fileOffset + got);
            if (n === 0) throw new Error("wasm-slim: the module's file changed under the renderer");
            got += n;
          }
        } finally {
          closeSync(file);
        }
      },
    };
  } finally {
    closeSync(fd);
  }
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
