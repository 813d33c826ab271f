/**
 * The messages of every language Gloss ships, read once from the extension's own files: a
 * built-in quick action stored in one of them is shown in the browser's language
 * (`inCurrentLanguage`).
 */
import browser from 'webextension-polyfill';
import { LOCALES } from '../../shared/i18n';
import type { Catalogue } from '../../shared/preferences';

let loading: Promise<Catalogue[]> | undefined;

export function shippedCatalogues(): Promise<Catalogue[]> {
  loading ??= Promise.all(
    LOCALES.map((lang) =>
      // The extension's own file (runtime.getURL), never a provider's: the rule is about those.
      // eslint-disable-next-line no-restricted-globals
      fetch(browser.runtime.getURL(`_locales/${lang}/messages.json`))
        .then((r) => r.json() as Promise<Catalogue>)
        .catch(() => ({})),
    ),
  );
  return loading;
}
