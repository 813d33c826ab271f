/**
 * The worker's web reader and the page that parses for it. Chrome's service worker has no DOM
 * and cannot start PDF.js's worker, so the worker fetches a page itself (every network request
 * stays in the worker) and sends its HTML, or its PDF's bytes, to its offscreen document
 * (`background/web/offscreen.ts`), which answers with the readable text, or the PDF's text runs
 * for the core to rejoin. One-shot messages, checked at runtime on both sides; the parsing page
 * answers only Gloss's own extension contexts, never a script in a web page (`sender.ts`).
 * Firefox's background page has a DOM and calls the same parser directly, with no messages.
 */
import * as v from 'valibot';
import browser, { type Runtime } from 'webextension-polyfill';
import { messageOf } from '../errors';
import { PdfTextItemSchema } from './context';
import { fromOwnPage } from './sender';

/** Marks a request to the parsing page, as `gloss: 1` marks the panel's requests to the worker. */
const TAG = 'glossParse';

const RequestSchema = v.variant('kind', [
  v.object({ [TAG]: v.literal(1), kind: v.literal('html'), html: v.string() }),
  v.object({
    [TAG]: v.literal(1),
    kind: v.literal('pdf'),
    base64: v.string(),
    maxChars: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
]);

const ParsedHtmlSchema = v.object({ title: v.string(), text: v.string() });
/** An HTML page's readable text, and its title ('' when it has none). */
export type ParsedHtml = v.InferOutput<typeof ParsedHtmlSchema>;

const PdfRunsSchema = v.union([
  v.object({
    /** The text runs of the first pages, as many as the text asked for needs. */
    pages: v.array(v.array(PdfTextItemSchema)),
    /** All its pages. */
    pageCount: v.number(),
    /** Characters in the runs of the pages not sent. */
    restChars: v.number(),
  }),
  v.object({ failure: v.literal('encrypted') }),
  v.object({ failure: v.literal('broken'), detail: v.string() }),
]);
/** A PDF's text runs, or why PDF.js could not open it. */
export type PdfRuns = v.InferOutput<typeof PdfRunsSchema>;

/** What parses a fetched page: the offscreen document (Chrome), or the background page itself (Firefox). */
export interface PageParser {
  html: (html: string) => Promise<ParsedHtml>;
  /** `maxChars`: the text wanted, so runs of later pages need not be sent. */
  pdf: (bytes: Uint8Array, maxChars: number) => Promise<PdfRuns>;
}

const ReplySchema = v.union([
  v.object({ ok: v.literal(true), value: v.unknown() }),
  v.object({ ok: v.literal(false), error: v.string() }),
]);

async function ask<S extends v.GenericSchema>(message: object, schema: S): Promise<v.InferOutput<S>> {
  const reply = v.parse(ReplySchema, await browser.runtime.sendMessage(message));
  if (!reply.ok) throw new Error(reply.error);
  return v.parse(schema, reply.value);
}

/** Worker side: a parser that asks the parsing page (which must be open). */
export const parserByMessage: PageParser = {
  html: (html) => ask({ [TAG]: 1, kind: 'html', html }, ParsedHtmlSchema),
  // Chrome sends extension messages as JSON, where bytes would become an object of numbers:
  // base64 is a third larger (20 MB → 27 MB, under Chrome's 64 MiB per message).
  pdf: (bytes, maxChars) => ask({ [TAG]: 1, kind: 'pdf', base64: toBase64(bytes), maxChars }, PdfRunsSchema),
};

/** Parsing page's side: answers the worker's requests with `parser`. */
export function serveParser(parser: PageParser): void {
  browser.runtime.onMessage.addListener((raw: unknown, sender: Runtime.MessageSender) => {
    if (!fromOwnPage(sender)) return undefined;
    const request = v.safeParse(RequestSchema, raw);
    if (!request.success) return undefined; // the panel's requests to the worker pass by here too
    const asked = request.output;
    const run = asked.kind === 'html' ? parser.html(asked.html) : parser.pdf(fromBase64(asked.base64), asked.maxChars);
    return run.then(
      (value) => ({ ok: true, value }),
      (e: unknown) => ({ ok: false, error: messageOf(e) }),
    );
  });
}

/** Bytes as base64, 32 KB at a time (one call's arguments have a limit). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
