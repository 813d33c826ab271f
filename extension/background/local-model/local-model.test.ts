import { describe, expect, test } from 'vitest';
import { LOCAL_MODELS } from '../../shared/local-model/catalogue';
import { EngineFailure, type EngineHost } from '../../shared/protocol/local-engine';
import { generateLocal, LocalModelProblem, type EngineAccess } from './local-model';

const MODEL = LOCAL_MODELS[0]!;
const QUESTION = [{ role: 'user' as const, content: 'Hello?' }];

function accessWith(generate: EngineHost['generate']) {
  const uses: string[] = [];
  const host = { generate } as EngineHost;
  const access: EngineAccess = {
    host,
    use: async (run) => {
      uses.push('use');
      return run();
    },
    isOpen: async () => true,
  };
  return { uses, access: async () => access };
}

async function problem(run: Promise<unknown>): Promise<LocalModelProblem> {
  const caught: unknown = await run.catch((e: unknown) => e);
  if (!(caught instanceof LocalModelProblem)) throw new Error(`expected a LocalModelProblem, got ${String(caught)}`);
  return caught;
}

describe('generateLocal', () => {
  test('passes on the host’s word that it is loading the model, not as part of the question', async () => {
    const { access } = accessWith(async (ask, onText, _signal, onLoading) => {
      expect(ask).toEqual({ id: MODEL.id, messages: QUESTION, maxTokens: 20, temperature: undefined });
      onLoading?.(true);
      onLoading?.(false);
      onText('Hi');
      return { inputTokens: 9, outputTokens: 1, finish: 'stop' };
    });
    const heard: string[] = [];
    const onLoading = (loading: boolean) => heard.push(loading ? 'loading' : 'loaded');
    const signal = new AbortController().signal;
    await generateLocal(MODEL.id, QUESTION, { maxTokens: 20, onLoading }, (d) => heard.push(d), signal, access);
    expect(heard).toEqual(['loading', 'loaded', 'Hi']);
  });

  test('streams the host’s text and resolves with its counts, holding the host open meanwhile', async () => {
    const { uses, access } = accessWith(async (ask, onText) => {
      expect(ask).toEqual({ id: MODEL.id, messages: QUESTION, maxTokens: 20, temperature: 0.2 });
      onText('Hel');
      onText('lo.');
      return { inputTokens: 9, outputTokens: 2, finish: 'stop' };
    });
    const pieces: string[] = [];
    const result = await generateLocal(
      MODEL.id,
      QUESTION,
      { maxTokens: 20, temperature: 0.2 },
      (d) => pieces.push(d),
      new AbortController().signal,
      access,
    );
    expect(pieces).toEqual(['Hel', 'lo.']);
    expect(result).toEqual({ inputTokens: 9, outputTokens: 2, finish: 'stop' });
    expect(uses).toEqual(['use']);
  });

  test.each([
    ['not_downloaded', `${MODEL.label} is not downloaded yet. Download it in Settings, then ask again.`],
    [
      'context_length',
      `The conversation is too long for ${MODEL.label}, which reads at most ${MODEL.contextTokens} tokens.`,
    ],
    ['engine', 'The model inside Gloss could not answer: out of memory'],
  ] as const)('the engine’s %s becomes a problem in the user’s words', async (code, said) => {
    const { access } = accessWith(async () => Promise.reject(new EngineFailure(code, 'out of memory')));
    const run = generateLocal(
      MODEL.id,
      QUESTION,
      { maxTokens: 5 },
      () => undefined,
      new AbortController().signal,
      access,
    );
    const caught = await problem(run);
    expect(caught.code).toBe(code);
    expect(caught.message).toContain(said);
  });

  test('an unknown model and a browser without a host are refused before anything runs', async () => {
    const signal = new AbortController().signal;
    const unknown = await problem(generateLocal('no-such', QUESTION, { maxTokens: 5 }, () => undefined, signal));
    expect(unknown.code).toBe('unknown_model');
    const none = await problem(
      generateLocal(
        MODEL.id,
        QUESTION,
        { maxTokens: 5 },
        () => undefined,
        signal,
        async () => undefined,
      ),
    );
    expect(none).toMatchObject({ code: 'unavailable', message: 'This browser cannot run a model inside Gloss.' });
  });

  test('a stopped answer rejects with an AbortError, not a problem', async () => {
    const { access } = accessWith(async () => Promise.reject(new DOMException('stopped', 'AbortError')));
    const run = generateLocal(MODEL.id, QUESTION, { maxTokens: 5 }, () => undefined, AbortSignal.abort(), access);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
