/**
 * Settings → Web in real Chromium (issue 29), headed so the browser's real permission prompt is
 * answered with real input (e2e/permission-prompt): SearXNG chosen with a local instance that
 * sends no CORS header (only the access granted in Save's prompt lets the worker read it), Try a
 * search shows the fixture's titles, and the choice survives a reload. A Brave key is saved
 * where pages cannot read it (not `storage.local`) and is sent only to Brave's own address,
 * served here as https://api.search.brave.com (e2e/https-server). "Any site" asks for every
 * website and choosing "each site" gives it back, as the Access list shows.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FIXTURE_TITLES, serveBrave, startSearxng, type SearxngInstance } from './fixtures/search-engines';
import { startHeaded, type Headed } from './headed';
import { answerPrompt } from './permission-prompt';
import { storedSettings } from './stored-settings';

const KEY = 'test-key-brave-1';

let h: Headed;
let brave: Awaited<ReturnType<typeof serveBrave>>;
let searxng: SearxngInstance;
let panel: Page;

beforeAll(async () => {
  [brave, searxng] = await Promise.all([serveBrave(), startSearxng()]);
  h = await startHeaded(brave.args);
  await h.ensureProvider();
  // The panel's page in a tab, 360 px wide as the side panel is, so Playwright reads it; its
  // clicks are real input, which the browser takes as the user's gesture to ask for access.
  panel = await h.browser.openPanel();
  await panel.setViewportSize({ width: 360, height: 700 });
});

afterAll(async () => {
  await h.close();
  brave.close();
  searxng.close();
});

const web = (): Locator => panel.getByRole('region', { name: 'Web', exact: true });
const granted = () => h.browser.worker.evaluate(() => chrome.permissions.getAll().then((p) => p.origins ?? []));
const providerPort = () => `http://${new URL(h.server.url).host}/*`;
const resultTitles = () => web().locator('.web-results a').allTextContents();

async function openSettings(): Promise<void> {
  await panel.getByRole('button', { name: 'Settings', exact: true }).click();
  await web().waitFor();
}

test('SearXNG: Save asks for the instance’s port, Try a search shows its results, and the choice survives a reload', async () => {
  await openSettings();
  await web().getByRole('radio', { name: 'SearXNG' }).check();
  await web().getByLabel('Address of your SearXNG instance').fill(searxng.url);
  const host = new URL(searxng.url).host; // 127.0.0.1 and its port: Chrome's access names the port
  await expect.poll(() => web().locator('.web-access').textContent()).toContain(`Gloss needs access to ${host}`);
  await answerPrompt(h.display.name, () => web().getByRole('button', { name: 'Save web search' }).click());
  await expect.poll(() => web().getByRole('status').first().textContent()).toBe('Web search saved.');
  await expect.poll(granted).toContain(`http://${host}/*`);
  expect(await granted()).not.toContain('http://127.0.0.1/*');
  await expect.poll(() => web().locator('.web-access').textContent()).toBe(`Gloss may access ${host} to search there.`);

  await web().getByRole('button', { name: 'Try a search' }).click();
  await expect.poll(resultTitles, { timeout: 15_000 }).toEqual(FIXTURE_TITLES.searxng);
  expect(await web().locator('.web-try .outcome').textContent()).toBe('SearXNG found 3 results for “Gloss”:');
  expect(searxng.requests.map((r) => r.path)).toEqual(['/search?q=Gloss&format=json']);
  expect(searxng.requests[0]?.headers.cookie).toBeUndefined();

  await panel.reload();
  await openSettings();
  expect(await web().getByRole('radio', { name: 'SearXNG' }).isChecked()).toBe(true);
  expect(await web().getByLabel('Address of your SearXNG instance').inputValue()).toBe(searxng.url);
});

test('a Brave key is saved where pages cannot read it, and goes only to Brave’s address', async () => {
  await web().getByRole('radio', { name: 'Brave Search' }).check();
  await web().getByRole('textbox', { name: 'Brave Search API key', exact: true }).fill(KEY);
  await answerPrompt(h.display.name, () => web().getByRole('button', { name: 'Save web search' }).click());
  await expect.poll(() => web().getByRole('textbox', { name: 'Brave Search API key (saved)' }).inputValue()).toBe('');
  await expect.poll(granted).toContain('https://api.search.brave.com/*');
  // The SearXNG instance's port is given back: the model's server, a provider on the same host,
  // is on another port, which never needed it.
  await expect.poll(granted).not.toContain(`http://${new URL(searxng.url).host}/*`);

  expect(await h.browser.worker.evaluate(() => chrome.storage.local.get(null))).toEqual({});
  const stored = JSON.stringify(await storedSettings(panel));
  expect(stored).toContain('"engine":"brave"');
  expect(stored).not.toContain(KEY);
  expect(await panel.content()).not.toContain(KEY);

  await web().getByLabel('Try a search for').fill('borrow checker');
  await web().getByRole('button', { name: 'Try a search' }).click();
  await expect.poll(resultTitles, { timeout: 15_000 }).toEqual(FIXTURE_TITLES.brave);
  expect(brave.received.map((r) => [r.path, r.headers['x-subscription-token'], r.headers.cookie])).toEqual([
    ['/res/v1/web/search?q=borrow%20checker&count=5', KEY, undefined],
  ]);
  // Nowhere else: not to the SearXNG instance, nor to the model's server.
  expect(JSON.stringify(searxng.requests)).not.toContain(KEY);
  expect(JSON.stringify(h.server.requests)).not.toContain(KEY);
});

test('“Any site” asks for every website and shows in the Access list; “each site” gives it back, keeping the engine’s site', async () => {
  const access = () => panel.locator('section.access').innerText();
  // An http site too: the model's server, a provider on this computer, gets its port as a Save asks.
  await answerPrompt(h.display.name, () =>
    panel.evaluate((origin) => void chrome.permissions.request({ origins: [origin] }), providerPort()),
  );
  await expect.poll(granted).toContain(providerPort());
  await answerPrompt(h.display.name, () => web().getByRole('radio', { name: 'Any site' }).check());
  await expect.poll(granted).toEqual(expect.arrayContaining(['https://*/*', 'http://*/*']));
  await expect.poll(() => web().getByRole('radio', { name: 'Any site' }).isChecked()).toBe(true);
  await expect.poll(access).toContain('Every website (https)\nUsed by Reading pages on any site');
  expect(await access()).toContain('https://api.search.brave.com\nUsed by Web search (Brave Search)');

  await web().getByRole('radio', { name: 'Ask for each site' }).check();
  await expect.poll(granted).not.toContain('https://*/*');
  expect(await granted()).not.toContain('http://*/*');
  await expect.poll(() => web().getByRole('radio', { name: 'Ask for each site' }).isChecked()).toBe(true);
  await expect.poll(access).not.toContain('Every website');
  // Chrome's removal takes the sites inside every website along; they are asked for again in the
  // same click, and Chrome gives back what it granted before without a prompt.
  await expect.poll(granted).toEqual(expect.arrayContaining(['https://api.search.brave.com/*', providerPort()]));
  expect(await web().locator('.web-access').textContent()).toBe(
    'Gloss may access api.search.brave.com to search there.',
  );
});

test('What Gloss may access gives every website back a scheme at a time, keeping the engine’s site', async () => {
  // Granted before, so Chrome grants it again without a prompt; the choice shows once granted.
  const any = web().getByRole('radio', { name: 'Any site' });
  await any.click();
  await expect.poll(() => any.isChecked()).toBe(true);
  await expect.poll(granted).toEqual(expect.arrayContaining(['https://*/*', 'http://*/*']));
  const giveBack = (site: string) => panel.getByRole('button', { name: `Give back access to ${site}` }).click();
  await giveBack('Every website (http)');
  await expect.poll(granted).not.toContain('http://*/*');
  // No longer every website: the choice says so, while https stays listed until given back.
  await expect.poll(() => web().getByRole('radio', { name: 'Ask for each site' }).isChecked()).toBe(true);
  expect(await granted()).toContain('https://*/*');
  await giveBack('Every website (https)');
  await expect.poll(granted).not.toContain('https://*/*');
  await expect.poll(granted).toEqual(expect.arrayContaining(['https://api.search.brave.com/*', providerPort()]));
});
