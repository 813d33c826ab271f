/** The bar at the top: a new chat, the history, the provider for this conversation, and settings. */
import './AppBar.css';
import { t } from '../shared/i18n';
import type { PublicSettings } from '../shared/settings';
import { ModelSwitch } from './chat/ModelSwitch';

export type View = 'chat' | 'history' | 'settings';

interface Props {
  /** A provider is set up: before that the panel shows only the settings, and the bar is hidden. */
  configured: boolean;
  shown: View;
  settings: PublicSettings;
  providerId: string | undefined;
  onProvider: (providerId: string) => void;
  onNewChat: () => void;
  /** Shows a view, or the chat again when it is shown. */
  onToggle: (view: View) => void;
}

export function AppBar({ configured, shown, settings, providerId, onProvider, onNewChat, onToggle }: Props) {
  return (
    <header className="bar">
      {/* The browser's panel header already shows the name; keep it for screen readers. */}
      <h1 className="sr-only">Gloss</h1>
      {configured && (
        <>
          <button type="button" className="ghost" onClick={onNewChat}>
            {t('newChat')}
          </button>
          <button
            type="button"
            className="ghost"
            aria-pressed={shown === 'history'}
            onClick={() => onToggle('history')}
          >
            {t('history')}
          </button>
        </>
      )}
      {configured && shown === 'chat' && <ModelSwitch settings={settings} value={providerId} onChange={onProvider} />}
      {configured && (
        <button
          type="button"
          className="ghost"
          aria-pressed={shown === 'settings'}
          onClick={() => onToggle('settings')}
        >
          {shown === 'settings' ? t('closeSettings') : t('settings')}
        </button>
      )}
    </header>
  );
}
