/**
 * Keeps extension storage out of reach of scripts Gloss injects into web pages. `storage.local`
 * holds the settings (the API keys are apart, in IndexedDB: settings-store.ts), and Chrome lets
 * content scripts read it unless told otherwise;
 * `storage.session` holds page material captured from one tab for the panel (Chrome's default
 * already keeps it from content scripts, but saying so here keeps that true whatever the default
 * becomes). Gloss's injected scripts read no storage, so nothing needs the wider access. Firefox
 * has no `setAccessLevel`: there a content script could read the settings, which is why the
 * keys are not among them.
 * https://developer.chrome.com/docs/extensions/reference/api/storage#method-StorageArea-setAccessLevel
 */
import browser from 'webextension-polyfill';

/** The part of a storage area this needs; webextension-polyfill's types lack `setAccessLevel`. */
export interface AccessLevelArea {
  setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void>;
}

/** Restricts each area that supports it to extension pages and the worker; never throws. */
export async function restrictStorage(
  // Chrome has the method at run time (the polyfill passes it through); the check below is real.
  areas = [browser.storage.local, browser.storage.session] as AccessLevelArea[],
): Promise<void> {
  await Promise.all(
    areas.map(async (area) => {
      if (typeof area.setAccessLevel !== 'function') return;
      try {
        await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
      } catch (e) {
        console.error('Gloss: could not restrict storage to extension pages', e);
      }
    }),
  );
}
