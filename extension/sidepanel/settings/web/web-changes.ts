/**
 * What Settings → Web asks the worker (`WEB_MESSAGES`): the saved keys, Save (answered with the
 * settings as they now are, which replace the panel's copy) and Try a search. Host access is
 * asked for in the click, before any of this (`web-access.ts`). Plain, so it is tested in Node
 * with a fake `send`.
 */
import type * as v from 'valibot';
import type { PublicSettings } from '../../../shared/settings';
import type { WEB_MESSAGES } from '../../../shared/web/web-messages';
import { requestOf, type WebDraft } from './web-form';

type WebMessage = keyof typeof WEB_MESSAGES;
export type WebReq<K extends WebMessage> = v.InferOutput<(typeof WEB_MESSAGES)[K]['req']>;
export type WebRes<K extends WebMessage> = v.InferOutput<(typeof WEB_MESSAGES)[K]['res']>;
/** `send` from shared/protocol, for the web messages. */
export type SendWeb = <K extends WebMessage>(name: K, req: WebReq<K>) => Promise<WebRes<K>>;
export type SavedKeys = WebRes<'web.get'>['keys'];

export function webChanges(send: SendWeb, apply: (settings: PublicSettings) => void) {
  return {
    /** Which keyed engines have a key saved. */
    keys: async (): Promise<SavedKeys> => (await send('web.get', {})).keys,
    /** Saves the draft; a refusal names the field to fix. */
    save: async (draft: WebDraft): Promise<WebRes<'web.save'>> => {
      const saved = await send('web.save', requestOf(draft));
      if (saved.ok) apply(saved.settings);
      return saved;
    },
    /** One search with the draft's settings, for `query` (the worker's default when empty). */
    try: (draft: WebDraft, query: string): Promise<WebRes<'web.try'>> =>
      send('web.try', { ...requestOf(draft), ...(query.trim() !== '' && { query: query.trim() }) }),
  };
}

export type WebChanges = ReturnType<typeof webChanges>;
