/** The bar at the top: a new chat, the history, the provider for this conversation, and settings. */
import './AppBar.css';
import HistoryIcon from 'lucide-react/icons/history';
import SettingsIcon from 'lucide-react/icons/settings';
import SquarePen from 'lucide-react/icons/square-pen';
import { t } from '../shared/i18n';
import type { PublicSettings } from '../shared/settings';
import { ModelSwitch } from './models/ModelSwitch';
import type { Choice, Recent } from './models/model-choice';
import { IconButton } from './IconButton';

export type View = 'chat' | 'history' | 'settings';

interface Props {
  /** A provider is set up: before that the panel shows only the settings, and the bar is hidden. */
  configured: boolean;
  shown: View;
  settings: PublicSettings;
  choice: Choice | undefined;
  recent: Recent;
  onChoice: (choice: Choice) => void;
  onNewChat: () => void;
  /** Shows a view, or the chat again when it is shown. */
  onToggle: (view: View) => void;
}

export function AppBar({ configured, shown, settings, choice, recent, onChoice, onNewChat, onToggle }: Props) {
  return (
    <header className="bar">
      {/* The browser's panel header already shows the name; keep it for screen readers. */}
      <h1 className="sr-only">Gloss</h1>
      {configured && (
        <>
          <IconButton icon={SquarePen} label={t('newChat')} onClick={onNewChat} />
          <IconButton
            icon={HistoryIcon}
            label={t('history')}
            aria-pressed={shown === 'history'}
            onClick={() => onToggle('history')}
          />
          {shown === 'chat' && <ModelSwitch settings={settings} choice={choice} recent={recent} onChange={onChoice} />}
          {/* Pressed while shown, as History is: a ✕ here sat under Firefox's own ✕ that closes the sidebar. */}
          <IconButton
            icon={SettingsIcon}
            label={shown === 'settings' ? t('closeSettings') : t('settings')}
            aria-pressed={shown === 'settings'}
            onClick={() => onToggle('settings')}
          />
        </>
      )}
    </header>
  );
}
