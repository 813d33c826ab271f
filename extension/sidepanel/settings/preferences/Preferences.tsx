/** Appearance (theme) and the quick actions library. */
import './Preferences.css';
import { TEXT_SIZES, THEMES, type Preferences as Change } from '../../../shared/preferences';
import type { PublicSettings } from '../../../shared/settings';
import { t, type MessageKey } from '../../../shared/i18n';
import { DefaultInstructions } from './DefaultInstructions';
import { QuickActions } from './QuickActions';

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
