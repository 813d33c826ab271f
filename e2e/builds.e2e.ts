/**
 * Both builds are complete: every file a manifest names, and every script, stylesheet and
 * module an extension page loads, exists in that build. (web-ext lint does not check this: a
 * Firefox build once shipped without its sidebar page.) And neither exposes a file to web pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  icons?: Record<string, string>;
  action?: { default_icon?: Record<string, string> };
  side_panel?: { default_path: string };
  sidebar_action?: { default_panel: string; default_icon?: Record<string, string> };
  background: { service_worker?: string; scripts?: string[] };
  web_accessible_resources?: unknown[];
}

function referenced(m: Manifest): string[] {
  return [
    ...Object.values(m.icons ?? {}),
    ...Object.values(m.action?.default_icon ?? {}),
    ...Object.values(m.sidebar_action?.default_icon ?? {}),
    ...(m.side_panel ? [m.side_panel.default_path] : []),
    ...(m.sidebar_action ? [m.sidebar_action.default_panel] : []),
    ...(m.background.service_worker ? [m.background.service_worker] : []),
    ...(m.background.scripts ?? []),
  ];
}

/** Files an HTML page or a module loads by relative or root path. */
function loads(dir: string, file: string): string[] {
  const text = readFileSync(join(dir, file), 'utf8');
  const found = [...text.matchAll(/(?:src|href)="([^"]+)"|import\s*(?:[^'"]*from\s*)?['"]([^'"]+)['"]/g)]
    .map((m) => m[1] ?? m[2] ?? '')
    .filter((p) => p && !/^(https?:|data:|#|chrome:)/.test(p));
  return found.map((p) => (p.startsWith('/') ? p.slice(1) : join(dirname(file), p)));
}

describe.each(['dist', 'dist-firefox'])('%s', (build) => {
  const dir = join(ROOT, build);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;

  test('every file the manifest names exists', () => {
    const missing = referenced(manifest).filter((f) => !existsSync(join(dir, f)));
    expect(missing).toEqual([]);
  });

  test('the panel page and the worker load only files that exist', () => {
    const pages = [manifest.side_panel?.default_path ?? manifest.sidebar_action?.default_panel ?? ''];
    const worker = manifest.background.service_worker ?? manifest.background.scripts?.[0] ?? '';
    const missing = [...pages, worker].flatMap((f) => loads(dir, f)).filter((f) => !existsSync(join(dir, f)));
    expect(missing).toEqual([]);
  });

  // A web-accessible file lets any site detect Gloss, and Gloss needs none: the page reader is
  // injected with `scripting.executeScript({ files })`, and the panel loads KaTeX's fonts itself.
  test('no file is web-accessible', () => {
    expect(manifest.web_accessible_resources).toBeUndefined();
  });
});

// Chrome keeps the compiled code of a classic worker script between starts, not of a module
// worker's: a cold start is that much sooner (vite.config.ts, `classicServiceWorker`).
test('the Chrome worker is one classic script, and the WASM it loads is in the build', () => {
  const dir = join(ROOT, 'dist');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest & {
    background: { type?: string };
  };
  expect(manifest.background).toEqual({ service_worker: 'service-worker.js' });
  const script = readFileSync(join(dir, 'service-worker.js'), 'utf8');
  expect(script).not.toMatch(/(?<![.\w$])(?:import\s*[{("'*]|import\.meta\b|export\s*[{*])/);
  const wasm = script.match(/`\/(assets\/[^`]+\.wasm)`/)?.[1];
  expect(wasm && existsSync(join(dir, wasm))).toBe(true);
});
