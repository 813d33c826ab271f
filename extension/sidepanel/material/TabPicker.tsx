/**
 * The tab picker beside the attach button: lists this window's tabs and adds any of them to the
 * question's sources. Listing needs the optional `tabs` permission (titles and addresses, no
 * page content) and reading one tab needs access to its site only; both are asked in the click
 * that needs them (browsers show the prompt only for a user gesture), with a line saying why.
 * Without them, "Add this tab" (menu or shortcut) still works everywhere through `activeTab`.
 */
import './TabPicker.css';
import AppWindow from 'lucide-react/icons/app-window';
import { IconButton } from '../IconButton';
import { useState } from 'react';
import browser from 'webextension-polyfill';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import { requestOrigins } from '../settings/permissions';
import { pickableTabs, type PickableTab } from './tab-list';

const TABS = { permissions: ['tabs' as const] };

/** The list's state: closed, asking for the listing permission, or the tabs. */
type Shown = null | 'why' | PickableTab[];

function TabList({ tabs, onPick }: { tabs: PickableTab[]; onPick: (tab: PickableTab) => void }) {
  if (tabs.length === 0) return <p className="hint">{t('tabsNone')}</p>;
  return (
    <ul className="tab-list" aria-label={t('tabsListLabel')}>
      {tabs.map((tab) => (
        <li key={tab.id}>
          <button type="button" className="ghost" title={tab.url} onClick={() => onPick(tab)}>
            <span className="tab-title">{tab.title}</span> <span className="hint">{tab.host}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function TabPicker({ onError }: { onError: (message: string) => void }) {
  const [shown, setShown] = useState<Shown>(null);
  const list = () =>
    browser.tabs.query({ currentWindow: true }).then(
      (tabs) => setShown(pickableTabs(tabs)),
      (e: unknown) => onError(t('tabAddFailed', messageOf(e))),
    );
  const toggle = () => {
    if (shown) {
      setShown(null);
      return;
    }
    browser.permissions.contains(TABS).then(
      (has) => (has ? list() : setShown('why')),
      (e: unknown) => onError(t('tabAddFailed', messageOf(e))),
    );
  };
  const allow = () =>
    void browser.permissions.request(TABS).then(
      async (granted) => {
        if (granted) await list();
      },
      (e: unknown) => onError(t('tabAddFailed', messageOf(e))),
    );
  const pick = (tab: PickableTab) => {
    setShown(null);
    // Asked in the click; already granted, it answers at once without a prompt.
    const failed = (e: unknown) => onError(t('tabAddFailed', messageOf(e)));
    requestOrigins([tab.origin]).then((granted) => {
      if (!granted) {
        onError(t('tabAccessRefused', tab.host));
        return;
      }
      send('context.addTab', { tabId: tab.id }).catch(failed);
    }, failed);
  };
  return (
    <>
      <IconButton
        icon={AppWindow}
        label={t('tabPick')}
        className="tab-pick"
        aria-expanded={shown !== null}
        onClick={toggle}
      />
      {shown !== null && (
        <div className="tab-picker">
          {shown === 'why' ? (
            <p className="hint">
              {t('tabsAccessWhy')}{' '}
              <button type="button" className="ghost" onClick={allow}>
                {t('tabsAllow')}
              </button>
            </p>
          ) : (
            <TabList tabs={shown} onPick={pick} />
          )}
        </div>
      )}
    </>
  );
}
