/**
 * The one-shot messages about page material (part of `Protocol` in `envelope.ts`): taking what
 * the context menu or shortcut left for this panel, a PDF's text, and sizing it before sending.
 */
import * as v from 'valibot';
import { AttachmentSchema, MAX_ATTACHMENT_CHARS, PdfRequestSchema } from '../attachment';
import { MAX_IMAGES } from '../images/image';

/** One text run of a PDF page, the fields of PDF.js's `TextItem` the core reads. */
export const PdfTextItemSchema = v.object({
  str: v.pipe(v.string(), v.maxLength(MAX_ATTACHMENT_CHARS)),
  transform: v.pipe(v.array(v.number()), v.length(6)),
  height: v.number(),
  hasEOL: v.boolean(),
});
export type PdfTextItem = v.InferOutput<typeof PdfTextItemSchema>;

/** An image going with the same question, by its size: it takes room the material cannot. */
const ImageSizeSchema = v.object({
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/** How much of one source fits: the characters and tokens kept, of how many. */
const FitSchema = v.object({
  keptChars: v.number(),
  keptTokens: v.number(),
  totalTokens: v.number(),
  percent: v.number(),
});
export type SourceFit = v.InferOutput<typeof FitSchema>;

export const CONTEXT_MESSAGES = {
  /** Page material the context menu or shortcut left for the panel (taken once). */
  'context.take': {
    /** The window the panel is in: each window's panel takes what was asked in it. */
    req: v.object({ windowId: v.pipe(v.number(), v.integer()) }),
    res: v.object({
      attachment: v.nullable(AttachmentSchema),
      /** A PDF in the tab, for the panel to read (PDF.js runs in the panel). */
      pdf: v.nullable(PdfRequestSchema),
      /** A question to ask about it at once ("Summarize this page."), when the material fits. */
      question: v.nullable(v.string()),
      error: v.nullable(v.string()),
      /** "Add this tab": the material joins the composer's sources instead of replacing them. */
      add: v.boolean(),
      /** Confirm it with `context.taken` once shown; unconfirmed, it is left for the next panel. */
      lease: v.nullable(v.string()),
    }),
  },
  /** The panel shows what it took under `lease` (`context.take`). */
  'context.taken': {
    req: v.object({ lease: v.pipe(v.string(), v.maxLength(100)) }),
    res: v.object({}),
  },
  /**
   * Adds a tab of the panel's window to the composer (the tab picker): the worker reads it as
   * "Add this tab" does and leaves it for the panel. Needs access to the tab's origin.
   */
  'context.addTab': {
    req: v.object({ tabId: v.pipe(v.number(), v.integer()) }),
    res: v.object({}),
  },
  /**
   * A quick action in a chat with nothing to read yet: the worker reads the tab beside the panel
   * as "Summarize this page" does and leaves it for the panel with `question`, asked when it fits.
   * Needs access to the tab (Gloss's toolbar button or shortcut gave it, or its site is allowed).
   */
  'context.askTab': {
    req: v.object({ tabId: v.pipe(v.number(), v.integer()), question: v.pipe(v.string(), v.maxLength(4000)) }),
    res: v.object({}),
  },
  /** A PDF's text, from its pages' text runs as PDF.js gives them (the core rejoins them). */
  'context.pdfText': {
    req: v.object({ pages: v.array(v.array(PdfTextItemSchema)) }),
    res: v.object({
      text: v.string(),
      /** UTF-16 offset of each page's marker in `text`. */
      pageStarts: v.array(v.number()),
      /** Pages with no text at all (scanned images). */
      emptyPages: v.number(),
    }),
  },
  /**
   * The pages of a PDF's text the user chose by number (the core finds them by their markers),
   * and those pages named as a reader writes them ("3–5, 9").
   */
  'context.pdfPages': {
    req: v.object({
      text: v.pipe(v.string(), v.maxLength(MAX_ATTACHMENT_CHARS)),
      pages: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1)),
    }),
    res: v.object({ text: v.string(), pages: v.string() }),
  },
  /**
   * How much of some material fits the provider's context window, before sending; the
   * question's images and `question`, the text typed to go with it, take their share first.
   */
  'context.fit': {
    req: v.object({
      text: v.string(),
      providerId: v.optional(v.string()),
      images: v.optional(v.pipe(v.array(ImageSizeSchema), v.maxLength(MAX_IMAGES))),
      question: v.optional(v.string()),
    }),
    res: v.object({ ...FitSchema.entries, budget: v.number() }),
  },
  /** Several sources sharing the window (the core's `fit_all`), sized as `context.fit` sizes one. */
  'context.fitAll': {
    req: v.object({
      texts: v.pipe(v.array(v.string()), v.minLength(1)),
      providerId: v.optional(v.string()),
      images: v.optional(v.pipe(v.array(ImageSizeSchema), v.maxLength(MAX_IMAGES))),
      question: v.optional(v.string()),
    }),
    res: v.object({
      fits: v.array(FitSchema),
      budget: v.number(),
    }),
  },
} as const;
