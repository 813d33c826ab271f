/** The history page's list and actions, against a worker that keeps conversations in memory. */
import { describe, expect, test } from 'vitest';
import type { ConversationData } from '../../shared/history';
import { plural, t } from '../../shared/i18n';
import type { Res } from '../../shared/protocol';
import { readImportFile } from './history-files';
import { HistoryList, PAGE, type HistoryWorker } from './history-list';

const data = (id: string, title = `Chat ${id}`, updatedAt = 1): ConversationData => ({
  conversation: { id, title, titleEdited: false, createdAt: 1, updatedAt, leafId: null },
  turns: [],
});

const summaryOf = ({ conversation: c }: ConversationData) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt });

/** A worker holding `count` conversations; `fail` makes the named call reject. */
function fakeWorker(count = 3) {
  const stored = new Map(Array.from({ length: count }, (_, i) => [`c${i}`, data(`c${i}`, `Chat ${i}`, i)]));
  const exports: [string[] | undefined, string][] = [];
  const trash = new Map<string, ConversationData>();
  const fail = new Set<keyof HistoryWorker>();
  const calls: (keyof HistoryWorker)[] = [];
  const failing = <T>(name: keyof HistoryWorker, value: () => T): Promise<T> => {
    calls.push(name);
    return fail.has(name) ? Promise.reject(new Error(`${name} broke`)) : Promise.resolve(value());
  };
  const worker: HistoryWorker = {
    list: ({ query }) =>
      failing('list', () => ({
        conversations: [...stored.values()]
          .map((c) => ({ id: c.conversation.id, title: c.conversation.title, updatedAt: c.conversation.updatedAt }))
          .filter((c) => c.title.toLowerCase().includes(query.toLowerCase()))
          .sort((a, b) => b.updatedAt - a.updatedAt),
        damaged: 0,
      })),
    remove: ({ id }) =>
      failing('remove', () => {
        const removed = stored.get(id);
        stored.delete(id);
        if (removed) trash.set(id, removed);
        return { removed: removed ? summaryOf(removed) : null };
      }),
    restore: ({ id }) =>
      failing('restore', () => {
        const data = trash.get(id);
        if (data) stored.set(id, data);
        trash.delete(id);
        return { restored: data ? summaryOf(data) : null };
      }),
    update: ({ id, title }) =>
      failing('update', () => {
        const c = stored.get(id)!;
        stored.set(id, { ...c, conversation: { ...c.conversation, title: title ?? c.conversation.title } });
        return {};
      }),
    import: (text) =>
      failing('import', () => {
        const added = JSON.parse(text) as ConversationData[];
        const fresh = added.filter((c) => !stored.has(c.conversation.id));
        for (const c of fresh) stored.set(c.conversation.id, c);
        return { imported: fresh.length, skipped: added.length - fresh.length };
      }),
    export: (ids, format) => failing('export', () => void exports.push([ids, format])),
    read: (file) => failing('read', () => file).then(readImportFile),
  };
  return { worker, stored, exports, fail, calls };
}

async function listed(count = 3) {
  const fake = fakeWorker(count);
  const list = new HistoryList(fake.worker);
  list.load();
  await expect.poll(() => list.snapshot().items).not.toBeNull();
  return { ...fake, list, view: list.snapshot, titles: () => list.snapshot().items?.map((i) => i.title) };
}

describe('the history list', () => {
  test('is loading until the worker answers, then lists the newest first', async () => {
    const list = new HistoryList(fakeWorker().worker);
    expect(list.snapshot().items).toBeNull();
    list.load();
    await expect.poll(() => list.snapshot().items?.map((i) => i.title)).toEqual(['Chat 2', 'Chat 1', 'Chat 0']);
  });

  test('shows a page of rows at a time, starting over with each new list', async () => {
    const { list, view } = await listed(PAGE * 2 + 1);
    expect(view().limit).toBe(PAGE);
    list.showMore();
    list.showMore();
    expect(view().limit).toBe(PAGE * 3);
    list.search('Chat');
    await expect.poll(() => view().limit).toBe(PAGE);
  });

  test('searching shows only the answer to the latest query', async () => {
    const fake = fakeWorker();
    const answers: (() => void)[] = [];
    const list = new HistoryList({
      ...fake.worker,
      // Hold each answer until the test lets it go.
      list: (req) =>
        new Promise<Res<'history.list'>>((resolve) => answers.push(() => void fake.worker.list(req).then(resolve))),
    });
    list.search('1');
    list.search('2');
    answers[1]!();
    answers[0]!();
    await expect.poll(() => list.snapshot().items?.map((i) => i.title)).toEqual(['Chat 2']);
    await new Promise((r) => setTimeout(r, 10));
    expect(list.snapshot().items?.map((i) => i.title)).toEqual(['Chat 2']);
    expect(list.snapshot().query).toBe('2');
  });

  test('says when the history cannot be read', async () => {
    const fake = fakeWorker();
    fake.fail.add('list');
    const list = new HistoryList(fake.worker);
    list.load();
    await expect
      .poll(() => list.snapshot().message)
      .toEqual({
        text: t('historyReadFailed', 'Error: list broke'),
        error: true,
      });
  });
});

describe('actions', () => {
  test('deleting says so and offers Undo, which brings the conversation back', async () => {
    const { list, view, titles } = await listed();
    expect(await list.remove({ id: 'c1', title: 'Chat 1', updatedAt: 1 })).toBe(true);
    expect(view().message).toEqual({ text: t('deleted', 'Chat 1') });
    await expect.poll(titles).toEqual(['Chat 2', 'Chat 0']);
    expect(await list.restore()).toBe(true);
    expect(view()).toMatchObject({ message: { text: t('restored', 'Chat 1') }, undo: null });
    await expect.poll(titles).toEqual(['Chat 2', 'Chat 1', 'Chat 0']);
  });

  test('Undo with nothing deleted does nothing', async () => {
    const { list } = await listed();
    expect(await list.restore()).toBe(false);
  });

  test('renaming saves the trimmed title; a blank one changes nothing', async () => {
    const { list, titles, stored } = await listed();
    expect(await list.rename('c0', '  Renamed  ')).toBe(true);
    await expect.poll(titles).toContain('Renamed');
    expect(await list.rename('c0', '   ')).toBe(false);
    expect(stored.get('c0')?.conversation.title).toBe('Renamed');
  });

  test('importing says how many conversations came in', async () => {
    const { list, view, titles } = await listed();
    const file = new File([JSON.stringify([data('new', 'Imported', 9)])], 'export.json');
    expect(await list.importFile(file)).toBe(true);
    expect(view().message).toEqual({ text: plural(1, 'importedOne', 'importedMany') });
    await expect.poll(titles).toContain('Imported');
  });

  test('importing the same file again says none came in and how many were already there', async () => {
    const { list, view } = await listed();
    const file = () => new File([JSON.stringify([data('new', 'Imported', 9), data('c0', 'Title 0', 0)])], 'e.json');
    await list.importFile(file());
    expect(view().message?.text).toBe('Imported 1 conversation. 1 was already in your history and was skipped.');
    await list.importFile(file());
    expect(view().message?.text).toBe('Imported 0 conversations. 2 were already in your history and were skipped.');
  });

  test('exporting downloads the chosen conversations, or all, and leaves the list as it is', async () => {
    const { list, exports, calls } = await listed();
    await list.export(['c1'], 'md');
    await list.export(undefined, 'json');
    expect(exports).toEqual([
      [['c1'], 'md'],
      [undefined, 'json'],
    ]);
    expect(calls).toEqual(['list', 'export', 'export']);
  });

  test.each([
    ['remove', 'deleteFailed', (list: HistoryList) => list.remove({ id: 'c0', title: 'Chat 0', updatedAt: 0 })],
    ['update', 'renameFailed', (list: HistoryList) => list.rename('c0', 'New')],
    ['read', 'importFailed', (list: HistoryList) => list.importFile(new File(['[]'], 'a.json'))],
    ['export', 'exportFailed', (list: HistoryList) => list.export(undefined, 'md')],
  ] as const)('a failed %s says why', async (name, key, act) => {
    const { list, view, fail } = await listed();
    fail.add(name);
    expect(await act(list)).toBe(false);
    expect(view().message).toEqual({ text: t(key, `${name} broke`), error: true });
  });
});
