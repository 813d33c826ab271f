/**
 * The tool loop once in a headed Firefox ESR (the Firefox build, web-ext run on a virtual
 * display), with the OpenAI protocol: the scripted tool-calling model stands where the first run
 * looks for LM Studio (127.0.0.1:1234), server-everything is added in Settings → Tools, and a
 * question makes the model call `echo`. Firefox keeps extension pages out of WebDriver BiDi's
 * reach (firefox-run.ts), so the sidebar is driven with the real keyboard and mouse, and what
 * it does is seen where it matters: the MCP server gets no call before Allow once, then one, and
 * the model's next request carries the result as OpenAI's `role: tool` message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { LOCAL_MODELS } from '../extension/shared/local-model/catalogue';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectBidi, type Bidi } from './bidi';
import { COMPOSER, until } from './firefox-run';
import { freePort, startEverything, type Everything } from './fixtures/everything';
import { startToolProvider, type ToolProvider } from './fixtures/tool-provider';
import { ICON_RGB } from './headed';
import { resultOf } from './tool-loop-support';
import { clickAt, findOnScreen, startXvfb, waitOnScreen, pressKeys, typeText, type Display, type Rect } from './xvfb';

const FIREFOX = process.env.GLOSS_FIREFOX ?? '/usr/bin/firefox-esr';
const DIST_FIREFOX = fileURLToPath(new URL('../dist-firefox', import.meta.url));
/** The settings button, at the right of the sidebar's bar (measured from its top right). */
const SETTINGS_BUTTON = { fromRight: 20, down: 64 };

let display: Display;
let model: ToolProvider;
let everything: Everything;
let pages: Server;
let firefox: ChildProcess;
let bidi: Bidi;
let pageUrl: string;

beforeAll(async () => {
  display = await startXvfb();
  [model, everything] = await Promise.all([startToolProvider({ port: 1234 }), startEverything()]);
  pages = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Page</title>'));
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${String((pages.address() as AddressInfo).port)}/`;
  const port = await freePort();
  const args = ['web-ext', 'run', '--source-dir', DIST_FIREFOX, '--firefox', FIREFOX, '--no-input', '--no-reload'];
  firefox = spawn(
    'npx',
    // Optional permissions (the MCP server's origin) are granted without Firefox's doorhanger, as in firefox-run.ts.
    [...args, '--start-url', pageUrl, `--arg=--remote-debugging-port=${String(port)}`].concat(
      '--pref=extensions.webextOptionalPermissionPrompts=false',
    ),
    { stdio: 'ignore', detached: true, env: { ...process.env, DISPLAY: display.name } },
  );
  bidi = await connectBidi(port, 90_000);
}, 120_000);

afterAll(async () => {
  bidi.close();
  if (firefox.pid) process.kill(-firefox.pid, 'SIGTERM');
  pages.close();
  await Promise.all([model.close(), everything.stop()]);
  display.close();
});

/** The sidebar: the strip of the screen left of the web page. */
async function sidebar(): Promise<Rect> {
  const page = await bidi.evaluate<{ x: number; y: number; h: number }>(
    pageUrl,
    '({ x: window.mozInnerScreenX, y: window.mozInnerScreenY, h: innerHeight })',
  );
  return { x0: 0, y0: Math.round(page.y), x1: Math.round(page.x), y1: Math.round(page.y + page.h) };
}

const keys = (...names: string[]) => pressKeys(display.name, ...names);
const type = (text: string) => typeText(display.name, text);

async function clickSettings(bar: Rect): Promise<void> {
  await clickAt(display.name, bar.x1 - SETTINGS_BUTTON.fromRight, bar.y0 + SETTINGS_BUTTON.down);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** The first run found "LM Studio" (the scripted model): its indigo Use button is chosen. */
async function useLocalServer(bar: Rect): Promise<void> {
  await until(() => model.modelLists() > 0, 'the first run to probe for LM Studio', 90_000);
  const use = await waitOnScreen(display.name, bar, ICON_RGB);
  await clickAt(display.name, use.x, use.y);
  const around: Rect = { x0: use.x - 15, y0: use.y - 10, x1: use.x + 15, y1: use.y + 10 };
  await until(async () => (await findOnScreen(display.name, around, ICON_RGB)) === null, 'the chat', 15_000);
}

/**
 * Settings → Tools → Add an MCP server, by the keyboard: from the settings button, Tab passes the
 * provider's Edit and Remove, each model inside Gloss's Download, Add provider, the two time
 * limits and their Save; the form opens
 * on Name; after the address come Add a header, then Save.
 */
async function addEverything(bar: Rect): Promise<void> {
  await clickSettings(bar);
  await keys(...Array<string>(8 + LOCAL_MODELS.length).fill('Tab'), 'Return');
  await type('Everything');
  await keys('Tab');
  await type(everything.url);
  await keys('Tab', 'Tab', 'Return');
  await until(() => everything.messages.some((m) => m.method === 'tools/list'), 'the server’s tools', 20_000);
  await clickSettings(bar);
}

test('in Firefox the call waits for Allow once, then echo runs and its result reaches the model', async () => {
  const bar = await sidebar();
  await useLocalServer(bar);
  await addEverything(bar);
  model.script({ tool: 'echo', args: { message: 'hello from Firefox' } });
  await clickAt(display.name, bar.x0 + 30, bar.y1 - COMPOSER.boxCentre);
  await type('Use echo, please.');
  await keys('Return');
  await expect.poll(() => model.requests.length, { timeout: 15_000 }).toBe(1);
  expect(model.requests[0]?.protocol).toBe('openai');
  // The step asks: its indigo Allow once shows above the composer.
  const above: Rect = { ...bar, y1: bar.y1 - COMPOSER.height - 20 };
  await waitOnScreen(display.name, above, ICON_RGB);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(everything.calls()).toEqual([]);
  expect(model.requests.length).toBe(1);

  // From the question box (which keeps the focus), back past Deny and Always allow.
  await keys('shift+Tab', 'shift+Tab', 'shift+Tab', 'Return');
  await expect.poll(() => model.requests.length, { timeout: 15_000 }).toBe(2);
  expect(everything.calls()).toEqual(['echo']);
  const result = resultOf('openai', model.requests[1]?.body ?? {});
  expect(result.text).toContain('Echo: hello from Firefox');
}, 120_000);
