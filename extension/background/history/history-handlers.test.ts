/** Stored conversations: search, delete and undo, export and import, damaged records. */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import { MAX_IMPORT_CONVERSATIONS, MAX_INSTRUCTIONS, type ExportFile, type TurnRecord } from '../../shared/history';
import { t } from '../../shared/i18n';
import { historyHandlers } from './history-handlers';
import { exportPieces, importText } from './history-transfer';
import type { HistoryStore } from './history-store';
import { eventually, freshStore, loadCore, scripted } from '../test-support';

beforeAll(loadCore);

const sender = {} as Runtime.MessageSender;

/** Stores a finished conversation of one question and answer. */
async function converse(store: HistoryStore, question: string, answer: string): Promise<string> {
  const { answers, calls } = scripted(store);
  const ids = { conversationId: crypto.randomUUID(), turnId: crypto.randomUUID() };
  const started = (await answers.open({ type: 'ask', ...ids, parentId: null, question }))!;
  while (calls.length === 0) await new Promise((r) => setTimeout(r, 1));
  calls[0]!.emit({ type: 'text', text: answer }, { type: 'done', reason: 'stop' });
  await started.ended;
  return started.turn.conversationId;
}

/** The JSON export of `ids`, as its pieces reach the panel (small pieces, to cut inside records). */
async function exportText(store: HistoryStore, ids?: string[]): Promise<string> {
  const parts: string[] = [];
  for await (const piece of exportPieces(store, { ids, format: 'json' }, 64)) parts.push(piece);
  expect(parts.every((p) => p.length <= 64)).toBe(true);
  return parts.join('');
}

async function setUp() {
  const store = await freshStore();
  const handlers = historyHandlers(async () => store, scripted(store).answers);
  return { store, handlers };
}

describe('history', () => {
  test('lists newest first and searches titles and answers by word prefix', async () => {
    const { store, handlers } = await setUp();
    const tea = await converse(store, 'How is green tea made?', 'Leaves are *steamed* quickly.');
    const bread = await converse(store, 'Sourdough starter?', 'Flour and water, fed daily.');
    const list = await handlers['history.list']({ query: '' }, sender);
    expect(list.conversations.map((c) => c.id)).toEqual([bread, tea]);
    const find = async (query: string) =>
      (await handlers['history.list']({ query }, sender)).conversations.map((c) => c.id);
    expect(await find('STEAM')).toEqual([tea]);
    expect(await find('flour wat')).toEqual([bread]);
    expect(await find('flour tea')).toEqual([]);
  });

  test('a search result shows the words that matched, in the text around them', async () => {
    const { store, handlers } = await setUp();
    await converse(store, 'How is green tea made?', 'Leaves are *steamed* quickly.');
    const [found] = (await handlers['history.list']({ query: 'steam' }, sender)).conversations;
    expect(found?.excerpt).toEqual({ text: 'Leaves are *steamed* quickly.', marks: [{ start: 12, end: 19 }] });
    const [all] = (await handlers['history.list']({ query: '' }, sender)).conversations;
    expect(all?.excerpt).toBeUndefined(); // the list without a search has nothing to show
  });

  test('opening returns stored answers as HTML', async () => {
    const { store, handlers } = await setUp();
    const id = await converse(store, 'q', '**bold**');
    const opened = await handlers['history.open']({ id }, sender);
    expect(opened?.turns[0]?.html).toBe('<p><strong>bold</strong></p>\n');
    expect(opened?.live).toEqual([]);
  });

  test('deleting a conversation stops its answer first, keeping what arrived for Undo', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const handlers = historyHandlers(async () => store, answers);
    const ids = { conversationId: crypto.randomUUID(), turnId: crypto.randomUUID() };
    const answer = (await answers.open({ type: 'ask', ...ids, parentId: null, question: 'long one' }))!;
    while (calls.length === 0) await new Promise((r) => setTimeout(r, 1));
    calls[0]!.emit({ type: 'text', text: 'so far' });
    calls[0]!.signal.addEventListener('abort', () => calls[0]!.emit({ type: 'stopped' }));
    const { removed } = await handlers['history.delete']({ id: ids.conversationId }, sender);
    await answer.ended;
    expect(removed?.id).toBe(ids.conversationId);
    expect(await store.db.count('turns')).toBe(0);
    expect(answers.liveIds()).toEqual([]);
    await handlers['history.restore']({ id: ids.conversationId }, sender);
    const back = await handlers['history.open']({ id: ids.conversationId }, sender);
    expect(back?.turns[0]).toMatchObject({ answer: 'so far', status: 'stopped' });
  });

  test('deleting a conversation whose answer is still starting stops that answer; nothing is left behind', async () => {
    const store = await freshStore();
    const { answers, calls } = scripted(store);
    const handlers = historyHandlers(async () => store, answers);
    const ids = { conversationId: crypto.randomUUID(), turnId: crypto.randomUUID() };
    const starting = answers.open({ type: 'ask', ...ids, parentId: null, question: 'just asked' });
    const deleting = handlers['history.delete']({ id: ids.conversationId }, sender);
    await eventually(() => calls.length === 1, 'the request');
    // The provider's side of a stop, as the real request does it.
    const stopped = () => calls[0]!.emit({ type: 'stopped' });
    if (calls[0]!.signal.aborted) stopped();
    else calls[0]!.signal.addEventListener('abort', stopped);
    await deleting;
    const answer = (await starting)!;
    await eventually(() => answer.settled, 'the answer to be stopped');
    expect(answer.turn.status).toBe('stopped');
    expect(await store.db.count('turns')).toBe(0);
    expect(await store.db.count('conversations')).toBe(0);
    expect(answers.liveIds()).toEqual([]);
  });

  test('delete keeps the conversation for Undo, and restoring it makes it findable again', async () => {
    const { store, handlers } = await setUp();
    const id = await converse(store, 'Octopus hearts', 'Three of them.');
    const { removed } = await handlers['history.delete']({ id }, sender);
    expect(removed?.title).toBe('Octopus hearts');
    expect((await handlers['history.list']({ query: 'octopus' }, sender)).conversations).toEqual([]);
    expect(await store.db.count('turns')).toBe(0);
    expect((await handlers['history.restore']({ id }, sender)).restored?.id).toBe(id);
    expect((await handlers['history.list']({ query: 'octopus' }, sender)).conversations.map((c) => c.id)).toEqual([id]);
  });

  test('export then import reproduces the conversation; the same file again adds nothing', async () => {
    const { store } = await setUp();
    const id = await converse(store, 'Export me', 'As *JSON*.');
    const json = await exportText(store, [id]);
    const file = JSON.parse(json) as ExportFile;

    const other = await setUp();
    expect(await importText(other.store, json)).toEqual({ imported: 1, skipped: 0 });
    const imported = await other.store.open(id);
    expect(imported?.value).toEqual(file.conversations[0]);
    expect(await importText(other.store, json)).toEqual({ imported: 0, skipped: 1 });
    expect((await other.store.list()).value).toHaveLength(1);
  });

  test('a conversation whose id is taken but that holds turns not stored here comes in as a copy', async () => {
    const { store } = await setUp();
    const id = await converse(store, 'Export me', 'As *JSON*.');
    const file = JSON.parse(await exportText(store, [id])) as ExportFile;
    const data = file.conversations[0]!;
    const [first] = data.turns;
    // Carried on elsewhere: one more turn than stored here.
    const more = { ...first!, id: crypto.randomUUID(), parentId: first!.id, question: 'And then?' };
    data.turns.push(more);
    data.conversation.leafId = more.id;
    expect(await importText(store, JSON.stringify(file))).toEqual({ imported: 1, skipped: 0 });
    const all = (await store.list()).value;
    expect(all).toHaveLength(2);
    const copy = (await store.open(all.find((c) => c.id !== id)!.id))!.value;
    expect(copy.turns.map((t) => t.question).sort()).toEqual(['And then?', 'Export me']);
    expect(copy.turns.every((t) => t.conversationId === copy.conversation.id && t.id !== first!.id)).toBe(true);
  });

  test("an imported file cannot overwrite or join another conversation's turns", async () => {
    const { store } = await setUp();
    const victim = await converse(store, 'Mine', 'My answer.');
    const [mine] = (await store.open(victim))!.value.turns;
    const turn = { ...mine!, question: 'Injected', answer: 'Overwritten.' };
    const crafted = [
      // The stored turn's id, under a conversation of its own.
      { conversation: { ...(await store.conversation(victim))!, id: crypto.randomUUID() }, turns: [turn] },
      // A new turn that claims to belong to the stored conversation.
      {
        conversation: { ...(await store.conversation(victim))!, id: crypto.randomUUID(), leafId: null },
        turns: [{ ...turn, id: crypto.randomUUID(), parentId: null }],
      },
    ];
    const file = { format: 'gloss.conversations', version: 1, exportedAt: 0, conversations: crafted };
    expect(await importText(store, JSON.stringify(file))).toEqual({ imported: 2, skipped: 0 });

    const after = (await store.open(victim))!.value;
    expect(after.turns).toEqual([mine]);
    const all = (await store.list()).value;
    expect(all).toHaveLength(3);
    for (const { id } of all) {
      const { conversation, turns } = (await store.open(id))!.value;
      expect(turns).toHaveLength(1);
      expect(turns.every((t) => t.conversationId === conversation.id)).toBe(true);
    }
  });

  test('a file with more conversations than an import takes is refused, and nothing is written', async () => {
    const { store } = await setUp();
    const one = (id: string) => ({
      conversation: { id, title: 't', titleEdited: false, createdAt: 0, updatedAt: 0, leafId: null },
      turns: [],
    });
    const conversations = Array.from({ length: MAX_IMPORT_CONVERSATIONS + 1 }, (_, i) => one(`c${i}`));
    const file = { format: 'gloss.conversations', version: 1, exportedAt: 0, conversations };
    await expect(importText(store, JSON.stringify(file))).rejects.toThrow(/at most 10[,.\u202f]?000 conversations/);
    expect((await store.list()).value).toHaveLength(0);
  });

  test('a conversation whose instructions are longer than a chat’s may be is refused whole', async () => {
    const { store } = await setUp();
    const conversation = { id: 'c', title: 'Long rules', titleEdited: false, createdAt: 0, updatedAt: 0, leafId: null };
    const file = (systemPrompt: string) => ({
      format: 'gloss.conversations',
      version: 1,
      exportedAt: 0,
      conversations: [{ conversation: { ...conversation, systemPrompt }, turns: [] }],
    });
    const tooLong = 'x'.repeat(MAX_INSTRUCTIONS + 1);
    await expect(importText(store, JSON.stringify(file(tooLong)))).rejects.toThrow(
      t(
        'importInstructionsTooLong',
        'Long rules',
        (MAX_INSTRUCTIONS + 1).toLocaleString(),
        MAX_INSTRUCTIONS.toLocaleString(),
      ),
    );
    expect((await store.list()).value).toHaveLength(0);
    await importText(store, JSON.stringify(file('x'.repeat(MAX_INSTRUCTIONS))));
    expect((await store.conversation('c'))?.systemPrompt).toHaveLength(MAX_INSTRUCTIONS);
  });

  test('a file that is not a Gloss export is refused with a reason', async () => {
    const { store } = await setUp();
    await expect(importText(store, '{"hello":1}')).rejects.toThrow('not a Gloss export');
    await expect(importText(store, '<html>')).rejects.toThrow(t('importNotJson'));
  });

  test('a damaged record is counted, not fatal', async () => {
    const { store, handlers } = await setUp();
    const id = await converse(store, 'fine', 'ok');
    await store.db.put('turns', { id: 'broken', conversationId: id } as unknown as TurnRecord);
    await store.db.put('conversations', { id: 'junk' } as never);
    const opened = await handlers['history.open']({ id }, sender);
    expect(opened?.turns).toHaveLength(1);
    expect(opened?.damaged).toBe(1);
    const list = await handlers['history.list']({ query: '' }, sender);
    expect(list).toMatchObject({ conversations: [{ id }], damaged: 1 });
  });

  test('renaming is searchable and sticks', async () => {
    const { store, handlers } = await setUp();
    const id = await converse(store, 'q', 'a');
    await handlers['history.update']({ id, title: 'Holiday plans' }, sender);
    expect((await handlers['history.list']({ query: 'holiday' }, sender)).conversations[0]).toMatchObject({
      id,
      title: 'Holiday plans',
    });
    expect((await store.conversation(id))?.titleEdited).toBe(true);
  });
});
