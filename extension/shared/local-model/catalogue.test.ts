import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODELS, localModelInfo } from './catalogue';

const messages = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../_locales/${lang}/messages.json`, import.meta.url), 'utf8')) as Record<
    string,
    { message: string }
  >;

describe('the local model catalogue', () => {
  test('ids are unique and the default is one of them', () => {
    const ids = LOCAL_MODELS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(LOCAL_MODELS.map((m) => m.sha256)).size).toBe(ids.length);
    expect(localModelInfo(DEFAULT_LOCAL_MODEL)).toBeDefined();
    expect(localModelInfo('no-such-model')).toBeUndefined();
  });

  test('smallest first, the download the list starts with being the quickest', () => {
    const sizes = LOCAL_MODELS.map((m) => m.bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(LOCAL_MODELS.length).toBeGreaterThan(1);
  });

  test('the SmolLM2 the tests serve stays listed and is the default (the only model measured here)', () => {
    expect(localModelInfo(DEFAULT_LOCAL_MODEL)?.label).toBe('SmolLM2 135M Instruct');
  });

  test('the bigger ones: 0.5–1.5 B instruct models at 4 bits, from their published sizes and hashes', () => {
    expect(LOCAL_MODELS.map((m) => [m.label, m.bytes, m.licence])).toEqual([
      ['SmolLM2 135M Instruct', 98_362_432, 'Apache-2.0'],
      ['Qwen2.5 0.5B Instruct', 397_808_192, 'Apache-2.0'],
      ['Llama 3.2 1B Instruct', 807_694_464, 'Llama 3.2 Community License'],
      ['Qwen2.5 1.5B Instruct', 986_048_768, 'Apache-2.0'],
    ]);
  });

  test.each(LOCAL_MODELS.map((m) => [m.id, m] as const))(
    '%s: a GGUF on Hugging Face pinned to a commit, checkable',
    (_, model) => {
      const url = new URL(model.url);
      expect(url.origin).toBe('https://huggingface.co');
      // owner/repo/resolve/<40-hex commit>/<file>.gguf: a branch name could change under the hash.
      expect(url.pathname).toMatch(/^\/[\w.-]+\/[\w.-]+\/resolve\/[0-9a-f]{40}\/[\w.-]+\.gguf$/);
      expect(model.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Number.isSafeInteger(model.bytes) && model.bytes > 0).toBe(true);
      // wllama takes a model of one file only up to 2 GB (an ArrayBuffer's limit); bigger ones come split.
      expect(model.bytes).toBeLessThan(2 ** 31);
      expect(model.contextTokens).toBeGreaterThanOrEqual(2048);
      expect(new URL(model.source).origin).toBe('https://huggingface.co');
      expect(model.licence).not.toBe('');
      // The file the URL names is the model's: each word of its label is in the name.
      const file = url.pathname.split('/').pop()!.toLowerCase().replace(/-/g, '');
      for (const word of model.label.toLowerCase().split(' ')) expect(file).toContain(word);
      // Its note says what to expect of it beside the others, in each language.
      for (const lang of ['en', 'de']) expect(messages(lang)[model.note]?.message).toBeTruthy();
      // The id names the file in OPFS.
      expect(model.id).toMatch(/^[a-z0-9._-]+$/);
    },
  );
});
