// One library piece → PCM → MP3 file. The kind decides the voice: songs and hymns are intoned over a bed,
// chants recited on a note and repeated toward their declared length, everything else read calmly.
import { createHash } from "node:crypto";
import { writeFileAtomically } from "../core/atomic-write.ts";
import { chantRounds } from "../corpus/chant-length.ts";
import { isSong, type Piece } from "../corpus/library.ts";
import { toScript } from "../corpus/script.ts";
import { MUSIC_RATE } from "./bed.ts";
import { encodeMp3Blocks, loadMp3Encoder, mp3Info } from "./mp3.ts";
import { SAMPLE_RATE, type Pcm } from "./pcm.ts";
import { songBlocks } from "./song-stream.ts";
import { planSong, renderSong, type SongOptions } from "./song.ts";
import { chantParts, renderChant, renderSpeech, speechParts } from "./speech.ts";
import { HYMN_STYLE, parseStyle } from "./style.ts";

export interface PieceInput {
  /** Library kind: song, chant, prayer, practice, ritual, blessing, philosophy, hymn, doc. */
  kind: string;
  /** What is voiced: a song's lyrics, otherwise the listeners' text (markdown; silence markers allowed). */
  text: string;
  /** A song's or hymn's style line (key, tempo, metre are read from it). */
  style?: string;
  /** Declared length: songs fill it, chants repeat toward it, readings take as long as their words. */
  seconds: number;
  /** Stable seed (the library path): a song with no key in its style gets the same key every render. */
  seed?: string;
}

/** Bump when the sound changes in a way the inputs do not show, so a manifest re-renders everything. */
// 2: directions are never spoken and hold their time; songs hold their breaks, follow their style, 44.1 kHz stereo.
export const ENGINE_VERSION = "flite-slt-2";

/** Changes whenever what is voiced, or how, changes: the manifest's `sourceHash` for this engine. */
export function sourceHash(p: PieceInput): string {
  // A chant's rounds follow from its seconds through an estimate (corpus/chant-length.ts): hashed, so a
  // recalibrated estimate renders again exactly the chants whose rounds it changes.
  const rounds = p.kind === "chant" ? { rounds: chantRounds(toScript(p.text), p.seconds) } : {};
  return createHash("sha256")
    .update(JSON.stringify({ ENGINE_VERSION, ...p, ...rounds }))
    .digest("hex")
    .slice(0, 16);
}

export function fromLibrary(piece: Piece): PieceInput {
  const song = isSong(piece) ? piece : undefined;
  return { kind: piece.kind, text: song ? song.lyrics : piece.listenersText, style: piece.style, seconds: piece.declaredSeconds, seed: piece.path };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function songOptions(p: PieceInput): SongOptions {
  const style = parseStyle(p.style ?? (p.kind === "hymn" ? HYMN_STYLE : ""), p.seed ?? p.text);
  return {
    key: style.key,
    tempoBpm: style.bpm,
    beatsPerBar: style.beatsPerBar,
    seconds: p.seconds,
    variant: hash(p.seed ?? p.text) % 4,
    textures: style.textures,
    percussion: style.percussion,
    mood: style.mood,
  };
}

// Hymns are verses and refrains to be sung, with declared lengths to match: they go over a bed too.
const sung = (p: PieceInput) => p.kind === "song" || p.kind === "hymn";

/** The whole piece in one buffer (tests and tools; the renderer streams: `renderPieceBlocks`). */
export function renderPiecePcm(p: PieceInput): Pcm {
  if (sung(p)) return renderSong(p.text, songOptions(p));
  if (p.kind === "chant") return renderChant(p.text, { fitSeconds: p.seconds });
  return renderSpeech(p.text);
}

/** The same samples as `renderPiecePcm`, in blocks of a few seconds and the format they share. */
export function renderPieceBlocks(p: PieceInput, blockSeconds?: number): { format: { sampleRate: number; stereo: boolean }; blocks: Iterable<Pcm> } {
  if (sung(p)) return { format: { sampleRate: MUSIC_RATE, stereo: true }, blocks: songBlocks(planSong(p.text, songOptions(p)), blockSeconds) };
  const blocks = p.kind === "chant" ? chantParts(p.text, { fitSeconds: p.seconds }) : speechParts(p.text);
  return { format: { sampleRate: SAMPLE_RATE, stereo: false }, blocks };
}

export interface Rendered {
  file: string;
  /** Length measured from the MP3's frames, as a player reports it. */
  seconds: number;
  bytes: number;
  /** CPU time this render took, milliseconds (for the budget, and the log). */
  cpuMs: number;
}

/** Render to `file`. The MP3 appears only when complete (core/atomic-write.ts). */
export async function renderPieceToFile(p: PieceInput, file: string): Promise<Rendered> {
  await loadMp3Encoder();
  const cpu = process.cpuUsage();
  const { format, blocks } = renderPieceBlocks(p);
  const mp3 = encodeMp3Blocks(blocks, format);
  const info = mp3Info(mp3);
  await writeFileAtomically(file, mp3);
  const used = process.cpuUsage(cpu);
  return { file, seconds: Math.round(info.seconds * 100) / 100, bytes: mp3.length, cpuMs: Math.round((used.user + used.system) / 1000) };
}
