/**
 * "Pages Gloss reads": any site (the browser grants every http and https site, `ANY_SITE`) or
 * asked for each site. The choice is the browser's grant, not a setting: choosing "any site" asks for it
 * in the click (the prompt needs a user gesture), choosing "each site" gives it back, keeping
 * the sites granted one by one (`any-site.ts`).
 */
import browser from 'webextension-polyfill';
import { useState } from 'react';
import { ANY_SITE } from '../../../shared/web/web-settings';
import { giveBackKeepingSites } from './any-site';
import { useGranted } from './useGranted';

export function useAnySite() {
  const granted = useGranted(ANY_SITE);
  // The choice made, shown while the browser asks; then what it granted.
  const [pending, setPending] = useState<boolean | null>(null);
  const [refused, setRefused] = useState(false);
  const choose = (any: boolean) => {
    const change = any ? browser.permissions.request({ origins: ANY_SITE }) : giveBackKeepingSites(ANY_SITE);
    setPending(any);
    setRefused(false);
    void change
      .catch(() => false)
      .then((done) => {
        setPending(null);
        setRefused(any && !done);
      });
  };
  return { any: pending ?? granted ?? false, known: granted !== null, refused, choose };
}
