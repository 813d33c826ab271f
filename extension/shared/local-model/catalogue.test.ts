import { describe, expect, test } from 'vitest';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODELS, localModelInfo } from './catalogue';

describe('the local model catalogue', () => {
  test('ids are unique and the default is one of them', () => {
    const ids = LOCAL_MODELS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(localModelInfo(DEFAULT_LOCAL_MODEL)).toBeDefined();
    expect(localModelInfo('no-such-model')).toBeUndefined();
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
      expect(model.contextTokens).toBeGreaterThanOrEqual(2048);
      expect(new URL(model.source).origin).toBe('https://huggingface.co');
      expect(model.licence).not.toBe('');
      // The id names the file in OPFS.
      expect(model.id).toMatch(/^[a-z0-9._-]+$/);
    },
  );
});
