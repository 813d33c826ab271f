/**
 * The model that runs inside Gloss from the panel, as a new user meets it: the first run offers the
 * catalogue's models with their sizes, SmolLM2's button the main one (Chromium here has no built-in
 * model), one click downloads SmolLM2-135M from its Hugging Face address (served from this machine,
 * `local-model-support.ts`) with progress, saves it as the provider, and a question gets a real
 * answer, which goes on while the panel is closed; the panel says while the model loads into memory
 * for the first answer, and not for the next. Settings then removes the file and says the space it
 * freed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOCAL_MODELS } from '../extension/shared/local-model/catalogue';
import { ensureModel } from '../scripts/llama.mjs';
import { launchWithExtension, type Browser } from './browser';
import type { HttpsSite } from './https-server';
import { serveHuggingFace, watchActivity } from './local-model-support';
import { ask, lastTurn, request } from './panel';

const MODEL = LOCAL_MODELS.find((m) => m.id.startsWith('smollm2-135m'))!;

let site: HttpsSite;
let b: Browser;
let panel: Page;

beforeAll(async () => {
  site = await serveHuggingFace(MODEL, ensureModel());
  b = await launchWithExtension({ args: site.args });
  panel = await b.openPanel();
}, 600_000);

afterAll(async () => {
  await b.close();
  site.close();
});

test('the first run offers it with its size; one click downloads it with progress and makes it the provider', async () => {
  const section = panel.getByRole('region', { name: 'Runs inside Gloss' });
  await expect.poll(() => section.textContent()).toContain('98 MB');
  expect(site.requests).toEqual([]);
  // The bigger ones beside it, each with its size and licence before any click; SmolLM2's button,
  // the recommended one, is the only main one.
  const text = await section.textContent();
  for (const fact of ['398 MB · Apache-2.0', '808 MB · Llama 3.2 Community License', '986 MB · Apache-2.0'])
    expect(text).toContain(fact);
  expect(text).toContain('Fastest; simple answers, often wrong');
  const main = section.locator('button.primary');
  expect(await main.count()).toBe(1);
  expect(await main.getAttribute('aria-label')).toBe('Download and use SmolLM2 135M Instruct (98 MB)');
  expect(await section.getByRole('button', { name: 'Download and use Qwen2.5 1.5B Instruct (986 MB)' }).count()).toBe(
    1,
  );
  await section.getByRole('button', { name: 'Download and use SmolLM2 135M Instruct (98 MB)' }).click();
  const bar = section.getByRole('progressbar', { name: 'Download of SmolLM2 135M Instruct' });
  await expect.poll(async () => Number(await bar.getAttribute('value')), { interval: 100 }).toBeGreaterThan(0);
  // One download at a time: while it runs, the others cannot be started (read with the bar at once).
  const others = () =>
    panel.evaluate(() => {
      if (!document.querySelector('progress')) return 'no download';
      const rest = Array.from(document.querySelectorAll('button')).filter(
        (b) => b.getAttribute('aria-label')?.startsWith('Download and use') && !b.classList.contains('primary'),
      );
      return rest.map((b) => (b.disabled ? 'disabled' : 'enabled')).join(' ');
    });
  await expect.poll(others, { interval: 50 }).toBe('disabled disabled disabled');
  await expect.poll(() => panel.getByLabel('Your question').count(), { timeout: 60_000 }).toBe(1);
}, 90_000);

test('a question gets a real answer, which goes on while the panel is closed', async () => {
  site.close();
  // Short answers keep the test quick: the answer length, set in Settings as a user would.
  await panel.getByRole('button', { name: 'Settings' }).click();
  await panel.getByRole('button', { name: 'Edit Runs inside Gloss: SmolLM2 135M Instruct' }).click();
  await panel.getByText('Answer length and temperature').click();
  await panel.getByLabel('Longest answer (tokens)').fill('48');
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  const maxTokens = async () =>
    ((await request(panel, 'settings.get', {})).value as { providers: { maxTokens?: number }[] }).providers[0]
      ?.maxTokens;
  await expect.poll(maxTokens).toBe(48);
  await panel.getByRole('button', { name: 'Close settings' }).click();
  await ask(panel, 'What is the capital of France?');
  // The first answer waits seconds for the model to load into memory, and the panel says so,
  // again when it is reopened meanwhile.
  const waitingLine = () => lastTurn(panel).locator('.pending.activity').textContent();
  await expect.poll(waitingLine, { timeout: 30_000, interval: 100 }).toMatch(/^Loading the model into memory…/);
  await panel.close();
  panel = await b.openPanel();
  await expect.poll(waitingLine, { timeout: 5000, interval: 100 }).toMatch(/^Loading the model into memory…/);
  await expect.poll(() => lastTurn(panel).locator('.answer').textContent(), { timeout: 60_000 }).toMatch(/\w{2,}/);
  await panel.close();
  panel = await b.openPanel();
  await expect.poll(() => lastTurn(panel).getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
  expect(await lastTurn(panel).locator('.answer').textContent()).toMatch(/\w{3,}/);
  expect(await lastTurn(panel).textContent()).toMatch(/\d+ in · \d+ out tokens/);
}, 180_000);

test('the next answer finds the model loaded: it does not say it is loading', async () => {
  const shown = await watchActivity(panel);
  await ask(panel, 'Name a colour.');
  await expect.poll(() => lastTurn(panel).getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
  expect(await lastTurn(panel).locator('.answer').textContent()).toMatch(/\w{3,}/);
  expect((await shown()).filter((line) => line.includes('Loading'))).toEqual([]);
}, 90_000);

test('Settings removes the file and says the space it freed', async () => {
  await panel.getByRole('button', { name: 'Settings' }).click();
  const section = panel.getByRole('region', { name: 'Runs inside Gloss' });
  await section.getByRole('button', { name: 'Delete the file of SmolLM2 135M Instruct (98 MB)' }).click();
  await expect
    .poll(() => section.getByRole('status').first().textContent())
    .toBe('SmolLM2 135M Instruct removed: 98 MB freed.');
  await expect
    .poll(() => section.getByRole('button', { name: 'Download and use SmolLM2 135M Instruct (98 MB)' }).count())
    .toBe(1);
});
