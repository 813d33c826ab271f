/**
 * What Gloss may access now (the browser's own record of grants), each with a way to give it
 * back: the sites of providers, of the search engine and of tabs added, every website when the
 * user chose so, and the list of tabs. Giving back is safe at any time: a provider, the search
 * or the tab picker asks again when it is next used.
 */
import './Access.css';
import browser from 'webextension-polyfill';
import { useEffect, useState } from 'react';
import { t } from '../../shared/i18n';
import type { PublicProvider } from '../../shared/settings';
import type { WebSettings } from '../../shared/web/web-settings';
import { describeAccess, type Access as Granted } from './access';
import { giveBackKeepingSites } from './web/any-site';

function useAccess(providers: readonly PublicProvider[], web: WebSettings): Granted | null {
  const [access, setAccess] = useState<Granted | null>(null);
  useEffect(() => {
    const read = () => void browser.permissions.getAll().then((all) => setAccess(describeAccess(all, providers, web)));
    read();
    browser.permissions.onAdded.addListener(read);
    browser.permissions.onRemoved.addListener(read);
    return () => {
      browser.permissions.onAdded.removeListener(read);
      browser.permissions.onRemoved.removeListener(read);
    };
  }, [providers, web]);
  return access;
}

/**
 * A site is given back keeping the sites granted inside it (`web/any-site.ts`): every website
 * holds them all, and in Chrome a host granted whole by an older version holds its ports.
 */
const giveBack = (what: { origins?: string[]; permissions?: 'tabs'[] }) =>
  void (what.origins ? giveBackKeepingSites(what.origins) : browser.permissions.remove(what));

export function Access({ providers, web }: { providers: readonly PublicProvider[]; web: WebSettings }) {
  const access = useAccess(providers, web);
  if (!access) return null;
  const none = access.sites.length === 0 && !access.tabs;
  return (
    <section className="access" aria-labelledby="access-title">
      <h3 id="access-title">{t('accessTitle')}</h3>
      {none ? (
        <p className="hint">{t('accessNone')}</p>
      ) : (
        <ul>
          {access.sites.map((s) => (
            <li key={s.pattern}>
              <div>
                <span className="access-site">{s.site}</span>
                <span className="hint">
                  {s.usedBy.length ? t('accessUsedBy', s.usedBy.join(', ')) : t('accessUnused')}
                </span>
              </div>
              <button
                type="button"
                onClick={() => giveBack({ origins: [s.pattern] })}
                aria-label={t('giveBackLabel', s.site)}
              >
                {t('giveBack')}
              </button>
            </li>
          ))}
          {access.tabs && (
            <li>
              <div>{t('accessTabs')}</div>
              <button
                type="button"
                onClick={() => giveBack({ permissions: ['tabs'] })}
                aria-label={t('giveBackLabel', t('accessTabs'))}
              >
                {t('giveBack')}
              </button>
            </li>
          )}
        </ul>
      )}
      {!none && <p className="hint">{t('accessHint')}</p>}
    </section>
  );
}
