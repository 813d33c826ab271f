/** Which events make an update, and when it goes. */
import { describe, expect, test } from 'vitest';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { batchLength, coalesce, urgent, type Incoming } from './update-queue';

const step = (status: ToolStep['status'], extra: Partial<ToolStep> = {}): Incoming => ({
  type: 'step',
  step: { id: 'r0-c1', round: 0, at: -1, tool: 'echo', source: 'S', arguments: {}, status, ...extra },
});
const text = (t: string): Incoming => ({ type: 'text', text: t });

describe('urgent', () => {
  test('the end, a call’s end and a question to the user go at once', () => {
    expect(urgent({ type: 'done', reason: 'stop' })).toBe(true);
    expect(urgent(step('done'))).toBe(true);
    expect(urgent(step('failed'))).toBe(true);
    expect(urgent(step('denied'))).toBe(true);
    expect(urgent(step('waiting', { asks: true }))).toBe(true);
  });

  test('text, a new call and its start to run wait for the update', () => {
    expect(urgent(text('a'))).toBe(false);
    expect(urgent(step('waiting'))).toBe(false);
    expect(urgent(step('running'))).toBe(false);
    expect(urgent({ type: 'usage', inputTokens: 1, outputTokens: 1 })).toBe(false);
  });
});

describe('batchLength', () => {
  const isNew = () => true;

  test('a new step with its run and end, and no text after it: one update takes it all', () => {
    const queue = [text('Let me look.'), step('waiting'), step('running'), step('done')];
    expect(batchLength(queue, isNew)).toBe(4);
  });

  test('text after a new step is left for the next update (a part of its own)', () => {
    const queue = [text('Before.'), step('waiting'), text('After.'), step('done')];
    expect(batchLength(queue, isNew)).toBe(2);
    expect(coalesce(queue.slice(0, 2)).text).toBe('Before.');
  });

  test('a step the answer holds already does not split anything', () => {
    const queue = [text('a'), step('done'), text('b')];
    expect(batchLength(queue, () => false)).toBe(3);
  });
});
