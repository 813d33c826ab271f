/**
 * A default Ollama answers 403 to any request whose `Origin` is a browser extension. For the
 * Ollama servers the user configured (and only those), a session rule removes the `Origin`
 * header from Gloss's own requests, so Ollama works without changing its settings. The rule
 * needs host access to the origin, which saving the provider asks for.
 */
import type { StoredSettings } from '../shared/settings';

const FIRST_RULE_ID = 1000;

export async function syncOllamaRules(settings: StoredSettings): Promise<void> {
  const dnr = chrome.declarativeNetRequest as typeof chrome.declarativeNetRequest | undefined;
  if (!dnr) return;
  const origins = [
    ...new Set(settings.providers.filter((p) => p.kind === 'ollama').flatMap((p) => originOf(p.baseUrl) ?? [])),
  ];
  const existing = await dnr.getSessionRules();
  // String values, not chrome's enum objects: Firefox implements the API without them.
  /* eslint-disable @typescript-eslint/no-unsafe-enum-assignment -- see the line above */
  const rules = origins.map((origin, i) => ({
    id: FIRST_RULE_ID + i,
    priority: 1,
    action: {
      type: 'modifyHeaders' as chrome.declarativeNetRequest.RuleActionType,
      requestHeaders: [{ header: 'origin', operation: 'remove' as chrome.declarativeNetRequest.HeaderOperation }],
    },
    condition: {
      urlFilter: `|${origin}/`,
      initiatorDomains: [chrome.runtime.id],
      resourceTypes: ['xmlhttprequest' as chrome.declarativeNetRequest.ResourceType],
    },
  }));
  /* eslint-enable @typescript-eslint/no-unsafe-enum-assignment */
  await dnr.updateSessionRules({
    removeRuleIds: existing.map((r) => r.id).filter((id) => id >= FIRST_RULE_ID),
    addRules: rules,
  });
}

function originOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}
