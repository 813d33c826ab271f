/**
 * The sources waiting in the composer, decided without the DOM: what joining one does to the
 * list ("Add this tab" adds; asking about a page or selection starts afresh), how much of them
 * all fits, and each as it is sent, with what was left out written down for the Sources under
 * its answer.
 */
import type { Attachment } from '../../shared/attachment';
import type { SourceFit } from '../../shared/protocol/context';
import { pagesKept } from './attachment-text';

/**
 * A source in the composer: the attachment, and for a PDF whose pages the user chose, those
 * pages ("3–5, 9": `text` holds only them) and its whole text, to choose again. `askPages`: the
 * user asked about a selection Gloss cannot read, so the chip asks for pages. None of these is sent.
 */
export type Source = Attachment & { range?: string; whole?: string; askPages?: boolean };

/** The attachment itself, without the chip's own fields: what is sent, and what a new choice starts from. */
export function withoutChoice(source: Source): Attachment {
  const { range, whole, askPages, ...attachment } = source;
  return attachment;
}

/**
 * The same source again: a tab's page (or PDF, transcript) by its address, a selection by its
 * text too. A file from disk has no address: it is the same file again only with the same text.
 */
function sameSource(a: Attachment, b: Attachment): boolean {
  const byText = a.kind === 'selection' || a.url === '';
  return a.kind === b.kind && a.url === b.url && (!byText || textOf(a) === textOf(b));
}

/** A source's whole text (all of a PDF, also when only some pages are chosen). */
const textOf = (s: Source) => s.whole ?? s.text;

/**
 * The composer's sources after `next` arrives: with `add` it joins them (a source already there
 * is refreshed in its place, never doubled), otherwise it replaces them.
 */
export function withSource(list: readonly Source[], next: Source, add: boolean): Source[] {
  if (!add) return [next];
  const at = list.findIndex((a) => sameSource(a, next));
  return at < 0 ? [...list, next] : list.map((a, i) => (i === at ? next : a));
}

/**
 * The sources after the chip of `was` changed to `next` (null: removed), applied to the list as
 * it is now and found by identity: a PDF's pages come back from the worker a moment later, and a
 * source added or removed meanwhile stays so (a removed one is not brought back).
 */
export function withChange(list: readonly Source[], was: Source, next: Source | null): Source[] {
  if (!next) return list.filter((s) => s !== was);
  return list.map((s) => (s === was ? next : s));
}

/** All sources' fits as one: the share of their tokens that fits ("3 sources: 62% fits"). */
export function overallFit(fits: readonly SourceFit[]): { percent: number; keptTokens: number; totalTokens: number } {
  const keptTokens = fits.reduce((sum, f) => sum + f.keptTokens, 0);
  const totalTokens = fits.reduce((sum, f) => sum + f.totalTokens, 0);
  const whole = fits.every((f) => f.percent >= 100);
  const percent = whole ? 100 : Math.min(99, Math.floor((keptTokens * 100) / Math.max(1, totalTokens)));
  return { percent, keptTokens, totalTokens };
}

/**
 * A source as sent: only what fits when the user chose that (`trim`), with how much went of how
 * much. Not yet sized (`fit` undefined): sent whole, its measure unknown.
 */
export function asSent(source: Source, fit: SourceFit | undefined, trim: boolean): Attachment {
  const attachment = withoutChoice(source);
  if (!fit) return attachment;
  const cut = trim && fit.percent < 100;
  const text = cut ? source.text.slice(0, fit.keptChars) : source.text;
  const lastPage = cut && source.pages ? pagesKept(source.text, fit.keptChars).last : undefined;
  const sent = {
    tokens: cut ? fit.keptTokens : fit.totalTokens,
    fullTokens: fit.totalTokens,
    fullChars: source.text.length,
    ...(lastPage !== undefined ? { lastPage } : {}),
    ...(source.range !== undefined ? { pages: source.range } : {}),
  };
  return { ...attachment, text, sent };
}
