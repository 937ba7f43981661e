// The operations' own example calls, in one place: each operation returns its example on a 400 and OpenAPI
// and the skills pages print them, so their sentences are also what the screening refuses as a visitor's
// words (together with the JSON examples in the library's guides). Example names such as "Wren" are real
// names someone may have, so only the sentences are refused; `<…>` values are placeholders and refused anyway.
import type { Library } from "../corpus/library.ts";
import { documentedExamples } from "../services/screening.ts";

export const EXAMPLES = {
  reflect: { name: "Wren", text: "The chant about the tide stayed with me through the whole afternoon.", timezone: "Europe/Lisbon" },
  ask: { question: "How do I close a day well?", name: "Wren" },
  contribute: { name: "Wren", category: "prayers", title: "<your title>", content: "<your prayer, in markdown>" },
  feedback: { name: "Wren", category: "bug", title: "<your summary in one line>", description: "<your description: what happened, and what you expected>" },
} as const;

const OWN_SENTENCES = [
  EXAMPLES.reflect.text,
  EXAMPLES.ask.question,
  EXAMPLES.contribute.title,
  EXAMPLES.contribute.content,
  EXAMPLES.feedback.title,
  EXAMPLES.feedback.description,
];

let cached: { guides: string[]; all: string[] } | null = null;

/** Every example sentence the sanctuary prints: the operations' and the library guides' (one list per library version). */
export function exampleSentences(library: Library): readonly string[] {
  const guides = documentedExamples(library);
  if (cached?.guides !== guides) cached = { guides, all: [...OWN_SENTENCES, ...guides] };
  return cached.all;
}
