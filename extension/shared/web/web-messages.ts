/**
 * The one-shot messages of Settings → Web (part of `Protocol` in `protocol/envelope.ts`): the
 * panel reads and saves the search settings (a key for Brave or Tavily goes one way, to the
 * worker's key store; the panel only learns which engines have one), and tries a search.
 */
import * as v from 'valibot';
import { PublicSettingsSchema } from '../settings';
import { WebSettingsSchema } from './web-settings';

/** Which keyed engines have a key saved (for their API's origin). */
export const SavedKeysSchema = v.object({ brave: v.boolean(), tavily: v.boolean() });

/** The settings as they now are, and which keys are saved. */
export const WebStateSchema = v.object({ settings: PublicSettingsSchema, keys: SavedKeysSchema });

/** Brave's or Tavily's key: undefined keeps the saved one, '' removes it, a string replaces it. */
const KeyInput = v.optional(v.pipe(v.string(), v.maxLength(4096)));

/** The most results Try a search shows: enough to see the engine works. */
export const TRY_SHOWN = 3;
/** What Try a search looks for when nothing is typed. */
export const TRY_QUERY = 'Gloss';

export const WEB_MESSAGES = {
  'web.get': { req: v.object({}), res: WebStateSchema },
  /** Saves the web settings, and the key of a keyed engine; `field` names what to fix when refused. */
  'web.save': {
    req: v.object({ web: WebSettingsSchema, key: KeyInput }),
    res: v.variant('ok', [
      v.object({ ok: v.literal(true), ...WebStateSchema.entries }),
      v.object({ ok: v.literal(false), field: v.picklist(['searxngUrl', 'key']), message: v.string() }),
    ]),
  },
  /**
   * One search with the settings as the form has them (a key undefined uses the saved one), for
   * `query` ("Gloss" when empty): the first results' titles and addresses, or the problem.
   */
  'web.try': {
    req: v.object({ web: WebSettingsSchema, key: KeyInput, query: v.optional(v.pipe(v.string(), v.maxLength(400))) }),
    res: v.variant('ok', [
      v.object({
        ok: v.literal(true),
        /** How many results the engine gave (at most the result count). */
        found: v.number(),
        results: v.pipe(v.array(v.object({ title: v.string(), url: v.string() })), v.maxLength(TRY_SHOWN)),
      }),
      v.object({ ok: v.literal(false), problem: v.string() }),
    ]),
  },
} as const;
