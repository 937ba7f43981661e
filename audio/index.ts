// The offline audio engine's public face: everything the server needs, nothing it must install
// beyond `npm ci` (flite and LAME run as WebAssembly). See the module files for the why of each part.
export type { Pcm } from "./pcm.ts";
export { SAMPLE_RATE, silence, toWav } from "./pcm.ts";
export { renderSpeech, renderChant, renderSilence, type SpeechOptions, type ChantOptions } from "./speech.ts";
export { renderSong, type SongOptions } from "./song.ts";
export { parseStyle, parseKey, keyName, type Key, type SongStyle } from "./style.ts";
export { silenceMarker, toScript } from "./script.ts";
export { spokenText } from "./spoken.ts";
export { encodeMp3, loadMp3Encoder, mp3Info, MP3_KBPS } from "./mp3.ts";
export { VOICES, PITCHED_VOICES, type Voice } from "./flite.ts";
export { renderPiecePcm, renderPieceToFile, fromLibrary, sourceHash, ENGINE_VERSION, type PieceInput, type Rendered } from "./piece.ts";
export { renderInBackground, type RenderJob, type RenderOutcome, type BackgroundOptions } from "./background.ts";
