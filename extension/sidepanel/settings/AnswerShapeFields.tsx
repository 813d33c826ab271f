/**
 * How a provider's answers are asked for, folded away under the form: the longest answer (a
 * local server's default: 4,096 tokens, so a small model that loops stops) and the temperature.
 * Empty is the provider's own default.
 */
import { LOCAL_ANSWER_TOKENS, runsLocally, type PresetId } from '../../shared/presets';
import { MAX_ANSWER_TOKENS } from '../../shared/settings';
import { t } from '../../shared/i18n';

export interface AnswerShape {
  maxTokens?: number;
  temperature?: number;
}

interface Props {
  id: string;
  preset: PresetId;
  value: AnswerShape;
  onChange: (shape: AnswerShape) => void;
}

/** A number typed, or undefined for an empty field (and for what is not a number). */
const numberOf = (text: string): number | undefined => {
  const n = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) ? n : undefined;
};

export function AnswerShapeFields({ id, preset, value, onChange }: Props) {
  const defaultTokens = runsLocally(preset) ? String(LOCAL_ANSWER_TOKENS) : t('providerDefault');
  return (
    <details className="answer-shape" open={value.maxTokens !== undefined || value.temperature !== undefined}>
      <summary>{t('answerShape')}</summary>
      <div className="answer-shape-fields">
        <label htmlFor={`${id}-tokens`}>{t('answerTokens')}</label>
        <input
          id={`${id}-tokens`}
          type="number"
          min={16}
          max={MAX_ANSWER_TOKENS}
          step={1}
          inputMode="numeric"
          placeholder={defaultTokens}
          value={value.maxTokens ?? ''}
          onChange={(e) => onChange({ ...value, maxTokens: numberOf(e.target.value) })}
        />
        <label htmlFor={`${id}-temperature`}>{t('answerTemperature')}</label>
        <input
          id={`${id}-temperature`}
          type="number"
          min={0}
          max={2}
          step={0.1}
          inputMode="decimal"
          placeholder={t('providerDefault')}
          value={value.temperature ?? ''}
          onChange={(e) => onChange({ ...value, temperature: numberOf(e.target.value) })}
        />
        <p className="hint">{t('answerShapeHint')}</p>
      </div>
    </details>
  );
}
