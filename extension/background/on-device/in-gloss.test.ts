/** Answers from the model inside Gloss through the same `streamAnswer`, with the engine faked. */
import { beforeAll, describe, expect, test } from 'vitest';
import type { StoredProvider } from '../../shared/settings';
import { LocalModelProblem } from '../local-model/local-model';
import { contextWindow } from '../providers/context-window';
import type { AnswerEvent } from '../providers/provider-stream';
import { loadCore } from '../test-support';
import { streamInGloss, type Generate } from './in-gloss';

beforeAll(loadCore);

const provider: StoredProvider = {
  id: 'local',
  preset: 'in-gloss',
  kind: 'in-gloss',
  name: 'Runs inside Gloss',
  baseUrl: '',
  apiKey: '',
  model: 'smollm2-135m-instruct-q4_1',
};
const timeouts = { firstByteSeconds: 30, idleSeconds: 30 };
const question = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'Hi' },
];

async function run(generate: Generate, signal = new AbortController().signal) {
  const events: AnswerEvent[] = [];
  await streamInGloss(provider, question, (e) => events.push(e), signal, timeouts, generate);
  return events;
}

describe('the model inside Gloss', () => {
  test('gets the conversation as text turns and streams its pieces, then its counts and how it ended', async () => {
    const asked: unknown[] = [];
    const events = await run(async (id, messages, options, onText) => {
      asked.push({ id, messages, options });
      onText('Hello');
      onText(' there');
      return { inputTokens: 12, outputTokens: 2, finish: 'length' };
    });
    expect(asked).toEqual([
      {
        id: 'smollm2-135m-instruct-q4_1',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ],
        options: { maxTokens: 4096, temperature: undefined, onLoading: expect.any(Function) },
      },
    ]);
    expect(events).toEqual([
      { type: 'text', text: 'Hello' },
      { type: 'text', text: ' there' },
      { type: 'usage', inputTokens: 12, outputTokens: 2 },
      { type: 'done', reason: 'length' },
    ]);
  });

  test('says while the model is loaded into memory, before its text', async () => {
    const events = await run(async (_id, _m, options, onText) => {
      options.onLoading?.(true);
      options.onLoading?.(false);
      onText('Hi');
      return { inputTokens: 3, outputTokens: 1, finish: 'stop' };
    });
    expect(events.slice(0, 3)).toEqual([
      { type: 'modelLoading', loading: true },
      { type: 'modelLoading', loading: false },
      { type: 'text', text: 'Hi' },
    ]);
  });

  test.each([
    ['context_length', 'context_length'],
    ['not_downloaded', 'bad_request'],
    ['engine', 'bad_response'],
  ] as const)('the engine’s %s is a %s error in its words, after what arrived', async (code, expected) => {
    const events = await run(async (_id, _m, _o, onText) => {
      onText('part');
      throw new LocalModelProblem(code, `said: ${code}`);
    });
    expect(events).toEqual([
      { type: 'text', text: 'part' },
      { type: 'error', code: expected, message: `said: ${code}` },
    ]);
  });

  test('Stop ends it as stopped', async () => {
    const stop = new AbortController();
    const events = await run(async (_id, _m, _o, onText, signal) => {
      onText('one');
      stop.abort();
      await Promise.resolve();
      throw Object.assign(new Error('aborted'), { name: 'AbortError', signal });
    }, stop.signal);
    expect(events).toEqual([{ type: 'text', text: 'one' }, { type: 'stopped' }]);
  });

  test('the budget for page material is the context the model is loaded with', () => {
    expect(contextWindow(provider)).toBe(4096);
  });
});
