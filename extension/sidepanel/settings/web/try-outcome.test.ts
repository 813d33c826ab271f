/** Try a search's outcome, and what Settings → Web asks the worker, with a fake `send`. */
import { describe, expect, test, vi } from 'vitest';
import type { PublicSettings } from '../../../shared/settings';
import { DEFAULT_WEB } from '../../../shared/web/web-settings';
import { outcomeOf, searching, tryFields, waiting } from './try-outcome';
import { webChanges, type SendWeb } from './web-changes';
import { draftOf } from './web-form';

const draft = draftOf(DEFAULT_WEB);
const result = (n: number) => ({ title: `Result ${String(n)}`, url: `https://example.org/${String(n)}` });

describe('Try a search’s outcome', () => {
  test('what was found, with each result’s host, in words that count it', () => {
    const found = outcomeOf(draft, '', { ok: true, found: 5, results: [result(1), result(2), result(3)] });
    expect(found).toEqual({
      state: 'found',
      message: 'DuckDuckGo found 5 results for “Gloss”:',
      results: [1, 2, 3].map((n) => ({ ...result(n), host: 'example.org' })),
    });
    expect(outcomeOf(draft, ' tides ', { ok: true, found: 1, results: [result(1)] }).message).toBe(
      'DuckDuckGo found 1 result for “tides”:',
    );
    expect(outcomeOf(draft, 'x', { ok: true, found: 0, results: [] }).message).toBe(
      'DuckDuckGo answered, with no results for “x”.',
    );
  });

  test('a problem as the worker said it; searching names the engine, waiting the host asked for', () => {
    expect(outcomeOf(draft, '', { ok: false, problem: 'No.' })).toEqual({ state: 'problem', message: 'No.' });
    expect(searching({ ...draft, engine: 'brave' })).toEqual({ state: 'pending', message: 'Searching Brave Search…' });
    expect(waiting('https://api.tavily.com/*')).toEqual({
      state: 'pending',
      message: 'Waiting for your browser: allow Gloss to access api.tavily.com to search there.',
    });
  });

  test('belongs to the settings and words it ran with', () => {
    const fields = tryFields(draft, 'tides');
    expect(tryFields(draft, ' tides ')).toBe(fields);
    expect(tryFields(draft, 'moon')).not.toBe(fields);
    expect(tryFields({ ...draft, resultCount: '9' }, 'tides')).not.toBe(fields);
    expect(tryFields({ ...draft, engine: 'brave', key: 'test-key-brave-1' }, 'tides')).not.toBe(
      tryFields({ ...draft, engine: 'brave' }, 'tides'),
    );
  });
});

describe('what Settings → Web asks the worker', () => {
  const settings = { web: DEFAULT_WEB } as PublicSettings;
  const keys = { brave: true, tavily: false };

  test('Save sends the draft and applies the settings it answers with; a refusal applies nothing', async () => {
    const send = vi.fn<SendWeb>(async () => ({ ok: true as const, settings, keys }) as never);
    const apply = vi.fn();
    const changes = webChanges(send, apply);
    const typed = { ...draft, engine: 'brave' as const, key: 'test-key-brave-1' };
    expect(await changes.save(typed)).toEqual({ ok: true, settings, keys });
    expect(send).toHaveBeenCalledWith('web.save', {
      web: { ...DEFAULT_WEB, engine: 'brave' },
      key: 'test-key-brave-1',
    });
    expect(apply).toHaveBeenCalledWith(settings);
    send.mockResolvedValueOnce({ ok: false, field: 'key', message: 'No key.' } as never);
    await changes.save(typed);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  test('Try sends the draft and the words typed (none: the worker’s default); the keys are read', async () => {
    const send = vi.fn<SendWeb>(async () => ({ ok: false as const, problem: 'x', settings, keys }) as never);
    const changes = webChanges(send, vi.fn());
    await changes.try(draft, '  ');
    await changes.try(draft, ' tides ');
    expect(send.mock.calls).toEqual([
      ['web.try', { web: DEFAULT_WEB }],
      ['web.try', { web: DEFAULT_WEB, query: 'tides' }],
    ]);
    expect(await changes.keys()).toEqual(keys);
    expect(send).toHaveBeenLastCalledWith('web.get', {});
  });
});
