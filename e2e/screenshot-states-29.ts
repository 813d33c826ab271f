/**
 * The gallery's states from issue 29 (e2e/screenshot.ts): Settings → Web. DuckDuckGo as a new
 * user finds it, Brave with its key saved, a Try a search result, and a problem said in words.
 * They run in headed Chromium on a virtual display of their own, since the browser's permission
 * prompt (which Save and Try bring up) is real UI that headless Chromium never answers; the
 * prompt is answered as a user does (e2e/permission-prompt). The engines answer with the core's
 * fixtures (e2e/fixtures/search-engines): SearXNG at https://searx.example (served here, and
 * declared public to Chromium's address check with the page read after it), and an instance
 * whose JSON API is off. Brave's key is a fake; nothing is sent to Brave.
 */
import type { Page } from 'playwright-core';
import { launchWithExtension } from './browser';
import { serveSearxngAt } from './fixtures/search-engines';
import { request, saveTestProvider } from './panel';
import { answerPrompt } from './permission-prompt';
import { serveHttps } from './https-server';
import { publicServers } from './web-tools-support';
import { INSIDE_HOST, RUST_ARTICLE, RUST_HOST, RUST_PAGE, webToolStates } from './screenshot-states-29-tools';
import { startXvfb } from './xvfb';

type Shoot = (panel: Page, name: string) => Promise<void>;

const WORDS = {
  en: {
    settings: 'Settings',
    region: 'Web',
    save: 'Save web search',
    try: 'Try a search',
    url: 'Address of your SearXNG instance',
    key: 'Brave Search API key',
  },
  de: {
    settings: 'Einstellungen',
    region: 'Web',
    save: 'Websuche speichern',
    try: 'Suche ausprobieren',
    url: 'Adresse Ihrer SearXNG-Instanz',
    key: 'API-Schlüssel für Brave Search',
  },
};

export async function webStates(lang: 'en' | 'de', providerUrl: string, shoot: Shoot): Promise<void> {
  const [display, searxng, site, inside] = await Promise.all([
    startXvfb(),
    serveSearxngAt('searx.example'),
    serveHttps(RUST_HOST, (path) =>
      path === RUST_PAGE ? { type: 'text/html; charset=utf-8', body: RUST_ARTICLE } : null,
    ),
    serveHttps(INSIDE_HOST, () => ({ type: 'text/html', body: '<title>Wiki</title><p>Inside.</p>' }), '127.0.0.2'),
  ]);
  // Chromium reads one --host-resolver-rules switch: both sites' rules joined.
  const maps = [site, searxng.site, inside].map((s) => s.args[0]?.split('=')[1] ?? '');
  // The sites on 127.0.0.1 count as the internet, as a user's are (web-tools-support.ts).
  const args = [`--host-resolver-rules=${maps.join(',')}`, '--ignore-certificate-errors', publicServers(maps)];
  const browser = await launchWithExtension({ display: display.name, lang, args });
  try {
    const panel = await browser.openPanel();
    await panel.setViewportSize({ width: 360, height: 720 });
    await saveTestProvider(panel, `${providerUrl}/v1`);
    await panel.reload();
    const words = WORDS[lang];
    await panel.getByRole('button', { name: words.settings, exact: true }).click();
    const web = panel.getByRole('region', { name: words.region, exact: true });
    const show = (selector: string) =>
      web
        .locator(selector)
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await show('h3');
    await shoot(panel, `settings-web-${lang}`);

    await web.getByRole('radio', { name: 'Brave Search' }).check();
    await web.getByRole('textbox', { name: words.key, exact: true }).fill('test-key-brave-1');
    await answerPrompt(display.name, () => web.getByRole('button', { name: words.save }).click());
    await web.getByRole('textbox', { name: `${words.key} (${lang === 'en' ? 'saved' : 'gespeichert'})` }).waitFor();
    await show('fieldset');
    await shoot(panel, `settings-web-brave-${lang}`);

    await web.getByRole('radio', { name: 'SearXNG' }).check();
    await web.getByRole('textbox', { name: words.url }).fill(searxng.url);
    await answerPrompt(display.name, () => web.getByRole('button', { name: words.save }).click());
    await web.getByRole('button', { name: words.try }).click();
    await web.locator('.web-results li').first().waitFor();
    await show('.web-try');
    await shoot(panel, `settings-web-try-${lang}`);

    await web.getByRole('textbox', { name: words.url }).fill(searxng.jsonOffUrl);
    await web.getByRole('button', { name: words.try }).click();
    await web.locator('.web-try .outcome.error').waitFor();
    await show('.web-try');
    await shoot(panel, `settings-web-problem-${lang}`);
    await web.getByRole('textbox', { name: words.url }).fill(searxng.url);
    await web.getByRole('button', { name: words.save }).click();
    await panel.locator('.bar button').last().click(); // back to the chat
    await webToolStates(panel, display.name, site, shoot, lang);
    await request(panel, 'web.save', {
      web: { engine: 'duckduckgo', searxngUrl: '', resultCount: 5, searchFirst: false },
    });
  } finally {
    await browser.close();
    site.close();
    inside.close();
    searxng.close();
    display.close();
  }
}
