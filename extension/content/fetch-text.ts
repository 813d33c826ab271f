/**
 * Injected on the user's action only (a question about a video), into the tab's isolated world:
 * fetches an address of the tab's own site as the page would (its origin), e.g. the current
 * video's watch page, YouTube's player endpoint and a caption track. Self-contained, because
 * `scripting.executeScript` serialises each function; they report failures instead of
 * throwing, since a rejected injection loses its reason in some browsers.
 */

/** What a fetch in the tab gave: the body, or why there is none (`status` for an HTTP error). */
export type Fetched = { ok: true; text: string } | { ok: false; why: string; status?: number; timedOut?: true };

export async function fetchText(
  url: string,
  /** A site that stops answering must not leave the reader with nothing, forever. */
  timeoutMs = 20_000,
): Promise<Fetched> {
  try {
    // Not a provider: the tab's own site, fetched as its page would (the worker checked the origin).
    // eslint-disable-next-line no-restricted-globals -- the rule keeps providers out of pages
    const response = await fetch(url, { credentials: 'same-origin', signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { ok: false, why: `HTTP ${response.status}`, status: response.status };
    return { ok: true, text: await response.text() };
  } catch (e) {
    // The browser's words for a timeout are not the reader's language: the worker says it.
    if (e instanceof DOMException && e.name === 'TimeoutError') return { ok: false, why: e.message, timedOut: true };
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}

/** What a POST in the tab gave: its status and body whatever the status (the body says why). */
export type Posted = { ok: true; status: number; text: string } | { ok: false; why: string; timedOut?: true };

/**
 * POSTs `body` to `url` of the tab's own site, without the user's cookies: YouTube's player
 * endpoint answers an anonymous client, and a signed-in session's cookies can make it refuse.
 */
export async function postText(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = 20_000,
): Promise<Posted> {
  try {
    // eslint-disable-next-line no-restricted-globals -- the tab's own site, not a provider
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { ok: true, status: response.status, text: await response.text() };
  } catch (e) {
    if (e instanceof DOMException && e.name === 'TimeoutError') return { ok: false, why: e.message, timedOut: true };
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}
