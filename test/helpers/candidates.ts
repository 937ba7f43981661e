// A candidate sentence for the answer chooser's rules (search/extract.ts), from a guide unless `fields` say otherwise.
import type { Candidate } from "../../search/extract.ts";

export const sentence = (text: string, fields: Partial<Candidate> = {}): Candidate => ({
  sentence: text,
  title: "A Guide",
  context: "A Guide. .",
  heading: "",
  pageRank: 0,
  position: 0,
  meaning: 0,
  leads: false,
  guide: true,
  ...fields,
});
