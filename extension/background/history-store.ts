/**
 * Conversations in the database: written as answers arrive, read back validated (a damaged
 * record is counted and skipped, never allowed to break the rest), searched by word prefix.
 */
import * as v from 'valibot';
import {
  ConversationSchema,
  TurnSchema,
  titleFor,
  type ConversationData,
  type ConversationRecord,
  type Summary,
  type TurnRecord,
} from '../shared/history';
import { indexWords, queryWords, searchableText } from '../shared/history-text';
import { chunkRange, type Db } from './db';

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

const summary = (c: ConversationRecord): Summary => ({ id: c.id, title: c.title, updatedAt: c.updatedAt });

export class HistoryStore {
  constructor(readonly db: Db) {}

  /** Every conversation, most recently used first. */
  async list(): Promise<Loaded<Summary[]>> {
    // The whole store, not the date index: a record without a date must still be counted.
    const { value, damaged } = valid(ConversationSchema, await this.db.getAll('conversations'));
    value.sort((a, b) => b.updatedAt - a.updatedAt);
    return { value: value.map(summary), damaged };
  }

  /** Conversations whose title or text has a word starting with each word of `query`. */
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
    return valid(ConversationSchema, raws.filter(Boolean))
      .value.sort((a, b) => b.updatedAt - a.updatedAt)
      .map(summary);
  }

  /** One conversation and all its turns; a streaming turn's answer includes its chunks. */
  async open(id: string): Promise<Loaded<ConversationData> | null> {
    const tx = this.db.transaction(['conversations', 'turns', 'chunks']);
    const raw = await tx.objectStore('conversations').get(id);
    const conversation = v.safeParse(ConversationSchema, raw);
    if (!conversation.success) return null;
    const turns = valid(TurnSchema, await tx.objectStore('turns').index('conversationId').getAll(id));
    for (const turn of turns.value) {
      if (turn.status !== 'streaming') continue;
      for (const c of await tx.objectStore('chunks').getAll(chunkRange(turn.id))) {
        turn.answer += c.text;
        if (c.reasoning) turn.reasoning = (turn.reasoning ?? '') + c.reasoning;
      }
    }
    await tx.done;
    return { value: { conversation: conversation.output, turns: turns.value }, damaged: turns.damaged };
  }

  async conversation(id: string): Promise<ConversationRecord | undefined> {
    const parsed = v.safeParse(ConversationSchema, await this.db.get('conversations', id));
    return parsed.success ? parsed.output : undefined;
  }

  /** All turns of a conversation (for building the messages of a question). */
  async turns(conversationId: string): Promise<TurnRecord[]> {
    return valid(TurnSchema, await this.db.getAllFromIndex('turns', 'conversationId', conversationId)).value;
  }

  async turn(id: string): Promise<TurnRecord | undefined> {
    const parsed = v.safeParse(TurnSchema, await this.db.get('turns', id));
    return parsed.success ? parsed.output : undefined;
  }

  /** Stores a turn as it stands (an answer being continued), leaving the path shown alone. */
  async putTurn(turn: TurnRecord): Promise<void> {
    await this.db.put('turns', turn);
  }

  /** Starts a conversation with its automatic title. */
  async create(id: string, question: string, providerId?: string, systemPrompt?: string): Promise<ConversationRecord> {
    const now = Date.now();
    const conversation: ConversationRecord = {
      id,
      title: titleFor(question),
      titleEdited: false,
      createdAt: now,
      updatedAt: now,
      leafId: null,
      providerId,
      systemPrompt: systemPrompt?.trim() || undefined,
    };
    await this.db.put('conversations', conversation);
    return conversation;
  }

  /** Stores a new turn (a question about to be answered) and shows its path. */
  async addTurn(turn: TurnRecord): Promise<void> {
    const tx = this.db.transaction(['turns', 'conversations'], 'readwrite');
    await tx.objectStore('turns').put(turn);
    await this.touch(tx.objectStore('conversations'), turn.conversationId, { leafId: turn.id });
    await tx.done;
  }

  /** Stores received text before anyone sees it. */
  async appendChunk(chunk: { turnId: string; seq: number; text: string; reasoning: string }): Promise<void> {
    await this.db.put('chunks', chunk);
  }

  /** Stores a turn's final state (its chunks folded in) and indexes its words. */
  async finishTurn(turn: TurnRecord): Promise<void> {
    const tx = this.db.transaction(['turns', 'chunks', 'conversations', 'search'], 'readwrite');
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
    const orphans = valid(TurnSchema, await this.db.getAllFromIndex('turns', 'status', 'streaming')).value;
    for (const turn of orphans) {
      const chunks = await this.db.getAll('chunks', chunkRange(turn.id));
      const answer = turn.answer + chunks.map((c) => c.text).join('');
      const reasoning = (turn.reasoning ?? '') + chunks.map((c) => c.reasoning).join('');
      await this.finishTurn({ ...turn, answer, reasoning: reasoning || undefined, status: 'interrupted' });
    }
    return orphans.length;
  }

  async update(
    id: string,
    change: Partial<Pick<ConversationRecord, 'title' | 'titleEdited' | 'leafId' | 'systemPrompt' | 'providerId'>>,
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

  /** Deletes a conversation and returns it whole, so Undo can put it back. */
  async remove(id: string): Promise<ConversationData | null> {
    const data = await this.open(id);
    const tx = this.db.transaction(['conversations', 'turns', 'chunks', 'search'], 'readwrite');
    await tx.objectStore('conversations').delete(id);
    const turnIds = await tx.objectStore('turns').index('conversationId').getAllKeys(id);
    for (const turnId of turnIds) {
      await tx.objectStore('turns').delete(turnId);
      await tx.objectStore('chunks').delete(chunkRange(turnId));
    }
    await tx.objectStore('search').delete(id);
    await tx.done;
    return data?.value ?? null;
  }

  /** Writes a whole conversation (undo of a delete, or an import), with its search words. */
  async put({ conversation, turns }: ConversationData): Promise<void> {
    const tx = this.db.transaction(['conversations', 'turns', 'search'], 'readwrite');
    await tx.objectStore('conversations').put(conversation);
    for (const turn of turns) await tx.objectStore('turns').put(turn);
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
