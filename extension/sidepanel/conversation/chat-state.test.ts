import { describe, expect, test } from 'vitest';
import type { ConversationRecord, ShownTurn } from '../../shared/history';
import { chatReducer, EMPTY_CHAT, pendingTurn, shownPath } from './chat-state';

const chunk = (text: string) => ({ type: 'chunk' as const, text, patch: { frozen: [], tail: '' } });
const conversation: ConversationRecord = {
  id: 'c',
  title: 'Q1',
  titleEdited: false,
  createdAt: 1,
  updatedAt: 1,
  leafId: null,
};
const turn = (id: string, parentId: string | null, createdAt = 1): ShownTurn => ({
  id,
  conversationId: 'c',
  parentId,
  createdAt,
  question: `Q ${id}`,
  answer: '',
  status: 'streaming',
});
const asked = chatReducer(EMPTY_CHAT, { type: 'turn', turn: turn('a', null), conversation });

describe('chatReducer', () => {
  test('a new turn starts the conversation and becomes the end of the path', () => {
    expect(asked.conversation?.id).toBe('c');
    expect(shownPath(asked).map((s) => s.turn.id)).toEqual(['a']);
  });

  test('folds chunks and the end of an answer', () => {
    let state = chatReducer(asked, { type: 'event', id: 'a', event: chunk('Hel') });
    state = chatReducer(state, { type: 'event', id: 'a', event: chunk('lo') });
    state = chatReducer(state, { type: 'event', id: 'a', event: { type: 'done', reason: 'stop' } });
    expect(state.turns.a).toMatchObject({ answer: 'Hello', status: 'done', finishReason: 'stop' });
  });

  test('an error keeps the partial answer and events after the end are ignored', () => {
    let state = chatReducer(asked, { type: 'event', id: 'a', event: chunk('part') });
    state = chatReducer(state, { type: 'event', id: 'a', event: { type: 'error', code: 'server', message: 'm' } });
    state = chatReducer(state, { type: 'event', id: 'a', event: chunk('late') });
    expect(state.turns.a).toMatchObject({ answer: 'part', status: 'error', error: { code: 'server', message: 'm' } });
  });

  test('keeps the model the response named, for the model line', () => {
    const event = { type: 'model' as const, name: '/models/SmolLM2-135M-Instruct.Q4_1.gguf' };
    const state = chatReducer(asked, { type: 'event', id: 'a', event });
    expect(state.turns.a?.answeredBy).toBe('/models/SmolLM2-135M-Instruct.Q4_1.gguf');
  });

  test('the model loading into memory is kept on the turn until it says it is loaded', () => {
    const loading = (on: boolean) => ({
      type: 'event' as const,
      id: 'a',
      event: { type: 'modelLoading' as const, loading: on },
    });
    const state = chatReducer(asked, loading(true));
    expect(state.turns.a?.modelLoading).toBe(true);
    expect(chatReducer(state, loading(false)).turns.a?.modelLoading).toBe(false);
  });

  test('a failed save is kept on the turn, and the text still arrives', () => {
    let state = chatReducer(asked, { type: 'event', id: 'a', event: { type: 'saveFailed', message: 'full' } });
    state = chatReducer(state, { type: 'event', id: 'a', event: chunk('x') });
    expect(state.turns.a).toMatchObject({ answer: 'x', saveFailed: 'full' });
  });

  test('a regenerated version is shown; selecting the old one shows it again', () => {
    const done = chatReducer(asked, { type: 'event', id: 'a', event: { type: 'done', reason: 'stop' } });
    const again = chatReducer(done, { type: 'turn', turn: turn('b', null, 2), conversation });
    expect(shownPath(again).map((s) => [s.turn.id, s.index, s.versions])).toEqual([['b', 1, ['a', 'b']]]);
    const back = chatReducer(again, { type: 'select', leafId: 'a' });
    expect(shownPath(back).map((s) => s.turn.id)).toEqual(['a']);
  });

  test('re-joining a known turn (after reopening) replaces it without moving the path', () => {
    const two = chatReducer(asked, { type: 'turn', turn: turn('b', 'a', 2), conversation });
    const rejoined = chatReducer(two, { type: 'turn', turn: { ...turn('a', null), answer: 'so far' }, conversation });
    expect(rejoined.leafId).toBe('b');
    expect(rejoined.turns.a?.answer).toBe('so far');
  });

  test('a refused question is dropped and the path goes back to its parent', () => {
    const two = chatReducer(asked, { type: 'turn', turn: turn('b', 'a', 2), conversation });
    const dropped = chatReducer(two, { type: 'drop', id: 'b' });
    expect(shownPath(dropped).map((s) => s.turn.id)).toEqual(['a']);
    expect(dropped.turns.b).toBeUndefined();
  });

  test('a turn of another conversation (the panel moved on) is ignored', () => {
    const other = { ...turn('x', null), conversationId: 'other' };
    expect(chatReducer(asked, { type: 'turn', turn: other, conversation: { ...conversation, id: 'other' } })).toBe(
      asked,
    );
  });
});

describe('pendingTurn', () => {
  test('a question in the open conversation is shown as an answer being written', () => {
    expect(pendingTurn(asked, 'Next?', 'a', [])).toMatchObject({
      conversationId: 'c',
      parentId: 'a',
      question: 'Next?',
      answer: '',
      status: 'streaming',
      attachments: undefined,
    });
  });

  test('before the worker has stored a new conversation, its questions share its id', () => {
    const first = pendingTurn(EMPTY_CHAT, 'First?', null);
    const waiting = chatReducer(EMPTY_CHAT, { type: 'turn', turn: first });
    expect(pendingTurn(waiting, 'Again?', null).conversationId).toBe(first.conversationId);
    expect(pendingTurn(EMPTY_CHAT, 'Other?', null).conversationId).not.toBe(first.conversationId);
  });
});
