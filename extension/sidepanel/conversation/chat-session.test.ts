/** Asking and following answers in the panel, as the user sees it; the worker is played by the test. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { t } from '../../shared/i18n';
import { CURRENT_KEY } from './chat-session';
import { shownPath } from './chat-state';
import { chunk, conversation, fakeSession } from './test-support';

afterEach(() => {
  vi.useRealTimers();
});

/** Asks a question in a new conversation and plays the worker storing it. */
function askedAndStored(question = 'Why?') {
  const fake = fakeSession();
  fake.session.ask(question);
  const worker = fake.ports.last();
  const [turn] = Object.values(fake.view().state.turns);
  const id = turn!.conversationId;
  worker.emit({ type: 'turn', turn: turn!, conversation: conversation(id) });
  return { ...fake, worker, turn: turn!, id, answer: () => fake.session.answer(turn!.id) };
}

const questions = (fake: ReturnType<typeof fakeSession>) => shownPath(fake.view().state).map((s) => s.turn.question);

describe('asking', () => {
  test('shows the question at once, before the worker has stored it', () => {
    const fake = fakeSession();
    fake.session.setChoice({ providerId: 'p', model: 'm-fast' });
    fake.session.ask('What is this?', [{ kind: 'selection', title: 'T', url: 'https://x.test/', text: 'quote' }]);
    expect(questions(fake)).toEqual(['What is this?']);
    const [step] = shownPath(fake.view().state);
    expect(step?.turn.status).toBe('streaming');
    expect(fake.ports.last().posted).toEqual([
      {
        type: 'ask',
        conversationId: step?.turn.conversationId,
        turnId: step?.turn.id,
        parentId: null,
        question: 'What is this?',
        attachments: [{ kind: 'selection', title: 'T', url: 'https://x.test/', text: 'quote' }],
        providerId: 'p',
        model: 'm-fast',
        systemPrompt: undefined,
      },
    ]);
  });

  test('the answer grows patch by patch, and the conversation is remembered', () => {
    const fake = askedAndStored();
    expect(fake.storage.get(CURRENT_KEY)).toBe(fake.id);
    expect(fake.view().state.conversation?.id).toBe(fake.id);
    fake.worker.emit(chunk('Hel', [], '<p>Hel</p>'), chunk('lo', ['<p>Hello</p>'], ''));
    expect(fake.answer().html()).toBe('<p>Hello</p>');
    fake.worker.emit(chunk('\n\nMore', [], '<p>More</p>'));
    expect(fake.answer().html()).toBe('<p>Hello</p><p>More</p>');
    expect(fake.view().state.turns[fake.turn.id]?.answer).toBe('Hello\n\nMore');
    expect(fake.answer().ended).toBe(false);
    fake.worker.emit({ type: 'done', reason: 'stop' });
    expect(fake.view().state.turns[fake.turn.id]?.status).toBe('done');
    // Its view is told: the last block's highlighting need not wait for frames (idle-queue.ts).
    expect(fake.answer().ended).toBe(true);
    expect(fake.worker.closed()).toBe(true);
  });

  test('the panel re-renders when the answer starts and ends, not for every chunk between', () => {
    const fake = askedAndStored();
    let renders = 0;
    fake.session.subscribe(() => renders++);
    fake.worker.emit(chunk('One', [], '<p>One</p>'));
    expect(renders).toBe(1); // the "waiting" line goes
    fake.worker.emit(chunk(' two', [], '<p>One two</p>'), chunk(' three', [], '<p>One two three</p>'));
    expect(renders).toBe(1);
    expect(fake.answer().html()).toBe('<p>One two three</p>');
    fake.worker.emit({ type: 'done', reason: 'stop' });
    expect(renders).toBe(2);
    expect(fake.view().state.turns[fake.turn.id]).toMatchObject({ answer: 'One two three', status: 'done' });
  });

  test('an error ends the answer and keeps the text that arrived', () => {
    const fake = askedAndStored();
    fake.worker.emit(chunk('Part', ['<p>Part</p>'], ''), { type: 'error', code: 'network', message: 'Offline.' });
    expect(fake.view().state.turns[fake.turn.id]).toMatchObject({
      answer: 'Part',
      status: 'error',
      error: { code: 'network', message: 'Offline.' },
    });
    expect(fake.answer().html()).toBe('<p>Part</p>');
  });

  test('the next question follows the last one shown', () => {
    const fake = askedAndStored();
    fake.worker.emit({ type: 'done', reason: 'stop' });
    fake.session.ask('And then?');
    expect(fake.ports.last().posted[0]).toMatchObject({ conversationId: fake.id, parentId: fake.turn.id });
    expect(questions(fake)).toEqual(['Why?', 'And then?']);
  });

  test('subscribers hear of every change', () => {
    const fake = fakeSession();
    const heard = vi.fn();
    const unsubscribe = fake.session.subscribe(heard);
    fake.session.ask('q');
    expect(heard).toHaveBeenCalled();
    unsubscribe();
    heard.mockClear();
    fake.session.dismissNotice();
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('a refused question', () => {
  test('goes back to the composer, with why, and the conversation is read again', async () => {
    const fake = askedAndStored();
    fake.worker.emit({ type: 'done', reason: 'stop' });
    fake.session.ask('Second?');
    fake.ports.last().emit({ type: 'error', code: 'bad_request', message: 'Too long.' });
    expect(fake.view().notice).toBe('Too long.');
    expect(fake.view().returned?.text).toBe('Second?');
    expect(questions(fake)).toEqual(['Why?']);
    await vi.waitFor(() => expect(fake.opens).toEqual([fake.id]));
  });

  test('comes back with its images, which go with the command', () => {
    const fake = fakeSession();
    const image = { mediaType: 'image/jpeg' as const, data: '/9j/', width: 2, height: 1 };
    fake.session.ask('What is this?', [], [image]);
    expect(fake.ports.last().posted[0]).toMatchObject({ type: 'ask', question: 'What is this?', images: [image] });
    fake.ports.last().drop();
    expect(fake.view().returned).toMatchObject({ text: 'What is this?', images: [image] });
  });

  test('comes back too when the worker goes before storing it', () => {
    const fake = fakeSession();
    fake.session.ask('Lost?');
    fake.ports.last().drop();
    expect(fake.view().notice).toBe(t('errWorkerGone'));
    expect(fake.view().returned?.text).toBe('Lost?');
    expect(questions(fake)).toEqual([]);
  });

  test('a refused regeneration is taken off, with nothing put in the composer', () => {
    const fake = askedAndStored();
    fake.worker.emit({ type: 'done', reason: 'stop' });
    fake.session.regenerate(fake.turn.id);
    fake.ports.last().emit({ type: 'error', code: 'bad_request', message: 'No.' });
    expect(fake.view().notice).toBe('No.');
    expect(fake.view().returned).toBeNull();
    expect(Object.keys(fake.view().state.turns)).toEqual([fake.turn.id]);
  });
});

describe('when the worker stops', () => {
  test('a port dropped mid-answer reads the conversation again after a moment and re-attaches', async () => {
    vi.useFakeTimers();
    const fake = askedAndStored();
    fake.worker.emit(chunk('so far'));
    const shownBefore = fake.answer();
    const live = { ...fake.turn, answer: 'so far', html: '<p>so far</p>', status: 'streaming' as const };
    fake.history.open = async (id) => {
      fake.opens.push(id);
      return { conversation: conversation(id), turns: [live], live: [fake.turn.id], damaged: 0 };
    };
    fake.worker.drop();
    await vi.advanceTimersByTimeAsync(200);
    expect(fake.opens).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(fake.opens).toEqual([fake.id]);
    expect(fake.ports.last().posted).toEqual([{ type: 'attach', turnId: fake.turn.id }]);
    // A fresh view, which the turn shows instead of the old one (with its pending patches).
    expect(fake.answer()).not.toBe(shownBefore);
    expect(fake.answer().html()).toBe('<p>so far</p>');
  });

  test('an answer that is gone is read from storage at once', async () => {
    const fake = askedAndStored();
    fake.worker.emit({ type: 'gone' });
    await vi.waitFor(() => expect(fake.opens).toEqual([fake.id]));
  });
});

describe('stopping and switching', () => {
  test('stop asks every answer followed to stop', () => {
    const fake = askedAndStored();
    fake.session.stop();
    expect(fake.worker.posted.at(-1)).toEqual({ type: 'stop' });
    fake.worker.emit({ type: 'stopped' });
    expect(fake.view().state.turns[fake.turn.id]?.status).toBe('stopped');
  });

  test('a new chat stops following, forgets the conversation and clears the notice', () => {
    const fake = askedAndStored();
    fake.ports.last().emit(chunk('x'));
    fake.session.newChat();
    expect(fake.worker.closed()).toBe(true);
    expect(fake.storage.has(CURRENT_KEY)).toBe(false);
    expect(fake.view()).toMatchObject({ notice: null, newPrompt: '', state: { conversation: null, turns: {} } });
  });

  test('New chat pressed while the last conversation is still being reopened stays a new chat', async () => {
    const id = crypto.randomUUID();
    const fake = fakeSession({ [id]: { conversation: conversation(id), turns: [], live: [], damaged: 0 } });
    fake.storage.set(CURRENT_KEY, id);
    fake.session.resume();
    fake.session.newChat();
    await vi.waitFor(() => expect(fake.opens).toEqual([id]));
    await new Promise((r) => setTimeout(r, 0));
    expect(fake.view().state.conversation).toBeNull();
    expect(fake.storage.has(CURRENT_KEY)).toBe(false);
  });

  test('a panel opened again shows no new chat while its conversation comes back', async () => {
    const id = crypto.randomUUID();
    const fake = fakeSession({ [id]: { conversation: conversation(id), turns: [], live: [], damaged: 0 } });
    fake.storage.set(CURRENT_KEY, id);
    fake.session.resume();
    expect(fake.view().opening).toBe(true);
    await vi.waitFor(() => expect(fake.view().state.conversation?.id).toBe(id));
    expect(fake.view().opening).toBe(false);
    // Gone meanwhile (deleted in another window): a new chat, no longer waiting.
    const gone = fakeSession();
    gone.storage.set(CURRENT_KEY, crypto.randomUUID());
    gone.session.resume();
    await vi.waitFor(() => expect(gone.view().opening).toBe(false));
    expect(gone.view().state.conversation).toBeNull();
  });

  test('a change made elsewhere in the panel that was not stored is told, and can be dismissed', () => {
    const fake = fakeSession();
    fake.session.tell('That change was not saved: quota');
    expect(fake.view().notice).toBe('That change was not saved: quota');
    fake.session.dismissNotice();
    expect(fake.view().notice).toBeNull();
  });

  test('Continue carries on the same turn without showing a new question', () => {
    const fake = askedAndStored();
    fake.worker.emit({ type: 'stopped' });
    fake.session.setChoice({ providerId: 'other', model: 'big' });
    fake.session.carryOn(fake.turn.id);
    expect(fake.ports.last().posted).toEqual([
      { type: 'continue', turnId: fake.turn.id, providerId: 'other', model: 'big' },
    ]);
    expect(questions(fake)).toEqual(['Why?']);
  });
});

describe('the panel’s window', () => {
  test('goes with every question, Continue and Regenerate, so read_tab reads the tab beside this panel', () => {
    const fake = askedAndStored();
    fake.worker.emit({ type: 'stopped' });
    fake.session.setChoice(undefined, { windowId: 42 });
    fake.session.carryOn(fake.turn.id);
    expect(fake.ports.last().posted).toEqual([{ type: 'continue', turnId: fake.turn.id, windowId: 42 }]);
    const again = askedAndStored();
    again.worker.emit({ type: 'done', reason: 'stop' });
    again.session.setChoice(undefined, { windowId: 42 });
    again.session.regenerate(again.turn.id);
    expect(again.ports.last().posted[0]).toMatchObject({ type: 'regenerate', of: again.turn.id, windowId: 42 });
    const other = fakeSession();
    other.session.setChoice(undefined, { windowId: 7 });
    other.session.ask('First?');
    expect(other.ports.last().posted[0]).toMatchObject({ type: 'ask', windowId: 7 });
  });
});

describe('instructions for every new chat (Settings)', () => {
  test('go with a new chat’s first question unless it has its own, and never with later ones', () => {
    const fake = fakeSession();
    fake.session.setDefaultInstructions('Answer in French.');
    fake.session.ask('First?');
    expect(fake.ports.last().posted[0]).toMatchObject({ type: 'ask', systemPrompt: 'Answer in French.' });
    const other = fakeSession();
    other.session.setDefaultInstructions('Answer in French.');
    other.session.setSystemPrompt('Answer in Latin.');
    other.session.ask('First?');
    expect(other.ports.last().posted[0]).toMatchObject({ type: 'ask', systemPrompt: 'Answer in Latin.' });
  });
});
