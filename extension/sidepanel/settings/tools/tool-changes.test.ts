import { describe, expect, test } from 'vitest';
import type { PublicSettings } from '../../../shared/settings';
import { clampLimits, toolChanges, type SendTool } from './tool-changes';

/** Stands in for the settings the worker answers with: only their identity matters here. */
const SETTINGS = { marker: 'after' } as unknown as PublicSettings;

function setUp(answer: unknown) {
  const sent: [string, unknown][] = [];
  const applied: PublicSettings[] = [];
  const send = (async (name: string, req: unknown) => {
    sent.push([name, req]);
    return answer;
  }) as SendTool;
  return { sent, applied, changes: toolChanges(send, (s) => applied.push(s)) };
}

describe('the changes Settings → Tools sends', () => {
  test('each sends its message and takes the settings the worker answers with', async () => {
    const { sent, applied, changes } = setUp(SETTINGS);
    await changes.remove('s1');
    await changes.enable('s1', false);
    await changes.policy('s1', 'echo', 'allow');
    await changes.limits({ maxRounds: 5, callTimeoutSeconds: 30 });
    expect(sent).toEqual([
      ['mcp.remove', { id: 's1' }],
      ['mcp.enable', { id: 's1', enabled: false }],
      ['mcp.policy', { id: 's1', tool: 'echo', policy: 'allow' }],
      ['tools.limits', { maxRounds: 5, callTimeoutSeconds: 30 }],
    ]);
    expect(applied).toEqual([SETTINGS, SETTINGS, SETTINGS, SETTINGS]);
  });

  test('a save takes the settings when stored, and returns a refusal as it came', async () => {
    const server = { name: 'S', url: 'https://s.example/mcp' };
    const stored = setUp({ ok: true, id: 's1', settings: SETTINGS });
    expect(await stored.changes.save(server)).toMatchObject({ ok: true, id: 's1' });
    expect(stored.sent).toEqual([['mcp.save', { server }]]);
    expect(stored.applied).toEqual([SETTINGS]);
    const refusal = { ok: false, field: 'url', message: 'Not an address' };
    const refused = setUp(refusal);
    expect(await refused.changes.save(server)).toEqual(refusal);
    expect(refused.applied).toEqual([]);
  });
});

describe('the loop’s limits as typed', () => {
  test.each([
    [
      { maxRounds: '10', callTimeoutSeconds: '60' },
      { maxRounds: 10, callTimeoutSeconds: 60 },
    ],
    [
      { maxRounds: '0', callTimeoutSeconds: '1' },
      { maxRounds: 1, callTimeoutSeconds: 5 },
    ],
    [
      { maxRounds: '99', callTimeoutSeconds: '9999' },
      { maxRounds: 50, callTimeoutSeconds: 600 },
    ],
    [
      { maxRounds: '2.6', callTimeoutSeconds: '59.4' },
      { maxRounds: 3, callTimeoutSeconds: 59 },
    ],
    [
      { maxRounds: '', callTimeoutSeconds: 'x' },
      { maxRounds: 10, callTimeoutSeconds: 60 },
    ],
  ])('%o is stored as %o', (typed, stored) => {
    expect(clampLimits(typed)).toEqual(stored);
  });
});
