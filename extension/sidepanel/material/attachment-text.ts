/**
 * How the quote waiting in the composer is described before it is sent: what it is and where
 * from, a short preview, and its size in tokens.
 */
import type { Attachment } from '../../shared/attachment';
import { t } from '../../shared/i18n';
import { tokenCount } from '../../shared/sources-sent';
import { pageCount } from './page-list';

/** What the quote is and where from ("Selection from “Title”"); just what it is for an untitled page. */
export function chipTitle(kind: Attachment['kind'], title: string): string {
  if (kind === 'pdf') return title ? t('pdfFrom', title) : t('pdf');
  if (kind === 'transcript') return t('videoFrom', title);
  if (!title) return kind === 'page' ? t('page') : t('selection');
  return kind === 'page' ? t('pageFrom', title) : t('selectionFrom', title);
}

/**
 * The page marker the core puts at the start of each PDF page ("— page 12 —", "— Seite 12 —"):
 * one word of letters, as the core's `page_marker` reads it.
 */
const PAGE_MARKER = /^— \p{Alphabetic}{1,24} (\d+) —$/gmu;

/**
 * Which pages of a PDF's text the first `keptChars` characters hold: through page `last`, the
 * last of them only in part when `partial`. Read from the markers, so an edited text still counts.
 */
export function pagesKept(text: string, keptChars: number): { last: number; partial: boolean } {
  let last = 0;
  let lastEnd = 0;
  let nextStart = text.length;
  for (const m of text.matchAll(PAGE_MARKER)) {
    if (m.index >= keptChars) {
      nextStart = m.index;
      break;
    }
    last = Number(m[1]);
    lastEnd = m.index + m[0].length;
  }
  // The page goes on to the next marker (less the blank line before it), or the text's end.
  const pageEnd = nextStart === text.length ? text.trimEnd().length : nextStart - 2;
  return { last, partial: keptChars < pageEnd && keptChars > lastEnd };
}

/**
 * "Too long: pages 1–38 of 120 fit…" for a PDF that does not fit; `full` also says what is left
 * out and whether the last page fits only in part (the short form is a closed chip's one line).
 */
export function pdfFitText(
  text: string,
  pages: number,
  fit: { keptChars: number; keptTokens: number; totalTokens: number },
  full = true,
): string {
  const { last, partial } = pagesKept(text, fit.keptChars);
  const range = last > 1 ? `1–${last}` : '1';
  const [kept, total] = [tokenCount(fit.keptTokens), tokenCount(fit.totalTokens)];
  if (!full) return t('pdfFitsShort', range, pages, kept, total);
  return partial ? t('pdfFitsPart', range, pages, kept, total) : t('pdfFits', range, pages, kept, total, last + 1);
}

/** "120 pages", or the pages chosen of them ("pages 3–5, 9 of 120", "page 7 of 120"). */
export function pagesOf(count: number, range: string | undefined): string {
  if (range === undefined) return pageCount(count);
  return t(/^\d+$/.test(range) ? 'pdfPageChosen' : 'pdfRangeChosen', range, count);
}

/** The quote on one line, cut at 280 characters. */
export function preview(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 280 ? `${clean.slice(0, 280)}…` : clean;
}

export { tokenCount } from '../../shared/sources-sent';
export { pageCount };

/** The page's host, or '' when its address is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
