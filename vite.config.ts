/**
 * One source, two builds: `vite build` makes the Chrome extension in dist/, and
 * `vite build --mode firefox` makes the Firefox one in dist-firefox/ from a manifest derived
 * here (sidebar instead of side panel, background scripts instead of a service worker).
 */
import { crx, type CrxPlugin, type ManifestV3Export } from '@crxjs/vite-plugin';
import react from '@vitejs/plugin-react';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import { wllamaFileWorker } from './scripts/wllama-file-worker';

/** Firefox's gecko id; stable so storage survives reinstalls. */
const GECKO_ID = 'gloss@gloss-extension.org';

/** Chrome-only permissions: the side panel, and the offscreen document the web reader parses in. */
const CHROME_ONLY = new Set(['sidePanel', 'offscreen']);

export function firefoxManifest(chrome: typeof manifest) {
  // Firefox ignores minimum_chrome_version but web-ext lint flags it.
  const { side_panel, background, minimum_chrome_version, ...rest } = chrome;
  // Firefox toggles its sidebar itself, from the browser's own command.
  const { 'toggle-panel': toggle, ...commands } = rest.commands;
  return {
    ...rest,
    commands: { _execute_sidebar_action: toggle, ...commands },
    // Firefox's background page parses pages itself (background/web/page-host.ts), and looks up
    // a page's name before reading it (`dns`, no install warning: background/web/page-hop.ts).
    permissions: [...rest.permissions.filter((p) => !CHROME_ONLY.has(p)), 'dns'],
    background: { scripts: [background.service_worker], type: background.type },
    sidebar_action: {
      default_panel: side_panel.default_path,
      default_title: '__MSG_extName__',
      default_icon: rest.action.default_icon,
      // A new user sees Gloss's first-run screen at once.
      open_at_install: true,
    },
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        // 142: the first version (desktop and Android) that knows data_collection_permissions.
        strict_min_version: '142.0',
        data_collection_permissions: { required: ['none'] },
      },
    },
  };
}

/**
 * KaTeX's stylesheet lists each font as woff2, woff and ttf; every browser Gloss supports reads
 * woff2, so the other two (about 700 KB) are dropped before Vite copies them.
 */
function katexWoff2Only(): Plugin {
  return {
    name: 'gloss:katex-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('katex') || !id.endsWith('.css')) return null;
      return code.replace(/,\s*url\([^)]*\.(?:woff|ttf)\)\s*format\("(?:woff|truetype)"\)/g, '');
    },
  };
}

/**
 * crxjs lists every script built with `?iife` (the page reader) as web-accessible to all http(s)
 * sites, which lets any site detect Gloss. Nothing needs it: the worker injects the reader with
 * `scripting.executeScript({ files })`, which reads the extension's own files, and the panel
 * loads KaTeX's fonts as an extension page. `enforce: 'post'` and a place after crx() make it run
 * after crxjs's own step (also 'post'); e2e/builds.e2e.ts checks both builds.
 */
function noWebAccessibleResources(): CrxPlugin {
  return {
    name: 'gloss:no-web-accessible-resources',
    enforce: 'post',
    renderCrxManifest(manifest) {
      delete manifest.web_accessible_resources;
      return manifest;
    },
  };
}

/**
 * webextension-polyfill ships as CommonJS. The bundler's CommonJS interop copies every property
 * of such a module's export onto a new object, once in each chunk that imports it. Where the
 * browser has its own `browser` namespace (Firefox; Chromium 156 here too), the polyfill exports
 * that object itself, and reading its properties makes the browser build each extension API's
 * bindings then and there (a profile of a cold worker start shows them inside the copy): 2 ms of
 * each cold start (12 alternated runs of 5 cold starts each: median 57 → 55 ms). Served as an ES
 * module, its export is used as it is. Tests (Vite without a build) mock the package by name, so
 * this applies to builds only.
 */
function polyfillAsModule(): Plugin {
  const id = '\0gloss:webextension-polyfill';
  const file = createRequire(import.meta.url).resolve('webextension-polyfill');
  return {
    name: 'gloss:polyfill-as-module',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'webextension-polyfill' ? id : null),
    load(loading) {
      if (loading !== id) return null;
      // The UMD wrapper takes the CommonJS branch when `exports` is defined.
      const umd = readFileSync(file, 'utf8');
      return `const module = { exports: {} };\n(function (module, exports) {\n${umd}\n})(module, module.exports);\nexport default module.exports;\n`;
    },
  };
}

/**
 * The MCP SDK's client imports Ajv (and its formats) for its default JSON Schema validator, which
 * compiles code at run time: an extension's CSP forbids that, so Gloss gives the client its own
 * validator (`tools/mcp/mcp-connection.ts`) and Ajv never runs. Bundled anyway it was about 230
 * KB of the worker's script; builds get a stand-in that says so if anything ever constructs it.
 */
function withoutAjv(): Plugin {
  const id = '\0gloss:no-ajv';
  return {
    name: 'gloss:without-ajv',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'ajv' || source === 'ajv-formats' ? id : null),
    load: (loading) =>
      loading === id
        ? 'export default function unavailable() { throw new Error("Ajv is not bundled: Gloss gives the MCP client its own validator"); }\n'
        : null,
  };
}

/** Extension pages no manifest key names, which crxjs cannot find on its own. */
const FIREFOX_PAGES: Record<string, string> = { sidebar: manifest.side_panel.default_path };
/** The offscreen document of the web reader and the local model (`background/offscreen/chrome-offscreen.ts` opens it by this path). */
const CHROME_PAGES: Record<string, string> = { offscreen: 'extension/background/offscreen/offscreen.html' };

/** The Chrome build's service worker: one classic script (see `classicServiceWorker`). */
const WORKER_SCRIPT = 'service-worker.js';

/**
 * Chrome keeps the compiled code of a classic service worker script from one start to the next
 * (a trace shows V8's cache of it read, 330 KB, and the script compiled in under 1 ms), but not
 * that of a module worker: each cold start compiled the worker's modules anew (4–5 ms) and then
 * each function as it first ran. crxjs builds the worker as modules (a loader importing chunks),
 * so once the build is written this bundles them again into one classic script and points the
 * manifest at it. Cold start, Enter to the first token, 8 alternated runs of 5 cold starts each:
 * median 51 → 44 ms. Firefox keeps its background page's modules as they are.
 */
function classicServiceWorker(): Plugin {
  let outDir = '';
  /** Each written chunk's static imports, and the entry chunks. */
  const imports = new Map<string, readonly string[]>();
  const entries: string[] = [];
  return {
    name: 'gloss:classic-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      imports.clear();
      entries.length = 0;
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        imports.set(file.fileName, file.imports);
        if (file.isEntry) entries.push(file.fileName);
      }
    },
    // After every plugin has written its files, crxjs's manifest and worker loader included.
    async closeBundle() {
      const manifestFile = join(outDir, 'manifest.json');
      type Background = { service_worker: string; type?: string };
      const written = JSON.parse(readFileSync(manifestFile, 'utf8')) as { background: Background };
      if (written.background.type !== 'module') return; // a build of something else, or done
      const loader = written.background.service_worker;
      const workerEntry = readFileSync(join(outDir, loader), 'utf8').match(/^import '\.\/(.+?)';$/m)?.[1];
      if (!workerEntry) throw new Error(`${loader} is not the one-import loader this build expects`);
      await bundleClassic(join(outDir, loader), outDir);
      written.background = { service_worker: WORKER_SCRIPT };
      writeFileSync(manifestFile, JSON.stringify(written, null, 2));
      for (const file of [loader, ...onlyFrom(workerEntry, entries, imports)]) rmSync(join(outDir, file));
    },
  };
}

/** Bundles the module `entry` and what it imports into `WORKER_SCRIPT`, a classic script. */
async function bundleClassic(entry: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    // The WASM's URL is built from the module's own; a classic worker's is its location.
    define: { 'import.meta.url': 'self.location.href' },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      lib: { entry, formats: ['iife'], name: 'gloss', fileName: () => WORKER_SCRIPT },
    },
  });
}

/** The chunks `entry` loads that no other entry chunk loads: they are in the worker's script now. */
function onlyFrom(
  entry: string,
  entries: readonly string[],
  imports: ReadonlyMap<string, readonly string[]>,
): string[] {
  const reach = (from: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(from)) return seen;
    seen.add(from);
    for (const next of imports.get(from) ?? []) reach(next, seen);
    return seen;
  };
  const others = new Set(entries.filter((e) => e !== entry).flatMap((e) => [...reach(e)]));
  return [...reach(entry)].filter((file) => !others.has(file));
}

export default defineConfig(({ mode }) => {
  const firefox = mode === 'firefox';
  return {
    plugins: [
      polyfillAsModule(),
      withoutAjv(),
      katexWoff2Only(),
      react(),
      crx({
        manifest: (firefox ? firefoxManifest(manifest) : manifest) as ManifestV3Export,
        browser: firefox ? 'firefox' : 'chrome',
      }),
      noWebAccessibleResources(),
      // Firefox refuses blob: workers in the background page, where its model runs.
      ...(firefox ? [wllamaFileWorker()] : [classicServiceWorker()]),
    ],
    build: {
      // crxjs finds pages through Chrome's manifest keys; Firefox's sidebar page, and Chrome's
      // offscreen document for the web reader (which no manifest key names), are named here.
      rollupOptions: { input: firefox ? FIREFOX_PAGES : CHROME_PAGES },
      outDir: firefox ? 'dist-firefox' : 'dist',
      emptyOutDir: true,
      target: 'es2022',
    },
  };
});
