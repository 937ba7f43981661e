// One library file as the checker's rules see it (corpus/check.ts builds these; corpus/check-rules.ts lists
// the rules that read them).

export interface CheckPiece {
  /** path under the library root, e.g. "rituals/stacking-the-chairs.md" */
  rel: string;
  /** its folder ("" for a top-level guide) */
  folder: string;
  kind: string;
  /** the parsed front matter */
  fm: Record<string, unknown>;
  tldr: string;
  /** the whole body after the front matter: the listeners' text and any version for agents */
  text: string;
  /** the listeners' text (what a recording speaks) */
  listeners: string;
  /** the file's line number of the body's first line, to name lines as a writer's editor shows them */
  bodyLine: number;
}
