/**
 * The panel, the menus and the manifest speak the browser's language (German here), and the
 * German fits the panel and reads naturally (issue 12).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { launchWithExtension } from './browser';
import { request, saveTestProvider } from './panel';
import { startProviderServer } from './provider-server';
import { SSE_DONE, ssePieces } from './sse';

test('with the browser in German, Gloss is in German', async () => {
  const browser = await launchWithExtension({ lang: 'de' });
  try {
    const panel = await browser.openPanel();
    expect(await panel.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^de/);
    // The page says it is German, so the browser offers no translation of it.
    expect(await panel.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
    // First run: the settings, in German.
    await expect.poll(() => panel.getByRole('heading', { name: 'Ein Modell verbinden' }).isVisible()).toBe(true);
    // The model inside Gloss is offered first, in German; the form waits behind its button.
    await expect.poll(() => panel.getByRole('region', { name: 'Läuft in Gloss' }).textContent()).toContain('98 MB');
    await panel.getByRole('button', { name: 'Stattdessen einen Cloud-Anbieter oder anderen Server nutzen' }).click();
    // A message from the Rust core, said in German too.
    await panel.getByLabel('Basis-URL').fill('ftp://example.com/v1');
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe('Die Basis-URL muss mit http:// oder https:// beginnen.');
    const manifest = await browser.worker.evaluate(() => chrome.runtime.getManifest().description ?? '');
    expect(manifest).toContain('Sprachmodell');
    const menu = await browser.worker.evaluate(() => chrome.i18n.getMessage('menuAskSelection'));
    expect(menu).toBe('Gloss zu „%s“ fragen');
  } finally {
    await browser.close();
  }
});

test('in German the quick actions fit one row, translate into German, and the token line reads naturally', async () => {
  const server = await startProviderServer();
  const browser = await launchWithExtension({ lang: 'de' });
  try {
    const setup = await browser.openPanel();
    await saveTestProvider(setup, `${server.url}/v1`);
    await setup.close();
    const panel = await browser.openPanel();
    // The side panel's usual width in Chrome.
    await panel.setViewportSize({ width: 360, height: 700 });
    const actions = panel.getByRole('group', { name: 'Schnellaktionen' }).getByRole('button');
    await expect.poll(() => actions.count()).toBe(4);
    const tops = await actions.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    expect(await actions.last().evaluate((b) => b.getBoundingClientRect().right)).toBeLessThanOrEqual(360);

    await panel.getByLabel('Ihre Frage').fill('Good morning');
    // OpenAI's last chunk with `stream_options.include_usage`: no choices, the counts.
    const usage = { choices: [], usage: { prompt_tokens: 39, completion_tokens: 146, total_tokens: 185 } };
    const counted = Buffer.from(`data: ${JSON.stringify(usage)}\n\n`);
    server.enqueue({ kind: 'stream', chunks: [...ssePieces(['Guten Morgen']), counted, SSE_DONE], delayMs: 5 });
    // The tooltip says what will be asked, its placeholder filled in.
    expect(await actions.getByText('Übersetzen').getAttribute('title')).toBe('Übersetze dies auf Deutsch.');
    await actions.getByText('Übersetzen').click();
    await expect.poll(() => server.requests.length).toBe(1);
    expect(server.requests[0]?.body.messages?.at(-1)?.content).toBe('Übersetze dies auf Deutsch.\n\nGood morning');
    await expect.poll(() => panel.locator('.usage').textContent()).toContain('39 Tokens gesendet · 146 erhalten');
  } finally {
    await browser.close();
    await server.close();
  }
});

test('quick actions Gloss stored in German (its first run) show in English in an English browser, unless edited', async () => {
  const server = await startProviderServer();
  const browser = await launchWithExtension();
  try {
    const setup = await browser.openPanel();
    await saveTestProvider(setup, `${server.url}/v1`);
    const german = JSON.parse(readFileSync(new URL('../_locales/de/messages.json', import.meta.url), 'utf8')) as Record<
      string,
      { message: string }
    >;
    const quickActions = [
      {
        id: 'summarize',
        label: german.actionSummarize?.message ?? '',
        prompt: german.actionSummarizePrompt?.message ?? '',
      },
      { id: 'explain', label: 'Erklär mal', prompt: german.actionExplainPrompt?.message ?? '' },
    ];
    await request(setup, 'settings.preferences', { quickActions });
    await setup.close();
    const panel = await browser.openPanel();
    const actions = panel.getByRole('group', { name: 'Quick actions' }).getByRole('button');
    await expect.poll(() => actions.allTextContents()).toEqual(['Summarize', 'Erklär mal']);
  } finally {
    await browser.close();
    await server.close();
  }
});
