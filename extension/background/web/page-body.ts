/**
 * What a fetched page is and how its bytes become text, without any network or DOM: which
 * reader its content type calls for, the caps on how much of it is read, its character set, and
 * the cut to what the caller can use.
 */

/** The readers: Readability for HTML, PDF.js for PDFs, and text taken as it is. */
export type PageKind = 'html' | 'pdf' | 'text';

/**
 * HTML and text pages are read up to 5 MB: a long article is 100–300 KB of HTML, and a page
 * beyond 5 MB is a log or a dump whose start is what a model can use. Past the cap the rest is
 * not downloaded (the body is cancelled) and the page says how much was read.
 */
export const MAX_TEXT_BYTES = 5 * 1024 * 1024;

/**
 * A PDF is read whole or not at all (its index is at its end), up to 20 MB: text documents are
 * far smaller (a 500-page book is a few MB), and PDF.js holds the whole file in memory. The
 * panel takes PDFs the user chose up to 50 MB (`shared/pdf.ts`); a page a model asked for gets
 * less.
 */
export const MAX_PDF_READ_BYTES = 20 * 1024 * 1024;

/** A server that sends nothing for this long is given up on (headers or body). */
export const IDLE_MS = 20_000;
/** No page read takes longer than this in all, parsing included. */
export const TOTAL_MS = 60_000;

const KINDS: Record<string, PageKind> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'text/plain': 'text',
  'text/markdown': 'text',
  'application/json': 'text',
};

/** The MIME type of a `content-type` header, lower case, without its parameters ('' without one). */
export function mimeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The reader for `contentType`, or undefined for a kind of file Gloss does not read. */
export function pageKind(contentType: string | null): PageKind | undefined {
  return KINDS[mimeOf(contentType)];
}

/** The most bytes read of a page of `kind`. */
export function byteCap(kind: PageKind): number {
  return kind === 'pdf' ? MAX_PDF_READ_BYTES : MAX_TEXT_BYTES;
}

/** `<meta charset="…">` or `<meta http-equiv … content="…; charset=…">` in a page's first bytes. */
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w:.-]+)/i;

/**
 * The encoding of a text body, in the HTML standard's order: a byte order mark, the header's
 * `charset`, then (HTML only) a `<meta>` in the first 1024 bytes; else UTF-8.
 * https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding
 */
export function encodingOf(bytes: Uint8Array, contentType: string | null, kind: PageKind): string {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  const header = /;\s*charset\s*=\s*["']?([\w:.-]+)/i.exec(contentType ?? '')?.[1];
  if (header && known(header)) return header;
  if (kind !== 'html') return 'utf-8';
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const meta = META_CHARSET.exec(head)?.[1];
  return meta && known(meta) ? meta : 'utf-8';
}

function known(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * The text of a body read whole, or (`cut`) read up to the cap: then a character the cap split
 * is left out rather than shown as a replacement character.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null, kind: PageKind, cut: boolean): string {
  return new TextDecoder(encodingOf(bytes, contentType, kind)).decode(bytes, { stream: cut });
}

/** The pieces of a body as one array. */
export function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}

/**
 * `text` cut to `maxChars` characters (UTF-16 units, never half a surrogate pair), with how much
 * was kept of how many when it was longer. `total` may be more than the text's length when the
 * caller knows of more (the pages of a PDF it did not assemble).
 */
export function cutText(
  text: string,
  maxChars: number,
  total = text.length,
): { text: string; cut?: { kept: number; total: number } } {
  if (text.length <= maxChars && total <= text.length) return { text };
  let end = Math.max(0, Math.min(maxChars, text.length));
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
  const kept = text.slice(0, end);
  return { text: kept, cut: { kept: kept.length, total: Math.max(total, text.length) } };
}

/** A title for a page that has none of its own: the file's name, else the host. */
export function fileTitle(url: string): string {
  try {
    const parsed = new URL(url);
    const name = parsed.pathname.split('/').filter(Boolean).pop();
    return name ? decodeURIComponent(name) : parsed.hostname;
  } catch {
    return url;
  }
}
