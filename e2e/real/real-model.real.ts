/**
 * A real language model in the loop: llama.cpp's llama-server with SmolLM2-135M-Instruct on
 * 127.0.0.1:8080, found by Gloss's first-run detection, answering in real Chromium. Asserts
 * behaviour (streaming, Stop, model list, usage), never the model's wording. If the server
 * cannot be built or started, this fails loudly: it never skips.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer } from '../../scripts/llama.mjs';
import { launchWithExtension, type Browser } from '../browser';
import { ask as askIn } from '../panel';

const ARTICLE = `<!doctype html><title>Tides</title><article><h1>Tides</h1>
<p id="quote">Tides are the rise and fall of sea levels caused by the gravity of the Moon and the Sun.</p>
<p>Most coasts see two high tides a day.</p></article>`;

let llama: ChildProcess;
let pages: Server;
let pagesUrl: string;
let browser: Browser;
let panel: Page;

beforeAll(async () => {
  ({ server: llama } = await startServer(8080, { quiet: true }));
  pages = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE));
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/`;
  browser = await launchWithExtension();
  panel = await browser.openPanel();
}, 900_000);

afterAll(async () => {
  await browser.close();
  pages.close();
  llama.kill();
});

const last = () => panel.locator('.turn').last();

const ask = (question: string) => askIn(panel, question);

test('first run finds the local server; a question about a selection streams a rendered answer', async () => {
  await panel.getByRole('button', { name: 'Use llama.cpp server' }).click({ timeout: 30_000 });

  // The selection on a page served from 127.0.0.1 (taken from the page, quoted in the question).
  const page = await browser.context.newPage();
  await page.goto(pagesUrl);
  const selection = await page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('quote') as Node);
    getSelection()?.addRange(range);
    return getSelection()?.toString() ?? '';
  });
  expect(selection).toContain('gravity of the Moon');
  await panel.bringToFront();

  await panel.evaluate(() => {
    const states = new Set<string>();
    (window as unknown as { states: Set<string> }).states = states;
    new MutationObserver(() => {
      const answer = document.querySelector('.turn:last-child .answer');
      if (answer?.textContent) states.add(answer.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await ask(`> ${selection}\n\nWhat causes tides, according to this text?`);
  await expect.poll(() => last().getAttribute('data-status'), { timeout: 120_000 }).toBe('done');
  const text = (await last().locator('.answer').textContent()) ?? '';
  expect(text.trim().length).toBeGreaterThan(0);
  const states = await panel.evaluate(() => (window as unknown as { states: Set<string> }).states.size);
  expect(states, 'the answer arrived token by token').toBeGreaterThanOrEqual(3);
  expect(await last().locator('.usage').textContent()).toMatch(/\d+ in · \d+ out tokens/);
});

test('Stop ends a long answer early and keeps what arrived', async () => {
  await ask('Write a very long story about a lighthouse keeper, at least a thousand words.');
  await expect
    .poll(async () => ((await last().locator('.answer').textContent()) ?? '').length, { timeout: 60_000 })
    .toBeGreaterThan(40);
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => last().getAttribute('data-status')).toBe('stopped');
  const kept = (await last().locator('.answer').textContent()) ?? '';
  expect(kept.length).toBeGreaterThan(40);
  await new Promise((r) => setTimeout(r, 1000));
  expect((await last().locator('.answer').textContent()) ?? '', 'nothing arrives after Stop').toBe(kept);
});

test('the model list shows the served model, and Test connection the one that answered', async () => {
  await panel.getByRole('button', { name: 'Settings' }).click();
  await panel
    .getByRole('list', { name: 'Providers' })
    .getByRole('button', { name: /^Edit / })
    .click();
  await panel.getByRole('button', { name: 'Load models' }).click();
  await expect.poll(() => panel.getByText(/models? available/).textContent(), { timeout: 15_000 }).toContain('1 model');
  const options = await panel
    .locator('datalist option')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  expect(options.join(' ').toLowerCase()).toContain('smollm2');
  // The test names the model the server says answered (llama.cpp names the file it loaded).
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect
    .poll(() => panel.locator('.outcome').textContent(), { timeout: 60_000 })
    .toMatch(/^Connected — .*SmolLM2-135M-Instruct/);
});
