/**
 * Chrome's built-in model (issue 32). Chromium here has the Prompt API but no model: the first
 * run and Settings say so for real. The download and the answers then run against a stand-in
 * with the API's shapes, installed in the real panel and worker (`fixtures/prompt-api.ts`):
 * the real model was not exercised on these machines.
 */
import { afterEach, expect, test } from 'vitest';
import { launchWithExtension, type Browser } from './browser';
import { promptApiScript, type StandInPlan } from './fixtures/prompt-api';
import { answerText, ask, lastTurn, saveTestProvider } from './panel';

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

test('where Chrome cannot run its model, the first run and Settings say so, and why', async () => {
  browser = await launchWithExtension();
  const panel = await browser.openPanel();
  const section = panel.getByRole('region', { name: 'Built into Chrome (Gemini Nano)' });
  await expect.poll(() => section.textContent()).toContain('Not available on this computer');
  expect(await section.textContent()).toContain('16 GB of RAM and 4 CPU cores');
  expect(await section.getByRole('button').count()).toBe(0);
  // Noted after the ways that do work here: the local servers, the model inside Gloss, the form.
  await panel.locator('.local-model li').first().waitFor();
  const order = await panel.evaluate(() =>
    [...document.querySelectorAll('.local-model, .local, .add-provider, .chrome-model')].map((e) => e.className),
  );
  expect(order).toEqual(['local', 'on-device local-model', 'add-provider', 'on-device chrome-model']);
  await saveTestProvider(panel, 'http://127.0.0.1:9/v1');
  await panel.getByRole('button', { name: 'Settings' }).click();
  await expect.poll(() => section.textContent()).toContain('Not available on this computer');
});

async function withStandIn(panelPlan: StandInPlan, workerPlan: StandInPlan) {
  browser = await launchWithExtension();
  await browser.context.addInitScript(promptApiScript(panelPlan));
  await browser.worker.evaluate(promptApiScript(workerPlan));
  return browser.openPanel();
}

test('downloadable: one click downloads it with progress, then it answers, streamed and kept', async () => {
  const panel = await withStandIn(
    { availability: 'downloadable', progress: [0, 0.3, 0.6, 1], stepMs: 300 },
    { availability: 'available', deltas: ['**Gloss** ', 'answers ', 'on this computer.'], stepMs: 100 },
  );
  const section = panel.getByRole('region', { name: 'Built into Chrome (Gemini Nano)' });
  await expect.poll(() => section.textContent()).toContain('several gigabytes');
  await section.getByRole('button', { name: 'Download and use' }).click();
  const bar = panel.getByRole('progressbar', { name: "Download of Chrome's built-in model" });
  await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
  await expect.poll(() => panel.getByLabel('Your question').count(), { timeout: 15_000 }).toBe(1);
  await ask(panel, 'What runs here?');
  await expect.poll(() => lastTurn(panel).getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
  expect((await answerText(panel))?.trim()).toBe('Gloss answers on this computer.');
  expect(await lastTurn(panel).locator('.answer strong').textContent()).toBe('Gloss');
  // Stored as it arrived: a new panel shows the same answer.
  await panel.reload();
  await expect.poll(async () => (await answerText(panel))?.trim()).toBe('Gloss answers on this computer.');
});

test('cancel stops the download and offers it again, with nothing saved', async () => {
  const panel = await withStandIn(
    { availability: 'downloadable', progress: [0, 0.1, 0.2, 0.3, 1], stepMs: 400 },
    { availability: 'available', deltas: ['ok'] },
  );
  const section = panel.getByRole('region', { name: 'Built into Chrome (Gemini Nano)' });
  await section.getByRole('button', { name: 'Download and use' }).click();
  await section.getByRole('button', { name: 'Cancel download' }).click();
  await expect.poll(() => section.getByRole('button', { name: 'Download and use' }).count()).toBe(1);
  expect(await panel.getByLabel('Your question').count()).toBe(0);
});

test('a model already there is used with one click; Stop mid-answer keeps what arrived', async () => {
  const panel = await withStandIn(
    { availability: 'available' },
    { availability: 'available', deltas: ['First part. ', 'Second ', 'part ', 'never ', 'seen.'], stepMs: 400 },
  );
  await panel.getByRole('button', { name: "Use Chrome's built-in model" }).click();
  await ask(panel, 'Go slowly');
  await expect.poll(() => answerText(panel), { timeout: 10_000 }).toContain('First part.');
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => lastTurn(panel).getAttribute('data-status')).toBe('stopped');
  expect(await answerText(panel)).toContain('First part.');
  expect(await answerText(panel)).not.toContain('seen.');
});
