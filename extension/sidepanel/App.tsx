/** The panel: the conversation and composer, the history, or the settings. */
import './App.css';
import { useLayoutEffect, useState } from 'react';
import { useModelChoice } from './models/useModelChoice';
import { AppBar, type View } from './AppBar';
import { ChatView } from './conversation/ChatView';
import { History } from './history/History';
import { Settings } from './settings/Settings';
import { useChat } from './conversation/useChat';
import { usePageContext } from './material/usePageContext';
import { usePanelPresence } from './usePanelPresence';
import { useSettings } from './settings/useSettings';
import { t } from '../shared/i18n';

export function App() {
  const api = useSettings();
  const chat = useChat();
  const { session } = chat;
  const models = useModelChoice(api.settings, chat.state.conversation);
  const { choice } = models;
  useLayoutEffect(() => session.setChoice(choice), [session, choice]);
  const [view, setView] = useState<View>('chat');
  const page = usePageContext();
  // "Ask Gloss" from the page shows the chat, wherever the panel was (history, settings).
  const [arrivals, setArrivals] = useState(0);
  if (page.arrivals !== arrivals) {
    setArrivals(page.arrivals);
    setView('chat');
  }
  usePanelPresence();
  const { settings, loadError } = api;
  const theme = settings?.theme ?? 'system';
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  if (loadError) return <p className="notice error">{t('loadSettingsFailed', loadError)}</p>;
  if (!settings) return <p className="notice">{t('loading')}</p>;
  const configured = settings.providers.length > 0;
  const shown: View = configured ? view : 'settings';
  const conversationId = chat.state.conversation?.id ?? null;

  return (
    <div className="app">
      <AppBar
        configured={configured}
        shown={shown}
        settings={settings}
        choice={choice}
        recent={models.recent}
        onChoice={models.pick}
        onNewChat={() => {
          models.forget();
          session.newChat();
          setView('chat');
        }}
        onToggle={(v) => setView(view === v ? 'chat' : v)}
      />
      {!configured && page.error && (
        <p className="notice error" role="alert">
          {page.error}
        </p>
      )}
      {!configured && page.attachments[0] && (
        <p className="notice" role="status">
          {t('attachmentWaiting', page.attachments[0].title || page.attachments[0].url)}
        </p>
      )}
      {shown === 'settings' && <Settings api={api} />}
      {shown === 'history' && (
        <History
          currentId={conversationId}
          onOpen={(id) => {
            setView('chat');
            void session.open(id);
          }}
          onRenamed={(id, title) => id === conversationId && session.rename(title)}
          onDeleted={(id) => id === conversationId && session.newChat()}
        />
      )}
      {shown === 'chat' && (
        <ChatView chat={chat} page={page} providerId={choice?.providerId} quickActions={settings.quickActions} />
      )}
    </div>
  );
}
