/**
 * Answers from Chrome's built-in model, through the same `streamAnswer` as a server's, against
 * a stand-in with the Prompt API's documented shapes (no real model runs here).
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { StoredProvider } from '../../shared/settings';
import { PromptApiStandIn, type StandInScript } from '../../shared/on-device/prompt-api-stand-in';
import { streamAnswer, type AnswerEvent } from '../providers/provider-stream';
import { contextWindow } from '../providers/context-window';
import { loadCore } from '../test-support';
import type { SentMessage } from '../answers/prompt';

beforeAll(loadCore);

const provider: StoredProvider = {
  id: 'nano',
  preset: 'chrome-ai',
  kind: 'chrome-ai',
  name: 'Built into Chrome (Gemini Nano)',
  baseUrl: '',
  apiKey: '',
  model: 'gemini-nano',
};
const timeouts = { firstByteSeconds: 30, idleSeconds: 30 };
const conversation = [
  { role: 'system' as const, content: 'Answer briefly.' },
  { role: 'user' as const, content: 'What is Gloss?' },
  { role: 'assistant' as const, content: 'A side panel.' },
  { role: 'user' as const, content: 'For what?' },
];

const scope = globalThis as { LanguageModel?: unknown };
afterEach(() => {
  delete scope.LanguageModel;
});

async function ask(
  script: StandInScript | null,
  signal = new AbortController().signal,
  messages: SentMessage[] = conversation,
) {
  const api = script ? new PromptApiStandIn(script) : undefined;
  if (api) scope.LanguageModel = api;
  const events: AnswerEvent[] = [];
  await streamAnswer(provider, messages, (e) => events.push(e), signal, timeouts);
  return { api, events };
}

describe("Chrome's built-in model", () => {
  test('streams the deltas as text, then usage and done, and frees the session', async () => {
    const { api, events } = await ask({ availability: 'available', deltas: ['reading ', 'help'] });
    expect(events.filter((e) => e.type === 'text').map((e) => e.text)).toEqual(['reading ', 'help']);
    expect(events.at(-2)).toMatchObject({ type: 'usage' });
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    expect(api?.destroyed).toBe(1);
  });

  test('gets the conversation as the Prompt API takes it: the system turn first, the question prompted', async () => {
    const { api } = await ask({ availability: 'available', deltas: ['ok'] });
    expect(api?.created[0]?.initialPrompts).toEqual([
      { role: 'system', content: [{ type: 'text', value: 'Answer briefly.' }] },
      { role: 'user', content: [{ type: 'text', value: 'What is Gloss?' }] },
      { role: 'assistant', content: [{ type: 'text', value: 'A side panel.' }] },
    ]);
    expect(api?.prompted).toEqual([[{ role: 'user', content: [{ type: 'text', value: 'For what?' }] }]]);
    expect(api?.created[0]?.expectedOutputs).toEqual([{ type: 'text', languages: ['en'] }]);
  });

  test.each([
    ['downloadable', /not downloaded yet/],
    ['downloading', /still downloading/],
    ['unavailable', /cannot run on this computer/],
  ] as const)('a model that is %s answers nothing and says why, without starting a download', async (state, said) => {
    const { api, events } = await ask({ availability: state, deltas: ['x'] });
    expect(events).toEqual([{ type: 'error', code: 'bad_request', message: expect.stringMatching(said) }]);
    expect(api?.created).toEqual([]);
  });

  test('a browser without the Prompt API says so', async () => {
    const { events } = await ask(null);
    expect(events).toEqual([
      { type: 'error', code: 'bad_request', message: expect.stringMatching(/no built-in model/) },
    ]);
  });

  test('a conversation too long for the session is a context_length error; what arrived stays', async () => {
    const tooLong = () => new DOMException('The input is too large.', 'QuotaExceededError');
    const { events } = await ask({ availability: 'available', deltas: ['partial', tooLong] });
    expect(events[0]).toEqual({ type: 'text', text: 'partial' });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'context_length' });
  });

  test('another failure is said with what Chrome said', async () => {
    const { events } = await ask({ availability: 'available', deltas: [() => new Error('The model crashed.')] });
    expect(events).toEqual([
      { type: 'error', code: 'bad_response', message: expect.stringMatching(/The model crashed/) },
    ]);
  });

  test('Stop mid-answer ends it as stopped, with what arrived, and frees the session', async () => {
    const stop = new AbortController();
    const script: StandInScript = { availability: 'available', deltas: ['one ', 'two'] };
    const api = new PromptApiStandIn(script);
    scope.LanguageModel = api;
    const events: AnswerEvent[] = [];
    await streamAnswer(
      provider,
      conversation,
      (e) => {
        events.push(e);
        if (e.type === 'text') stop.abort();
      },
      stop.signal,
      timeouts,
    );
    expect(events).toEqual([{ type: 'text', text: 'one ' }, expect.objectContaining({ type: 'stopped' })]);
    expect(api.destroyed).toBe(1);
  });

  test('an image is refused before anything is made: the session is text only', async () => {
    const withImage = [
      {
        role: 'user' as const,
        content: [
          { type: 'image' as const, mediaType: 'image/png' as const, data: 'iVBORw0KGgo=' },
          { type: 'text' as const, text: 'What is this?' },
        ],
      },
    ];
    const { api, events } = await ask({ availability: 'available' }, undefined, withImage);
    expect(events).toEqual([{ type: 'error', code: 'bad_request', message: expect.stringMatching(/text only/) }]);
    expect(api?.created).toEqual([]);
  });

  test('the budget for page material follows the session: its context window once one was made', async () => {
    await ask({ availability: 'available', deltas: ['ok'], contextWindow: 9216 });
    expect(contextWindow(provider)).toBe(9216);
  });
});
