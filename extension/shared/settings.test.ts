import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { answerTokens, LOCAL_ANSWER_TOKENS } from './presets';
import {
  DEFAULT_SETTINGS,
  migrateSettings,
  originPattern,
  pickProvider,
  removeProvider,
  toPublic,
  ProviderInputSchema,
  upsertProvider,
  type ProviderInput,
} from './settings';

const input: ProviderInput = {
  preset: 'openai',
  kind: 'openai',
  name: ' OpenAI ',
  baseUrl: ' https://api.openai.com/v1 ',
  model: 'gpt-4o-mini',
  apiKey: 'secret',
};
let n = 0;
const newId = () => `id${++n}`;

describe('settings', () => {
  test("Chrome's built-in model is stored with no address and never a key, and read back as it is", () => {
    const nano: ProviderInput = {
      preset: 'chrome-ai',
      kind: 'chrome-ai',
      name: 'Built into Chrome (Gemini Nano)',
      baseUrl: 'https://example.com',
      model: 'gemini-nano',
      apiKey: 'test-key-nano',
    };
    const stored = upsertProvider(DEFAULT_SETTINGS, nano, () => 'nano');
    expect(stored.providers[0]).toMatchObject({ kind: 'chrome-ai', baseUrl: '', apiKey: '' });
    expect(migrateSettings(stored)).toEqual(stored);
    expect(answerTokens(nano)).toBe(LOCAL_ANSWER_TOKENS);
  });

  test('corrupted or unknown storage falls back to defaults', () => {
    expect(migrateSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(migrateSettings({ version: 99 })).toEqual(DEFAULT_SETTINGS);
    expect(migrateSettings('garbage')).toEqual(DEFAULT_SETTINGS);
  });

  test('version 2 settings from before quick actions, themes and text sizes get the defaults', () => {
    const { quickActions, theme, textSize, ...older } = DEFAULT_SETTINGS;
    expect(quickActions.map((a) => a.label)).toEqual(['Summarize', 'Explain', 'Translate', 'Simplify']);
    expect(migrateSettings(older)).toEqual({ ...older, quickActions, theme, textSize });
    expect([theme, textSize]).toEqual(['system', 'normal']);
    // A damaged preference falls back alone; the providers are kept.
    const withProvider = upsertProvider(DEFAULT_SETTINGS, input, () => 'p1');
    const damaged = { ...withProvider, theme: 'neon', quickActions: [{ id: 1 }], textSize: 'huge' };
    expect(migrateSettings(damaged)).toEqual(withProvider);
  });

  test('version 1 settings are migrated with their key', () => {
    const v1 = { version: 1, provider: { kind: 'openai', baseUrl: 'http://h/v1', apiKey: 'k', model: 'm' } };
    const migrated = migrateSettings(v1);
    expect(migrated.providers).toEqual([
      {
        id: 'migrated',
        preset: 'custom',
        name: 'OpenAI-compatible',
        kind: 'openai',
        baseUrl: 'http://h/v1',
        apiKey: 'k',
        model: 'm',
      },
    ]);
    expect(migrated.defaultProviderId).toBe('migrated');
  });

  test('the public view never carries a key', () => {
    const stored = upsertProvider(DEFAULT_SETTINGS, input, newId);
    expect(JSON.stringify(toPublic(stored))).not.toContain('secret');
    expect(toPublic(stored).providers[0]).toMatchObject({
      name: 'OpenAI',
      baseUrl: 'https://api.openai.com/v1',
      hasApiKey: true,
    });
  });

  test('the first provider becomes the default; an omitted key keeps the saved one; empty removes it', () => {
    const one = upsertProvider(DEFAULT_SETTINGS, input, newId);
    const id = one.providers[0]?.id ?? '';
    expect(one.defaultProviderId).toBe(id);
    const renamed = upsertProvider(one, { ...input, id, name: 'Work', apiKey: undefined }, newId);
    expect(renamed.providers).toHaveLength(1);
    expect(renamed.providers[0]).toMatchObject({ name: 'Work', apiKey: 'secret' });
    expect(upsertProvider(renamed, { ...input, id, apiKey: '' }, newId).providers[0]?.apiKey).toBe('');
  });

  test('a saved key is never kept for another origin', () => {
    const one = upsertProvider(DEFAULT_SETTINGS, input, newId);
    const id = one.providers[0]?.id ?? '';
    const moved = upsertProvider(
      one,
      { ...input, id, baseUrl: 'https://elsewhere.example/v1', apiKey: undefined },
      newId,
    );
    expect(moved.providers[0]).toMatchObject({ baseUrl: 'https://elsewhere.example/v1', apiKey: '' });
    const typed = upsertProvider(one, { ...input, id, baseUrl: 'https://elsewhere.example/v1', apiKey: 'new' }, newId);
    expect(typed.providers[0]?.apiKey).toBe('new');
  });

  test('removing the default provider makes another the default; pickProvider falls back', () => {
    let s = upsertProvider(DEFAULT_SETTINGS, input, newId);
    s = upsertProvider(s, { ...input, name: 'Second' }, newId);
    const [first, second] = s.providers;
    expect(pickProvider(s, second?.id)?.name).toBe('Second');
    expect(pickProvider(s, 'gone')?.id).toBe(first?.id);
    s = removeProvider(s, first?.id ?? '');
    expect(s.defaultProviderId).toBe(second?.id);
  });

  test.each([
    ['https://api.openai.com/v1', 'https://api.openai.com/*'],
    ['http://127.0.0.1:8080/v1', 'http://127.0.0.1/*'],
    ['ftp://x', null],
    ['not a url', null],
  ])('origin pattern of %s is %s', (url, pattern) => {
    expect(originPattern(url)).toBe(pattern);
  });
});

describe('answer length and temperature', () => {
  test('are kept with the provider; left empty, they are its default again', () => {
    const set = upsertProvider(DEFAULT_SETTINGS, { ...input, maxTokens: 800, temperature: 0.2 }, () => 'p1');
    expect(set.providers[0]).toMatchObject({ maxTokens: 800, temperature: 0.2 });
    const cleared = upsertProvider(set, { ...input, id: 'p1' }, () => 'unused');
    expect(cleared.providers[0]).not.toHaveProperty('maxTokens');
    expect(cleared.providers[0]).not.toHaveProperty('temperature');
  });

  test('a local server answers at most 4,096 tokens unless set; a cloud provider keeps its own default', () => {
    expect(answerTokens({ preset: 'llamacpp' })).toBe(LOCAL_ANSWER_TOKENS);
    expect(answerTokens({ preset: 'ollama', maxTokens: 300 })).toBe(300);
    expect(answerTokens({ preset: 'openai' })).toBeUndefined();
  });

  test('values outside their bounds are refused on the way in', () => {
    for (const bad of [{ maxTokens: 4 }, { maxTokens: 1.5 }, { temperature: 3 }, { temperature: -1 }])
      expect(v.safeParse(ProviderInputSchema, { ...input, ...bad }).success).toBe(false);
  });
});
