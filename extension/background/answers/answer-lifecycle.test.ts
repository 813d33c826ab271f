/** The edges of an answer's life: what arrives while it ends, or while it is being started. */
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { ChatEvent } from '../../shared/protocol';
import { UPDATE_MS } from './update-rate';
import { renderMarkdown, StreamRenderer } from '../core';
import type { HistoryStore } from '../history/history-store';
import { askRequest, eventually, freshStore, loadCore, onStored, panel, scripted } from '../test-support';

beforeAll(loadCore);

const ask = askRequest;

/** Holds the first answer's final write until `release()`: the window in which it is ending. */
function slowFinish(store: HistoryStore) {
  const finish = store.finishTurn.bind(store);
  let release: () => void = () => undefined;
  let writing = false;
  store.finishTurn = async (turn) => {
    if (!writing) {
      writing = true;
      await new Promise<void>((resolve) => (release = resolve));
    }
    await finish(turn);
  };
  return { writing: () => writing, release: () => release() };
}

/** A question asked, its request made, and its answer's final write held (`slowFinish`). */
async function askedWithSlowFinish() {
  const store = await freshStore();
  const gate = slowFinish(store);
  const { answers, calls } = scripted(store);
  const answer = (await answers.open(ask()))!;
  await eventually(() => calls.length === 1);
  return { store, gate, answers, calls, answer };
}

describe('an answer that is ending', () => {
  test('a panel that attaches while its end is being stored is sent the whole answer and its end', async () => {
    const { store, gate, answers, calls, answer } = await askedWithSlowFinish();
    calls[0]!.emit({ type: 'text', text: '# all\n\nof *it*' }, { type: 'done', reason: 'stop' });
    await eventually(gate.writing, 'the final write');
    expect(answers.liveIds()).toEqual([answer.turn.id]);
    const events: ChatEvent[] = [];
    (await answers.open({ type: 'attach', turnId: answer.turn.id }))!.follow((e) => events.push(e));
    gate.release();
    await answer.ended;
    expect(events.map((e) => e.type)).toEqual(['turn', 'chunk', 'done']);
    expect(events[1]).toMatchObject({ patch: { frozen: [renderMarkdown('# all\n\nof *it*')], reset: true } });
    expect(await store.turn(answer.turn.id)).toMatchObject({ status: 'done' });
    expect(await answers.open({ type: 'attach', turnId: answer.turn.id })).toBeUndefined();
  });

  test('a Continue waits for the final write, then carries on the stored answer', async () => {
    const { store, gate, answers, calls, answer } = await askedWithSlowFinish();
    calls[0]!.emit({ type: 'text', text: 'half' });
    answer.stop();
    calls[0]!.emit({ type: 'stopped' });
    await eventually(gate.writing, 'the final write');
    const continuing = answers.open({ type: 'continue', turnId: answer.turn.id });
    gate.release();
    const carried = (await continuing)!;
    expect(carried).not.toBe(answer);
    const events: ChatEvent[] = [];
    carried.follow((e) => events.push(e));
    expect(events.map((e) => e.type)).toEqual(['turn', 'chunk']);
    await eventually(() => calls.length === 2, 'the continued request');
    calls[1]!.emit({ type: 'text', text: ' more' }, { type: 'done', reason: 'stop' });
    await carried.ended;
    expect(await store.turn(answer.turn.id)).toMatchObject({ answer: 'half more', status: 'done' });
  });
});

/** A stored turn whose answer was stopped part way: what Continue carries on. */
async function stoppedTurn(store: HistoryStore) {
  const { answers, calls } = scripted(store);
  const answer = (await answers.open(ask()))!;
  await eventually(() => calls.length === 1);
  calls[0]!.emit({ type: 'text', text: 'half' }, { type: 'stopped' });
  await answer.ended;
  return answer.turn.id;
}

describe('commands close together', () => {
  test('a double Continue makes one request and one answer, followed by both', async () => {
    const store = await freshStore();
    const turnId = await stoppedTurn(store);
    const { answers, calls } = scripted(store);
    const [first, second] = await Promise.all([
      answers.open({ type: 'continue', turnId }),
      answers.open({ type: 'continue', turnId }),
    ]);
    expect(second).toBe(first);
    const seen: ChatEvent[][] = [[], []];
    first!.follow((e) => seen[0]!.push(e));
    second!.follow((e) => seen[1]!.push(e));
    await eventually(() => calls.length === 1, 'the request');
    calls[0]!.emit({ type: 'text', text: ' more' }, { type: 'done', reason: 'stop' });
    await first!.ended;
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]!.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    expect(await store.turn(turnId)).toMatchObject({ answer: 'half more', status: 'done' });
  });

  test('a Stop sent while a question is being started ends it as stopped, with no request', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const command = ask();
    const opening = answers.open(command);
    answers.stop(command.turnId);
    const answer = (await opening)!;
    await answer.ended;
    expect(calls).toHaveLength(0);
    expect(await store.turn(command.turnId)).toMatchObject({ status: 'stopped', answer: '' });
    expect(answers.liveIds()).toEqual([]);
  });

  test('a Stop sent while a Continue is being started ends it as stopped, keeping the text', async () => {
    const store = await freshStore();
    const turnId = await stoppedTurn(store);
    const { answers, calls } = scripted(store);
    const opening = answers.open({ type: 'continue', turnId });
    answers.stop(turnId);
    await (await opening)!.ended;
    expect(calls).toHaveLength(0);
    expect(await store.turn(turnId)).toMatchObject({ status: 'stopped', answer: 'half' });
  });
});

/** An answer asked and followed: the text of each stored batch, and of each message sent. */
async function followedAnswer() {
  const store = await freshStore();
  const stored: string[] = [];
  onStored(store, (chunk) => stored.push(chunk.text));
  const { answers, calls } = scripted(store);
  const answer = (await answers.open(ask()))!;
  const shown: string[] = [];
  answer.follow((e) => e.type === 'chunk' && e.text && shown.push(e.text));
  await eventually(() => calls.length === 1);
  return { store, stored, calls, answer, shown };
}

describe('text arriving close together', () => {
  test('is stored and shown as one batch after the first, which is shown at once', async () => {
    const { store, stored, calls, answer, shown } = await followedAnswer();
    calls[0]!.emit({ type: 'text', text: 'The ' });
    await eventually(() => shown.length === 1, 'the first text');
    // Three provider events in separate turns of the event loop's microtasks, well within
    // UPDATE_MS of each other: one write, one message.
    for (const text of ['answer ', 'comes ', 'in pieces.']) {
      calls[0]!.emit({ type: 'text', text });
      await Promise.resolve();
    }
    await eventually(() => shown.length === 2, 'the batch');
    calls[0]!.emit({ type: 'done', reason: 'stop' });
    await answer.ended;
    expect(shown).toEqual(['The ', 'answer comes in pieces.']);
    expect(stored).toEqual(shown);
    expect(await store.turn(answer.turn.id)).toMatchObject({ answer: 'The answer comes in pieces.', status: 'done' });
  });

  test('text arriving steadily is stored and shown once per UPDATE_MS, however fast the provider sends', async () => {
    const { store, stored, calls, answer, shown } = await followedAnswer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      // A token every 10 ms for a second, each with the counts so far (some servers count in
      // every chunk): 200 provider events.
      const tokens = Array.from({ length: 100 }, (_, i) => `w${i} `);
      for (const [i, text] of tokens.entries()) {
        calls[0]!.emit({ type: 'text', text }, { type: 'usage', inputTokens: 5, outputTokens: i + 1 });
        await vi.advanceTimersByTimeAsync(10);
      }
      calls[0]!.emit({ type: 'done', reason: 'stop' });
      await vi.advanceTimersByTimeAsync(UPDATE_MS);
    } finally {
      vi.useRealTimers();
    }
    await answer.ended;
    expect(shown.join('')).toBe(Array.from({ length: 100 }, (_, i) => `w${i} `).join(''));
    expect(stored).toEqual(shown);
    expect(await store.turn(answer.turn.id)).toMatchObject({ usage: { inputTokens: 5, outputTokens: 100 } });
    // The first token at once, then one update per UPDATE_MS: 1 + 1000 / 66, not 100.
    expect(shown[0]).toBe('w0 ');
    expect(shown.length).toBeGreaterThanOrEqual(Math.floor(1000 / UPDATE_MS));
    expect(shown.length).toBeLessThanOrEqual(2 + Math.ceil(1000 / UPDATE_MS));
  });
});

describe('an answer no panel follows', () => {
  test('while no panel follows, its text is stored but not rendered; a panel that joins sees all of it', async () => {
    const store = await freshStore();
    const stored: string[] = [];
    onStored(store, (chunk) => stored.push(chunk.text));
    const { answers, calls } = scripted(store);
    const answer = (await answers.open(ask()))!;
    const first = panel();
    answer.follow(first.follower);
    await eventually(() => calls.length === 1);
    calls[0]!.emit({ type: 'text', text: 'Seen *here*.\n\n' });
    await eventually(() => first.html().includes('here'));
    answer.unfollow(first.follower);
    const pushes = vi.spyOn(StreamRenderer.prototype, 'push');
    try {
      calls[0]!.emit({ type: 'text', text: '| a |\n|---|\n| 1 |\n' }, { type: 'text', text: '\nNot `seen`' });
      await eventually(() => stored.join('').includes('Not'), 'the text stored');
      expect(pushes).not.toHaveBeenCalled();
    } finally {
      pushes.mockRestore();
    }
    const late = panel();
    (await answers.open({ type: 'attach', turnId: answer.turn.id }))!.follow(late.follower);
    calls[0]!.emit({ type: 'text', text: ' by the first.' }, { type: 'done', reason: 'stop' });
    await answer.ended;
    expect(late.html()).toBe(renderMarkdown(answer.turn.answer));
    expect(answer.turn.answer).toBe('Seen *here*.\n\n| a |\n|---|\n| 1 |\n\nNot `seen` by the first.');
  });
});
