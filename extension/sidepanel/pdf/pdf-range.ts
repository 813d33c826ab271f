/**
 * A PDF's pages chosen by number in the composer: when a long PDF does not fit, the user can
 * send the pages they mean ("3–5, 9") instead of its first ones. The typed pages are checked
 * here (`page-list.ts`) and the core keeps those pages of the text (found by their markers);
 * the whole text stays with the chip, so the pages can be chosen again or all sent after all.
 */
import { pageList } from '../material/page-list';
import { withoutChoice, type Source } from '../material/sources';

/** The core's page choice, behind the worker: the pages' text and the pages named ("3–5, 9"). */
export type SelectPages = (text: string, pages: number[]) => Promise<{ text: string; pages: string }>;

/**
 * How many pages the PDF has. A count the reader could not give (none, or 0) is one page (every
 * PDF has at least one), so the box offers "1" and accepts it rather than offering what it refuses.
 */
const pageTotal = (source: Source) => source.pages || 1;

/** The PDF with all its pages again. */
export function allPages(source: Source): Source {
  return { ...withoutChoice(source), text: source.whole ?? source.text };
}

/**
 * The PDF with only the pages typed, or why they cannot be used. All pages typed is the whole
 * PDF again.
 */
export async function choosePages(
  source: Source,
  typed: string,
  select: SelectPages,
): Promise<Source | { error: string }> {
  const count = pageTotal(source);
  const chosen = pageList(typed, count);
  if ('error' in chosen) return chosen;
  if (chosen.pages.length === count) return allPages(source);
  const whole = source.whole ?? source.text;
  const kept = await select(whole, chosen.pages);
  return { ...withoutChoice(source), text: kept.text, range: kept.pages, whole };
}

/** What the pages box shows: the pages chosen, or all of them. */
export function typedPages(source: Source): string {
  const count = pageTotal(source);
  return source.range ?? (count === 1 ? '1' : `1–${count}`);
}
