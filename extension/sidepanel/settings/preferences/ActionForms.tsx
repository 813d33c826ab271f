/** The forms of the quick actions library: one action edited in place, and a new one added. */
import { useState, type KeyboardEvent } from 'react';
import type { QuickAction } from '../../../shared/preferences';
import { t } from '../../../shared/i18n';
import { SaveCancel } from '../ProviderFields';

interface EditorProps {
  action: QuickAction;
  /** False when the change was refused (an empty name or question). */
  onSave: (change: { label: string; prompt: string }) => boolean;
  onCancel: () => void;
}

/** An action's name and question, edited where it is listed; Esc cancels. */
export function ActionEditor({ action, onSave, onCancel }: EditorProps) {
  const [label, setLabel] = useState(action.label);
  const [prompt, setPrompt] = useState(action.prompt);
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
  };
  const ready = label.trim() !== '' && prompt.trim() !== '';
  return (
    <form
      className="action-editor"
      onKeyDown={keys}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ label, prompt });
      }}
    >
      <label>
        {t('actionLabel')}
        <input autoFocus maxLength={40} value={label} onChange={(e) => setLabel(e.target.value)} />
      </label>
      <label>
        {t('actionQuestion')}
        <textarea maxLength={4000} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      </label>
      <SaveCancel disabled={!ready} onCancel={onCancel} />
    </form>
  );
}

/** A new action's name and question, added at the end of the list. */
export function AddAction({ onAdd }: { onAdd: (action: QuickAction) => void }) {
  const [label, setLabel] = useState('');
  const [prompt, setPrompt] = useState('');
  const ready = label.trim() !== '' && prompt.trim() !== '';
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        onAdd({ id: crypto.randomUUID(), label: label.trim(), prompt: prompt.trim() });
        setLabel('');
        setPrompt('');
      }}
    >
      <input
        aria-label={t('actionName')}
        placeholder={t('actionNamePlaceholder')}
        maxLength={40}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
      />
      <input
        aria-label={t('actionPrompt')}
        placeholder={t('actionPromptPlaceholder')}
        maxLength={4000}
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
      />
      <button type="submit" disabled={!ready}>
        {t('addAction')}
      </button>
    </form>
  );
}
