/** The panel: the conversation and composer, the history, or the settings. */
import './App.css';
import { useLayoutEffect, useState } from 'react';
import { Composer } from './chat/Composer';
import { Conversation } from './chat/Conversation';
import { ConversationHeader } from './chat/ConversationHeader';
import { History } from './history/History';
import { ModelSwitch } from './chat/ModelSwitch';
import { Settings } from './settings/Settings';
import { useChat } from './chat/useChat';
import { usePageContext } from './chat/usePageContext';
import { usePanelPresence } from './usePanelPresence';
import { useSettings } from './settings/useSettings';
import { t } from '../shared/i18n';

type View = 'chat' | 'history' | 'settings';

export function App() {
  const api = useSettings();
  const [providerId, setProviderId] = useState<string>();
  const chat = useChat(providerId);
  const { session } = chat;
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
  // A switched-to provider that was since removed falls back to the default.
  const chosen = settings.providers.some((p) => p.id === providerId) ? providerId : undefined;
  const shown: View = configured ? view : 'settings';
  const toggle = (v: View) => setView(view === v ? 'chat' : v);
  const last = chat.path[chat.path.length - 1]?.turn;
  const conversationId = chat.state.conversation?.id ?? null;

  return (
    <div className="app">
      <header className="bar">
        {/* The browser's panel header already shows the name; keep it for screen readers. */}
        <h1 className="sr-only">Gloss</h1>
        {configured && (
          <>
            <button
              type="button"
              className="ghost"
              onClick={() => {
                session.newChat();
                setView('chat');
              }}
            >
              {t('newChat')}
            </button>
            <button
              type="button"
              className="ghost"
              aria-pressed={shown === 'history'}
              onClick={() => toggle('history')}
            >
              {t('history')}
            </button>
          </>
        )}
        {configured && shown === 'chat' && <ModelSwitch settings={settings} value={chosen} onChange={setProviderId} />}
        {configured && (
          <button
            type="button"
            className="ghost"
            aria-pressed={shown === 'settings'}
            onClick={() => toggle('settings')}
          >
            {shown === 'settings' ? t('closeSettings') : t('settings')}
          </button>
        )}
      </header>
      {!configured && page.error && (
        <p className="notice error" role="alert">
          {page.error}
        </p>
      )}
      {!configured && page.attachment && (
        <p className="notice" role="status">
          {t('attachmentWaiting', page.attachment.title || page.attachment.url)}
        </p>
      )}
      {shown === 'settings' && <Settings api={api} onDone={() => setView('chat')} />}
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
        <>
          <ConversationHeader
            title={chat.state.conversation?.title ?? null}
            systemPrompt={chat.systemPrompt}
            onSystemPrompt={session.setSystemPrompt}
          />
          <Conversation
            path={chat.path}
            answerDom={session.answer}
            onRegenerate={session.regenerate}
            onEdit={session.edit}
            onContinue={session.carryOn}
            onSelect={session.select}
          />
          {(page.error ?? chat.notice) && (
            <p className="notice error" role="alert">
              {page.error ?? chat.notice}{' '}
              <button
                type="button"
                className="ghost"
                onClick={() => {
                  page.clearError();
                  session.dismissNotice();
                }}
              >
                {t('dismiss')}
              </button>
            </p>
          )}
          <Composer
            streaming={chat.streaming}
            onSend={session.ask}
            onStop={session.stop}
            attachment={page.attachment}
            onAttachmentChange={page.setAttachment}
            suggestion={page.question}
            onSuggestionTaken={page.clearQuestion}
            providerId={chosen}
            lastQuestion={last ? { id: last.id, question: last.question } : null}
            quickActions={settings.quickActions}
            returned={chat.returned}
            onEdit={session.edit}
          />
        </>
      )}
    </div>
  );
}
