/**
 * The only module that imports the generated WASM glue. Everything else in the extension
 * calls the Rust core through here (or imports its types with `import type`).
 */
import init, {
  initSync,
  materialRoom as roomInCore,
  StreamRenderer,
  type ProviderKind,
  type SpecError,
} from '../../crates/gloss-wasm/pkg/gloss_wasm.js';

export {
  buildMessages,
  buildRequest,
  captionClients,
  captionGated,
  chatUrl,
  checkEndpoint,
  contentTokens,
  fitText,
  fitTexts,
  httpError,
  imageLimits,
  imageTokens,
  innertubeFromPage,
  modelDetailsRequest,
  modelSees,
  propsSees,
  serverPropsRequest,
  modelsRequest,
  networkError,
  onDeviceMessages,
  parseModels,
  pdfPages,
  pdfText,
  playerCaptions,
  playerRequest,
  renderMarkdown,
  searchRequest,
  searchResults,
  StreamDecoder,
  StreamRenderer,
  timeoutError,
  toolResultText,
  toolsInstruction,
  transcriptText,
  videoCaptions,
} from '../../crates/gloss-wasm/pkg/gloss_wasm.js';
export type {
  CaptionTrack,
  ChatSpec,
  ChatMessage as CoreMessage,
  ContentPart,
  HttpRequest,
  Localized,
  ModelInfo,
  OnDeviceMessage,
  PlayerProblem,
  ProviderKind,
  RenderPatch,
  SearchEngine,
  SearchResult,
  SpecError,
  StreamEvent,
  ToolCall,
  ToolSpec,
} from '../../crates/gloss-wasm/pkg/gloss_wasm';

let ready: Promise<unknown> | undefined;

/**
 * The tokens a question leaves for page material in a window of `contextTokens` (the core's
 * `material_room`): less the reserve, the images priced by `kind`'s rule, and the typed words.
 */
export function materialRoom(
  kind: ProviderKind,
  contextTokens: number,
  images: readonly { width: number; height: number }[],
  question: string,
): number {
  return roomInCore(kind, contextTokens, Uint32Array.from(images.flatMap((i) => [i.width, i.height])), question);
}

/** Whether `thrown` is the `SpecError` that `buildRequest` throws for settings that cannot make a request. */
export function isSpecError(thrown: unknown): thrown is SpecError {
  return typeof thrown === 'object' && thrown !== null && 'field' in thrown && 'message' in thrown && 'key' in thrown;
}

/**
 * Starts loading the WASM module once and returns the one promise every caller awaits.
 * Service workers may not use top-level await, so the entry calls this at top level without
 * awaiting and each handler awaits it.
 */
export function coreReady(): Promise<unknown> {
  // `new URL(…, import.meta.url)`: Vite bundles the file as an asset, and Node (tests,
  // benchmarks) can import this module without a bundler.
  ready ??= init({ module_or_path: new URL('../../crates/gloss-wasm/pkg/gloss_wasm_bg.wasm', import.meta.url) });
  return ready;
}

/** For tests under Node, where there is no fetch of extension URLs: instantiate from bytes. */
export function initCoreFromBytes(bytes: BufferSource): void {
  initSync({ module: bytes });
  ready = Promise.resolve();
}

/**
 * An answer's usual opening: a paragraph of prose. Only what the first token needs is compiled
 * ahead; headings, lists or tables compile when they first come, mid-answer, as before.
 */
const WARM_UP_SAMPLE = 'The first sentence of an answer, with *emphasis* and `code`.';
let warm = false;

/**
 * Renders a small answer once and throws it away, so that the browser compiles the WASM
 * functions rendering uses now: it compiles each on its first call, 10–15 ms at a cold start,
 * which otherwise came between the first token's arrival and its showing. Called while a
 * request waits for the provider; does its work once per worker.
 */
export function warmUpRenderer(): void {
  if (warm) return;
  warm = true;
  const renderer = new StreamRenderer();
  try {
    renderer.push(WARM_UP_SAMPLE);
    renderer.finish();
  } finally {
    renderer.free();
  }
}
