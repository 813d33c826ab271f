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
 * Where a provider's saved key belongs, for {@link keyMove}: its base URL's origin, or, when the
 * worker held the key back because the base URL was changed outside the settings (`keyHeldFor`),
 * the origin the key was saved for. Saving the provider at another address then asks for the key
 * again (or its removal on purpose), as any move does, instead of keeping it held for good.
 */
export function savedKeyAt(
  provider: { baseUrl: string; keyHeldFor?: string },
  hasKey: boolean,
): { baseUrl: string; hasApiKey: boolean } {
  const held = provider.keyHeldFor !== undefined;
  return { baseUrl: held ? (provider.keyHeldFor ?? '') : provider.baseUrl, hasApiKey: hasKey || held };
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
