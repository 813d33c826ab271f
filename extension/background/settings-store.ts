/** Reads and writes the settings in `storage.local` (never sync: it holds the API key). */
import browser from 'webextension-polyfill';
import { migrateSettings, SETTINGS_KEY, type StoredSettings } from '../shared/settings';

export async function loadSettings(): Promise<StoredSettings> {
  const stored = await browser.storage.local.get(SETTINGS_KEY);
  return migrateSettings(stored[SETTINGS_KEY]);
}

export async function saveSettings(settings: StoredSettings): Promise<void> {
  await browser.storage.local.set({ [SETTINGS_KEY]: settings });
}
