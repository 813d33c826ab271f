/**
 * Takes the README's screenshot: the panel at side-panel width after a streamed answer and a
 * rate-limit error. Run with `npm run screenshot`; writes docs/screenshot.png.
 */
import { launchWithExtension } from './browser';
import { configureProvider } from './panel';
import { fixture, perEvent, startProviderServer } from './provider-server';

const server = await startProviderServer();
const browser = await launchWithExtension();
try {
  const panel = await browser.openPanel();
  await panel.setViewportSize({ width: 400, height: 760 });
  await configureProvider(panel, { baseUrl: `${server.url}/v1`, model: 'gpt-4o-mini' });
  server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 5 });
  await panel.getByLabel('Your question').fill('Explain Rust ownership in a few lines');
  await panel.getByLabel('Your question').press('Enter');
  await panel.locator('.turn[data-status="done"]').waitFor();
  await panel.screenshot({ path: process.argv[2] ?? 'docs/screenshot.png' });
} finally {
  await browser.close();
  await server.close();
}
