/**
 * Conversations in the database: written as answers arrive, read back validated (a damaged
 * record is counted and skipped, never allowed to break the rest), searched by word prefix.
 */
import type { IDBPTransaction } from 'idb';
import * as v from 'valibot';
import {
  ConversationSchema,
  summary,
  type ConversationData,
  type ConversationRecord,
  type Summary,
  type TurnRecord,
} from '../../shared/history';
import { indexWords, queryWords, searchableText } from '../../shared/history-text';
import {
  joined,
  storedForm,
  StoredTurnSchema,
  textIds,
  textMap,
  withTexts,
  type StoredTurn,
  type TextRecord,
} from './attachment-texts';
import { chunkRange, type Db, type GlossDb } from '../db';
import { purgeTrash, toTrash, fromTrash } from './history-trash';
import { withExcerpts } from './history-excerpts';
import { foldChunks, storeUpdate, type StreamUpdate } from './stream-chunks';

export interface Loaded<T> {
  value: T;
  /** Records that could not be read (shown to the user, kept in the database). */
  damaged: number;
}

function valid<T>(schema: v.GenericSchema<unknown, T>, raws: unknown[]): Loaded<T[]> {
  const value: T[] = [];
  for (const raw of raws) {
    const parsed = v.safeParse(schema, raw);
    if (parsed.success) value.push(parsed.output);
  }
  return { value, damaged: raws.length - value.length };
}

export class HistoryStore {
  constructor(readonly db: Db) {}

  /** Every conversation, most recently used first. */
  async list(): Promise<Loaded<Summary[]>> {
    await purgeTrash(this.db);
    // The whole store, not the date index: a record without a date must still be counted.
    const { value, damaged } = valid(ConversationSchema, await this.db.getAll('conversations'));
    value.sort((a, b) => b.updatedAt - a.updatedAt);
    return { value: value.map(summary), damaged };
  }

  /** Conversations whose title or text has a word starting with each word of `query`, with excerpts. */
  async search(query: string): Promise<Summary[]> {
    const words = queryWords(query);
    if (words.length === 0) return (await this.list()).value;
    const tx = this.db.transaction(['search', 'conversations']);
    const index = tx.objectStore('search').index('words');
    let ids: Set<string> | undefined;
    for (const word of words) {
      const keys = await index.getAllKeys(IDBKeyRange.bound(word, `${word}\uffff`));
      const found = new Set(keys);
      ids = ids ? new Set([...ids].filter((id) => found.has(id))) : found;
      if (ids.size === 0) break;
    }
    const store = tx.objectStore('conversations');
    const raws = await Promise.all([...(ids ?? [])].map((id) => store.get(id)));
    await tx.done;
    const found = valid(ConversationSchema, raws.filter(Boolean)).value.sort((a, b) => b.updatedAt - a.updatedAt);
    return withExcerpts(this.db, found.map(summary), words);
  }

  /** One conversation and all its turns; a streaming turn's answer includes its chunks. */
  async open(id: string): Promise<Loaded<ConversationData> | null> {
    const tx = this.db.transaction(['conversations', 'turns', 'chunks', 'texts']);
    const raw = await tx.objectStore('conversations').get(id);
    const conversation = v.safeParse(ConversationSchema, raw);
    if (!conversation.success) return null;
    const stored = valid(StoredTurnSchema, await tx.objectStore('turns').index('conversationId').getAll(id));
    const turns = joined(stored, textMap(await tx.objectStore('texts').index('conversationId').getAll(id)));
    const value = {
      conversation: conversation.output,
      turns: await Promise.all(turns.value.map((t) => withChunks(tx, t))),
    };
    await tx.done;
    return { value, damaged: turns.damaged };
  }

  async conversation(id: string): Promise<ConversationRecord | undefined> {
    const parsed = v.safeParse(ConversationSchema, await this.db.get('conversations', id));
    return parsed.success ? parsed.output : undefined;
  }

  /**
   * All turns of a conversation (for building the messages of a question); a streaming turn's
   * answer and steps include its chunks.
   */
  async turns(conversationId: string): Promise<TurnRecord[]> {
    const tx = this.db.transaction(['turns', 'texts', 'chunks']);
    const stored = valid(
      StoredTurnSchema,
      await tx.objectStore('turns').index('conversationId').getAll(conversationId),
    );
    const texts = textMap(await tx.objectStore('texts').index('conversationId').getAll(conversationId));
    return Promise.all(joined(stored, texts).value.map((turn) => withChunks(tx, turn)));
  }

  async turn(id: string): Promise<TurnRecord | undefined> {
    const tx = this.db.transaction(['turns', 'texts', 'chunks']);
    const parsed = v.safeParse(StoredTurnSchema, await tx.objectStore('turns').get(id));
    if (!parsed.success) return undefined;
    const texts = textMap(await Promise.all(textIds(parsed.output).map((t) => tx.objectStore('texts').get(t))));
    const turn = withTexts(parsed.output, texts);
    return turn ? withChunks(tx, turn) : undefined;
  }

  /** Whether a turn with this id is stored (damaged or not). */
  async hasTurn(id: string): Promise<boolean> {
    return (await this.db.getKey('turns', id)) !== undefined;
  }

  /** Stores a turn as it stands (an answer being continued), leaving the path shown alone. */
  async putTurn(turn: TurnRecord): Promise<void> {
    const { turns, texts } = await storedForm([turn]);
    const tx = this.db.transaction(['turns', 'texts'], 'readwrite');
    for (const text of texts) await tx.objectStore('texts').put(text);
    for (const stored of turns) await tx.objectStore('turns').put(stored);
    await tx.done;
  }

  /** Starts a conversation with its automatic title (`titleFor`). */
  async create(
    id: string,
    title: string,
    {
      providerId,
      model,
      systemPrompt,
      toolsOff,
      web,
    }: { providerId?: string; model?: string; systemPrompt?: string; toolsOff?: string[]; web?: boolean } = {},
  ): Promise<ConversationRecord> {
    const now = Date.now();
    const conversation: ConversationRecord = {
      id,
      title,
      titleEdited: false,
      createdAt: now,
      updatedAt: now,
      leafId: null,
      providerId,
      model,
      systemPrompt: systemPrompt?.trim() || undefined,
      ...(toolsOff?.length ? { toolsOff } : {}),
      ...(web ? { web } : {}),
    };
    await this.db.put('conversations', conversation);
    return conversation;
  }

  /** Stores a new turn (a question about to be answered) and shows its path. */
  async addTurn(turn: TurnRecord): Promise<void> {
    const { turns, texts } = await storedForm([turn]);
    const tx = this.db.transaction(['turns', 'texts', 'conversations'], 'readwrite');
    for (const text of texts) await tx.objectStore('texts').put(text);
    for (const stored of turns) await tx.objectStore('turns').put(stored);
    await this.touch(tx.objectStore('conversations'), turn.conversationId, { leafId: turn.id });
    await tx.done;
  }

  /** Stores one update of a streaming answer: its text and tool state (`stream-chunks.ts`). */
  storeUpdate(update: StreamUpdate): Promise<void> {
    return storeUpdate(this.db, update);
  }

  /** Stores a turn's final state (its chunks folded in) and indexes its words. */
  async finishTurn(turn: TurnRecord): Promise<void> {
    const { turns, texts } = await storedForm([turn]);
    await this.writeFinished(turns[0] as StoredTurn, texts);
  }

  private async writeFinished(turn: StoredTurn, texts: readonly TextRecord[]): Promise<void> {
    const tx = this.db.transaction(['turns', 'texts', 'chunks', 'conversations', 'search'], 'readwrite');
    for (const text of texts) await tx.objectStore('texts').put(text);
    await tx.objectStore('turns').put(turn);
    await tx.objectStore('chunks').delete(chunkRange(turn.id));
    const conversation = await this.touch(tx.objectStore('conversations'), turn.conversationId, {});
    if (conversation) {
      const turns = await tx.objectStore('turns').index('conversationId').getAll(turn.conversationId);
      const words = indexWords(searchableText({ conversation, turns }));
      await tx.objectStore('search').put({ conversationId: conversation.id, words });
    }
    await tx.done;
  }

  /**
   * Turns still marked as streaming when the worker starts lost their answer's worker: keep
   * what arrived and mark them interrupted, so the panel offers Continue and Regenerate.
   */
  async recoverInterrupted(): Promise<number> {
    await purgeTrash(this.db);
    const orphans = valid(StoredTurnSchema, await this.db.getAllFromIndex('turns', 'status', 'streaming')).value;
    for (const turn of orphans) {
      const chunks = await this.db.getAll('chunks', chunkRange(turn.id));
      await this.writeFinished({ ...foldChunks(turn, chunks), status: 'interrupted' }, []);
    }
    return orphans.length;
  }

  async update(
    id: string,
    change: Partial<
      Pick<
        ConversationRecord,
        'title' | 'titleEdited' | 'leafId' | 'systemPrompt' | 'providerId' | 'model' | 'toolsOff' | 'web'
      >
    >,
  ): Promise<void> {
    const tx = this.db.transaction(['conversations', 'turns', 'search'], 'readwrite');
    const conversation = await this.touch(tx.objectStore('conversations'), id, change, false);
    if (conversation && change.title !== undefined) {
      const turns = await tx.objectStore('turns').index('conversationId').getAll(id);
      await tx
        .objectStore('search')
        .put({ conversationId: id, words: indexWords(searchableText({ conversation, turns })) });
    }
    await tx.done;
  }

  /** Deletes a conversation into the trash, where Undo finds it (`history-trash.ts`). */
  remove = (id: string): Promise<Summary | null> => toTrash(this.db, id);

  /** Brings back a conversation deleted a moment ago. */
  restore = (id: string): Promise<Summary | null> => fromTrash(this.db, id);

  /** Writes a whole conversation (an import), with its search words. */
  async put({ conversation, turns }: ConversationData): Promise<void> {
    const stored = await storedForm(turns);
    const tx = this.db.transaction(['conversations', 'turns', 'texts', 'search'], 'readwrite');
    await tx.objectStore('conversations').put(conversation);
    for (const text of stored.texts) await tx.objectStore('texts').put(text);
    for (const turn of stored.turns) await tx.objectStore('turns').put(turn);
    const words = indexWords(searchableText({ conversation, turns }));
    await tx.objectStore('search').put({ conversationId: conversation.id, words });
    await tx.done;
  }

  private async touch(
    store: { get(id: string): Promise<unknown>; put(value: ConversationRecord): Promise<unknown> },
    id: string,
    change: Partial<ConversationRecord>,
    bump = true,
  ): Promise<ConversationRecord | undefined> {
    const parsed = v.safeParse(ConversationSchema, await store.get(id));
    if (!parsed.success) return undefined;
    const next = { ...parsed.output, ...change, ...(bump ? { updatedAt: Date.now() } : {}) };
    await store.put(next);
    return next;
  }
}

/** A turn as it stands: a streaming one with its chunks folded in (`stream-chunks.ts`). */
async function withChunks(
  tx: IDBPTransaction<GlossDb, ['turns', 'texts', 'chunks'] | ['conversations', 'turns', 'chunks', 'texts']>,
  turn: TurnRecord,
): Promise<TurnRecord> {
  if (turn.status !== 'streaming') return turn;
  return foldChunks(turn, await tx.objectStore('chunks').getAll(chunkRange(turn.id)));
}
