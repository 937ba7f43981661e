// Renderer memory: one render child (as the server starts it) given pieces one after another; prints each
// piece's length and the child's peak resident memory (VmHWM) after it. Usage:
//   npx tsx bench/renderer-memory.ts [library paths…] [--seconds N]
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { tmpdir } from "node:os";
import { RENDER_CHILD } from "../audio/background.ts";
import { forkTypeScript } from "../core/child-job.ts";
import { loadLibrary } from "../corpus/library.ts";
import { fromLibrary } from "../audio/piece.ts";
import type { ChildReply } from "../audio/render-child.ts";

const { values, positionals } = parseArgs({ options: { seconds: { type: "string" } }, allowPositionals: true });
const library = await loadLibrary(new URL("../corpus/library", import.meta.url).pathname);
let child = await forkTypeScript(RENDER_CHILD, 0);
const status = async () => {
  const text = await readFile(`/proc/${child.pid}/status`, "utf8");
  const kb = (k: string) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024);
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
};
let id = 0;
for (const path of positionals) {
  const piece = library.pieces.find((p) => p.path === path || p.path.endsWith(path));
  if (!piece) throw new Error(`no piece ${path}`);
  const input = { ...fromLibrary(piece), ...(values.seconds ? { seconds: Number(values.seconds) } : {}) };
  const started = Date.now();
  const reply = await new Promise<ChildReply>((resolve) => {
    child.once("message", resolve);
    child.send({ id: id++, input, file: join(tmpdir(), `renderer-memory-${process.pid}.mp3`) });
  });
  const s = await status();
  console.log(
    `${piece.path} (${piece.kind}, ${input.seconds} s): ${"error" in reply ? reply.error : `${reply.result.seconds} s`} in ${Date.now() - started} ms; peak ${s.hwm} MB, now ${s.rss} MB${reply.retiring ? "; retired" : ""}`,
  );
  // As the server does (audio/background.ts): a child past its bound is replaced.
  if (reply.retiring) {
    child.disconnect();
    child = await forkTypeScript(RENDER_CHILD, 0);
  }
}
child.disconnect();
