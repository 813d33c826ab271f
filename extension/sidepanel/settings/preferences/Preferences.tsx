/** Appearance (theme) and the quick actions library. */
import './Preferences.css';
import { useState } from 'react';
import {
  DEFAULT_QUICK_ACTIONS,
  TEXT_SIZES,
  THEMES,
  type Preferences as Change,
  type QuickAction,
} from '../../../shared/preferences';
import type { PublicSettings } from '../../../shared/settings';
import { t, type MessageKey } from '../../../shared/i18n';
import { DefaultInstructions } from './DefaultInstructions';

interface Props {
  settings: PublicSettings;
  onChange: (change: Change) => void;
}

const THEME_LABELS = { system: 'themeSystem', light: 'themeLight', dark: 'themeDark' } as const;
const SIZE_LABELS = { small: 'textSmall', normal: 'textNormal', large: 'textLarge' } as const;

export function Preferences({ settings, onChange }: Props) {
  return (
    <>
      <fieldset className="appearance">
        <legend>{t('appearance')}</legend>
        <Choices
          name="theme"
          options={THEMES}
          labels={THEME_LABELS}
          value={settings.theme}
          onChoose={(theme) => onChange({ theme })}
        />
        <Choices
          name="text-size"
          label={t('textSize')}
          options={TEXT_SIZES}
          labels={SIZE_LABELS}
          value={settings.textSize}
          onChoose={(textSize) => onChange({ textSize })}
        />
      </fieldset>
      <DefaultInstructions value={settings.instructions} onSave={(instructions) => onChange({ instructions })} />
      <QuickActions actions={settings.quickActions} onChange={(quickActions) => onChange({ quickActions })} />
    </>
  );
}

/** One choice of a few, as radio buttons on a line (named by `label` when given). */
function Choices<T extends string>(p: {
  name: string;
  label?: string;
  options: readonly T[];
  labels: Record<T, MessageKey>;
  value: T;
  onChoose: (value: T) => void;
}) {
  return (
    <div className="choices" role="radiogroup" aria-label={p.label}>
      {p.label && <span className="hint">{p.label}</span>}
      {p.options.map((option) => (
        <label key={option} className="check">
          <input type="radio" name={p.name} checked={p.value === option} onChange={() => p.onChoose(option)} />{' '}
          {t(p.labels[option])}
        </label>
      ))}
    </div>
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
      <h3 id="quick-actions-title">{t('quickActions')}</h3>
      <p className="hint">{t('quickActionsHint')}</p>
      <ul>
        {actions.map((a) => (
          <li key={a.id}>
            <span className="action-text">
              <strong>{a.label}</strong> <span className="hint">{a.prompt}</span>
            </span>
            <button
              type="button"
              className="ghost"
              aria-label={t('removeAction', a.label)}
              onClick={() => onChange(actions.filter((x) => x.id !== a.id))}
            >
              {t('remove')}
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
        <button type="submit" disabled={!label.trim() || !prompt.trim()}>
          {t('addAction')}
        </button>
      </form>
      <button type="button" className="ghost" onClick={() => onChange(DEFAULT_QUICK_ACTIONS)}>
        {t('restoreActions')}
      </button>
    </section>
  );
}
