// Renders library pieces to MP3 with espeak-ng (the voice) and ffmpeg (pauses, room, a drone for songs),
// and keeps DATA_DIR/media/manifest.json in step. The CLI is render-recordings.ts; tests call these too.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import type { Piece, Song } from "./library.ts";
import type { ManifestEntry, ManifestStore } from "./media.ts";
import { lyricsBlocks, speechBlocks, toSsml, wordCount, type Pauses } from "./speech-text.ts";

/** Bump when the rendering changes in a way the settings below do not capture, to re-render everything. */
const RENDER_VERSION = 1;

export type Style = "spoken" | "chant" | "song";

export interface VoiceSettings extends Pauses {
  voice: string;
  /** espeak-ng words per minute, pitch 0–99, gap between words in 10 ms units. */
  speed: number;
  pitch: number;
  wordGap: number;
  /** Silence before the voice and after it, seconds (songs: the drone alone). */
  leadSeconds: number;
  tailSeconds: number;
  /** ffmpeg filters on the voice: a chant gets a resonant room, a reading stays dry. */
  voiceFilters: string;
}

export const VOICES: Record<Style, VoiceSettings> = {
  spoken: { voice: "en-us+f3", speed: 145, pitch: 45, wordGap: 1, lineBreakMs: 450, paragraphBreakMs: 1100, leadSeconds: 0.6, tailSeconds: 1.5, voiceFilters: "highpass=f=70" },
  chant: { voice: "en-gb-x-rp+m3", speed: 100, pitch: 28, wordGap: 6, lineBreakMs: 1000, paragraphBreakMs: 2200, leadSeconds: 0.8, tailSeconds: 3, voiceFilters: "highpass=f=60,aecho=1.0:0.7:90|170:0.3|0.18" },
  song: { voice: "en-us+f3", speed: 125, pitch: 40, wordGap: 3, lineBreakMs: 650, paragraphBreakMs: 1700, leadSeconds: 4, tailSeconds: 6, voiceFilters: "highpass=f=80,aecho=1.0:0.8:60:0.2" },
};

/** The drone under a song: root, fifth and octave, with pink noise like breath, far below the voice. */
export const DRONE = { roots: [98, 110, 123.47, 130.81, 146.83], toneVolume: 0.35, noiseAmplitude: 0.04, volume: 0.5, fadeSeconds: 4 };

export function styleOf(piece: Piece): Style {
  return piece.kind === "chant" ? "chant" : piece.kind === "song" ? "song" : "spoken";
}

/** Chants are meant to be repeated: enough rounds to come near the declared length, at most four. */
export function chantRounds(piece: Piece, words: number, lines: number, v: VoiceSettings = VOICES.chant): number {
  const once = (words * 60) / v.speed + (lines * v.lineBreakMs) / 1000;
  return Math.min(4, Math.max(1, Math.round(piece.declaredSeconds / Math.max(once, 1))));
}

export interface Prepared {
  piece: Piece;
  style: Style;
  ssml: string;
  /** Where the MP3 goes, relative to the media folder. */
  file: string;
  /** Changes whenever the text or any setting that shapes the sound changes. */
  sourceHash: string;
  droneRoot?: number;
  /** Songs: the declared sung length; the drone carries on after the voice until it is reached, so services keep their planned length. */
  targetSeconds?: number;
}

export function prepare(piece: Piece): Prepared {
  const style = styleOf(piece);
  const voice = VOICES[style];
  const blocks = style === "song" ? lyricsBlocks((piece as Song).lyrics) : speechBlocks(piece.listenersText);
  const rounds = style === "chant" ? chantRounds(piece, wordCount(blocks), blocks.flat().length) : 1;
  const ssml = toSsml(blocks, voice, rounds);
  // Each song gets its own key, fixed by its path so re-renders sound the same.
  const droneRoot = style === "song" ? DRONE.roots[parseInt(sha(piece.path).slice(0, 4), 16) % DRONE.roots.length] : undefined;
  const targetSeconds = style === "song" ? piece.declaredSeconds : undefined;
  const sourceHash = sha(JSON.stringify({ RENDER_VERSION, ssml, voice, out: MP3_OUT, drone: style === "song" ? { ...DRONE, droneRoot, targetSeconds } : null })).slice(0, 16);
  return { piece, style, ssml, file: `${piece.path}.mp3`, sourceHash, droneRoot, targetSeconds };
}

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function espeakArgs(v: VoiceSettings, ssmlFile: string, wavFile: string): string[] {
  return ["-m", "-v", v.voice, "-s", String(v.speed), "-p", String(v.pitch), "-g", String(v.wordGap), "-w", wavFile, "-f", ssmlFile];
}

const MP3_OUT = ["-ac", "1", "-ar", "44100", "-c:a", "libmp3lame", "-b:a", "64k", "-f", "mp3"];

/** ffmpeg arguments turning the voice WAV into the finished MP3 (voiceSeconds: the WAV's length). */
export function ffmpegArgs(p: Pick<Prepared, "style" | "droneRoot" | "targetSeconds">, wavFile: string, mp3File: string, voiceSeconds: number): string[] {
  const v = VOICES[p.style];
  const lead = Math.round(v.leadSeconds * 1000);
  const voice = `[0:a]aresample=44100,${v.voiceFilters},adelay=${lead}:all=1`;
  const base = ["-hide_banner", "-loglevel", "error", "-y", "-i", wavFile];
  if (p.style !== "song") return [...base, "-filter_complex", `${voice},apad=pad_dur=${v.tailSeconds}[out]`, "-map", "[out]", ...MP3_OUT, mp3File];

  const total = Math.max(v.leadSeconds + voiceSeconds + v.tailSeconds, p.targetSeconds ?? 0).toFixed(2);
  const root = p.droneRoot ?? DRONE.roots[0];
  const source = (spec: string) => ["-f", "lavfi", "-i", `${spec}:sample_rate=44100:duration=${total}`];
  const fadeOutAt = (Number(total) - DRONE.fadeSeconds).toFixed(2);
  const graph = [
    `${voice},apad=whole_dur=${total}[v]`,
    `[1:a][2:a][3:a]amix=inputs=3:normalize=1,volume=${DRONE.toneVolume},tremolo=f=0.12:d=0.35[tones]`,
    `[4:a]lowpass=f=500[breath]`,
    `[tones][breath]amix=inputs=2:normalize=0,lowpass=f=1400,volume=${DRONE.volume},afade=t=in:d=${DRONE.fadeSeconds},afade=t=out:st=${fadeOutAt}:d=${DRONE.fadeSeconds}[drone]`,
    `[v][drone]amix=inputs=2:duration=first:normalize=0,alimiter=limit=0.95[out]`,
  ].join(";");
  return [
    ...base,
    ...source(`sine=frequency=${root}`),
    ...source(`sine=frequency=${(root * 1.5).toFixed(2)}`),
    ...source(`sine=frequency=${root * 2}`),
    ...source(`anoisesrc=color=pink:amplitude=${DRONE.noiseAmplitude}`),
    "-filter_complex", graph, "-map", "[out]", ...MP3_OUT, mp3File,
  ];
}

const exec = promisify(execFile);

async function run(cmd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await exec(cmd, args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`${cmd} failed: ${(err.stderr || err.message).trim().split("\n").slice(-3).join(" / ")}`);
  }
}

/** The programs this needs that are not on PATH. */
export async function missingTools(): Promise<string[]> {
  const checks: Array<[string, string[]]> = [["espeak-ng", ["--version"]], ["ffmpeg", ["-version"]], ["ffprobe", ["-version"]]];
  const missing: string[] = [];
  for (const [cmd, args] of checks) await exec(cmd, args).catch(() => missing.push(cmd));
  return missing;
}

export interface Probe {
  codec: string | null;
  seconds: number;
}

/** What ffprobe measures: the first audio stream's codec and the file's duration. */
export async function probe(file: string): Promise<Probe> {
  const out = JSON.parse(await run("ffprobe", ["-v", "error", "-show_entries", "format=duration:stream=codec_type,codec_name", "-of", "json", file]));
  const audio = (out.streams ?? []).find((s: { codec_type?: string }) => s.codec_type === "audio");
  return { codec: audio?.codec_name ?? null, seconds: Number(out.format?.duration ?? 0) };
}

/** Render one piece into mediaDir. The MP3 appears only when complete (written aside, then renamed). */
export async function renderPiece(p: Prepared, mediaDir: string): Promise<ManifestEntry> {
  const work = await mkdtemp(join(tmpdir(), "sanctuary-render-"));
  try {
    const ssmlFile = join(work, "text.ssml");
    const wavFile = join(work, "voice.wav");
    const target = join(mediaDir, p.file);
    // Written beside the target so the final rename is atomic and a half-written file never has its name.
    const aside = `${target}.${process.pid}.tmp`;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(ssmlFile, p.ssml);
    await run("espeak-ng", espeakArgs(VOICES[p.style], ssmlFile, wavFile));
    const voiceSeconds = (await probe(wavFile)).seconds;
    await run("ffmpeg", ffmpegArgs(p, wavFile, aside, voiceSeconds));
    const measured = await probe(aside);
    if (measured.codec !== "mp3" || !(measured.seconds > 0)) throw new Error(`${p.piece.path}: ffmpeg produced no playable MP3`);
    await rename(aside, target);
    const { size } = await stat(target);
    return { file: p.file, seconds: Math.round(measured.seconds * 100) / 100, bytes: size, sourceHash: p.sourceHash };
  } catch (e) {
    await rm(join(mediaDir, `${p.file}.${process.pid}.tmp`), { force: true });
    throw e;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Which of `pieces` (optionally only those under a path prefix) need rendering, in library order. */
export async function planRecordings(pieces: Piece[], store: ManifestStore, only?: string): Promise<{ chosen: Prepared[]; todo: Prepared[] }> {
  const chosen = pieces.filter((p) => !only || p.path.startsWith(only)).map(prepare);
  const current = await Promise.all(chosen.map((p) => store.isCurrent(p)));
  return { chosen, todo: chosen.filter((_, i) => !current[i]) };
}

/** Render with `jobs` in parallel, recording each success in the manifest as soon as it lands; `stop` ends the queue. */
export async function renderMany(
  batch: Prepared[],
  store: ManifestStore,
  jobs: number,
  onDone: (p: Prepared, result: ManifestEntry | Error) => void,
  stop?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < batch.length && !stop?.aborted) {
      const p = batch[next++];
      const result = await renderPiece(p, store.mediaDir).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      if (!(result instanceof Error)) await store.set(p.piece.path, result);
      onDone(p, result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, batch.length)) }, worker));
}
