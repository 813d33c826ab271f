/**
 * The keyboard shortcuts as the browser has them now. A shortcut can be unassigned (the
 * suggested keys were taken by another extension) or changed by the user; the browser's own
 * page is where to fix that.
 */
import browser from 'webextension-polyfill';
import './Shortcuts.css';
import { hasSidePanel } from '../../shared/chrome-side-panel';
import { t } from '../../shared/i18n';
import { useCommands } from '../useCommands';

const SHORTCUTS_PAGE = 'chrome://extensions/shortcuts';

export function Shortcuts() {
  const listed = useCommands();
  if (listed.length === 0) return null;
  const missing = listed.some((c) => !c.shortcut);

  return (
    <section className="shortcuts" aria-labelledby="shortcuts-title">
      <h3 id="shortcuts-title">{t('shortcuts')}</h3>
      <ul>
        {listed.map((c) => (
          <li key={c.name}>
            <span>{c.description}</span>{' '}
            {c.shortcut ? <kbd>{c.shortcut}</kbd> : <em className="field-error">{t('notAssigned')}</em>}
          </li>
        ))}
      </ul>
      {missing && <p className="hint">{t('keysTaken')}</p>}
      {hasSidePanel() ? (
        <button type="button" onClick={() => void browser.tabs.create({ url: SHORTCUTS_PAGE })}>
          {t('changeShortcuts')}
        </button>
      ) : (
        <p className="hint">{t('firefoxShortcuts')}</p>
      )}
    </section>
  );
}
