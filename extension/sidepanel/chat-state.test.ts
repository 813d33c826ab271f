import { describe, expect, test } from 'vitest';
import { chatReducer, historyFor, type Turn } from './chat-state';

const chunk = (text: string) => ({ type: 'chunk' as const, text, patch: { frozen: [], tail: '' } });
const asked = chatReducer([], { type: 'ask', id: 'a', question: 'Q1' });

describe('chatReducer', () => {
  test('folds chunks and the end of an answer', () => {
    let turns = chatReducer(asked, { type: 'event', id: 'a', event: chunk('Hel') });
    turns = chatReducer(turns, { type: 'event', id: 'a', event: chunk('lo') });
    turns = chatReducer(turns, { type: 'event', id: 'a', event: { type: 'done', reason: 'stop' } });
    expect(turns[0]).toMatchObject({ text: 'Hello', status: 'done' });
  });

  test('an error keeps the partial answer and events after the end are ignored', () => {
    let turns = chatReducer(asked, { type: 'event', id: 'a', event: chunk('part') });
    turns = chatReducer(turns, { type: 'event', id: 'a', event: { type: 'error', code: 'server', message: 'm' } });
    turns = chatReducer(turns, { type: 'event', id: 'a', event: chunk('late') });
    expect(turns[0]).toMatchObject({ text: 'part', status: 'error', error: { code: 'server', message: 'm' } });
  });

  test('retry keeps the question and clears the failed answer', () => {
    const failed = chatReducer(asked, { type: 'event', id: 'a', event: { type: 'error', code: 'auth', message: 'm' } });
    expect(chatReducer(failed, { type: 'retry', id: 'a' })[0]).toEqual({
      id: 'a',
      question: 'Q1',
      text: '',
      status: 'streaming',
    });
  });
});

describe('historyFor', () => {
  const turn = (question: string, text: string, status: Turn['status']): Turn => ({
    id: question,
    question,
    text,
    status,
  });

  test('sends finished and stopped turns, not failed ones', () => {
    const turns = [turn('a', 'A', 'done'), turn('b', 'B', 'error'), turn('c', 'C', 'stopped')];
    expect(historyFor(turns, 'd')).toEqual([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'A' },
      { role: 'user', content: 'c' },
      { role: 'assistant', content: 'C' },
      { role: 'user', content: 'd' },
    ]);
  });
});
