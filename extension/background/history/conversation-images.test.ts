/**
 * A conversation's images beyond one question (issue 16): the JSON export carries them and an
 * import brings them back, opening a conversation sends each once however many versions show it,
 * and a conversation refuses images it could not hold and still open; storage full says so.
 */
import * as v from 'valibot';
import type { Runtime } from 'webextension-polyfill';
import { beforeAll, expect, test } from 'vitest';
import type { ExportFile } from '../../shared/history';
import { MAX_IMAGE_BASE64, type QuestionImage } from '../../shared/images/image';
import { t } from '../../shared/i18n';
import { MAX_CONVERSATION_IMAGE_CHARS, imageChars } from '../../shared/images/opened-images';
import { ChatCommandSchema } from '../../shared/protocol';
import { storageProblem } from '../db';
import { historyHandlers } from './history-handlers';
import { importFile } from './history-import';
import type { HistoryStore } from './history-store';
import { exportPieces, importText } from './history-transfer';
import { eventually, freshStore, loadCore, scripted } from '../test-support';

beforeAll(loadCore);

const sender = {} as Runtime.MessageSender;

// A 1×1 PNG as a canvas writes it, padded to the size wanted (base64 of the same four types).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const image = (chars = 0): QuestionImage => ({
  mediaType: 'image/png',
  data: `${PNG.slice(0, -2)}${'A'.repeat(chars)}==`,
  width: 1,
  height: 1,
});

function ask(conversationId: string, images: QuestionImage[], parentId: string | null = null) {
  const command = v.parse(ChatCommandSchema, {
    type: 'ask',
    conversationId,
    turnId: crypto.randomUUID(),
    parentId,
    question: 'What is this?',
    images,
  });
  if (command.type !== 'ask') throw new Error('not an ask');
  return command;
}

/** Asks with `images` and lets the answer end; then regenerates it `versions - 1` times. */
async function converse(store: HistoryStore, images: QuestionImage[], versions = 1) {
  const { answers, calls } = scripted(store);
  const first = ask(crypto.randomUUID(), images);
  for (let i = 0; i < versions; i++) {
    const command = i === 0 ? first : { type: 'regenerate' as const, of: first.turnId, turnId: crypto.randomUUID() };
    const answer = (await answers.open(command))!;
    await eventually(() => calls.length === i + 1, 'the request');
    calls[i]!.emit({ type: 'text', text: 'A red dot.' }, { type: 'done', reason: 'stop' });
    await answer.ended;
  }
  return { answers, conversationId: first.conversationId, turnId: first.turnId };
}

test('the JSON export carries the images, and importing it brings them back', async () => {
  const store = await freshStore();
  const images = [image(), image(100)];
  const { conversationId, turnId } = await converse(store, images);
  const parts: string[] = [];
  for await (const piece of exportPieces(store, { ids: [conversationId], format: 'json' })) parts.push(piece);
  const file = JSON.parse(parts.join('')) as ExportFile;
  expect(file.conversations[0]?.turns[0]?.images).toEqual(images);

  const other = await freshStore();
  expect(await importText(other, parts.join(''))).toEqual({ imported: 1, skipped: 0 });
  expect((await other.turn(turnId))?.images).toEqual(images);
  expect(await other.db.count('texts')).toBe(2);
});

test('opening a conversation sends each image once, however many versions show it', async () => {
  const store = await freshStore();
  const big = image(200_000);
  const { answers, conversationId } = await converse(store, [big], 3);
  const open = historyHandlers(async () => store, answers)['history.open'];
  const opened = await open({ id: conversationId }, sender);
  expect(opened?.turns).toHaveLength(3);
  expect(Object.values(opened?.images ?? {})).toEqual([big.data]);
  expect(JSON.stringify(opened).length).toBeLessThan(big.data.length + 10_000);
  for (const turn of opened?.turns ?? [])
    expect(turn.images).toEqual([{ mediaType: 'image/png', width: 1, height: 1, ref: '0' }]);
});

test('a conversation refuses images it could not hold and still open, and stores nothing of the question', async () => {
  const store = await freshStore();
  // Eight images of nearly 5 MiB each (the most one image may be), four per question: 40 MiB.
  const large = (i: number) => image(MAX_IMAGE_BASE64 - 200 - i);
  const { answers, conversationId, turnId } = await converse(store, [0, 1, 2, 3].map(large));
  const second = ask(conversationId, [4, 5, 6, 7].map(large), turnId);
  (await answers.open(second))?.stop();
  expect(imageChars(await store.turns(conversationId))).toBeLessThanOrEqual(MAX_CONVERSATION_IMAGE_CHARS);

  const more = ask(conversationId, [image(1000)], second.turnId);
  await expect(answers.open(more)).rejects.toThrow(t('imagesConversationFull', '40.0', '40.0'));
  expect(await store.hasTurn(more.turnId)).toBe(false);
  // The same images again cost nothing: asking about one of them once more is fine.
  const again = ask(conversationId, [large(0)], second.turnId);
  await expect(answers.open(again)).resolves.toBeDefined();
});

test('a question with images that the storage cannot hold says the storage is full', async () => {
  const store = await freshStore();
  store.addTurn = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));
  const { answers } = scripted(store);
  const refused = await answers.open(ask(crypto.randomUUID(), [image(1000)])).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DOMException);
  expect(storageProblem(refused)).toBe(t('storageFull'));
});

/** A JSON export of one conversation with `questions` questions of four `large` images each. */
async function exportWithImages(questions: number, large: (i: number) => QuestionImage) {
  const store = await freshStore();
  const { conversationId } = await converse(store, [0, 1, 2, 3].map(large));
  const parts: string[] = [];
  for await (const piece of exportPieces(store, { ids: [conversationId], format: 'json' })) parts.push(piece);
  const file = JSON.parse(parts.join('')) as ExportFile;
  const data = file.conversations[0]!;
  for (let q = 1; q < questions; q++) {
    const last = data.turns.at(-1)!;
    const images = [0, 1, 2, 3].map((i) => large(4 * q + i));
    data.turns.push({ ...last, id: crypto.randomUUID(), parentId: last.id, images });
  }
  data.conversation.leafId = data.turns.at(-1)!.id;
  return file;
}

test('an import whose conversation holds more images than a conversation may is refused whole', async () => {
  const large = (i: number) => image(MAX_IMAGE_BASE64 - 200 - i);
  // Three questions of four images of nearly 5 MiB: 60 MiB, past the 40 MiB a conversation holds.
  const file = await exportWithImages(3, large);
  const store = await freshStore();
  const kept = await converse(store, [image(10)]);
  const title = file.conversations[0]!.conversation.title;
  const chars = imageChars(file.conversations[0]!.turns);
  await expect(importText(store, JSON.stringify(file))).rejects.toThrow(
    t('importImagesTooMany', title, (chars / 1024 / 1024).toFixed(1), '40.0'),
  );
  expect((await store.list()).value.map((c) => c.id)).toEqual([kept.conversationId]);
  expect((await store.turn(kept.turnId))?.images).toEqual([image(10)]);
});

test('an import larger than the free storage is refused before anything is written', async () => {
  const file = await exportWithImages(1, (i) => image(100_000 + i));
  const text = JSON.stringify(file);
  const store = await freshStore();
  const free = () => Promise.resolve(300_000);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  await expect(importText(store, text, free)).rejects.toThrow(t('importNoRoom', mb(text.length), mb(300_000)));
  expect((await store.list()).value).toEqual([]);
  expect(await importText(store, text, () => Promise.resolve(text.length))).toEqual({ imported: 1, skipped: 0 });
});

test('a file already in the history is not refused for want of room it would not take', async () => {
  const file = await exportWithImages(1, (i) => image(100_000 + i));
  const text = JSON.stringify(file);
  const store = await freshStore();
  expect(await importText(store, text)).toEqual({ imported: 1, skipped: 0 });
  // Importing the same file again writes nothing: storage with less room than the file is enough.
  const little = () => Promise.resolve(1000);
  expect(await importText(store, text, little)).toEqual({ imported: 0, skipped: 1 });
});

test('an import cannot be asked for without the size the free storage is compared with', async () => {
  const file = await exportWithImages(1, (i) => image(100_000 + i));
  const store = await freshStore();
  const none = () => Promise.resolve(0);
  // @ts-expect-error: without its size a file would pass any free-storage check (as 0 bytes).
  const unsized = () => importFile(store, file, undefined, none);
  expect(unsized).toBeTypeOf('function');
  await expect(importFile(store, file, JSON.stringify(file).length, none)).rejects.toThrow(/Nothing was imported/);
});

test('a browser that cannot say how much room is left does not stop an import', async () => {
  const file = await exportWithImages(1, (i) => image(3000 + i));
  const store = await freshStore();
  const unknown = () => Promise.reject(new Error('estimate() is not allowed here'));
  expect(await importText(store, JSON.stringify(file), unknown)).toEqual({ imported: 1, skipped: 0 });
});

test('storage filling up during an import keeps what was stored and says how far it got', async () => {
  const one = await exportWithImages(1, (i) => image(1000 + i));
  const two = await exportWithImages(1, (i) => image(2000 + i));
  const file = { ...one, conversations: [...one.conversations, ...two.conversations] };
  const store = await freshStore();
  const kept = await converse(store, [image(10)]);
  const put = store.put.bind(store);
  let writes = 0;
  store.put = (data) => (++writes === 2 ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : put(data));
  await expect(importText(store, JSON.stringify(file))).rejects.toThrow(
    t('importStoppedFull', t('storageFull'), '1', '2'),
  );
  const ids = (await store.list()).value.map((c) => c.id).sort();
  expect(ids).toEqual([kept.conversationId, one.conversations[0]!.conversation.id].sort());
  expect((await store.turn(kept.turnId))?.images).toEqual([image(10)]);
});

test('storage filling up names the conversations skipped as already in the history', async () => {
  const one = await exportWithImages(1, (i) => image(1000 + i));
  const two = await exportWithImages(1, (i) => image(2000 + i));
  const three = await exportWithImages(1, (i) => image(3000 + i));
  const store = await freshStore();
  await importText(store, JSON.stringify(one));
  const file = { ...one, conversations: [one, two, three].flatMap((f) => f.conversations) };
  const put = store.put.bind(store);
  let writes = 0;
  store.put = (data) => (++writes === 2 ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : put(data));
  // The first is skipped (already here), the second stored, the third finds storage full.
  const stopped = importText(store, JSON.stringify(file));
  await expect(stopped).rejects.toThrow(/and 1 was skipped as already in your history/);
  await expect(stopped).rejects.toThrow(t('importStoppedFullSkippedOne', t('storageFull'), '1', '3'));
});
