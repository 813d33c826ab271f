/**
 * The screenshot gallery: the panel as a user sees it, in each state that matters (a new chat, a
 * rich answer, material in the composer, waiting, a stalled stream, an error, the history, the
 * settings; and issue 12's in screenshot-states-12.ts), light and dark, English and German, at the Chrome side
 * panel's usual width (360 px) and Firefox's narrowest sidebar (240 px). Run with
 * `npm run screenshot`; writes docs/screens/<state>-<lang>-<theme>-<width>.png (not committed:
 * the README shows two of them, copied to docs/). `npm run screenshot -- docs/screens 29` shows
 * only issue 29's states (Settings → Web), which run headed on a virtual display of their own;
 * `29-tab` only `read_tab`'s.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchWithExtension } from './browser';
import { startProviderServer } from './provider-server';
import { failed, material, waiting } from './screenshot-states';
import { aroundAnswer, connectionTest } from './screenshot-states-12';
import { longSources } from './screenshot-states-15';
import { imageStates } from './screenshot-states-16';
import { heldKey } from './screenshot-states-33';
import { portStates } from './screenshot-states-33-ports';
import { blindModel, tabPdf, unreachableTest } from './screenshot-states-34';
import { toolStates } from './screenshot-states-28';
import { webStates } from './screenshot-states-29';
import { readTabStates } from './screenshot-states-29-tab';
import { onDeviceStates } from './screenshot-states-32';
import { openProviderForm } from './panel';
import { sseChunks } from './sse';

const OUT = process.argv[2] ?? 'docs/screens';
/**
 * One issue's states alone, for a quick look (only 29's, 29-tab's, 32's and 33's ports can be
 * picked: they have browsers of their own).
 */
const ONLY = process.argv[3];
const WIDTHS = [360, 240];
const THEMES = ['light', 'dark'] as const;
const HEIGHT = 720;
/** A rich answer: headings, inline and block code, lists, a task list, a table, math (a real model's kind of Markdown). */
const ANSWER = readFileSync(new URL('./fixtures/gallery-answer.md', import.meta.url), 'utf8');
const LABELS = {
  en: { baseUrl: 'Base URL', model: 'Model', save: 'Save', question: 'Your question' },
  de: { baseUrl: 'Basis-URL', model: 'Modell', save: 'Speichern', question: 'Ihre Frage' },
};
const QUESTION = { en: 'Explain Rust ownership in a few lines', de: 'Erkläre Rusts Ownership in ein paar Zeilen' };

mkdirSync(OUT, { recursive: true });
const server = await startProviderServer();
try {
  for (const lang of ['en', 'de'] as const) {
    if (ONLY === undefined) await gallery(lang);
    if (ONLY === undefined || ONLY === '29') await webStates(lang, server.url, shoot);
    if (ONLY === undefined || ONLY === '29-tab') await readTabStates(lang, shoot);
    if (ONLY === undefined || ONLY === '32') await onDeviceStates(lang, shoot);
    if (ONLY === undefined || ONLY === '33') await portStates(lang, shoot);
  }
} finally {
  await server.close();
}

async function gallery(lang: 'en' | 'de'): Promise<void> {
  const browser = await launchWithExtension({ lang });
  try {
    const panel = await browser.openPanel();
    await panel.setViewportSize({ width: 360, height: HEIGHT });
    const label = LABELS[lang];
    await panel.locator('.local-model li').first().waitFor();
    await shoot(panel, `first-run-${lang}`);
    await openProviderForm(panel);
    await shoot(panel, `first-run-form-${lang}`);
    // As configureProvider does, with the labels of the browser's language.
    await panel.getByRole('textbox', { name: label.baseUrl }).fill(`${server.url}/v1`);
    await panel.getByLabel(label.model, { exact: true }).fill('/models/SmolLM2-1.7B-Instruct.Q4_K_M.gguf');
    await panel.getByRole('button', { name: label.save, exact: true }).click();
    await shoot(panel, `empty-${lang}`);
    server.enqueue({ kind: 'stream', chunks: sseChunks(ANSWER, 24), delayMs: 2 });
    await panel.getByLabel(label.question).fill(QUESTION[lang]);
    await panel.getByLabel(label.question).press('Enter');
    await panel.locator('.turn[data-status="done"]').waitFor();
    await shoot(panel, `answer-${lang}`);
    await aroundAnswer(panel, browser.worker, shoot, lang);
    await material(panel, shoot, lang);
    await waiting(panel, server, shoot, lang);
    await failed(panel, server, shoot, lang);
    await longSources(panel, server, shoot, lang);
    await imageStates(panel, server, shoot, lang);
    await blindModel(panel, server, shoot, lang);
    await tabPdf(panel, browser.worker, shoot, lang);
    await panel.locator('.bar button').nth(1).click(); // History
    await panel.locator('.history-item').first().waitFor();
    await shoot(panel, `history-${lang}`);
    await panel.locator('.history-list [aria-haspopup=menu]').first().click();
    await shoot(panel, `history-menu-${lang}`);
    await panel.keyboard.press('Escape');
    await panel.locator('.bar button').last().click(); // Settings
    await shoot(panel, `settings-${lang}`);
    await panel.locator('.settings').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await shoot(panel, `settings-end-${lang}`);
    await connectionTest(panel, server, shoot, lang);
    await unreachableTest(panel, shoot, lang);
    await heldKey(panel, shoot, lang);
    await toolStates(panel, shoot, lang);
  } finally {
    await browser.close();
  }
}

/** One state at each width and theme; the theme is the browser's ("System" in Appearance). */
async function shoot(panel: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      await panel.emulateMedia({ colorScheme: theme });
      await panel.setViewportSize({ width, height: HEIGHT });
      await panel.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await panel.screenshot({ path: `${OUT}/${name}-${theme}-${width}.png` });
    }
  }
  await panel.setViewportSize({ width: 360, height: HEIGHT });
}
