/**
 * `read_tab` (issue 29) in a headed Firefox ESR (firefox-run.ts), as read-tab.e2e.ts does it in
 * Chromium: the page is added to the chat with Gloss's shortcut (Alt+Shift+D), the globe turned
 * on, and a scripted model (where the first run finds LM Studio) calls `read_tab`: the tab's text
 * as it is now reaches the model, fenced, without asking. The tab then shows a page the user did
 * not add: the call waits for the user, nothing is read before Allow once, and then it is.
 * Firefox keeps extension pages out of WebDriver BiDi's reach, so the sidebar is used with the
 * real keyboard and mouse, and what Gloss does is seen in what reaches the model.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { navigate, startFirefox, type Firefox } from './firefox-run';
import { WIRES } from './fixtures/tool-wire';
import { lastResult } from './web-tools-support';
import { clickAt, pressKeys, typeText } from './xvfb';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1>` +
  `<p>${text}</p><p id="live">Written when the page was served.</p></article></body></html>`;
const TIDES = page('How tides work', 'The Moon pulls the oceans, and the Earth turns beneath that bulge of water.');
const KETTLE = page('Kettle reviews', 'Boils a litre in ninety seconds.');
/** The tab picker's Allow (for the `tabs` permission), measured from the sidebar's bottom right. */
const PICKER_ALLOW = { fromRight: 55, up: 32 };
/** The tab picker's button while it lists the tabs (one row of them below the composer). */
const PICKER_BUTTON = { x: 49, up: 67 };
const fence = /^<<<tool result \S+ tool="read_tab" source="Gloss">>>\n/;

let ff: Firefox;

beforeAll(async () => {
  ff = await startFirefox((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(req.url === '/kettle' ? KETTLE : TIDES);
  });
}, 120_000);

afterAll(() => ff.close());

const keys = (...names: string[]) => pressKeys(ff.display.name, ...names);
const type = (text: string) => typeText(ff.display.name, text);
const settle = (ms = 500) => new Promise((resolve) => setTimeout(resolve, ms));
const readTabCall = (id: string) => ({
  kind: 'stream' as const,
  chunks: WIRES.openai.callBody({ id, name: 'read_tab', args: {} }, '').map((c) => Buffer.from(c)),
  delayMs: 5,
});
const text = (answer: string) => ({
  kind: 'stream' as const,
  chunks: WIRES.openai.textBody(answer).map((c) => Buffer.from(c)),
  delayMs: 5,
});

test('in Firefox a tab added with the shortcut is read as it is now; another tab asks first, and is read after Allow once', async () => {
  const bar = await ff.sidebar();
  const { provider } = ff;
  await ff.useLocalServer();
  // The page changes after it is served: read_tab reads it as the tab shows it now.
  await ff.bidi.evaluate(ff.pageUrl, `document.getElementById('live').textContent = 'Changed after it was served.'`);
  const before = await ff.indigoIn(await ff.materialArea());
  await keys('alt+shift+d');
  await ff.waitForMaterial(before);
  await ff.clickQuestionBox();
  await keys('Tab', 'Tab', 'Tab', 'Return'); // past the PDF's paperclip and the tab picker, to the globe
  await settle(1000);

  provider.enqueue(readTabCall('call_FirefoxTab1'), text('Your tab is about tides [1].'));
  const start = provider.requests.length;
  await ff.clickQuestionBox();
  await type('What does my tab say now?');
  await keys('Return');
  await expect.poll(() => provider.requests.length, { timeout: 20_000 }).toBe(start + 2);
  const offered = (provider.requests[start]?.body as { tools?: { function: { name: string } }[] }).tools ?? [];
  expect(offered.map((t) => t.function.name)).toContain('read_tab');
  const result = lastResult('openai', provider.requests[start + 1]?.body);
  expect(result).toMatch(fence);
  expect(result).toContain(`How tides work\nAddress: ${ff.pageUrl}\n`);
  expect(result).toContain('The Moon pulls the oceans');
  expect(result).toContain('Changed after it was served.');
  expect(result).not.toContain('Written when the page was served.');

  // Another page in the tab, never added: the call waits for the user.
  await navigate(ff.bidi, `${ff.pageUrl}kettle`);
  // Firefox's sidebar shortcut grants no activeTab: Gloss sees which page a tab shows once the
  // tab picker got the browser's `tabs` permission (its click asks for it), then closed.
  await ff.clickQuestionBox();
  await keys('Tab', 'Tab', 'Return');
  await settle(1000);
  // The picker's Allow, under the composer at the sidebar's foot (measured as SETTINGS_BUTTON is).
  await clickAt(ff.display.name, bar.x1 - PICKER_ALLOW.fromRight, bar.y1 - PICKER_ALLOW.up);
  await settle(1500);
  // The picker lists the tabs above its own row now: its button closes it again.
  await clickAt(ff.display.name, bar.x0 + PICKER_BUTTON.x, bar.y1 - PICKER_BUTTON.up);
  await settle(500);
  provider.enqueue(readTabCall('call_FirefoxTab2'), text('It reviews kettles.'));
  const next = provider.requests.length;
  await ff.clickQuestionBox();
  await type('And now?');
  await keys('Return');
  await expect.poll(() => provider.requests.length, { timeout: 20_000 }).toBe(next + 1);
  await settle(1500);
  // Nothing went to the model while the step waits: its one request is the one that made the call.
  expect(provider.requests.length).toBe(next + 1);
  expect(JSON.stringify(provider.requests.map((r) => r.body))).not.toContain('ninety seconds');

  // Allow once, from the question box (which keeps the focus) back past Deny; the quick actions
  // are off while the answer runs. It also asks for the page's site, granted as Firefox does for
  // optional permissions in these tests (firefox-run.ts).
  await keys('shift+Tab', 'shift+Tab', 'Return');
  await expect.poll(() => provider.requests.length, { timeout: 20_000 }).toBe(next + 2);
  const kettle = lastResult('openai', provider.requests[next + 1]?.body);
  expect(kettle).toMatch(fence);
  expect(kettle).toContain(`Kettle reviews\nAddress: ${ff.pageUrl}kettle\n`);
  expect(kettle).toContain('Boils a litre in ninety seconds.');
}, 240_000);
