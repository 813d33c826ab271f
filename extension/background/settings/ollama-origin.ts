/**
 * A default Ollama answers 403 to any request whose `Origin` is a browser extension. For the
 * Ollama servers the user configured (and only those), a session rule removes the `Origin`
 * header from Gloss's own requests, so Ollama works without changing its settings. The rule
 * needs host access to the origin, which saving the provider asks for.
 */
import browser, { type DeclarativeNetRequest } from 'webextension-polyfill';
import { originOf } from '../../shared/key-origin';
import type { StoredSettings } from '../../shared/settings';

const FIRST_RULE_ID = 1000;

/**
 * The host Gloss's own requests come from. In Chrome it is the extension id; in Firefox it is
 * the install's random `moz-extension://` UUID, while `runtime.id` is the add-on id
 * (`gloss@gloss-extension.org`), which Firefox refuses as a domain ("Invalid domain"), so a
 * rule naming `runtime.id` failed to install and Ollama kept answering 403. Checked in Firefox
 * ESR 153 with a probe add-on: a rule on this host removes the `Origin` of the add-on's fetch.
 */
function ownHost(): string {
  return new URL(browser.runtime.getURL('')).hostname;
}

export async function syncOllamaRules(settings: StoredSettings): Promise<void> {
  // Absent where the browser lacks the API; Ollama then answers 403 and Gloss says how to fix it.
  const dnr = browser.declarativeNetRequest as typeof browser.declarativeNetRequest | undefined;
  if (!dnr) return;
  const origins = [
    ...new Set(settings.providers.filter((p) => p.kind === 'ollama').flatMap((p) => originOf(p.baseUrl) ?? [])),
  ];
  const existing = await dnr.getSessionRules();
  const rules = origins.map((origin, i): DeclarativeNetRequest.Rule => ({
    id: FIRST_RULE_ID + i,
    priority: 1,
    action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
    condition: { urlFilter: `|${origin}/`, initiatorDomains: [ownHost()], resourceTypes: ['xmlhttprequest'] },
  }));
  await dnr.updateSessionRules({
    removeRuleIds: existing.map((r) => r.id).filter((id) => id >= FIRST_RULE_ID),
    addRules: rules,
  });
}
