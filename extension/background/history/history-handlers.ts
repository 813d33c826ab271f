/**
 * The panel's requests about stored conversations: list, search, open, change, delete and undo.
 * Export and import travel in pieces on ports of their own (`history-transfer.ts`).
 */
import { shownTurn } from '../../shared/history';
import { answerParts } from '../../shared/tools/answer-parts';
import { byReference } from '../../shared/images/opened-images';
import type { Handlers } from '../../shared/protocol';
import type { AnswerRegistry } from '../answers/answer-registry';
import { coreReady, renderMarkdown } from '../core';
import type { HistoryStore } from './history-store';

type HistoryHandlers = Pick<
  Handlers,
  'history.list' | 'history.open' | 'history.update' | 'history.delete' | 'history.restore'
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
    'history.update': async ({ id, title, leafId, systemPrompt, choice, toolsOff, web }) => {
      const s = await store();
      await s.update(id, {
        ...(title !== undefined && { title, titleEdited: true }),
        ...(leafId !== undefined && { leafId }),
        ...(systemPrompt !== undefined && { systemPrompt }),
        ...(toolsOff !== undefined && { toolsOff }),
        ...(web !== undefined && { web }),
        ...choice,
      });
      return {};
    },
    'history.delete': async ({ id }) => {
      const s = await store();
      // An answer still being written for it stops first, so nothing writes to it afterwards.
      await answers.stopConversation(id);
      return { removed: await s.remove(id) };
    },
    'history.restore': async ({ id }) => ({ restored: await (await store()).restore(id) }),
  };
}

/**
 * A stored conversation with each finished answer rendered (the core must be ready); live
 * answers render as they stream. Each image goes once, however many versions show it.
 */
async function openWithRenders(s: HistoryStore, answers: AnswerRegistry, id: string) {
  const loaded = await s.open(id);
  if (!loaded) return null;
  const live = new Set(answers.liveIds());
  const turns = loaded.value.turns.map((t) => ({
    ...shownTurn(t),
    html: live.has(t.id) ? '' : renderMarkdown(t.answer),
    // An answer with tool steps shows in parts, its steps between them.
    ...(t.steps?.length && !live.has(t.id) ? { parts: answerParts(t.answer, t.steps).map(renderMarkdown) } : {}),
  }));
  return {
    conversation: loaded.value.conversation,
    ...byReference(turns),
    live: turns.filter((t) => live.has(t.id)).map((t) => t.id),
    damaged: loaded.damaged,
  };
}
