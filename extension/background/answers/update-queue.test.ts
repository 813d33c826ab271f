/** Which events make an update, and when it goes. */
import { describe, expect, test } from 'vitest';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { batchLength, coalesce, soonest, when, type Incoming } from './update-queue';

const step = (status: ToolStep['status'], extra: Partial<ToolStep> = {}): Incoming => ({
  type: 'step',
  step: { id: 'r0-c1', round: 0, at: -1, tool: 'echo', source: 'S', arguments: {}, status, ...extra },
});
const text = (t: string): Incoming => ({ type: 'text', text: t });

describe('when an update goes', () => {
  const isNew = () => true;

  test('the end at once; a call’s end and a question to the user in the next task', () => {
    expect(when({ type: 'done', reason: 'stop' }, isNew)).toBe('now');
    expect(when({ type: 'stopped' }, isNew)).toBe('now');
    expect(when(step('done'), isNew)).toBe('next');
    expect(when(step('failed'), isNew)).toBe('next');
    expect(when(step('denied'), isNew)).toBe('next');
    expect(when(step('waiting', { asks: true }), isNew)).toBe('next');
  });

  test('a new call waits for its end; its start to run and text wait for the update', () => {
    expect(when(step('waiting'), isNew)).toBe('step');
    expect(when(step('running'), () => false)).toBe('batch');
    expect(when(text('a'), isNew)).toBe('batch');
    expect(when({ type: 'usage', inputTokens: 1, outputTokens: 1 }, isNew)).toBe('batch');
  });

  test('a queue goes as soon as its most urgent event asks', () => {
    expect(soonest([text('a'), step('waiting')], isNew)).toBe('step');
    expect(soonest([step('waiting'), step('done'), text('a')], isNew)).toBe('next');
    expect(soonest([text('a'), { type: 'done', reason: 'stop' }], isNew)).toBe('now');
    expect(soonest([], isNew)).toBe('batch');
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
