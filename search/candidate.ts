// A sentence that may answer a question, with what is known of where it stands: built by page-candidates.ts, scored by
// sentence-score.ts and sentence-features.ts, which is why it lives apart from both.

export interface Candidate {
  sentence: string;
  title: string;
  /** Page title, section heading and the sentence before: what the sentence is about when it does not say. */
  context: string;
  /** The section heading alone (a guide's headings are often the very question). */
  heading: string;
  /** Rank of the sentence's page among the search hits (0 = top source). */
  pageRank: number;
  /** Order within the page, to break ties in reading order. */
  position: number;
  /** Calibrated meaning evidence (0..1) of the question against this sentence. */
  meaning: number;
  /** First sentence under a heading that asks a question (a FAQ's answer starts there). */
  leads: boolean;
  /** The question of the question-and-answer unit the sentence belongs to (questions.ts), if any. */
  question?: string | null;
  /** How nearly that question is the visitor's, 0..1 (0 outside such units). */
  asked?: number;
  /** How nearly one of the questions this sentence answers in visitors' words (corpus/asked.ts) is the visitor's, 0..1. */
  askedAs?: number;
  /** From a guide (the library's top-level pages on how the sanctuary works), not a prayer, song or other piece. */
  guide?: boolean;
  /** A piece's kind (prayer, practice, song…); undefined for a guide's sentence, "guide" for a guide offered as the answer (guide-titled.ts). */
  kind?: string;
  /** Where to read the piece or guide, when the answer names it ("is there a prayer for…", "which page…"). */
  where?: string;
}
