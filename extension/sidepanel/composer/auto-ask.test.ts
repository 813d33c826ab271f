import { describe, expect, test } from 'vitest';
import { autoAsk, type AutoAskState } from './auto-ask';

const offered: AutoAskState = {
  offered: 'Summarize this page.',
  draft: 'Summarize this page.',
  hasAttachment: true,
  fits: true,
  busy: false,
};

describe('a question offered to be asked at once', () => {
  test.each<[string, Partial<AutoAskState>, ReturnType<typeof autoAsk>]>([
    ['is sent once the quote is known to fit', {}, 'send'],
    ['waits while the quote is being sized', { fits: null }, 'wait'],
    ['stays in the box when the quote is too long (the user chooses what to send)', { fits: false }, 'leave'],
    ['stays in the box while an answer is being written', { busy: true }, 'leave'],
    ['stays in the box when the user changed it', { draft: 'Summarize this page. In French' }, 'leave'],
    ['stays in the box when the quote was removed', { hasAttachment: false }, 'leave'],
    ['does nothing when none was offered', { offered: null }, 'leave'],
  ])('%s', (_, change, outcome) => {
    expect(autoAsk({ ...offered, ...change })).toBe(outcome);
  });
});
