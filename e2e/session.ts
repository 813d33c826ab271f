/** The usual end-to-end setup: a scripted provider, Chromium with Gloss, and its panel page. */
import type { Page } from 'playwright-core';
import { launchWithExtension, type Browser } from './browser';
import { configureProvider } from './panel';
import { startProviderServer } from './provider-server';

export interface Session {
  server: Awaited<ReturnType<typeof startProviderServer>>;
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
