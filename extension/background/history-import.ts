/**
 * Importing an export file: checked whole before anything is written, counts capped, and ids
 * kept only where they can touch nothing already stored.
 */
import * as v from 'valibot';
import {
  ExportSchema,
  MAX_IMPORT_CONVERSATIONS,
  MAX_IMPORT_TURNS,
  type ConversationData,
  type TurnRecord,
} from '../shared/history';
import { t } from '../shared/i18n';
import type { HistoryStore } from './history-store';

/** What an import did: conversations stored, and those skipped as already in the history. */
export interface ImportCount {
  imported: number;
  skipped: number;
}

/**
 * Stores an export file's conversations. One already here (the same file imported twice) is
 * skipped; one whose id is taken but that holds turns not stored here comes in as a copy.
 */
export async function importFile(s: HistoryStore, file: unknown): Promise<ImportCount> {
  // The validator's words ("Invalid key: Expected "format"…") mean nothing to a reader.
  const parsed = v.safeParse(ExportSchema, file);
  if (!parsed.success) throw new Error(t('errNotExport'));
  const { conversations } = parsed.output;
  if (conversations.length > MAX_IMPORT_CONVERSATIONS || conversations.some((c) => c.turns.length > MAX_IMPORT_TURNS)) {
    throw new Error(t('importTooMany', MAX_IMPORT_CONVERSATIONS.toLocaleString(), MAX_IMPORT_TURNS.toLocaleString()));
  }
  let skipped = 0;
  for (const data of parsed.output.conversations) {
    if (await alreadyHere(s, data)) skipped++;
    else await s.put((await keepsItsIds(s, data)) ? settled(data) : withNewIds(data));
  }
  return { imported: conversations.length - skipped, skipped };
}

/** The conversation is stored under its id with every turn of the file (perhaps more since). */
async function alreadyHere(s: HistoryStore, { conversation, turns }: ConversationData): Promise<boolean> {
  if (!(await s.conversation(conversation.id))) return false;
  for (const turn of turns) if ((await s.turn(turn.id))?.conversationId !== conversation.id) return false;
  return true;
}

/**
 * A conversation keeps the ids in its file only when they can touch nothing stored: its id and
 * every turn's are new here, and every turn and link stays inside it. Otherwise (a second import,
 * or a file that names another conversation's turns) it comes in as a copy under fresh ids.
 */
async function keepsItsIds(s: HistoryStore, { conversation, turns }: ConversationData): Promise<boolean> {
  const ids = new Set(turns.map((t) => t.id));
  const inside = (id: string | null) => id === null || ids.has(id);
  const selfContained =
    ids.size === turns.length &&
    inside(conversation.leafId) &&
    turns.every((t) => t.conversationId === conversation.id && inside(t.parentId));
  if (!selfContained || (await s.conversation(conversation.id))) return false;
  for (const turn of turns) if (await s.hasTurn(turn.id)) return false;
  return true;
}

/** An imported answer cannot still be streaming: keep its text, marked interrupted. */
function settled(data: ConversationData): ConversationData {
  const turns = data.turns.map((t): TurnRecord => (t.status === 'streaming' ? { ...t, status: 'interrupted' } : t));
  return { ...data, turns };
}

/** A copy under fresh ids, for importing a conversation whose ids are taken (or not its own). */
function withNewIds(data: ConversationData): ConversationData {
  const ids = new Map(data.turns.map((t) => [t.id, crypto.randomUUID()]));
  const conversationId = crypto.randomUUID();
  const turns = settled(data).turns.map((t) => ({
    ...t,
    id: ids.get(t.id) ?? t.id,
    conversationId,
    parentId: t.parentId === null ? null : (ids.get(t.parentId) ?? null),
  }));
  const leafId = data.conversation.leafId === null ? null : (ids.get(data.conversation.leafId) ?? null);
  return { conversation: { ...data.conversation, id: conversationId, leafId }, turns };
}
