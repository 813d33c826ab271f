/**
 * Real Chromium (Debian's /usr/bin/chromium, never a downloaded build) with the built extension
 * loaded from dist/, driven by playwright-core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { extensionIdForPath, pinToolbarButton } from '../scripts/chromium-profile.mjs';

export const DIST = fileURLToPath(new URL('../dist', import.meta.url));
export const CHROMIUM = process.env.GLOSS_CHROMIUM ?? '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** Opens the side panel's page in a tab, as the side panel shows it. */
  openPanel(): Promise<Page>;
  close(): Promise<void>;
}

/** Window geometry of headed runs, so toolbar positions are the same every time. */
export const WINDOW = { width: 1280, height: 800 };

/**
 * Launches headless by default; with `display` (an X display such as `:93`) it runs headed there,
 * with Gloss pinned to the toolbar, for tests that need real browser UI. `args` adds switches;
 * `extension` loads another unpacked extension instead of Gloss (bench/worker-floor.ts);
 * `profile` starts from that profile folder and keeps it on close (a browser started again).
 */
export async function launchWithExtension(
  options: { display?: string; lang?: string; args?: string[]; extension?: string; profile?: string } = {},
): Promise<Browser> {
  const profile = options.profile ?? mkdtempSync(join(tmpdir(), 'gloss-e2e-'));
  const headed = options.display !== undefined;
  const dir = options.extension ?? DIST;
  if (headed) pinToolbarButton(profile, extensionIdForPath(dir));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: !headed,
    env: {
      ...process.env,
      ...(headed && { DISPLAY: options.display }),
      // Chromium on Linux takes its UI language (and so the extension's locale) from here; the
      // tests read English labels unless they ask for another language.
      LANGUAGE: options.lang ?? 'en',
    },
    viewport: null,
    args: [
      ...(headed ? [`--window-size=${WINDOW.width},${WINDOW.height}`, '--window-position=0,0'] : []),
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      `--lang=${options.lang ?? 'en-US'}`,
      ...(options.args ?? []),
    ],
  });
  // Fail fast: a control that is not there within 10 s is a failure, not a slow machine.
  context.setDefaultTimeout(10_000);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    openPanel: async () => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/extension/sidepanel/index.html`);
      return page;
    },
    close: async () => {
      await context.close();
      if (!options.profile) rmSync(profile, { recursive: true, force: true });
    },
  };
}
