/**
 * The addresses the user gave in a conversation: written in a question, or the page, PDF or
 * video they added as material. `fetch_url` reads these (and this answer's search results)
 * without asking. Only the user's own words and the material's own address count: an address
 * inside page text came from the page, which may be steering the model, so it asks.
 */
import type { ChatMessage } from '../../shared/protocol';

/** http(s) addresses in running text, up to a space, quote or angle bracket. */
const IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence, not the address: "see https://a.example/x." */
const TRAILING = /[.,;:!?)\]}]+$/;

/** An address as compared: parsed, without its fragment; null when not http(s). */
export function addressKey(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** Every address the user wrote or added in `messages` (their keys, `addressKey`). */
export function givenAddresses(messages: readonly ChatMessage[]): Set<string> {
  const given = new Set<string>();
  const add = (raw: string) => {
    const key = addressKey(raw);
    if (key) given.add(key);
  };
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const found of message.content.matchAll(IN_TEXT)) add(found[0].replace(TRAILING, ''));
    for (const material of message.attachments ?? []) add(material.url);
  }
  return given;
}
