/**
 * Reading a provider's response body whole, with a cap: `response.text()` would hold whatever
 * the server sends (a wrong base URL can answer with an endless page). Streamed answers are
 * capped in the core; these caps are for the bodies the worker reads in one piece.
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
 * Reads at most `maxBytes` of `response`'s body as UTF-8 and cancels the rest, so a huge body
 * is never held. Rejects, as `text()` does, when reading fails.
 */
export async function readText(response: Response, maxBytes: number): Promise<BodyText> {
  if (!response.body) return { text: '', overLimit: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let left = maxBytes;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), overLimit: false };
    if (value.byteLength > left) {
      // A character cut at the cap is left out: decode without flushing.
      text += decoder.decode(value.subarray(0, left), { stream: true });
      reader.cancel().catch(() => undefined);
      return { text, overLimit: true };
    }
    text += decoder.decode(value, { stream: true });
    left -= value.byteLength;
  }
}

/** A cap in the unit that says it best ("64 KB", "8 MB"), as the core says its own. */
export function sizeLabel(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb && bytes % mb === 0) return `${bytes / mb} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
