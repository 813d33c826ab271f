/**
 * The page numbers a user types for a PDF ("1–3, 5"), read and checked in one place for both
 * uses: a text PDF's pages to send when it does not fit, and a scanned PDF's pages to draw as
 * images. Each kind of mistake says what is wrong with what was typed, in the user's words:
 * a page the PDF does not have, a range written backwards, a comma too many, or something that
 * is not a page.
 */
import { plural, t } from '../../shared/i18n';

/** "1 page", "12 pages". */
export function pageCount(pages: number): string {
  return plural(pages, 'pdfOnePage', 'pdfPageCount');
}

/** One part between commas: a page ("5") or a range with a hyphen or dash ("1–3"). */
const PART = /^(\d+)\s*(?:[-–—]\s*(\d+))?$/;

/**
 * Why `part` (one of the typed parts) names no pages of a PDF of `count` pages, else null. A
 * range written backwards is said first: "9–2" of 8 pages is a slip of order, not a page 9.
 */
function partProblem(part: string, from: number, to: number, count: number): string | null {
  if (to < from) return t('pdfPagesBackwards', part, `${to}–${from}`);
  if (from < 1 || from > count) return t('pdfPageNone', String(from), pageCount(count));
  if (to > count) return t('pdfPageNone', String(to), pageCount(count));
  return null;
}

/**
 * The page numbers typed ("1–3, 5": commas between, ranges with a hyphen or dash), in order and
 * each once; or why they cannot be used. `max`: the most pages that may be chosen (a question's
 * images), if any.
 */
export function pageList(typed: string, count: number, max = Infinity): { pages: number[] } | { error: string } {
  const pages = new Set<number>();
  const parts = typed.split(',').map((p) => p.trim());
  if (parts.every((p) => p === '')) return { error: t('pdfPagesInvalid', String(count)) };
  // A comma at the end ("1, 2,") changes nothing and is let be; an empty place elsewhere ("1,,3")
  // may be a page left out by mistake, so it is said rather than skipped.
  if (parts.at(-1) === '') parts.pop();
  if (parts.includes('')) return { error: t('pdfPagesEmptyPart', typed.trim()) };
  for (const part of parts) {
    const match = PART.exec(part);
    if (!match) return { error: t('pdfPagesInvalid', String(count)) };
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    const problem = partProblem(part, from, to, count);
    if (problem) return { error: problem };
    for (let n = from; n <= to && pages.size <= max; n++) pages.add(n);
    if (pages.size > max) return { error: t('pdfPagesTooMany', String(max)) };
  }
  return { pages: [...pages].sort((a, b) => a - b) };
}
