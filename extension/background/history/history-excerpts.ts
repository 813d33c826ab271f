/**
 * Excerpts for history search results (`shared/excerpt.ts`): the words of each found
 * conversation's questions and answers around what matched. Only the first results get one:
 * they are the rows the list shows first, and reading every turn of a thousand matches would
 * slow the search the user is typing.
 */
import type { Summary } from '../../shared/history';
import { excerpt } from '../../shared/excerpt';
import type { Db } from '../db';

/** Four pages of the history list (`history-list.ts`'s PAGE). */
export const EXCERPTED = 200;

/** `found` (in order), the first EXCERPTED with the excerpt of their text that matches `words`. */
export async function withExcerpts(db: Db, found: Summary[], words: readonly string[]): Promise<Summary[]> {
  const tx = db.transaction('turns');
  const byConversation = tx.store.index('conversationId');
  const out = await Promise.all(
    found.map(async (item, i) => {
      if (i >= EXCERPTED) return item;
      // Damaged records are skipped here as everywhere: only strings are read.
      const turns = (await byConversation.getAll(item.id)) as {
        createdAt?: unknown;
        question?: unknown;
        answer?: unknown;
      }[];
      turns.sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
      const texts = turns.flatMap((t) => [t.question, t.answer]).filter((s): s is string => typeof s === 'string');
      const shown = excerpt(texts, words);
      return shown ? { ...item, excerpt: shown } : item;
    }),
  );
  await tx.done;
  return out;
}
