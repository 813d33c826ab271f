/**
 * The gallery's states from issue 32 (e2e/screenshot.ts): the model inside Gloss (SmolLM2 from
 * its Hugging Face address, served here) offered, downloading, loading into memory for the first
 * question, and in Settings with Remove; and
 * Chrome's built-in model on the first
 * run where it cannot run (Chromium here, for real), where it can be downloaded, while it
 * downloads, where it is ready, an answer from it, and its row in Settings. All but the first
 * run against the Prompt API stand-in (`fixtures/prompt-api.ts`).
 */
import type { Page } from 'playwright-core';
import { launchWithExtension } from './browser';
import { promptApiScript, type StandInPlan } from './fixtures/prompt-api';
import { serveHuggingFace } from './local-model-support';
import { LOCAL_MODELS } from '../extension/shared/local-model/catalogue';
import { ensureModel } from '../scripts/llama.mjs';

type Shoot = (panel: Page, name: string) => Promise<void>;

const ANSWER = {
  en: [
    'The page argues that **side panels** keep ',
    'readers in context:\n\n',
    '- no tab switching\n',
    '- the page stays in view\n',
  ],
  de: [
    'Die Seite zeigt, dass **Seitenleisten** ',
    'Lesende im Kontext halten:\n\n',
    '- kein Tabwechsel\n',
    '- die Seite bleibt sichtbar\n',
  ],
};

async function withPlan(lang: 'en' | 'de', panelPlan: StandInPlan | null, body: (panel: Page) => Promise<void>) {
  const browser = await launchWithExtension({ lang });
  try {
    if (panelPlan) {
      await browser.context.addInitScript(promptApiScript(panelPlan));
      await browser.worker.evaluate(promptApiScript({ availability: 'available', deltas: ANSWER[lang], stepMs: 20 }));
    }
    const panel = await browser.openPanel();
    await panel.setViewportSize({ width: 360, height: 720 });
    await body(panel);
  } finally {
    await browser.close();
  }
}

/** The model inside Gloss: offered on the first run, downloading, used, and in Settings with Remove. */
async function inGlossStates(lang: 'en' | 'de', shoot: Shoot): Promise<void> {
  // SmolLM2 by id, the file served here: the bigger ones are never downloaded by a test.
  const model = LOCAL_MODELS.find((m) => m.id.startsWith('smollm2-135m'))!;
  const site = await serveHuggingFace(model, ensureModel());
  const browser = await launchWithExtension({ lang, args: site.args });
  try {
    const panel = await browser.openPanel();
    await panel.setViewportSize({ width: 360, height: 720 });
    await panel.locator('.local-model li').first().waitFor();
    await shoot(panel, `in-gloss-first-run-${lang}`);
    await panel.locator('.local-model li', { hasText: model.label }).locator('button').click();
    await panel.locator('.local-model progress').waitFor();
    await shoot(panel, `in-gloss-downloading-${lang}`);
    await panel.locator('textarea').waitFor({ timeout: 60_000 });
    await loadingLine(panel, lang, shoot);
    await panel.locator('.bar button').last().click(); // Settings
    await panel.locator('.providers .provider button').first().click(); // Edit
    await panel.locator('.answer-shape summary').click();
    await shoot(panel, `in-gloss-edit-${lang}`);
    await panel.locator('.provider-editor button.ghost').click(); // Cancel
    const section = panel.locator('.local-model');
    await section.scrollIntoViewIfNeeded();
    await shoot(panel, `in-gloss-settings-${lang}`);
    await section.locator('li', { hasText: model.label }).locator('button').last().click(); // Remove
    await section.locator('[role=status]').waitFor();
    await shoot(panel, `in-gloss-removed-${lang}`);
  } finally {
    await browser.close();
    site.close();
  }
}

/** The first question's wait while the model loads into memory; stopped then (answers run long). */
async function loadingLine(panel: Page, lang: 'en' | 'de', shoot: Shoot): Promise<void> {
  await panel.locator('textarea').fill(lang === 'de' ? 'Worum geht es hier?' : 'What is this page about?');
  await panel.locator('textarea').press('Enter');
  const loading = lang === 'de' ? 'Arbeitsspeicher geladen' : 'Loading the model into memory';
  // With its seconds, as the reader sees it a moment in.
  await panel.locator('.pending.activity', { hasText: loading }).locator('.elapsed').waitFor({ timeout: 30_000 });
  await shoot(panel, `in-gloss-loading-${lang}`);
  await panel.locator('button.stop').click();
  await panel.locator('.turn[data-status="stopped"]').waitFor();
}

export async function onDeviceStates(lang: 'en' | 'de', shoot: Shoot): Promise<void> {
  await inGlossStates(lang, shoot);
  await withPlan(lang, null, async (panel) => {
    await panel.locator('.chrome-model').waitFor();
    await panel.locator('.chrome-model').scrollIntoViewIfNeeded();
    await shoot(panel, `chrome-ai-not-here-${lang}`);
  });
  await withPlan(
    lang,
    { availability: 'downloadable', progress: [0, 0.42, 0.42, 0.42, 0.42, 1], stepMs: 1500 },
    async (panel) => {
      await panel.locator('.chrome-model button').waitFor();
      await shoot(panel, `chrome-ai-downloadable-${lang}`);
      await panel.locator('.chrome-model button.primary').click();
      await panel.locator('.chrome-model progress[value="0.42"]').waitFor();
      await shoot(panel, `chrome-ai-downloading-${lang}`);
    },
  );
  await withPlan(lang, { availability: 'available' }, async (panel) => {
    await panel.locator('.chrome-model button.primary').waitFor();
    await shoot(panel, `chrome-ai-ready-${lang}`);
    await panel.locator('.chrome-model button.primary').click();
    await panel.locator('textarea').fill(lang === 'de' ? 'Worum geht es hier?' : 'What is this page about?');
    await panel.locator('textarea').press('Enter');
    await panel.locator('.turn[data-status="done"]').waitFor();
    await shoot(panel, `chrome-ai-answer-${lang}`);
    await panel.locator('.bar button').last().click(); // Settings
    await panel.locator('.providers .provider').first().waitFor();
    await shoot(panel, `chrome-ai-settings-${lang}`);
  });
}
