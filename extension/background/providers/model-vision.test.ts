/** The model list marks the models Ollama says can see (model-vision.ts), through the real core. */
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { markVision } from './model-vision';
import { loadCore } from '../test-support';

beforeAll(loadCore);
afterEach(() => {
  vi.unstubAllGlobals();
});

/** `/api/show` bodies trimmed from Ollama's documented response (docs.ollama.com/api-reference/show-model-details). */
const SHOW: Record<string, { status: number; body: string }> = {
  'gemma3:4b': { status: 200, body: '{"details":{"family":"gemma3"},"capabilities":["completion","vision"]}' },
  'llama3.2:latest': { status: 200, body: '{"details":{"family":"llama"},"capabilities":["completion","tools"]}' },
  'old:latest': { status: 200, body: '{"details":{"family":"llama"}}' },
  'gone:latest': { status: 404, body: '{"error":"model \'gone:latest\' not found"}' },
};

test('Ollama models are marked from /api/show; a model whose details say nothing is left unmarked', async () => {
  const asked: { url: string; method?: string; body: string }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? init.body : '';
    asked.push({ url, method: init.method, body });
    const model = (JSON.parse(body) as { model: string }).model;
    const show = SHOW[model];
    return Promise.resolve(new Response(show?.body ?? '', { status: show?.status ?? 500 }));
  });
  const draft = { kind: 'ollama' as const, baseUrl: 'http://localhost:11434' };
  const marked = await markVision(
    draft,
    Object.keys(SHOW).map((id) => ({ id })),
  );
  expect(marked).toEqual([
    { id: 'gemma3:4b', vision: true },
    { id: 'llama3.2:latest', vision: false },
    { id: 'old:latest' },
    { id: 'gone:latest' },
  ]);
  expect(asked).toHaveLength(4);
  expect(asked[0]).toEqual({ url: 'http://localhost:11434/api/show', method: 'POST', body: '{"model":"gemma3:4b"}' });
});

test('a provider whose list says nothing about images is not asked again', async () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  const models = [{ id: 'gpt-4o-mini' }];
  expect(await markVision({ kind: 'openai', baseUrl: 'https://api.openai.com/v1' }, models)).toEqual(models);
  expect(fetch).not.toHaveBeenCalled();
});

test('a server that does not answer leaves the list as it was', async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  const models = [{ id: 'llava:7b' }];
  expect(await markVision({ kind: 'ollama', baseUrl: 'http://localhost:11434' }, models)).toEqual(models);
});
