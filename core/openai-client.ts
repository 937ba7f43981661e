// The openai client, loaded when a language model or an embeddings endpoint is configured (ask, the planner, the
// embedder): imported at the top, it cost every start about 60 ms and 5 MB (docs/performance.md, sixty-ninth session).
import type { ClientOptions, OpenAI } from "openai";

/** A client for an OpenAI-compatible endpoint, the package loaded on first use. */
export async function openAIClient(options: ClientOptions): Promise<OpenAI> {
  const { OpenAI: Client } = await import("openai");
  return new Client(options);
}
