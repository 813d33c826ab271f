/**
 * Images the page's context menu sent to this window's panel (`shared/pending-image.ts`): taken
 * when the composer appears and whenever one arrives while it is shown, each exactly once.
 */
import browser, { type Storage } from 'webextension-polyfill';
import { useEffect, useRef } from 'react';
import { pendingImageKey, readPendingImage, type PendingImage } from '../../shared/images/pending-image';
import { panelRetired } from '../usePanelPresence';

export function useTabImages(arrived: (pending: PendingImage) => void): void {
  // The latest handler, so a re-render does not re-subscribe (and take twice).
  const handler = useRef(arrived);
  useEffect(() => {
    handler.current = arrived;
  });
  useEffect(() => {
    let key: string | undefined;
    // One take at a time: the storage change and the first take may come together.
    let taking = Promise.resolve();
    const take = () => {
      taking = taking.then(async () => {
        if (!key || panelRetired()) return;
        const stored = (await browser.storage.session.get(key))[key];
        if (stored === undefined) return;
        await browser.storage.session.remove(key);
        const pending = readPendingImage(stored);
        if (pending) handler.current(pending);
      });
      taking.catch(console.error);
    };
    const onChange = (changes: Record<string, Storage.StorageChange>, area: string) => {
      if (area === 'session' && key && changes[key]?.newValue !== undefined) take();
    };
    browser.storage.onChanged.addListener(onChange);
    browser.windows.getCurrent().then((win) => {
      key = pendingImageKey(win.id ?? -1);
      take();
    }, console.error);
    return () => browser.storage.onChanged.removeListener(onChange);
  }, []);
}
