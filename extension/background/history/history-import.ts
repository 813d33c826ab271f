/**
 * Importing an export file: checked whole before anything is written, counts and each
 * conversation's images capped as when asking, the browser's free storage looked at first, and
 * ids kept only where they can touch nothing already stored.
 */
import * as v from 'valibot';
import {
  ExportSchema,
  MAX_IMPORT_CONVERSATIONS,
  MAX_IMPORT_TURNS,
  MAX_INSTRUCTIONS,
  type ConversationData,
  type TurnRecord,
} from '../../shared/history';
import { t } from '../../shared/i18n';
import { MAX_CONVERSATION_IMAGE_CHARS, imageChars } from '../../shared/images/opened-images';
import { storageProblem } from '../db';
import type { HistoryStore } from './history-store';

/** What an import did: conversations stored, and those skipped as already in the history. */
export interface ImportCount {
  imported: number;
  skipped: number;
}

/** Bytes the browser would still let Gloss store, or undefined where it cannot tell. */
export type FreeStorage = () => Promise<number | undefined>;

/** `navigator.storage.estimate()`, which service workers have in Chrome and Firefox. */
const browserFreeStorage: FreeStorage = async () => {
  // Node (the unit tests) has no navigator, or one without storage.
  if (typeof navigator === 'undefined' || !('storage' in navigator)) return undefined;
  const { quota, usage } = await navigator.storage.estimate();
  if (quota === undefined || usage === undefined) return undefined;
  return Math.max(0, quota - usage);
};

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

/**
 * Stores an export file's conversations. One already here (the same file imported twice) is
 * skipped; one whose id is taken but that holds turns not stored here comes in as a copy.
 * `size` is the file's length, compared with the free storage before anything is written (no
 * default: a caller that left it out would pass any file as empty).
 */
export async function importFile(
  s: HistoryStore,
  file: unknown,
  size: number,
  free: FreeStorage = browserFreeStorage,
): Promise<ImportCount> {
  // The validator's words ("Invalid key: Expected "format"…") mean nothing to a reader.
  const parsed = v.safeParse(ExportSchema, file);
  if (!parsed.success) throw new Error(t('errNotExport'));
  const { conversations } = parsed.output;
  refuseOverCaps(conversations);
  // A browser that cannot say how much room is left does not stop the import: writing still
  // says so if storage fills up.
  const room = await free().catch(() => undefined);
  if (room !== undefined && size > room) {
    const needed = await sizeToStore(s, conversations, size);
    if (needed > room) throw new Error(t('importNoRoom', mb(needed), mb(room)));
  }
  let skipped = 0;
  let imported = 0;
  for (const data of conversations) {
    if (await alreadyHere(s, data)) skipped++;
    else {
      await s.put((await keepsItsIds(s, data)) ? settled(data) : withNewIds(data)).catch((e: unknown) => {
        // Each conversation is written in a transaction of its own: those before stay, this one
        // is left out whole, and nothing stored before the import is touched.
        throw new Error(stoppedFull(e, imported, skipped, conversations.length));
      });
      imported++;
    }
  }
  return { imported, skipped };
}

/**
 * About how much of a file that does not fit an import would write: the conversations already
 * here are skipped, so a file imported again needs no room at all. Looked at only when the
 * whole file would not fit, as it reads every conversation's turns once more.
 */
async function sizeToStore(s: HistoryStore, conversations: readonly ConversationData[], size: number): Promise<number> {
  let here = 0;
  for (const data of conversations) if (await alreadyHere(s, data)) here += JSON.stringify(data).length;
  return Math.max(0, size - here);
}

/** Storage filled up: how far the import got, naming those skipped as already here (they were
 * not imported either, but for another reason than the rest). */
function stoppedFull(e: unknown, imported: number, skipped: number, total: number): string {
  const counts = [storageProblem(e), String(imported), String(total)];
  if (skipped === 0) return t('importStoppedFull', ...counts);
  if (skipped === 1) return t('importStoppedFullSkippedOne', ...counts);
  return t('importStoppedFullSkippedMany', ...counts, String(skipped));
}

/** Refuses a file with more than an import takes, or a conversation with more images than Gloss
 * lets one hold (it could not be opened: see `shared/opened-images.ts`). */
function refuseOverCaps(conversations: readonly ConversationData[]): void {
  if (conversations.length > MAX_IMPORT_CONVERSATIONS || conversations.some((c) => c.turns.length > MAX_IMPORT_TURNS)) {
    throw new Error(t('importTooMany', MAX_IMPORT_CONVERSATIONS.toLocaleString(), MAX_IMPORT_TURNS.toLocaleString()));
  }
  for (const { conversation, turns } of conversations) {
    const instructions = conversation.systemPrompt?.length ?? 0;
    if (instructions > MAX_INSTRUCTIONS) {
      const [title, length, most] = [
        conversation.title,
        instructions.toLocaleString(),
        MAX_INSTRUCTIONS.toLocaleString(),
      ];
      throw new Error(t('importInstructionsTooLong', title, length, most));
    }
    const chars = imageChars(turns);
    if (chars > MAX_CONVERSATION_IMAGE_CHARS) {
      throw new Error(t('importImagesTooMany', conversation.title, mb(chars), mb(MAX_CONVERSATION_IMAGE_CHARS)));
    }
  }
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
