/**
 * Answers from the web with the real pointer and keyboard in Chromium's real side panel (headed,
 * Xvfb), as a user meets them: the globe's click asks the browser for DuckDuckGo's site, a typed
 * question is answered by a scripted model (fixtures/tool-provider) that searches and reads the
 * first result, the read waits for Allow once (a click on it, then the browser's prompt for the
 * page's site), and the answer's "[n]" opens that page in a tab. The sites stand at their real
 * names on this machine (web-tools-support); web-tools.e2e.ts tests the same rules in depth in a
 * panel page.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startToolProvider, type ToolProvider } from './fixtures/tool-provider';
import { startHeaded, TOOLBAR, type Headed } from './headed';
import { askInPanel, clickInPanel } from './panel-pointer';
import { answerPrompt } from './permission-prompt';
import { useProvider } from './tool-loop-support';
import { lastResult, searchAndRead, sourceNumber, startSites, type Sites } from './web-tools-support';

let sites: Sites;
let model: ToolProvider;
let h: Headed;

beforeAll(async () => {
  [sites, model] = await Promise.all([startSites(), startToolProvider()]);
  h = await startHeaded(sites.args);
  const setup = await h.browser.openPanel();
  await useProvider(setup, model.url, 'openai');
  await setup.close();
});

afterAll(async () => {
  await h.close();
  await model.close();
  sites.close();
});

const lastTurn = (read: 'text' | 'status') =>
  h.inPanel((doc, what) => {
    const turn = Array.from(doc?.querySelectorAll('.turn') ?? []).at(-1);
    return (what === 'text' ? turn?.textContent : turn?.getAttribute('data-status')) ?? '';
  }, read);
const pressed = () => h.inPanel((doc) => doc?.querySelector('.web-switch')?.getAttribute('aria-pressed') ?? '');

test('the globe, a question, Allow once on the read and the cited page, all by pointer and keyboard', async () => {
  const page = await h.page();
  await page.goto('about:blank');
  const icon = await h.settledIcon(TOOLBAR);
  await h.clickAt(icon.x, icon.y);
  await expect.poll(() => h.inPanel((doc) => Boolean(doc?.querySelector('textarea'))), { timeout: 15_000 }).toBe(true);

  await answerPrompt(h.display.name, () => clickInPanel(h, '.web-switch'));
  await expect.poll(pressed).toBe('true');

  model.script(searchAndRead('tides', { answer: (read) => `Tides follow the moon [${sourceNumber(read)}].` }));
  await askInPanel(h, 'Why are there tides?');
  await expect
    .poll(() => lastTurn('text'), { timeout: 15_000 })
    .toContain('Gloss needs access to news.example to read this page.');
  expect(sites.news.requests).toEqual([]);

  await answerPrompt(h.display.name, () => clickInPanel(h, 'button', 'Allow once'));
  await expect.poll(() => lastTurn('status'), { timeout: 20_000 }).toBe('done');
  expect(sites.news.requests).toEqual(['/tides']);
  const n = sourceNumber(lastResult('openai', model.requests[2]?.body));
  await expect.poll(() => lastTurn('text')).toContain(`Tides follow the moon [${n}].`);

  const opened = h.browser.context.waitForEvent('page');
  await clickInPanel(h, 'a.cite', `[${n}]`);
  const cited = await opened;
  await cited.waitForLoadState();
  expect(cited.url()).toBe('https://news.example/tides');
  expect(await cited.title()).toBe('How tides work');
}, 120_000);
