/**
 * Handing something from a menu click or shortcut to a window's panel: it is left in session
 * storage under a key of that window, and the panel takes it when it opens or sees it arrive.
 */
import browser from 'webextension-polyfill';
import { messageOf } from '../shared/errors';
import { t, type MessageKey } from '../shared/i18n';

/**
 * Leaves `value` under `key`; if storage refuses it (too large), leaves why instead, in the
 * words of `refused` (page material by default; an image says so of an image).
 */
export async function handOver(key: string, value: unknown, refused: MessageKey = 'materialNotPassed'): Promise<void> {
  try {
    await browser.storage.session.set({ [key]: value });
  } catch (e) {
    await browser.storage.session.set({ [key]: { error: t(refused, messageOf(e)) } });
  }
}
