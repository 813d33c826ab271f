/**
 * The composer's sources as they go, always sized for what goes: the fits on show are used when
 * they were made for these sources, this question, these images and this model; otherwise
 * (something changed within the last pause in typing, or sizing failed) they are sized again
 * first. So "Send only what fits" always applies, and when sizing fails while it is chosen
 * nothing is sent blindly: the user is told why, and keeps the question and the sources.
 */
import { messageOf } from '../../shared/errors';
import type { Attachment } from '../../shared/attachment';
import { t } from '../../shared/i18n';
import type { SourceFit } from '../../shared/protocol/context';
import { asSent, type Source } from './sources';

/** The fits the composer shows, and what they were made for. */
export interface SourcesFit {
  texts: readonly string[];
  /** The question they were sized with (it takes its room first). */
  question: string;
  /** The images they were sized with (they take their room first too). */
  images: readonly unknown[];
  /** The provider whose model's window they were sized for. */
  providerId: string | undefined;
  fits: readonly SourceFit[];
}

/** Sizes the sources now, with `question` and the composer's images (the worker, the core's `fit_all`). */
export type SizeNow = (texts: string[], question: string) => Promise<readonly SourceFit[]>;

/** What a send is made with: the fits on show, the question and images as they are, the choice. */
export interface Sending {
  sized: SourcesFit | undefined;
  question: string;
  images: readonly unknown[];
  /** The provider that will answer. */
  providerId: string | undefined;
  trim: boolean;
}

/** The fits made for exactly these sources, question, images and model; else null. */
export function freshFits(sources: readonly Source[], s: Omit<Sending, 'trim'>): readonly SourceFit[] | null {
  const { sized } = s;
  if (!sized || sized.question !== s.question || sized.images !== s.images) return null;
  if (sized.providerId !== s.providerId) return null;
  if (sized.texts.length !== sources.length || sources.some((x, i) => sized.texts[i] !== x.text)) return null;
  return sized.fits;
}

/** The sources as sent when the fits on show are current, else null (they must be sized first). */
export function sentNow(sources: readonly Source[], s: Sending): Attachment[] | null {
  if (sources.length === 0) return [];
  const fits = freshFits(sources, s);
  return fits && sources.map((x, i) => asSent(x, fits[i], s.trim));
}

/**
 * The sources as sent, sized first if need be. Sizing that fails throws a message to show when
 * only what fits was to go; when all was to go, all goes (unmeasured, as the user chose).
 */
export async function sentAfterSizing(sources: readonly Source[], s: Sending, sizeNow: SizeNow): Promise<Attachment[]> {
  const now = sentNow(sources, s);
  if (now) return now;
  let fits: readonly SourceFit[] | undefined;
  try {
    fits = await sizeNow(
      sources.map((x) => x.text),
      s.question,
    );
  } catch (e) {
    if (s.trim) throw new Error(t('sourcesSizeFailed', messageOf(e)), { cause: e });
  }
  return sources.map((x, i) => asSent(x, fits?.[i], s.trim));
}
