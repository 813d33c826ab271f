/**
 * Deleted conversations wait in the `trash` store a few minutes, for Undo. Before, the panel was
 * handed the whole deleted conversation and sent it back to restore it, which fails once a
 * conversation is larger than a message may be (64 MiB in Chrome). The trash stays in the
 * worker; after TRASH_MINUTES it is gone for good, texts included.
 */
import * as v from 'valibot';
import { ConversationSchema, summary, type Summary } from '../../shared/history';
import { indexWords, searchableText } from '../../shared/history-text';
import { StoredTurnSchema, type StoredTurn } from './attachment-texts';
import { chunkRange, type Db } from '../db';
import { foldChunks } from './stream-chunks';

/** Longer than the Undo offer stays on screen; short enough that deleting means deleting. */
export const TRASH_MINUTES = 10;

/** Moves a conversation to the trash; a streaming answer's received chunks are folded in. */
export async function toTrash(db: Db, id: string): Promise<Summary | null> {
  await purgeTrash(db);
  const tx = db.transaction(['conversations', 'turns', 'chunks', 'search', 'trash'], 'readwrite');
  const parsed = v.safeParse(ConversationSchema, await tx.objectStore('conversations').get(id));
  const turnIds = await tx.objectStore('turns').index('conversationId').getAllKeys(id);
  const turns: StoredTurn[] = [];
  for (const turnId of turnIds) {
    const turn = v.safeParse(StoredTurnSchema, await tx.objectStore('turns').get(turnId));
    const chunks = await tx.objectStore('chunks').getAll(chunkRange(turnId));
    if (turn.success) turns.push(foldChunks(turn.output, chunks));
    await tx.objectStore('turns').delete(turnId);
    await tx.objectStore('chunks').delete(chunkRange(turnId));
  }
  await tx.objectStore('conversations').delete(id);
  await tx.objectStore('search').delete(id);
  if (parsed.success) {
    await tx.objectStore('trash').put({ id, deletedAt: Date.now(), conversation: parsed.output, turns });
  }
  await tx.done;
  return parsed.success ? summary(parsed.output) : null;
}

/** Puts a trashed conversation back as it was (an answer cut off by the delete as interrupted). */
export async function fromTrash(db: Db, id: string): Promise<Summary | null> {
  const tx = db.transaction(['conversations', 'turns', 'search', 'trash'], 'readwrite');
  const record = await tx.objectStore('trash').get(id);
  if (!record) {
    await tx.done;
    return null;
  }
  const { conversation } = record;
  const turns = record.turns.map((t) => (t.status === 'streaming' ? { ...t, status: 'interrupted' as const } : t));
  await tx.objectStore('conversations').put(conversation);
  for (const turn of turns) await tx.objectStore('turns').put(turn);
  const words = indexWords(searchableText({ conversation, turns }));
  await tx.objectStore('search').put({ conversationId: id, words });
  await tx.objectStore('trash').delete(id);
  await tx.done;
  return summary(conversation);
}

/**
 * Forgets what was deleted more than TRASH_MINUTES ago (`now` for tests), with its attachment
 * texts, unless a conversation with the same id lives again (imported since).
 */
export async function purgeTrash(db: Db, now = Date.now()): Promise<void> {
  const cutoff = now - TRASH_MINUTES * 60_000;
  const tx = db.transaction(['trash', 'conversations', 'texts'], 'readwrite');
  for (const record of await tx.objectStore('trash').getAll()) {
    if (record.deletedAt > cutoff) continue;
    await tx.objectStore('trash').delete(record.id);
    if (await tx.objectStore('conversations').getKey(record.id)) continue;
    const texts = await tx.objectStore('texts').index('conversationId').getAllKeys(record.id);
    for (const key of texts) await tx.objectStore('texts').delete(key);
  }
  await tx.done;
}
