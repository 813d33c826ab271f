/** The Ollama rule matches the requests Gloss itself sends, in Firefox as in Chrome. */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_SETTINGS, type StoredSettings } from '../../shared/settings';

const { updateSessionRules } = vi.hoisted(() => ({ updateSessionRules: vi.fn() }));
// Firefox's values: the add-on id, and the install's own moz-extension host.
vi.mock('webextension-polyfill', () => ({
  default: {
    runtime: {
      id: 'gloss@gloss-extension.org',
      getURL: (path: string) => `moz-extension://0655a110-9f9f-4c02-8ae6-f41ea9b71514/${path}`,
    },
    declarativeNetRequest: { getSessionRules: () => Promise.resolve([{ id: 1000 }]), updateSessionRules },
  },
}));
const { syncOllamaRules } = await import('./ollama-origin');

const ollama = (id: string, baseUrl: string) =>
  ({ id, preset: 'ollama', kind: 'ollama', name: id, baseUrl, apiKey: '', model: 'llama3' }) as const;

beforeEach(() => updateSessionRules.mockReset());

describe('the Ollama Origin rule', () => {
  test("names the host Gloss's requests come from, not the add-on id Firefox refuses as a domain", async () => {
    const settings: StoredSettings = {
      ...DEFAULT_SETTINGS,
      providers: [
        ollama('a', 'http://127.0.0.1:11434'),
        ollama('b', 'http://127.0.0.1:11434/'),
        ollama('c', 'http://gpu.lan:11434'),
      ],
    };
    await syncOllamaRules(settings);
    expect(updateSessionRules).toHaveBeenCalledWith({
      removeRuleIds: [1000],
      addRules: [
        expect.objectContaining({ condition: expect.objectContaining({ urlFilter: '|http://127.0.0.1:11434/' }) }),
        expect.objectContaining({ condition: expect.objectContaining({ urlFilter: '|http://gpu.lan:11434/' }) }),
      ],
    });
    const rules = (
      updateSessionRules.mock.calls[0]![0] as { addRules: { condition: { initiatorDomains: string[] } }[] }
    ).addRules;
    for (const rule of rules) expect(rule.condition.initiatorDomains).toEqual(['0655a110-9f9f-4c02-8ae6-f41ea9b71514']);
  });
});
