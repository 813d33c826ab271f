/**
 * The worker tells every open panel that the settings changed: the side panel in each window,
 * Firefox's sidebars, the panel page opened in a tab. Each then asks for them again
 * (`settings.get`). The notice carries nothing, so whoever else hears it learns only that
 * something changed, and a forged one (a sender that is not Gloss's own) is ignored. Panels used
 * to watch `storage.local` for this; the settings are no longer there (settings-store.ts).
 * `runtime.sendMessage` reaches Gloss's pages only, never its scripts in web pages.
 */
import * as v from 'valibot';
import browser, { type Runtime } from 'webextension-polyfill';
import { fromOwnPage } from './sender';

const NoticeSchema = v.object({ glossSettingsChanged: v.literal(1) });

/** Worker side: tells the open panels; none open is nobody to tell. */
export function announceSettingsChanged(): void {
  // Rejects when no page listens (Chrome: "Receiving end does not exist"), which is fine.
  browser.runtime.sendMessage({ glossSettingsChanged: 1 }).catch(() => undefined);
}

/** Panel side: calls `callback` on each notice from Gloss itself; returns how to stop. */
export function onSettingsChanged(callback: () => void): () => void {
  const listener = (raw: unknown, sender: Runtime.MessageSender): undefined => {
    if (v.is(NoticeSchema, raw) && fromOwnPage(sender)) callback();
    return undefined; // never an answer: the worker's requests pass by here too
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}
