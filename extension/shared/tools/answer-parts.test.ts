import { expect, test } from 'vitest';
import { answerParts, partStarts } from './answer-parts';

test('an answer is cut where its steps sit, steps at one place making one cut', () => {
  const steps = [{ at: 12 }, { at: 12 }, { at: 0 }, { at: 20 }];
  expect(partStarts(steps)).toEqual([0, 12, 20]);
  expect(answerParts('Let me see. It is 18 °C.', steps)).toEqual(['', 'Let me see. ', 'It is 18', ' °C.']);
  expect(answerParts('No tools.', undefined)).toEqual(['No tools.']);
});
