/**
 * For the Firefox build: llama.cpp's worker as a file of the extension. Firefox runs the model
 * inside Gloss in its background page, and refuses there any worker started from a blob: URL
 * (its own base policy for Manifest V3 add-ons allows the add-on's own scripts only, and an
 * add-on cannot widen it): the model never loaded, the answer waited for ever. wllama starts
 * its worker from such a URL, made from text it puts together when a model loads: its options
 * (`RUN_OPTIONS`), then Emscripten's glue inside `wModuleInit`, then its worker code. This
 * plugin writes the same text, once, as `wllama-worker.js`, the options read from the worker's
 * own address, and makes wllama start its worker from that file with its options there.
 * Chrome's offscreen document starts the blob: worker as wllama does; the Chrome build is not
 * touched.
 */
import { runInNewContext } from 'node:vm';
import type { Plugin } from 'vite';

/** The worker's file, at the extension's root. */
export const WORKER_FILE = 'wllama-worker.js';

/** Where wllama (3.x) starts its llama.cpp worker, with the text it composed. */
const START = 'this.worker = createWorker(completeCode);';
/** The same worker from the file, its options (and whether to hide WebGPU) in its address. */
const FROM_FILE = `this.worker = new Worker(
        new URL("/${WORKER_FILE}?" + encodeURIComponent(JSON.stringify({ ...runOptions, noWebGPU: !!this.resources.noWebGPU })), location.href),
        { type: "module" }
      );`;

/** The value of the string constant `name` in wllama's module source. */
function constant(source: string, name: string): string {
  const start = source.indexOf(`var ${name} = `);
  if (start < 0) throw new Error(`wllama has no ${name} any more: see scripts/wllama-file-worker.ts`);
  const from = start + `var ${name} = `.length;
  const quote = source[from];
  // Its quoted text is on one line; the template literal (JSPI_STUB) has no backquote inside.
  const end = quote === '`' ? source.indexOf('`;', from + 1) + 1 : source.indexOf(';\n', from);
  const value: unknown = runInNewContext(source.slice(from, end));
  if (typeof value !== 'string') throw new Error(`wllama's ${name} is not text`);
  return value;
}

/** The worker's text, as wllama's `moduleInit` composes it, with its options from its address. */
export function workerSource(wllama: string): string {
  const moduleCode = constant(wllama, 'JSPI_STUB') + constant(wllama, 'WLLAMA_EMSCRIPTEN_CODE');
  const noWebGPU =
    'try{Object.defineProperty(WorkerNavigator.prototype,"gpu",{get:()=>({requestAdapter:async()=>null})});}catch(e){}';
  return [
    'const RUN_OPTIONS = JSON.parse(decodeURIComponent(location.search.slice(1)));',
    `if (RUN_OPTIONS.noWebGPU) { ${noWebGPU} }`,
    `function wModuleInit() { ${moduleCode.replace('var Module', 'var ___Module')}; return Module; }`,
    constant(wllama, 'LLAMA_CPP_WORKER_CODE'),
  ].join(';\n\n');
}

/** wllama's module with its worker started from the file instead of a blob: URL. */
export function startFromFile(wllama: string): string {
  if (wllama.split(START).length !== 2) throw new Error('wllama starts its worker differently now');
  return wllama.replace(START, FROM_FILE);
}

/** The Vite plugin: rewrites wllama's module and writes the worker's file. */
export function wllamaFileWorker(): Plugin {
  let source: string | undefined;
  return {
    name: 'gloss-wllama-file-worker',
    transform(code, id) {
      if (!/@wllama[\\/]wllama[\\/]esm[\\/]index\.js$/.test(id)) return null;
      source = code;
      return { code: startFromFile(code), map: null };
    },
    generateBundle() {
      if (!source) throw new Error('the Firefox build no longer bundles wllama');
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: workerSource(source) });
    },
  };
}
