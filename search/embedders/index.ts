// Picks the embedder named by SANCTUARY_EMBEDDER; `auto` prefers a local transformer model and otherwise
// falls back to the offline GloVe vectors, so search always works without a network.
import type { Config } from "../../config.ts";
import type { Embedder } from "../embedder.ts";
import { loadGlove } from "./glove.ts";
import { loadOpenAIEmbedder } from "./openai.ts";
import { INSTALL_HINT, loadTransformers, modelPresent, transformersInstalled, transformersResolves } from "./transformers.ts";

export { loadGlove } from "./glove.ts";
export { loadOpenAIEmbedder } from "./openai.ts";
export { loadTransformers, modelPresent, transformersInstalled } from "./transformers.ts";

export type EmbedderConfig = Pick<Config, "embedder" | "dataDir" | "modelDir" | "transformersModel"> & {
  openai: Pick<Config["openai"], "baseURL" | "apiKey" | "embeddingModel">;
};

export interface ChosenEmbedder {
  embedder: Embedder;
  reason: string;
}

/** How long `auto` waits for a model that is not on disk to be fetched before settling for GloVe. */
export const AUTO_DOWNLOAD_TIMEOUT_MS = 5_000;

/**
 * Why an embedder chosen by name cannot be had, checked before the start goes on (the index is built in the
 * background, where a missing package only made search answer from words): its optional package is not there
 * (openai without an endpoint is refused with the settings). Null when nothing stands in the way that can be known
 * without loading it.
 */
export function embedderRefusal(config: EmbedderConfig): string | null {
  if (config.embedder === "transformers" && !transformersResolves())
    return `SANCTUARY_EMBEDDER=transformers: ${INSTALL_HINT} Or leave SANCTUARY_EMBEDDER unset to use the offline embedder.`;
  return null;
}

export async function chooseEmbedder(config: EmbedderConfig, log: (message: string) => void = () => {}): Promise<ChosenEmbedder> {
  const chosen = await choose(config, log);
  log(`embedder: ${chosen.embedder.id} (${chosen.embedder.dimensions} dims) — ${chosen.reason}`);
  return chosen;
}

async function choose(config: EmbedderConfig, log: (message: string) => void): Promise<ChosenEmbedder> {
  const { dataDir, modelDir, transformersModel: model } = config;
  switch (config.embedder) {
    case "glove":
      return { embedder: await loadGlove({ dataDir, log }), reason: "SANCTUARY_EMBEDDER=glove" };
    case "transformers":
      // Forced: a missing package or model is an error to fix, not something to paper over.
      return {
        embedder: await loadTransformers({ modelDir, model, allowDownload: true, log }),
        reason: "SANCTUARY_EMBEDDER=transformers",
      };
    case "openai": {
      const { baseURL, apiKey, embeddingModel } = config.openai;
      if (!baseURL) {
        throw new Error(
          "SANCTUARY_EMBEDDER=openai needs SANCTUARY_OPENAI_BASE_URL (e.g. https://api.openai.com/v1 or http://localhost:11434/v1); " +
            "set it, or choose SANCTUARY_EMBEDDER=auto to use the offline embedder.",
        );
      }
      return {
        embedder: await loadOpenAIEmbedder({ baseURL, apiKey, model: embeddingModel }),
        reason: `SANCTUARY_EMBEDDER=openai at ${baseURL}`,
      };
    }
    case "auto":
      return chooseAuto(config, log);
  }
}

async function chooseAuto(config: EmbedderConfig, log: (message: string) => void): Promise<ChosenEmbedder> {
  const { dataDir, modelDir, transformersModel: model } = config;
  const glove = async (why: string): Promise<ChosenEmbedder> => ({
    embedder: await loadGlove({ dataDir, log }),
    reason: `auto: ${why}; using the offline GloVe embedder`,
  });
  if (!(await transformersInstalled())) return glove("@huggingface/transformers is not installed");
  const present = await modelPresent(modelDir, model);
  try {
    // A model on disk loads without the hub; otherwise give the hub a few seconds, no more.
    const embedder = await loadTransformers(
      present ? { modelDir, model, log } : { modelDir, model, log, allowDownload: true, timeoutMs: AUTO_DOWNLOAD_TIMEOUT_MS },
    );
    return { embedder, reason: `auto: ${model} ${present ? `found in ${modelDir}` : `fetched into ${modelDir}`}` };
  } catch (e) {
    const first = (e as Error).message.split("\n")[0];
    return glove(`${model} ${present ? "is in" : "is not in"} ${modelDir} and could not be loaded (${first})`);
  }
}
