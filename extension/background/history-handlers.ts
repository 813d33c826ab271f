/** The panel's requests about stored conversations: list, search, open, change, export, import. */
import * as v from 'valibot';
import {
  EXPORT_FORMAT,
  ExportSchema,
  MAX_IMPORT_CONVERSATIONS,
  MAX_IMPORT_TURNS,
  type ConversationData,
  type ExportFile,
  type TurnRecord,
} from '../shared/history';
import type { Handlers } from '../shared/protocol';
import type { AnswerRegistry } from './answer-registry';
import { coreReady, renderMarkdown } from './core';
import type { HistoryStore } from './history-store';
import { t } from '../shared/i18n';

type HistoryHandlers = Pick<
  Handlers,
  | 'history.list'
  | 'history.open'
  | 'history.update'
  | 'history.delete'
  | 'history.restore'
  | 'history.export'
  | 'history.import'
>;

export function historyHandlers(store: () => Promise<HistoryStore>, answers: AnswerRegistry): HistoryHandlers {
  return {
    'history.list': async ({ query }) => {
      const s = await store();
      if (query.trim() === '') {
        const { value, damaged } = await s.list();
        return { conversations: value, damaged };
      }
      return { conversations: await s.search(query), damaged: 0 };
    },
    'history.open': async ({ id }) => {
      const [s] = await Promise.all([store(), coreReady()]);
      return openWithRenders(s, answers, id);
    },
    'history.update': async ({ id, title, leafId, systemPrompt }) => {
      const s = await store();
      await s.update(id, {
        ...(title !== undefined && { title, titleEdited: true }),
        ...(leafId !== undefined && { leafId }),
        ...(systemPrompt !== undefined && { systemPrompt }),
      });
      return {};
    },
    'history.delete': async ({ id }) => {
      const s = await store();
      // An answer still being written for it stops first, so nothing writes to it afterwards.
      await answers.stopConversation(id);
      return { removed: await s.remove(id) };
    },
    'history.restore': async ({ data }) => {
      await (await store()).put(data);
      return {};
    },
    'history.export': async ({ ids }) => ({ file: await exportFile(await store(), ids) }),
    'history.import': async ({ file }) => ({ imported: await importFile(await store(), file) }),
  };
}

/**
 * A stored conversation with each finished answer rendered (the core must be ready); live
 * answers render as they stream.
 */
async function openWithRenders(s: HistoryStore, answers: AnswerRegistry, id: string) {
  const loaded = await s.open(id);
  if (!loaded) return null;
  const live = new Set(answers.liveIds());
  const turns = loaded.value.turns.map((t) => ({ ...t, html: live.has(t.id) ? '' : renderMarkdown(t.answer) }));
  return {
    conversation: loaded.value.conversation,
    turns,
    live: turns.filter((t) => live.has(t.id)).map((t) => t.id),
    damaged: loaded.damaged,
  };
}

/** The export file of the conversations `ids` (all of them when absent). */
async function exportFile(s: HistoryStore, ids: string[] | undefined): Promise<ExportFile> {
  const wanted = ids ?? (await s.list()).value.map((c) => c.id);
  const conversations: ConversationData[] = [];
  for (const id of wanted) {
    const loaded = await s.open(id);
    if (loaded) conversations.push(loaded.value);
  }
  return { format: EXPORT_FORMAT, version: 1, exportedAt: Date.now(), conversations };
}

/** Stores an export file's conversations; one already present comes in as a copy. */
async function importFile(s: HistoryStore, file: unknown): Promise<number> {
  const parsed = v.safeParse(ExportSchema, file);
  if (!parsed.success) {
    throw new Error(t('errNotExport', v.summarize(parsed.issues).split('\n')[0] ?? ''));
  }
  const { conversations } = parsed.output;
  if (conversations.length > MAX_IMPORT_CONVERSATIONS || conversations.some((c) => c.turns.length > MAX_IMPORT_TURNS)) {
    throw new Error(t('importTooMany', MAX_IMPORT_CONVERSATIONS.toLocaleString(), MAX_IMPORT_TURNS.toLocaleString()));
  }
  for (const data of parsed.output.conversations) {
    await s.put((await keepsItsIds(s, data)) ? settled(data) : withNewIds(data));
  }
  return parsed.output.conversations.length;
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
  for (const turn of turns) if (await s.turn(turn.id)) return false;
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
