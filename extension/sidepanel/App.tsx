/** The panel: the conversation and composer, or the settings. */
import { useState } from 'react';
import { Composer } from './Composer';
import { Conversation } from './Conversation';
import { ModelSwitch } from './ModelSwitch';
import { Settings } from './Settings';
import { useChat } from './useChat';
import { usePageContext } from './usePageContext';
import { usePanelPresence } from './usePanelPresence';
import { useSettings } from './useSettings';

export function App() {
  const api = useSettings();
  const [providerId, setProviderId] = useState<string>();
  const chat = useChat(providerId);
  const [editing, setEditing] = useState(false);
  const page = usePageContext();
  usePanelPresence();
  const { settings, loadError } = api;

  if (loadError) return <p className="notice error">Gloss could not load its settings: {loadError}</p>;
  if (!settings) return <p className="notice">Loading…</p>;
  const configured = settings.providers.length > 0;
  // A switched-to provider that was since removed falls back to the default.
  const chosen = settings.providers.some((p) => p.id === providerId) ? providerId : undefined;

  return (
    <div className="app">
      <header className="bar">
        {/* The browser's panel header already shows the name; keep it for screen readers. */}
        <h1 className="sr-only">Gloss</h1>
        {configured && !editing && <ModelSwitch settings={settings} value={chosen} onChange={setProviderId} />}
        {configured && (
          <button type="button" className="ghost" aria-pressed={editing} onClick={() => setEditing(!editing)}>
            {editing ? 'Close settings' : 'Settings'}
          </button>
        )}
      </header>
      {editing || !configured ? (
        <Settings api={api} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Conversation turns={chat.turns} answerDom={chat.answerDom} onRetry={chat.retry} />
          {page.error && (
            <p className="notice error" role="alert">
              {page.error}{' '}
              <button type="button" className="ghost" onClick={page.clearError}>
                Dismiss
              </button>
            </p>
          )}
          <Composer
            streaming={chat.streaming}
            onSend={chat.ask}
            onStop={chat.stop}
            attachment={page.attachment}
            onAttachmentChange={page.setAttachment}
            suggestion={page.question}
            providerId={chosen}
          />
        </>
      )}
    </div>
  );
}
