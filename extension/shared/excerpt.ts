/**
 * What a history search found in a conversation: a short excerpt around the first words that
 * match the query, with those words marked. Marks are offsets into the excerpt's plain text, so
 * the panel builds text nodes and <mark> elements from them and never parses stored text as HTML.
 */
import * as v from 'valibot';
import { fold } from './history-text';

export const ExcerptSchema = v.object({
  text: v.string(),
  marks: v.array(v.object({ start: v.number(), end: v.number() })),
});
export type Excerpt = v.InferOutput<typeof ExcerptSchema>;

/** Characters shown before the first match, and in all (about two lines of the history list). */
const BEFORE = 40;
const LENGTH = 160;

interface Word {
  start: number;
  end: number;
  matches: string | null;
}

/** The words of `text`, each with the query word it starts with, if any (case and accents aside). */
function wordsIn(text: string, query: readonly string[]): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => {
    const folded = fold(m[0]);
    const start = m.index;
    return { start, end: start + m[0].length, matches: query.find((q) => folded.startsWith(q)) ?? null };
  });
}

/**
 * The excerpt of the text (of `texts`, in order) that matches the most query words, around its
 * first match; null when none matches. `query` is folded already (`queryWords`).
 */
export function excerpt(texts: readonly string[], query: readonly string[]): Excerpt | null {
  let best: { text: string; words: Word[]; count: number } | null = null;
  for (const text of texts) {
    const words = wordsIn(text, query);
    const count = new Set(words.map((w) => w.matches).filter(Boolean)).size;
    if (count > (best?.count ?? 0)) best = { text, words, count };
    if (count === query.length) break;
  }
  if (!best) return null;
  const { text, words } = best;
  const first = words.find((w) => w.matches !== null);
  if (!first) return null;
  // Start and end at word boundaries, and say with "…" where text was left out.
  const from = first.start <= BEFORE ? 0 : (words.find((w) => w.start >= first.start - BEFORE)?.start ?? first.start);
  const limit = from + LENGTH;
  const to = text.length <= limit ? text.length : (words.filter((w) => w.end <= limit).at(-1)?.end ?? first.end);
  const lead = from > 0 ? '…' : '';
  const shown = lead + text.slice(from, to).replace(/\s+/g, ' ') + (to < text.length ? '…' : '');
  return { text: shown, marks: marksIn(text, words, from, to, lead.length) };
}

/** The matching words between `from` and `to`, as offsets into the excerpt (whitespace collapsed). */
function marksIn(text: string, words: Word[], from: number, to: number, shift: number): Excerpt['marks'] {
  const offset = (at: number) => shift + text.slice(from, at).replace(/\s+/g, ' ').length;
  return words
    .filter((w) => w.matches !== null && w.start >= from && w.end <= to)
    .map((w) => ({ start: offset(w.start), end: offset(w.end) }));
}

/** The excerpt as runs of text, marked or not, for the panel to build as text nodes. */
export function excerptRuns(found: Excerpt): { text: string; marked: boolean }[] {
  const runs: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of found.marks) {
    if (start < at || end > found.text.length) continue; // overlapping or out of range: not marked
    if (start > at) runs.push({ text: found.text.slice(at, start), marked: false });
    runs.push({ text: found.text.slice(start, end), marked: true });
    at = end;
  }
  if (at < found.text.length) runs.push({ text: found.text.slice(at), marked: false });
  return runs;
}
