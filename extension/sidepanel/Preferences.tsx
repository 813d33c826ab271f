/** Appearance (theme) and the quick actions library. */
import { useState } from 'react';
import { DEFAULT_QUICK_ACTIONS, THEMES, type PublicSettings, type QuickAction } from '../shared/settings';

interface Props {
  settings: PublicSettings;
  onChange: (change: { theme?: PublicSettings['theme']; quickActions?: QuickAction[] }) => void;
}

const THEME_LABELS = { system: 'Same as the browser', light: 'Light', dark: 'Dark' } as const;

export function Preferences({ settings, onChange }: Props) {
  return (
    <>
      <fieldset className="appearance">
        <legend>Appearance</legend>
        {THEMES.map((theme) => (
          <label key={theme}>
            <input type="radio" name="theme" checked={settings.theme === theme} onChange={() => onChange({ theme })} />{' '}
            {THEME_LABELS[theme]}
          </label>
        ))}
      </fieldset>
      <QuickActions actions={settings.quickActions} onChange={(quickActions) => onChange({ quickActions })} />
    </>
  );
}

function QuickActions({ actions, onChange }: { actions: QuickAction[]; onChange: (a: QuickAction[]) => void }) {
  const [label, setLabel] = useState('');
  const [prompt, setPrompt] = useState('');
  const add = () => {
    if (!label.trim() || !prompt.trim()) return;
    onChange([...actions, { id: crypto.randomUUID(), label: label.trim(), prompt: prompt.trim() }]);
    setLabel('');
    setPrompt('');
  };
  return (
    <section className="quick-actions-settings" aria-labelledby="quick-actions-title">
      <h3 id="quick-actions-title">Quick actions</h3>
      <p className="hint">
        One click asks this about the quote or page you attached (or the text in the box). {'{language}'} becomes your
        browser’s language.
      </p>
      <ul>
        {actions.map((a) => (
          <li key={a.id}>
            <strong>{a.label}</strong> <span className="hint">{a.prompt}</span>
            <button
              type="button"
              className="ghost"
              aria-label={`Remove the ${a.label} action`}
              onClick={() => onChange(actions.filter((x) => x.id !== a.id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <input
          aria-label="New action’s name"
          placeholder="Name"
          maxLength={40}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <input
          aria-label="New action’s question"
          placeholder="What to ask"
          maxLength={4000}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <button type="submit" disabled={!label.trim() || !prompt.trim()}>
          Add action
        </button>
      </form>
      <button type="button" className="ghost" onClick={() => onChange(DEFAULT_QUICK_ACTIONS)}>
        Restore the default actions
      </button>
    </section>
  );
}
