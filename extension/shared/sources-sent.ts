/**
 * What the model saw of each source of a question, in words: its kind, title and address, how
 * much of it was sent and what was left out. One description for the Sources under an answer and
 * for the Markdown export, so both say the same (users burned by silent truncation ask for it).
 */
import type { AttachmentView } from './attachment';
import { t, uiLanguage } from './i18n';

/** A token count as people read it, in the browser's language: 950, 1.2k, 12k (German 1,2k). */
export function tokenCount(tokens: number, language = uiLanguage()): string {
  if (tokens < 1000) return String(tokens);
  const digits = tokens >= 10_000 ? 0 : 1;
  const thousands = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${thousands.format(tokens / 1000)}k`;
}

/** A source as the Sources list shows it (the stored view: its length, not its text). */
export type SourceSeen = Pick<AttachmentView, 'kind' | 'title' | 'url' | 'pages' | 'sent' | 'chars'>;

const KINDS = {
  page: () => t('page'),
  selection: () => t('selection'),
  pdf: () => t('pdf'),
  transcript: () => t('sourceKindTranscript'),
};

export function sourceKind(kind: SourceSeen['kind']): string {
  return KINDS[kind]();
}

const n = (count: number) => count.toLocaleString();

/**
 * How much of the source went, and what was left out (null when nothing was): "Sent 8,000 of
 * 12,345 characters (about 2.0k of 3.1k tokens)." A source sent before Gloss recorded this
 * says only its length.
 */
export function sentOf({ chars, pages, sent }: SourceSeen): { sent: string; leftOut: string | null } {
  if (!sent) return { sent: t('sourceChars', n(chars)), leftOut: null };
  const pdf = pages ? pdfPagesSent(pages, sent) : '';
  if (chars >= sent.fullChars) {
    const all = pages ? `${sent.pages ? chosenPages(sent.pages, pages) : t('sourcePdfWhole', pages)} ` : '';
    return { sent: `${all}${t('sourceWhole', n(chars), tokenCount(sent.tokens))}`, leftOut: null };
  }
  const part = t('sourcePart', n(chars), n(sent.fullChars), tokenCount(sent.tokens), tokenCount(sent.fullTokens));
  const left = t('sourceLeftOut', n(sent.fullChars - chars), tokenCount(Math.max(0, sent.fullTokens - sent.tokens)));
  return { sent: `${pdf}${part}`, leftOut: left };
}

/** "Pages 3–5, 9 of 120.", or "Page 7 of 120." for one page. */
function chosenPages(chosen: string, pages: number): string {
  return /^\d+$/.test(chosen) ? t('sourcePdfOne', chosen, pages) : t('sourcePdfChosen', chosen, pages);
}

/** A cut PDF's pages sent: its first pages ("Pages 1–38 of 120."), or those the user chose. */
function pdfPagesSent(pages: number, sent: NonNullable<SourceSeen['sent']>): string {
  if (sent.lastPage === undefined) return '';
  const said = sent.pages
    ? t('sourcePdfChosenPart', sent.pages, pages, sent.lastPage)
    : sent.lastPage === 1
      ? t('sourcePdfOne', 1, pages)
      : t('sourcePdfPart', sent.lastPage, pages);
  return `${said} `;
}
