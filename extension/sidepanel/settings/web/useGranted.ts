/**
 * Whether the browser grants Gloss `origins` now, following every grant and give-back (a prompt
 * answered, the Access list, the browser's own extension page). Null while unknown, or when
 * there is nothing to ask for.
 */
import browser from 'webextension-polyfill';
import { useEffect, useState } from 'react';

export function useGranted(origins: readonly string[] | null): boolean | null {
  const [granted, setGranted] = useState<{ key: string; value: boolean } | null>(null);
  const key = origins?.join(' ') ?? '';
  useEffect(() => {
    if (key === '') return;
    let live = true;
    const read = () =>
      void browser.permissions.contains({ origins: key.split(' ') }).then(
        (value) => live && setGranted({ key, value }),
        () => live && setGranted({ key, value: false }),
      );
    read();
    browser.permissions.onAdded.addListener(read);
    browser.permissions.onRemoved.addListener(read);
    return () => {
      live = false;
      browser.permissions.onAdded.removeListener(read);
      browser.permissions.onRemoved.removeListener(read);
    };
  }, [key]);
  return key !== '' && granted?.key === key ? granted.value : null;
}
