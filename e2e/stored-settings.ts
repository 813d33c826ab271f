/**
 * The settings as the worker stores them (its IndexedDB `gloss`, store `settings`), read and
 * changed from one of Gloss's own pages, which share the worker's origin. No script in a web
 * page can do this; tests use it for a change behind the worker's back and to stage an upgrade.
 * Evaluated as source text: the code must not depend on how the test runner compiles functions.
 */
import type { Page } from 'playwright-core';
import type { StoredSettings } from '../extension/shared/settings';

/** In the page: one request on the settings store, its result (refuses to create the database). */
const onSettingsStore = (mode: 'readonly' | 'readwrite', call: string) => `(async () => {
  const db = await new Promise((ok, fail) => {
    const open = indexedDB.open('gloss');
    open.onupgradeneeded = () => open.transaction.abort();
    open.onsuccess = () => ok(open.result);
    open.onerror = () => fail(open.error ?? new Error('no database yet'));
  });
  try {
    return await new Promise((ok, fail) => {
      const store = db.transaction('settings', '${mode}').objectStore('settings');
      const request = ${call};
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
  } finally {
    db.close();
  }
})()`;

/** The stored record (keys are never in it), or undefined when there is none. */
export async function storedSettings(page: Page): Promise<StoredSettings | undefined> {
  return page.evaluate<StoredSettings | undefined>(onSettingsStore('readonly', `store.get('current')`));
}

/** Replaces the stored record, or removes it (`undefined`: as before this version, nothing there). */
export async function storeSettings(page: Page, settings: StoredSettings | undefined): Promise<void> {
  const call = settings ? `store.put(${JSON.stringify(settings)}, 'current')` : `store.delete('current')`;
  await page.evaluate(onSettingsStore('readwrite', call));
}
