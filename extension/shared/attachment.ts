/**
 * Page material: a quote, a whole page or a PDF's text attached to a question (stored with its turn, sent on
 * the chat port, fenced by the core), and what the context menu or shortcut leaves for a
 * window's panel in `chrome.storage.session` until the panel takes it.
 */
import * as v from 'valibot';
import { t } from './i18n';

/**
 * The most text one quote or page may carry: far more than any model's window (the composer
 * sends only what fits), and little enough to pass through session storage (10 MB).
 */
export const MAX_ATTACHMENT_CHARS = 5_000_000;

/**
 * What the model was sent of one source, against the whole of it: `text` holds what went, these
 * say what was left out. `lastPage`: a PDF's last page sent (in part when the cut fell inside it).
 */
const SentSchema = v.object({
  tokens: v.number(),
  fullTokens: v.number(),
  fullChars: v.number(),
  lastPage: v.optional(v.number()),
  /** A PDF's pages the user chose ("3–5, 9"), when not its first pages. */
  pages: v.optional(v.pipe(v.string(), v.maxLength(1000))),
});
export type Sent = v.InferOutput<typeof SentSchema>;

export const AttachmentSchema = v.object({
  /**
   * What the material is: a selection, a page's readable text, a PDF's text (page markers), or a
   * video's transcript ("[m:ss] text" lines).
   */
  kind: v.picklist(['selection', 'page', 'pdf', 'transcript']),
  title: v.pipe(v.string(), v.maxLength(1000)),
  url: v.pipe(v.string(), v.maxLength(8192)),
  // Large, but bounded: a page of a few MB is trimmed to the model's budget before sending.
  text: v.pipe(v.string(), v.maxLength(MAX_ATTACHMENT_CHARS)),
  /** A PDF's page count (its text marks where each page starts). */
  pages: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** How much of the material was sent, stored with the question (the Sources under its answer). */
  sent: v.optional(SentSchema),
});
export type Attachment = v.InferOutput<typeof AttachmentSchema>;

/** How much of an attachment's text the panel is shown of a stored question. */
export const PREVIEW_CHARS = 1000;

/**
 * An attachment as the panel sees it in a stored question: its start and its length. The whole
 * text stays in the worker (a conversation's quotes can pass the browser's 64 MiB message limit);
 * editing a question refers to the turn whose material it keeps.
 */
export const AttachmentViewSchema = v.object({
  kind: AttachmentSchema.entries.kind,
  title: AttachmentSchema.entries.title,
  url: AttachmentSchema.entries.url,
  pages: AttachmentSchema.entries.pages,
  sent: AttachmentSchema.entries.sent,
  preview: v.pipe(v.string(), v.maxLength(PREVIEW_CHARS)),
  chars: v.number(),
});
export type AttachmentView = v.InferOutput<typeof AttachmentViewSchema>;

export function attachmentView({ text, ...rest }: Attachment): AttachmentView {
  return { ...rest, preview: text.slice(0, PREVIEW_CHARS), chars: text.length };
}

/**
 * A PDF in the tab the user asked in, for the panel to read: PDF.js needs a DOM and a worker,
 * which the panel has and the service worker does not (`sidepanel/pdf/pdf-read.ts`).
 */
export const PdfRequestSchema = v.object({
  url: v.pipe(v.string(), v.maxLength(8192)),
  title: v.pipe(v.string(), v.maxLength(1000)),
  /**
   * The user asked about a selection, which the browser's PDF viewer keeps from extensions: the
   * panel says so and asks which pages they mean.
   */
  askPages: v.optional(v.boolean()),
});
export type PdfRequest = v.InferOutput<typeof PdfRequestSchema>;

/**
 * What waits for a panel: the material (with a question to offer), a PDF to read, or why there
 * is none. With `add` ("Add this tab") it joins the sources in the composer instead of replacing them.
 */
const PendingContextSchema = v.union([
  v.object({ attachment: AttachmentSchema, question: v.optional(v.string()), add: v.optional(v.boolean()) }),
  v.object({ pdf: PdfRequestSchema, question: v.optional(v.string()), add: v.optional(v.boolean()) }),
  v.object({ error: v.string() }),
]);
export type PendingContext = v.InferOutput<typeof PendingContextSchema>;

/**
 * `chrome.storage.session`: page material (or why there is none) waiting for the panel of one
 * window. Per window, so a panel open in another window never takes what was asked here.
 */
export function pendingContextKey(windowId: number): string {
  return `gloss.pendingContext.${windowId}`;
}

/** Where a window's panel keeps its composer's sources while it is closed (`kept-sources.ts`). */
export function keptSourcesKey(windowId: number): string {
  return `gloss.composerSources.${windowId}`;
}

/** What the panel is handed for `attachment`: the material, or why it is too much to bring in. */
export function offerMaterial(attachment: Attachment, question?: string): PendingContext {
  if (attachment.text.length <= MAX_ATTACHMENT_CHARS) return { attachment, question };
  const millions = (attachment.text.length / 1_000_000).toFixed(1);
  return { error: t('materialTooLong', millions, String(MAX_ATTACHMENT_CHARS / 1_000_000)) };
}

/**
 * What session storage held for a panel, checked. Nothing stored is nothing pending; anything
 * else that is not what the worker writes (damaged, or left by another version) becomes an
 * error the panel shows: the user asked and the panel opened, so it says the material did not
 * arrive (as it did before, when such data failed the check of the reply).
 */
export function readPending(stored: unknown): PendingContext | null {
  if (stored === undefined || stored === null) return null;
  const parsed = v.safeParse(PendingContextSchema, stored);
  if (parsed.success) return parsed.output;
  return { error: t('materialNotPassed', v.summarize(parsed.issues).split('\n')[0] ?? '') };
}
