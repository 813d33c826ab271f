/** Attachment texts are stored once per conversation, shown as a preview, and sent whole. */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import { PREVIEW_CHARS, type Attachment } from '../../shared/attachment';
import { historyHandlers } from './history-handlers';
import { purgeTrash, TRASH_MINUTES } from './history-trash';
import type { HistoryStore } from './history-store';
import { freshStore, loadCore, scripted } from '../test-support';

beforeAll(loadCore);

const sender = {} as Runtime.MessageSender;
const QUOTE: Attachment = { kind: 'page', title: 'Long page', url: 'https://p.test/', text: 'word '.repeat(100_000) };

/** Asks with a quote, then regenerates the answer `versions - 1` times; returns the ids. */
async function askAndRegenerate(store: HistoryStore, versions: number) {
  const { answers, calls } = scripted(store);
  const conversationId = crypto.randomUUID();
  const first = crypto.randomUUID();
  const ask = { type: 'ask' as const, conversationId, turnId: first, parentId: null, question: 'Gist?' };
  const commands = [{ ...ask, attachments: [QUOTE] }];
  for (let i = 1; i < versions; i++)
    commands.push({ type: 'regenerate', of: first, turnId: crypto.randomUUID() } as never);
  for (const command of commands) {
    const answer = (await answers.open(command))!;
    while (calls.length < commands.indexOf(command) + 1) await new Promise((r) => setTimeout(r, 1));
    calls.at(-1)!.emit({ type: 'text', text: 'An answer.' }, { type: 'done', reason: 'stop' });
    await answer.ended;
  }
  return { conversationId, first, calls, answers };
}

describe('attachment texts', () => {
  test('a quote kept by every version of a turn is stored once, and each version sends it whole', async () => {
    const store = await freshStore();
    const { calls } = await askAndRegenerate(store, 4);
    expect(await store.db.count('turns')).toBe(4);
    expect(await store.db.count('texts')).toBe(1);
    for (const turn of await store.db.getAll('turns')) {
      expect(JSON.stringify(turn).length).toBeLessThan(1000);
    }
    for (const call of calls) expect(call.messages.at(-1)?.attachments?.[0]?.text).toBe(QUOTE.text);
  });

  test('opening a conversation shows the start of each quote and its length, not the whole text', async () => {
    const store = await freshStore();
    const { conversationId } = await askAndRegenerate(store, 2);
    const handlers = historyHandlers(async () => store, scripted(store).answers);
    const opened = await handlers['history.open']({ id: conversationId }, sender);
    expect(opened?.turns).toHaveLength(2);
    for (const turn of opened!.turns) {
      expect(turn.attachments).toEqual([
        {
          kind: 'page',
          title: 'Long page',
          url: 'https://p.test/',
          preview: QUOTE.text.slice(0, PREVIEW_CHARS),
          chars: QUOTE.text.length,
        },
      ]);
    }
    expect(JSON.stringify(opened).length).toBeLessThan(10_000);
  });

  test('an edited question keeps the quote of the turn it edits; a vanished one is refused', async () => {
    const store = await freshStore();
    const { conversationId, first, answers, calls } = await askAndRegenerate(store, 1);
    const edit = { type: 'ask' as const, conversationId, parentId: null, question: 'Shorter gist?' };
    const answer = (await answers.open({ ...edit, turnId: crypto.randomUUID(), attachmentsOf: first }))!;
    while (calls.length < 2) await new Promise((r) => setTimeout(r, 1));
    expect(calls[1]!.messages.at(-1)?.attachments).toEqual([QUOTE]);
    calls[1]!.emit({ type: 'done', reason: 'stop' });
    await answer.ended;
    expect(await store.db.count('texts')).toBe(1);
    const missing = answers.open({ ...edit, turnId: crypto.randomUUID(), attachmentsOf: 'gone' });
    await expect(missing).rejects.toThrow(/no longer stored/);
  });

  test("a PDF's page count is kept with its text, and shown", async () => {
    const store = await freshStore();
    const pdf: Attachment = {
      kind: 'pdf',
      title: 'Paper',
      url: 'https://p.test/a.pdf',
      text: '— page 1 —\nHi',
      pages: 3,
    };
    await store.create('c-pdf', 'About the paper?');
    const turn = { id: 't-pdf', conversationId: 'c-pdf', parentId: null, createdAt: 1, question: 'About the paper?' };
    await store.addTurn({ ...turn, attachments: [pdf], answer: '', status: 'streaming' });
    expect((await store.turn('t-pdf'))?.attachments).toEqual([pdf]);
    const handlers = historyHandlers(async () => store, scripted(store).answers);
    const opened = await handlers['history.open']({ id: 'c-pdf' }, sender);
    expect(opened?.turns[0]?.attachments?.[0]).toMatchObject({ kind: 'pdf', pages: 3, chars: pdf.text.length });
  });

  test('turns stored before texts moved out (inline attachments) still open and send', async () => {
    const store = await freshStore();
    const conversation = await store.create('c-old', 'Old?');
    const inline = { id: 't-old', conversationId: 'c-old', parentId: null, createdAt: 1, question: 'Old?' };
    await store.db.put('turns', { ...inline, attachments: [QUOTE], answer: 'Yes.', status: 'done' });
    expect((await store.turns(conversation.id))[0]?.attachments).toEqual([QUOTE]);
  });

  test('a deleted conversation keeps its texts for Undo, and loses them once the trash is emptied', async () => {
    const store = await freshStore();
    const { conversationId } = await askAndRegenerate(store, 2);
    await store.remove(conversationId);
    expect(await store.db.count('texts')).toBe(1);
    await store.restore(conversationId);
    expect((await store.turns(conversationId))[1]?.attachments).toEqual([QUOTE]);
    await store.remove(conversationId);
    await purgeTrash(store.db, Date.now() + TRASH_MINUTES * 60_000 + 1);
    expect(await store.db.count('texts')).toBe(0);
    expect(await store.db.count('trash')).toBe(0);
    expect(await store.restore(conversationId)).toBeNull();
  });
});
