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

/** Instantiate `module` and run its `_start` with `args`; file writes land in `files`. */
export function runWasi(module: WebAssembly.Module, args: string[]): RunResult {
  const enc = new TextEncoder();
  const argBytes = args.map((a) => enc.encode(`${a}\0`));
  const files = new Map<string, Uint8Array>();
  // Open output files: flite writes a WAV a few bytes at a time, so each grows in one buffer, doubling.
  const open = new Map<number, { path: string; data: Uint8Array; length: number }>();
  let stderr = "";
  let nextFd = 4; // 0–2 stdio, 3 the one preopened directory "."
  let memory: WebAssembly.Memory;
  // Views are rebuilt only when memory.grow replaced the buffer, not on every one of thousands of calls.
  let buffer: ArrayBuffer | undefined;
  let dv: DataView;
  let u8: Uint8Array;
  const refresh = () => {
    if (memory.buffer !== buffer) {
      buffer = memory.buffer;
      dv = new DataView(buffer);
      u8 = new Uint8Array(buffer);
    }
  };
  const view = () => (refresh(), dv);
  const bytes = () => (refresh(), u8);
  const str = (ptr: number, len: number) => new TextDecoder().decode(bytes().subarray(ptr, ptr + len));

  const wasi = {
    args_sizes_get(countPtr: number, sizePtr: number) {
      view().setUint32(countPtr, argBytes.length, true);
      view().setUint32(sizePtr, argBytes.reduce((n, b) => n + b.length, 0), true);
      return ERRNO.SUCCESS;
    },
    args_get(argvPtr: number, bufPtr: number) {
      let at = bufPtr;
      argBytes.forEach((b, i) => {
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
      const fd = nextFd++;
      open.set(fd, { path: str(pathPtr, pathLen), data: new Uint8Array(1 << 16), length: 0 });
      view().setUint32(fdPtr, fd, true);
      return ERRNO.SUCCESS;
    },
    fd_write(fd: number, iovs: number, iovsLen: number, writtenPtr: number) {
      let written = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = view().getUint32(iovs + i * 8, true);
        const len = view().getUint32(iovs + i * 8 + 4, true);
        const f = open.get(fd);
        if (f) {
          if (f.length + len > f.data.length) {
            const grown = new Uint8Array(Math.max(f.data.length * 2, f.length + len));
            grown.set(f.data.subarray(0, f.length));
            f.data = grown;
          }
          f.data.set(bytes().subarray(ptr, ptr + len), f.length);
          f.length += len;
        } else if (fd === 1 || fd === 2) stderr += str(ptr, len);
        else return ERRNO.BADF;
        written += len;
      }
      view().setUint32(writtenPtr, written, true);
      return ERRNO.SUCCESS;
    },
    fd_seek(fd: number, _offset: bigint, _whence: number, outPtr: number) {
      // flite writes its WAV front to back; a seek is only ever asked for the current position.
      view().setBigUint64(outPtr, BigInt(open.get(fd)?.length ?? 0), true);
      return ERRNO.SUCCESS;
    },
    fd_read: () => ERRNO.BADF,
    fd_close(fd: number) {
      const f = open.get(fd);
      if (f) {
        files.set(f.path, f.data.slice(0, f.length));
        open.delete(fd);
      }
      return ERRNO.SUCCESS;
    },
    proc_exit(code: number) {
      throw new Exit(code);
    },
  };
  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi });
  memory = instance.exports.memory as WebAssembly.Memory;
  let code = 0;
  try {
    (instance.exports._start as () => void)();
  } catch (e) {
    if (!(e instanceof Exit)) throw e;
    code = e.code;
  }
  return { code, files, stderr };
}
