/** What a provider is asked for besides the messages: the answer's length and temperature. */
import { beforeAll, expect, test } from 'vitest';
import type { StoredProvider } from '../../shared/settings';
import { streamAnswer } from './provider-stream';
import { loadCore, PROVIDER } from '../test-support';

beforeAll(loadCore);

const provider = PROVIDER;
const timeouts = { firstByteSeconds: 30, idleSeconds: 30 };
const question = [{ role: 'user' as const, content: 'q' }];

test('a local server is asked for at most 4,096 tokens; a provider’s own length and temperature go as set', async () => {
  const bodies: Record<string, unknown>[] = [];
  const fetchFn: typeof fetch = async (_url, init) => {
    bodies.push(JSON.parse(init?.body as string) as Record<string, unknown>);
    return new Response('data: [DONE]\n\n');
  };
  const ask = (p: StoredProvider) =>
    streamAnswer(p, question, () => undefined, new AbortController().signal, timeouts, {}, fetchFn);
  await ask({ ...provider, preset: 'llamacpp' });
  await ask({ ...provider, preset: 'llamacpp', maxTokens: 500, temperature: 0.3 });
  await ask(provider);
  expect(bodies[0]).toMatchObject({ max_tokens: 4096 });
  expect(bodies[1]).toMatchObject({ max_tokens: 500, temperature: 0.3 });
  expect(bodies[2]).not.toHaveProperty('max_tokens');
  expect(bodies[2]).not.toHaveProperty('temperature');
});
