import { describe, expect, test } from 'vitest';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { argumentsText, asksNow, calledParts, seconds, statusText, stepsByPlace } from './step-view';

const step = (over: Partial<ToolStep> = {}): ToolStep => ({
  id: 'r0-c1',
  round: 0,
  at: 0,
  tool: 'get_weather',
  source: 'My server',
  arguments: { city: 'Paris' },
  status: 'waiting',
  ...over,
});

describe('a tool step in words', () => {
  test('its status, and a step an ended answer left unfinished says so', () => {
    expect(statusText(step({ asks: true }), true)).toBe('Waiting for you');
    // Just called, not yet known to ask: never "Waiting for you" (it may run at once).
    expect(statusText(step(), true)).toBe('Running…');
    expect(statusText(step({ asks: true }), false)).toBe('Not finished');
    expect(statusText(step({ status: 'running' }), true)).toBe('Running…');
    expect(statusText(step({ status: 'done', ms: 1234 }), false, 'en')).toBe('Done in 1.2 s');
    expect(statusText(step({ status: 'denied' }), false)).toBe('Denied');
    expect(statusText(step({ status: 'failed' }), false)).toBe('Failed');
  });

  test('durations in the language’s numbers', () => {
    expect(seconds(1234, 'de')).toBe('1,2 s');
    expect(seconds(42, 'en')).toBe('0.04 s');
  });

  test('the arguments as text, the name apart for code, and only a live waiting step asks', () => {
    expect(argumentsText({ city: '<b>Paris</b>' })).toBe('{\n  "city": "<b>Paris</b>"\n}');
    expect(argumentsText({})).toBe('{}');
    expect(calledParts(step())).toEqual(['Called ', ' on My server']);
    expect(asksNow(step({ asks: true }), true)).toBe(true);
    expect(asksNow(step({ asks: true }), false)).toBe(false);
    // A call just made, before the worker says it asks, offers no buttons to click into nothing.
    expect(asksNow(step(), true)).toBe(false);
    expect(asksNow(step({ status: 'running' }), true)).toBe(false);
  });

  test('steps grouped by the place they sit', () => {
    const steps = [step({ id: 'a', at: 5 }), step({ id: 'b', at: 9 }), step({ id: 'c', at: 5 })];
    expect(stepsByPlace(steps, [5, 9]).map((g) => g.map((s) => s.id))).toEqual([['a', 'c'], ['b']]);
  });
});
