/** The usual end-to-end setup: a scripted provider, Chromium with Gloss, and its panel page. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchWithExtension, type Browser } from './browser';
import { ask, configureProvider } from './panel';
import { startProviderServer, type ProviderServer } from './provider-server';
import { sseChunks } from './sse';

export interface Session {
  server: ProviderServer;
  browser: Browser;
  panel: Page;
  close: () => Promise<void>;
}

export async function startSession(options: Parameters<typeof startProviderServer>[0] = {}): Promise<Session> {
  const server = await startProviderServer(options);
  const browser = await launchWithExtension();
  const panel = await browser.openPanel();
  return {
    server,
    browser,
    panel,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** A session whose panel is connected to the scripted provider (OpenAI-compatible, `test-model`). */
export async function startConfiguredSession(): Promise<Session> {
  const session = await startSession();
  await configureProvider(session.panel, { baseUrl: `${session.server.url}/v1`, model: 'test-model', key: 'k' });
  return session;
}

/** Runs `body` in a fresh session, which is closed whatever happens. */
export async function withSession(
  options: Parameters<typeof startProviderServer>[0],
  body: (session: Session) => Promise<void>,
): Promise<void> {
  const session = await startSession(options);
  try {
    await body(session);
  } finally {
    await session.close();
  }
}

/**
 * Streams `answer` from the session's scripted provider in chunks of `chunkSize` characters as
 * the answer to `question`, and waits until it is done; returns its turn.
 */
export async function askAndWait(
  session: Pick<Session, 'server' | 'panel'>,
  answer: string,
  chunkSize: number,
  question: string,
): Promise<Locator> {
  const { server, panel } = session;
  const before = await panel.locator('.turn').count();
  server.enqueue({ kind: 'stream', chunks: sseChunks(answer, chunkSize), delayMs: 1 });
  await ask(panel, question);
  const turn = panel.locator('.turn').last();
  // The new turn, not the one that was last before it.
  await expect.poll(() => panel.locator('.turn').count()).toBeGreaterThan(before);
  await expect.poll(() => turn.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  return turn;
}
