/**
 * The settings last seen from the worker, kept in the panel's localStorage so that the panel can
 * show itself at once, before a stopped worker has started again; the worker's answer replaces
 * them. They are the public settings, which never include an API key.
 */
import * as v from 'valibot';
import { PublicSettingsSchema, type PublicSettings } from '../../shared/settings';

const SEEN_KEY = 'gloss.settings.seen';

/** The settings last seen, if what is kept is still readable. */
export function lastSeen(storage: Pick<Storage, 'getItem'>): PublicSettings | undefined {
  try {
    const parsed = v.safeParse(PublicSettingsSchema, JSON.parse(storage.getItem(SEEN_KEY) ?? 'null'));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps what the public settings' schema allows, nothing more: whatever the object carries (an
 * `apiKey` a future change let through), only the public fields reach localStorage.
 */
export function rememberSeen(storage: Pick<Storage, 'setItem'>, settings: PublicSettings): void {
  storage.setItem(SEEN_KEY, JSON.stringify(v.parse(PublicSettingsSchema, settings)));
}
