/**
 * Injected on the user's action only (a question about a video), into the tab's isolated world:
 * fetches an address of the tab's own site as the page would (its cookies, its origin), e.g.
 * the current video's watch page and its caption track. Self-contained, because
 * `scripting.executeScript` serialises the function; it reports failures instead of throwing,
 * since a rejected injection loses its reason in some browsers.
 */
export async function fetchText(
  url: string,
  /** A site that stops answering must not leave the reader with nothing, forever. */
  timeoutMs = 20_000,
): Promise<{ ok: true; text: string } | { ok: false; why: string; timedOut?: true }> {
  try {
    // Not a provider: the tab's own site, fetched as its page would (the worker checked the origin).
    // eslint-disable-next-line no-restricted-globals -- the rule keeps providers out of pages
    const response = await fetch(url, { credentials: 'same-origin', signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { ok: false, why: `HTTP ${response.status}` };
    return { ok: true, text: await response.text() };
  } catch (e) {
    // The browser's words for a timeout are not the reader's language: the worker says it.
    if (e instanceof DOMException && e.name === 'TimeoutError') return { ok: false, why: e.message, timedOut: true };
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}
