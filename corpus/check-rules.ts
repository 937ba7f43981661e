// The checker's rules beyond sizes and front matter, one line each (corpus/check.ts runs them): a piece rule
// reads one file and returns its problems without the path; a library rule reads every file and returns
// problems that name their own files or folders. A new rule is a new file and one line here.
import type { CheckPiece } from "./check-piece.ts";
import { chantLengthProblems } from "./check-chant-length.ts";
import { uncreditedEchoes } from "./check-credits.ts";
import { directionProblems } from "./check-directions.ts";
import { reflexProblems } from "./check-reflexes.ts";
import { usSpellings } from "./check-spelling.ts";

export type PieceRule = (piece: CheckPiece) => string[];
export type LibraryRule = (pieces: readonly CheckPiece[]) => string[];

/** Lines of a text as problems named by their line in the file. */
const atLine = (p: CheckPiece, line: number, why: string) => `line ${p.bodyLine + line - 1}: ${why}`;

/** Directions marked (every read kind; rituals also refuse third-person lines about the one leading). */
const directions: PieceRule = (p) =>
  p.kind === "song" || p.kind === "hymn" || p.kind === "doc" ? [] : directionProblems(p.kind, p.listeners).map(({ line, why }) => atLine(p, line, why));

/** UK spelling, in the whole body and the summary. */
const spelling: PieceRule = (p) => [
  ...usSpellings(p.tldr).map((h) => `tldr: US spelling "${h.word}" (UK: ${h.uk})`),
  ...usSpellings(p.text).map((h) => atLine(p, h.line, `US spelling "${h.word}" (UK: ${h.uk})`)),
];

/** Known sayings echoed in the text carry their credit. */
const credits: PieceRule = (p) => uncreditedEchoes(p.text).map(({ line, why }) => atLine(p, line, why));

/** A chant declares the length its rounds take. */
const chantLength: PieceRule = chantLengthProblems;

export const pieceRules: PieceRule[] = [directions, spelling, credits, chantLength];

export const libraryRules: LibraryRule[] = [reflexProblems];
