/**
 * Takes the README's screenshot: the panel at side-panel width after a streamed answer.
 * Run with `npm run screenshot`; writes docs/screenshot.png.
 */
import { ask, configureProvider } from './panel';
import { fixture, perEvent } from './provider-server';
import { withSession } from './session';

await withSession({}, async ({ server, panel }) => {
  await panel.setViewportSize({ width: 400, height: 760 });
  await configureProvider(panel, { baseUrl: `${server.url}/v1`, model: 'gpt-4o-mini' });
  server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 5 });
  await ask(panel, 'Explain Rust ownership in a few lines');
  await panel.locator('.turn[data-status="done"]').waitFor();
  await panel.screenshot({ path: process.argv[2] ?? 'docs/screenshot.png' });
});
