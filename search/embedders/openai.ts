// Any OpenAI-compatible embeddings endpoint (OpenAI, Ollama, llama.cpp, vLLM, LM Studio…) via the `openai` client.
import { openAIClient } from "../../core/openai-client.ts";
import { normalize, type Embedder } from "../embedder.ts";

/** Texts per request: well under every server's input limit we know of, few enough round trips. */
export const OPENAI_BATCH = 64;

export interface OpenAIEmbedderOptions {
  baseURL: string;
  /** Local servers often need none; the client insists on one, so a placeholder is sent. */
  apiKey?: string;
  model: string;
  batchSize?: number;
  /** Client retries on 429/5xx (default 2). */
  maxRetries?: number;
  timeoutMs?: number;
}

/** Connects and makes one probe call, which discovers the dimensions and fails early on a bad endpoint. */
export async function loadOpenAIEmbedder(options: OpenAIEmbedderOptions): Promise<Embedder> {
  const { baseURL, model, batchSize = OPENAI_BATCH } = options;
  const client = await openAIClient({
    baseURL,
    apiKey: options.apiKey || "not-needed",
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 60_000,
  });

  const request = async (input: string[]): Promise<Float32Array[]> => {
    // "float" explicitly: the client defaults to base64 and a server that answers with float arrays
    // anyway would otherwise decode into empty vectors without any error.
    const res = await client.embeddings.create({ model, input, encoding_format: "float" });
    if (!Array.isArray(res?.data) || res.data.length !== input.length) {
      throw new Error(`${baseURL} returned ${res?.data?.length ?? "no"} embeddings for ${input.length} inputs`);
    }
    const byIndex = [...res.data].sort((a, b) => a.index - b.index);
    return byIndex.map((d) => normalize(toFloats(d.embedding as unknown)));
  };

  const [probe] = await request(["dimension probe"]);
  if (!probe?.length) throw new Error(`${baseURL} returned an empty embedding for the model ${model}`);
  const dimensions = probe.length;

  return {
    id: `openai/${model}`,
    dimensions,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        for (const v of await request(texts.slice(start, start + batchSize))) {
          if (v.length !== dimensions) throw new Error(`${baseURL} returned ${v.length} dims, expected ${dimensions}`);
          out.push(v);
        }
      }
      return out;
    },
  };
}

/** Float arrays as asked; base64 little-endian float32 too, for servers that ignore encoding_format. */
function toFloats(embedding: unknown): Float32Array {
  if (Array.isArray(embedding)) return Float32Array.from(embedding as number[]);
  if (typeof embedding === "string") {
    const bytes = Buffer.from(embedding, "base64");
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  throw new Error(`unexpected embedding of type ${typeof embedding}`);
}
