/**
 * Real Chromium (Debian's /usr/bin/chromium, never a downloaded build) with the built extension
 * loaded from dist/, driven by playwright-core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

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

export async function launchWithExtension(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'gloss-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      `--disable-extensions-except=${DIST}`,
      `--load-extension=${DIST}`,
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
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
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
