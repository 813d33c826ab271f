/**
 * Firefox ESR (Debian's firefox-esr) with the Firefox build, through `web-ext run` headless.
 * No browser driver works with a stock Firefox here, so the test watches the network instead:
 * the sidebar opens at install and probes for local models on first run, which takes the page
 * rendering, a message to the background, and the background's WASM core building the request.
 * A fake LM Studio on 127.0.0.1:1234 sees that request arrive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { startProviderServer } from './provider-server';

const FIREFOX = process.env.GLOSS_FIREFOX ?? '/usr/bin/firefox-esr';
const DIST_FIREFOX = fileURLToPath(new URL('../dist-firefox', import.meta.url));

let firefox: ChildProcess | undefined;

afterAll(() => {
  firefox?.kill('SIGTERM');
});

test('the Firefox build loads: the sidebar page renders and the background answers it', async () => {
  const server = await startProviderServer({ port: 1234 });
  try {
    firefox = spawn(
      'npx',
      [
        'web-ext',
        'run',
        '--source-dir',
        DIST_FIREFOX,
        '--firefox',
        FIREFOX,
        '--arg=-headless',
        '--no-input',
        '--no-reload',
      ],
      { stdio: 'ignore', detached: true },
    );
    await expect
      .poll(() => server.requests.length + server.modelListRequests.length, { timeout: 90_000, interval: 500 })
      .toBeGreaterThan(0);
    expect(server.modelListRequests[0]).toMatchObject({ path: '/v1/models' });
    expect(server.modelListRequests[0]?.origin).toMatch(/^moz-extension:\/\//);
  } finally {
    if (firefox?.pid) process.kill(-firefox.pid, 'SIGTERM');
    firefox = undefined;
    await server.close();
  }
}, 120_000);
