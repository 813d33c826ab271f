/**
 * Reading a response body whole, with a cap: `response.text()` would hold whatever the server
 * sends (a wrong base URL can answer with an endless page; an image's or a PDF's server, an
 * endless file). Streamed answers are capped in the core; these caps are for the bodies the
 * worker and the panel read in one piece.
 */

/**
 * An error body is only quoted, and the core clips the provider's words to 300 characters;
 * 64 KB leaves room for JSON with the message late in it, or a whole HTML error page.
 */
export const MAX_ERROR_BODY = 64 * 1024;

/**
 * The largest model lists (OpenRouter's, with descriptions and prices for some 400 models) are
 * about 1–2 MB of JSON; 8 MB is several times that.
 */
export const MAX_MODEL_LIST = 8 * 1024 * 1024;

export interface BodyText {
  /** The body's text, or its first `maxBytes` bytes' worth when it was longer. */
  text: string;
  /** The body was longer than `maxBytes`; the rest was not read. */
  overLimit: boolean;
}

/**
 * Reads at most `maxBytes` of `response`'s body and cancels the rest, so a huge body is never
 * held. `onChunk` hears of each piece as it arrives (a reader that times out a silent server).
 */
export async function readCapped(
  response: Response,
  maxBytes: number,
  onChunk?: () => void,
): Promise<{ bytes: Uint8Array[]; overLimit: boolean }> {
  const bytes: Uint8Array[] = [];
  if (!response.body) return { bytes, overLimit: false };
  const reader = response.body.getReader();
  let left = maxBytes;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes, overLimit: false };
    onChunk?.();
    if (value.byteLength > left) {
      bytes.push(value.subarray(0, left));
      reader.cancel().catch(() => undefined);
      return { bytes, overLimit: true };
    }
    bytes.push(value);
    left -= value.byteLength;
  }
}

/**
 * Reads at most `maxBytes` of `response`'s body as UTF-8. Rejects, as `text()` does, when
 * reading fails.
 */
export async function readText(response: Response, maxBytes: number): Promise<BodyText> {
  const { bytes, overLimit } = await readCapped(response, maxBytes);
  const decoder = new TextDecoder();
  const text = bytes.map((b) => decoder.decode(b, { stream: true })).join('');
  // A character cut at the cap is left out: no flush then.
  return { text: overLimit ? text : text + decoder.decode(), overLimit };
}

/**
 * The body as a file of `type`, or null when it is longer than `maxBytes` (a missing or false
 * `content-length` does not let a download grow without bound).
 */
export async function readBlob(response: Response, maxBytes: number, type: string): Promise<Blob | null> {
  const { bytes, overLimit } = await readCapped(response, maxBytes);
  return overLimit ? null : new Blob(bytes as BlobPart[], { type });
}

/** A cap in the unit that says it best ("64 KB", "8 MB"), as the core says its own. */
export function sizeLabel(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb && bytes % mb === 0) return `${bytes / mb} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
