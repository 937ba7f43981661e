// The dozen WASI calls flite's command line makes, in memory: arguments in, one output file out,
// stdout/stderr collected. No file system, no temp files. Node's own WASI (uvwasi) was replaced after
// runs crashed the process under load; this keeps every byte flite reads or writes in our hands.

const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOENT: 44, NOSYS: 52 } as const;

/** Thrown by proc_exit to unwind out of _start. */
class Exit {
  constructor(readonly code: number) {}
}

export interface RunResult {
  code: number;
  /** Files flite wrote, by the path it opened (e.g. "out.wav"). */
  files: Map<string, Uint8Array>;
  stderr: string;
}

interface State {
  argBytes: Uint8Array[];
  files: Map<string, Uint8Array>;
  // Open output files: flite writes a WAV a few bytes at a time, so each grows in one buffer, doubling.
  open: Map<number, { path: string; data: Uint8Array; length: number }>;
  stderr: string;
  nextFd: number;
}

function wasiImports(st: State, mem: () => WebAssembly.Memory) {
  // Views are rebuilt only when memory.grow replaced the buffer, not on every one of thousands of calls.
  let buffer: ArrayBuffer | undefined;
  let dv: DataView;
  let u8: Uint8Array;
  const refresh = () => {
    if (mem().buffer !== buffer) {
      buffer = mem().buffer;
      dv = new DataView(buffer);
      u8 = new Uint8Array(buffer);
    }
  };
  const view = () => (refresh(), dv);
  const bytes = () => (refresh(), u8);
  const str = (ptr: number, len: number) => new TextDecoder().decode(bytes().subarray(ptr, ptr + len));
  return {
    args_sizes_get(countPtr: number, sizePtr: number) {
      view().setUint32(countPtr, st.argBytes.length, true);
      view().setUint32(
        sizePtr,
        st.argBytes.reduce((n, b) => n + b.length, 0),
        true,
      );
      return ERRNO.SUCCESS;
    },
    args_get(argvPtr: number, bufPtr: number) {
      let at = bufPtr;
      st.argBytes.forEach((b, i) => {
        view().setUint32(argvPtr + i * 4, at, true);
        bytes().set(b, at);
        at += b.length;
      });
      return ERRNO.SUCCESS;
    },
    clock_time_get(_id: number, _precision: bigint, outPtr: number) {
      view().setBigUint64(outPtr, BigInt(Date.now()) * 1_000_000n, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_get(fd: number, outPtr: number) {
      if (fd !== 3) return ERRNO.BADF;
      view().setUint8(outPtr, 0); // a directory
      view().setUint32(outPtr + 4, 1, true); // its name is "."
      return ERRNO.SUCCESS;
    },
    fd_prestat_dir_name(fd: number, ptr: number, len: number) {
      if (fd !== 3 || len < 1) return ERRNO.BADF;
      bytes()[ptr] = 46;
      return ERRNO.SUCCESS;
    },
    fd_fdstat_get(fd: number, outPtr: number) {
      const v = view();
      v.setUint8(outPtr, fd === 3 ? 3 : 4); // directory or regular file / character device alike
      v.setUint16(outPtr + 2, 0, true);
      v.setBigUint64(outPtr + 8, 0xffffffffn, true);
      v.setBigUint64(outPtr + 16, 0xffffffffn, true);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_set_flags: () => ERRNO.SUCCESS,
    path_open(_dirFd: number, _dirflags: number, pathPtr: number, pathLen: number, oflags: number, _rb: bigint, _ri: bigint, _fdflags: number, fdPtr: number) {
      // Only creating a file for writing is supported: flite reads nothing from disk when given -t.
      if (!(oflags & 1)) return ERRNO.NOENT;
      const fd = st.nextFd++;
      st.open.set(fd, { path: str(pathPtr, pathLen), data: new Uint8Array(1 << 16), length: 0 });
      view().setUint32(fdPtr, fd, true);
      return ERRNO.SUCCESS;
    },
    fd_write(fd: number, iovs: number, iovsLen: number, writtenPtr: number) {
      let written = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = view().getUint32(iovs + i * 8, true);
        const len = view().getUint32(iovs + i * 8 + 4, true);
        const f = st.open.get(fd);
        if (f) {
          if (f.length + len > f.data.length) {
            const grown = new Uint8Array(Math.max(f.data.length * 2, f.length + len));
            grown.set(f.data.subarray(0, f.length));
            f.data = grown;
          }
          f.data.set(bytes().subarray(ptr, ptr + len), f.length);
          f.length += len;
        } else if (fd === 1 || fd === 2) st.stderr += str(ptr, len);
        else return ERRNO.BADF;
        written += len;
      }
      view().setUint32(writtenPtr, written, true);
      return ERRNO.SUCCESS;
    },
    fd_seek(fd: number, _offset: bigint, _whence: number, outPtr: number) {
      // flite writes its WAV front to back; a seek is only ever asked for the current position.
      view().setBigUint64(outPtr, BigInt(st.open.get(fd)?.length ?? 0), true);
      return ERRNO.SUCCESS;
    },
    fd_read: () => ERRNO.BADF,
    fd_close(fd: number) {
      const f = st.open.get(fd);
      if (f) {
        st.files.set(f.path, f.data.slice(0, f.length));
        st.open.delete(fd);
      }
      return ERRNO.SUCCESS;
    },
    proc_exit(code: number) {
      throw new Exit(code);
    },
  };
}

/** Memory the program never writes (wasm-ld's `.rodata`), put in place by `fill` rather than by the module. */
export interface ReadOnlyData {
  at: number;
  length: number;
  fill(memory: WebAssembly.Memory): void;
}

/**
 * Runs a WASI command module again and again. Instantiating flite copies its whole voice data, a
 * cost paid again on every run, so one instance is reused: before each run its memory is restored from a copy
 * taken at instantiation and its stack pointer reset (the module is patched to export it, see
 * exportGlobalZero). The copy leaves out `readOnly` (17 MB of voice data that no run changes), so a
 * restore rewrites only the globals, the stack and the heap's start. Memory cannot shrink, and what a run
 * grew is not reused by the next, so past `maxBytes` a fresh instance is made.
 */
export class WasiRunner {
  private st: State = { argBytes: [], files: new Map(), open: new Map(), stderr: "", nextFd: 4 };
  private instance?: WebAssembly.Instance;
  private snapshot?: { head: Uint8Array; tail: Uint8Array };
  private sp0 = 0;
  private readonly imports = { wasi_snapshot_preview1: wasiImports(this.st, () => this.memory) };

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly readOnly?: ReadOnlyData,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  private get memory(): WebAssembly.Memory {
    return this.instance!.exports.memory as WebAssembly.Memory;
  }

  run(args: string[]): RunResult {
    const enc = new TextEncoder();
    Object.assign(this.st, { argBytes: args.map((a) => enc.encode(`${a}\0`)), files: new Map(), stderr: "", nextFd: 4 });
    this.st.open.clear();
    const sp = () => this.instance!.exports.__sp as WebAssembly.Global | undefined;
    const from = this.readOnly?.at ?? 0;
    const to = this.readOnly ? this.readOnly.at + this.readOnly.length : 0;
    if (this.instance && this.snapshot && sp() && this.memory.buffer.byteLength <= this.maxBytes) {
      const bytes = new Uint8Array(this.memory.buffer);
      bytes.set(this.snapshot.head, 0);
      bytes.set(this.snapshot.tail, to);
      sp()!.value = this.sp0;
    } else {
      this.instance = new WebAssembly.Instance(this.module, this.imports);
      this.readOnly?.fill(this.memory);
      // Without the exported stack pointer a reused instance would drift: then every run gets a fresh one.
      const bytes = new Uint8Array(this.memory.buffer);
      this.snapshot = sp() ? { head: bytes.slice(0, from), tail: bytes.slice(to) } : undefined;
      this.sp0 = (sp()?.value as number) ?? 0;
    }
    let code = 0;
    try {
      (this.instance.exports._start as () => void)();
    } catch (e) {
      if (!(e instanceof Exit)) {
        this.instance = undefined; // a trapped instance is never reused
        throw e;
      }
      code = e.code;
    }
    return { code, files: this.st.files, stderr: this.st.stderr };
  }
}

function leb(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  let b: number;
  do {
    b = bytes[at++];
    value |= (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  return [value >>> 0, at];
}

function toLeb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

/** Add an export "__sp" of global 0 (wasm-ld's __stack_pointer) to a module's export section. */
export function exportGlobalZero(wasm: Uint8Array): Uint8Array<ArrayBuffer> {
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, payload] = leb(wasm, at + 1);
    if (id === 7) {
      const [count, entries] = leb(wasm, payload);
      const name = [...new TextEncoder().encode("__sp")];
      const body = [...toLeb(count + 1), ...wasm.subarray(entries, payload + size), ...toLeb(name.length), ...name, 0x03, 0x00];
      const head = [7, ...toLeb(body.length), ...body];
      const out = new Uint8Array(at + head.length + wasm.length - (payload + size));
      out.set(wasm.subarray(0, at));
      out.set(head, at);
      out.set(wasm.subarray(payload + size), at + head.length);
      return out;
    }
    at = payload + size;
  }
  throw new Error("module has no export section");
}
