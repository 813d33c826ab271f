/**
 * Which addresses an MCP server may have, checked when it is saved and again before Gloss
 * connects (the stored settings could have been rewritten since): http(s) with a host, no user
 * name or password in it, and plain `http://` only to this computer and private networks, as
 * for an API key (`key-transport.ts`): what goes to the server (its token, the model's
 * arguments, the page they came from) would be readable by anyone on the way.
 */
import { t } from '../i18n';
import { keyMayTravel } from '../key-transport';

/** Why Gloss will not talk to an MCP server at this address, or null when it will. */
export function mcpUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return t('mcpUrlInvalid');
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!web || url.hostname === '' || url.username !== '' || url.password !== '') return t('mcpUrlInvalid');
  return keyMayTravel(url.href) ? null : t('mcpPlainHttp', url.origin);
}
