/**
 * Keeps extension storage out of reach of scripts Gloss injects into web pages, where the browser
 * can. `storage.session` holds page material captured from one tab for the panel (Chrome's
 * default already keeps it from content scripts, but saying so here keeps that true whatever the
 * default becomes). `storage.local` holds nothing of Gloss's any more: the settings moved to the
 * worker's IndexedDB (settings-store.ts), and restricting it anyway keeps a leftover of an older
 * version, or anything put there later, from pages. Gloss's injected scripts read no storage, so
 * nothing needs the wider access.
 *
 * Firefox (ESR 153 too) has no `setAccessLevel` on any area, and lets content scripts use
 * `storage.local`; that is why the settings are not there. It never gives them `storage.session`
 * (its storage schema allows that area in extension pages only), so the page material is safe.
 * https://developer.chrome.com/docs/extensions/reference/api/storage#method-StorageArea-setAccessLevel
 * https://bugzilla.mozilla.org/show_bug.cgi?id=1724754
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
