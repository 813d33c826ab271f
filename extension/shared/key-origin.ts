/**
 * A stored API key belongs to the origin (scheme, host and port) it was saved with: it is sent
 * there and nowhere else. Changing a provider's base URL to another origin needs the key typed
 * again, so a key never reaches a host that was only typed, by Test, Load models or Save.
 */

/** The origin of a base URL (`https://api.example.com`), or null when it is not an http(s) URL. */
export function originOf(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Both base URLs are http(s) URLs on the same origin (default ports count as given). */
export function sameOrigin(a: string, b: string): boolean {
  const origin = originOf(a);
  return origin !== null && origin === originOf(b);
}

/**
 * The saved key would have to move to another origin: a key is stored, none was typed (or
 * removed), and the base URL now points elsewhere. Says from where to where, for the form's
 * hint and the save's refusal; null when the key may be used (or there is none).
 */
export function keyMove(
  saved: { baseUrl: string; hasApiKey: boolean } | undefined,
  baseUrl: string,
  typedKey: string | undefined,
): { from: string; to: string } | null {
  if (!saved?.hasApiKey || typedKey !== undefined || sameOrigin(saved.baseUrl, baseUrl)) return null;
  return { from: originOf(saved.baseUrl) ?? saved.baseUrl, to: originOf(baseUrl) ?? baseUrl.trim() };
}
