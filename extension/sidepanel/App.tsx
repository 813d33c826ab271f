/** The panel: the conversation and composer, the history, or the settings. */
import './App.css';
import { useLayoutEffect, useMemo, useState } from 'react';
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
import type { SettingsPlace } from './settings/settings-place';
import { useChatTools } from './tools/useChatTools';

export function App() {
  const api = useSettings();
  const chat = useChat();
  const { session } = chat;
  const models = useModelChoice(api.settings, chat.state.conversation, session.tell);
  const { choice } = models;
  const chatTools = useChatTools(chat.state.conversation, api.settings, session.tell);
  const { off: toolsOff, web, windowId } = chatTools;
  const tools = useMemo(() => ({ toolsOff, web, windowId }), [toolsOff, web, windowId]);
  useLayoutEffect(() => session.setChoice(choice, tools), [session, choice, tools]);
  const instructions = api.settings?.instructions ?? '';
  useLayoutEffect(() => session.setDefaultInstructions(instructions), [session, instructions]);
  const page = usePageContext();
  const { view, place, showView, fixInSettings } = usePanelView(page.arrivals);
  usePanelPresence();
  const { settings, loadError } = api;
  const theme = settings?.theme ?? 'system';
  const textSize = settings?.textSize ?? 'normal';
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.dataset.textSize = textSize;
  }, [theme, textSize]);

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
          showView('chat');
        }}
        onToggle={(v) => showView(view === v ? 'chat' : v)}
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
      {shown === 'settings' && <Settings api={api} place={place} />}
      {shown === 'history' && (
        <History
          currentId={conversationId}
          onOpen={(id) => {
            showView('chat');
            void session.open(id);
          }}
          onRenamed={(id, title) => id === conversationId && session.rename(title)}
          onDeleted={(id) => id === conversationId && session.newChat()}
        />
      )}
      {shown === 'chat' && (
        <ChatView
          chat={chat}
          page={page}
          providerId={choice?.providerId}
          model={choice?.model}
          quickActions={settings.quickActions}
          defaultInstructions={settings.instructions}
          onFixInSettings={fixInSettings}
          chatTools={chatTools}
        />
      )}
    </div>
  );
}

/**
 * Which view the panel shows, and where Settings opens when an answer's error says what to fix
 * there. "Ask Gloss" from the page (`arrivals` counts them) shows the chat, wherever the panel was.
 */
function usePanelView(arrivals: number) {
  const [view, setView] = useState<View>('chat');
  const [place, setPlace] = useState<SettingsPlace | null>(null);
  // One function for the panel's life: the turns it reaches are memoized.
  const [fixInSettings] = useState(() => (where: SettingsPlace) => {
    setPlace(where);
    setView('settings');
  });
  const [seen, setSeen] = useState(arrivals);
  if (arrivals !== seen) {
    setSeen(arrivals);
    setView('chat');
  }
  const showView = (next: View) => {
    setPlace(null);
    setView(next);
  };
  return { view, place, showView, fixInSettings };
}
