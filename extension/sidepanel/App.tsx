/** The panel: the conversation and composer, or the provider settings. */
import { useState } from 'react';
import { Composer } from './Composer';
import { Conversation } from './Conversation';
import { SettingsForm } from './SettingsForm';
import { useChat } from './useChat';
import { useSettings } from './useSettings';

export function App() {
  const { settings, save, loadError } = useSettings();
  const chat = useChat();
  const [editing, setEditing] = useState(false);

  if (loadError) return <p className="notice error">Gloss could not load its settings: {loadError}</p>;
  if (!settings) return <p className="notice">Loading…</p>;
  const showSettings = editing || !settings.provider;

  return (
    <div className="app">
      <header className="bar">
        {/* The browser's panel header already shows the name; keep it for screen readers. */}
        <h1 className="sr-only">Gloss</h1>
        <span className="model" title={settings.provider?.baseUrl}>
          {settings.provider?.model}
        </span>
        {settings.provider && (
          <button type="button" className="ghost" aria-pressed={editing} onClick={() => setEditing(!editing)}>
            {editing ? 'Close settings' : 'Settings'}
          </button>
        )}
      </header>
      {showSettings ? (
        <SettingsForm
          current={settings.provider}
          onSave={async (input) => {
            const result = await save(input);
            if (result.ok) setEditing(false);
            return result;
          }}
        />
      ) : (
        <>
          <Conversation turns={chat.turns} answerDom={chat.answerDom} onRetry={chat.retry} />
          <Composer streaming={chat.streaming} onSend={chat.ask} onStop={chat.stop} />
        </>
      )}
    </div>
  );
}
