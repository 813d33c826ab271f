/** Answers run in the worker, started by the registry: stored before shown, followed by any panel, recoverable. */
import { beforeAll, describe, expect, test } from 'vitest';
import { renderMarkdown } from '../core';
import { CONTINUE_PROMPT } from './prompt';
import { eventually, freshStore, loadCore, onStored, panel, scripted, SETTINGS } from '../test-support';

beforeAll(loadCore);

const ask = (question: string, extra: { conversationId?: string; parentId?: string | null } = {}) => ({
  type: 'ask' as const,
  conversationId: crypto.randomUUID(),
  turnId: crypto.randomUUID(),
  parentId: null,
  question,
  ...extra,
});

describe('an answer', () => {
  test('is stored as a new conversation, rendered, and ends done', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('What is *this*?')))!;
    const seen = panel();
    answer.follow(seen.follower);
    await eventually(() => calls.length === 1, 'the request');
    expect(calls[0]!.messages).toEqual([{ role: 'user', content: 'What is *this*?' }]);
    calls[0]!.emit({ type: 'text', text: '# Hi\n\nthere' }, { type: 'done', reason: 'stop' });
    await answer.ended;
    expect(seen.types()).toEqual(['turn', 'chunk', 'chunk', 'done']);
    expect(seen.html()).toBe(renderMarkdown('# Hi\n\nthere'));
    const [summary] = (await store.list()).value;
    expect(summary?.title).toBe('What is *this*?');
    const stored = (await store.open(summary!.id))!.value;
    expect(stored.turns[0]).toMatchObject({ answer: '# Hi\n\nthere', status: 'done', model: 'test-model' });
    expect(await store.db.count('chunks')).toBe(0);
    expect((await store.search('wha thi')).map((c) => c.id)).toEqual([summary!.id]);
    expect(answers.liveIds()).toEqual([]);
  });

  test('asked about a page, the conversation is titled by the page, not by the prompt', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const page = { kind: 'page' as const, title: 'Octopus – Wikipedia', url: 'https://w.test/o', text: 'Eight arms.' };
    const answer = (await answers.open({ ...ask('Summarize this page.'), attachments: [page] }))!;
    await eventually(() => calls.length === 1, 'the request');
    calls[0]!.emit({ type: 'done', reason: 'stop' });
    await answer.ended;
    expect((await store.list()).value.map((c) => c.title)).toEqual(['Octopus – Wikipedia']);
  });

  test('stores each batch of text before any panel sees it', async () => {
    const store = await freshStore();
    const log: string[] = [];
    onStored(store, (chunk) => log.push(`stored ${chunk.text}`));
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    answer.follow((e) => e.type === 'chunk' && e.text && log.push(`shown ${e.text}`));
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'a' });
    await eventually(() => log.length === 2);
    calls[0]!.emit({ type: 'text', text: 'b' }, { type: 'text', text: 'c' }, { type: 'done', reason: 'stop' });
    await answer.ended;
    // Text arriving while a batch is being stored joins the next batch; either way each batch is
    // stored, then shown.
    const pairs = log.flatMap((entry, i) => (i % 2 === 0 ? [[entry, log[i + 1]]] : []));
    for (const [stored, shown] of pairs) expect(shown).toBe(stored!.replace('stored', 'shown'));
    expect(pairs.map(([stored]) => stored!.slice(7)).join('')).toBe('abc');
  });

  test('a panel that joins mid-answer catches up, then follows to the same end', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    await eventually(() => calls.length === 1);
    const text = ['Para one.\n\n', '```js\nlet a', ' = 1;\n', '```\n\nEnd *here*'];
    calls[0]!.emit({ type: 'text', text: text[0]! }, { type: 'text', text: text[1]! });
    await eventually(() => answer.turn.answer.length === text[0]!.length + text[1]!.length);
    const late = panel();
    (await answers.open({ type: 'attach', turnId: answer.turn.id }))!.follow(late.follower);
    expect(late.events[0]).toMatchObject({ type: 'turn', turn: { answer: text[0]! + text[1]! } });
    calls[0]!.emit(
      { type: 'text', text: text[2]! },
      { type: 'text', text: text[3]! },
      { type: 'done', reason: 'stop' },
    );
    await answer.ended;
    expect(late.html()).toBe(renderMarkdown(text.join('')));
    expect(await answers.open({ type: 'attach', turnId: answer.turn.id })).toBeUndefined();
  });

  test('closing a panel does not stop the answer', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    const seen = panel();
    answer.follow(seen.follower);
    answer.unfollow(seen.follower);
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'kept' }, { type: 'done', reason: 'stop' });
    await answer.ended;
    expect(calls[0]!.signal.aborted).toBe(false);
    expect((await store.turn(answer.turn.id))?.answer).toBe('kept');
  });

  test('keeps the worker alive while it runs, and stops doing so after', async () => {
    const store = await freshStore();
    const { answers, calls, heartbeats } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    await eventually(() => heartbeats.length >= 3, 'heartbeats');
    calls[0]!.emit({ type: 'done', reason: 'stop' });
    await answer.ended;
    const count = heartbeats.length;
    await new Promise((r) => setTimeout(r, 40));
    expect(heartbeats.length).toBe(count);
  });

  test('a failed write is reported once and the answer still arrives', async () => {
    const store = await freshStore();
    store.storeUpdate = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    const seen = panel();
    answer.follow(seen.follower);
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'a' });
    calls[0]!.emit({ type: 'text', text: 'b' }, { type: 'done', reason: 'stop' });
    await answer.ended;
    expect(seen.types().filter((t) => t === 'saveFailed')).toHaveLength(1);
    expect(seen.events.find((e) => e.type === 'saveFailed')).toMatchObject({
      message: expect.stringContaining('full'),
    });
    expect(seen.html()).toBe('<p>ab</p>\n');
  });

  test('a panel connection that breaks does not stop the answer for others', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    answer.follow((e) => {
      if (e.type === 'chunk') throw new Error('port gone');
    });
    const seen = panel();
    answer.follow(seen.follower);
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'still ' }, { type: 'text', text: 'here' }, { type: 'done', reason: 'stop' });
    await answer.ended;
    expect(seen.html()).toBe('<p>still here</p>\n');
    expect(await store.turn(answer.turn.id)).toMatchObject({ answer: 'still here', status: 'done' });
  });

  test('a question after a message deleted elsewhere is refused and writes nothing', async () => {
    const store = await freshStore();
    const { answers } = scripted(store);
    const refused = answers.open(ask('orphan', { parentId: crypto.randomUUID() }));
    await expect(refused).rejects.toThrow('no longer exists');
    expect(await store.db.count('conversations')).toBe(0);
    expect(await store.db.count('turns')).toBe(0);
  });

  test('without a provider the question is kept with a clear error', async () => {
    const store = await freshStore();
    const { answers } = scripted(store, { ...SETTINGS, providers: [], defaultProviderId: null });
    const answer = (await answers.open(ask('keep me')))!;
    await answer.ended;
    expect(await store.turn(answer.turn.id)).toMatchObject({
      question: 'keep me',
      status: 'error',
      error: { message: expect.stringContaining('No provider') },
    });
  });
});

describe('versions and recovery', () => {
  test('regenerate and edit add versions; each asks with the conversation before it', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const first = (await answers.open(ask('one')))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'A1' }, { type: 'done', reason: 'stop' });
    await first.ended;
    const conversationId = first.turn.conversationId;
    const second = (await answers.open(ask('two', { conversationId, parentId: first.turn.id })))!;
    await eventually(() => calls.length === 2);
    calls[1]!.emit({ type: 'done', reason: 'stop' });
    await second.ended;
    const again = (await answers.open({ type: 'regenerate', of: second.turn.id, turnId: crypto.randomUUID() }))!;
    await eventually(() => calls.length === 3);
    expect(calls[2]!.messages.map((m) => m.content)).toEqual(['one', 'A1', 'two']);
    calls[2]!.emit({ type: 'done', reason: 'stop' });
    await again.ended;
    const edited = (await answers.open(ask('one, edited', { conversationId, parentId: null })))!;
    await eventually(() => calls.length === 4);
    expect(calls[3]!.messages.map((m) => m.content)).toEqual(['one, edited']);
    calls[3]!.emit({ type: 'done', reason: 'stop' });
    await edited.ended;
    const stored = (await store.open(conversationId))!.value;
    expect(stored.turns).toHaveLength(4);
    expect(stored.conversation.leafId).toBe(edited.turn.id);
    expect(again.turn.parentId).toBe(first.turn.id);
  });

  test('an answer orphaned by a stopped worker becomes interrupted with its text, and can continue', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'half ' }, { type: 'reasoning', text: 'hmm' });
    await eventually(async () => (await store.db.count('chunks')) === 1, 'a stored chunk');
    // A new worker: the same database, no answer running.
    const restarted = new (store.constructor as typeof import('../history/history-store').HistoryStore)(store.db);
    expect(await restarted.recoverInterrupted()).toBe(1);
    expect(await restarted.turn(answer.turn.id)).toMatchObject({
      answer: 'half ',
      reasoning: 'hmm',
      status: 'interrupted',
    });
    const next = scripted(restarted);
    const carried = (await next.answers.open({ type: 'continue', turnId: answer.turn.id }))!;
    const seen = panel();
    carried.follow(seen.follower);
    await eventually(() => next.calls.length === 1);
    expect(next.calls[0]!.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'half ' },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
    next.calls[0]!.emit({ type: 'text', text: 'done.' }, { type: 'done', reason: 'stop' });
    await carried.ended;
    expect(seen.html()).toBe('<p>half done.</p>\n');
    expect(await restarted.turn(answer.turn.id)).toMatchObject({ answer: 'half done.', status: 'done' });
  });

  test('Stop ends the answer as stopped, keeping its text', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask('q')))!;
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'part' });
    answer.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.emit({ type: 'stopped' });
    await answer.ended;
    expect(await store.turn(answer.turn.id)).toMatchObject({ answer: 'part', status: 'stopped' });
  });
});
