// Sentence embeddings from a local ONNX model through transformers.js (`@huggingface/transformers`).
// The package is optional (it pulls onnxruntime-node, ~200 MB), so it is imported on demand and its
// absence is reported with the command that enables it.
import { access, readdir } from "node:fs/promises";
import { join } from "node:path";
import { normalize, type Embedder } from "../embedder.ts";

const PACKAGE = "@huggingface/transformers";
export const INSTALL_HINT =
  `The transformers embedder needs the optional package ${PACKAGE}, which is not installed. ` +
  `Enable it with \`ONNXRUNTIME_NODE_INSTALL=skip npm install ${PACKAGE}\` ` +
  `(or \`npm install --ignore-scripts ${PACKAGE}\`), then restart.`;
const BATCH = 32;

export interface TransformersOptions {
  modelDir: string;
  model: string;
  /** Fetch the model from the hub into modelDir when it is not there. Off: local files only. */
  allowDownload?: boolean;
  log?: (message: string) => void;
  /** Give up loading after this long (the pipeline keeps loading in the background; its result is dropped). */
  timeoutMs?: number;
}

// Only the surface used here; the package's own types are unavailable while it is not installed.
interface Tensor {
  dims: number[];
  data: Float32Array;
}
type Extractor = (texts: string[], options: { pooling: "mean"; normalize: boolean }) => Promise<Tensor>;
interface ProgressInfo {
  status: string;
  file?: string;
  progress?: number;
}
interface TransformersModule {
  env: { localModelPath: string; cacheDir: string | null; allowRemoteModels: boolean; allowLocalModels: boolean };
  pipeline(task: "feature-extraction", model: string, options: { dtype: "fp32"; progress_callback?: (p: ProgressInfo) => void }): Promise<Extractor>;
}

/** Imports the package, or throws an Error carrying INSTALL_HINT when it is missing. */
export async function importTransformers(): Promise<TransformersModule> {
  // A specifier in a variable keeps TypeScript from requiring the package's types at build time.
  const specifier: string = PACKAGE;
  try {
    return (await import(specifier)) as TransformersModule;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const missing = code === "ERR_MODULE_NOT_FOUND" || /Cannot find (module|package)|Failed to (load|resolve)/i.test(String(e));
    throw missing ? new Error(INSTALL_HINT, { cause: e }) : new Error(`${PACKAGE} failed to load: ${String(e)}`, { cause: e });
  }
}

/** Whether the optional package can be found, without loading it (loading pulls in onnxruntime). */
export function transformersResolves(): boolean {
  try {
    import.meta.resolve(PACKAGE);
    return true;
  } catch {
    return false;
  }
}

export async function transformersInstalled(): Promise<boolean> {
  return importTransformers().then(
    () => true,
    () => false,
  );
}

/** True when modelDir/<model> holds a config.json and an onnx/ folder with at least one .onnx file. */
export async function modelPresent(modelDir: string, model: string): Promise<boolean> {
  const root = join(modelDir, model);
  try {
    await access(join(root, "config.json"));
    return (await readdir(join(root, "onnx"))).some((f) => f.endsWith(".onnx"));
  } catch {
    return false;
  }
}

export async function loadTransformers(options: TransformersOptions): Promise<Embedder> {
  const { timeoutMs } = options;
  if (!timeoutMs) return load(options);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`loading ${options.model} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([load(options), timeout]).finally(() => clearTimeout(timer));
}

async function load({ modelDir, model, allowDownload = false, log = () => {} }: TransformersOptions): Promise<Embedder> {
  const hf = await importTransformers();
  // Local files live at modelDir/<model>/...; downloads are cached under the same layout, so a fetched
  // model is found locally next time without the hub.
  hf.env.localModelPath = modelDir;
  hf.env.cacheDir = modelDir;
  hf.env.allowLocalModels = true;
  hf.env.allowRemoteModels = allowDownload;
  const reported = new Map<string, number>();
  const progress_callback = (p: ProgressInfo) => {
    if (p.status !== "progress" || !p.file || p.progress === undefined) return;
    const decile = Math.floor(p.progress / 10);
    if (decile > (reported.get(p.file) ?? -1)) {
      reported.set(p.file, decile);
      log(`transformers: downloading ${model}/${p.file} ${decile * 10}%`);
    }
  };
  let extractor: Extractor;
  try {
    extractor = await hf.pipeline("feature-extraction", model, { dtype: "fp32", progress_callback });
  } catch (e) {
    const where = allowDownload ? `in ${modelDir} or from the model hub` : `in ${modelDir} (downloads are off)`;
    throw new Error(`could not load the model ${model} ${where}: ${(e as Error).message}`, { cause: e });
  }
  const run = async (texts: string[]): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      const tensor = await extractor(texts.slice(start, start + BATCH), { pooling: "mean", normalize: true });
      const dims = tensor.dims[tensor.dims.length - 1];
      for (let i = 0; i < tensor.dims[0]; i++) {
        // Copy out of the batch tensor, and normalize again: cheap insurance that every vector is unit length.
        out.push(normalize(Float32Array.from(tensor.data.subarray(i * dims, (i + 1) * dims))));
      }
    }
    return out;
  };
  const [probe] = await run(["dimension probe"]);
  log(`transformers: ${model} ready (${probe.length} dims)`);
  return {
    id: `transformers/${model}`,
    dimensions: probe.length,
    embed: (texts) => (texts.length ? run(texts) : Promise.resolve([])),
  };
}
