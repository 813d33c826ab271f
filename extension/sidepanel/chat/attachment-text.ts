/**
 * How the quote waiting in the composer is described before it is sent: what it is and where
 * from, a short preview, and its size in tokens.
 */
import { t } from '../../shared/i18n';

/** What the quote is and where from ("Selection from “Title”"); just what it is for an untitled page. */
export function chipTitle(kind: 'page' | 'selection', title: string): string {
  if (!title) return kind === 'page' ? t('page') : t('selection');
  return kind === 'page' ? t('pageFrom', title) : t('selectionFrom', title);
}

/** The quote on one line, cut at 280 characters. */
export function preview(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 280 ? `${clean.slice(0, 280)}…` : clean;
}

/** A token count as people read it: 950, 1.2k, 12k. */
export function tokenCount(tokens: number): string {
  return tokens >= 1000 ? `${(tokens / 1000).toFixed(tokens >= 10_000 ? 0 : 1)}k` : String(tokens);
}

/** The page's host, or '' when its address is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
