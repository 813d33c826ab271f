/** The tool loop's limits: rounds of tool calls in one answer, and how long one call may run. */
import { useId, useState } from 'react';
import { t } from '../../../shared/i18n';
import type { ToolLimits } from '../../../shared/tools/tool-settings';
import { clampLimits, LIMIT_BOUNDS } from './tool-changes';

interface Props {
  limits: ToolLimits;
  /** Saves; settles once stored (a failure is said by the Tools section). */
  onSave: (limits: ToolLimits) => Promise<unknown>;
}

const FIELDS = [
  ['maxRounds', 'toolRounds'],
  ['callTimeoutSeconds', 'toolCallSeconds'],
] as const;

export function ToolLimitsForm({ limits, onSave }: Props) {
  const id = useId();
  const [typed, setTyped] = useState(() => ({
    maxRounds: String(limits.maxRounds),
    callTimeoutSeconds: String(limits.callTimeoutSeconds),
  }));
  // Said once stored, until a field changes again, as for the time limits.
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="tool-limits"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const next = clampLimits(typed);
        setTyped({ maxRounds: String(next.maxRounds), callTimeoutSeconds: String(next.callTimeoutSeconds) });
        onSave(next).then(
          () => setSaved(true),
          () => setSaved(false),
        );
      }}
    >
      <h4 id={`${id}-title`}>{t('toolLimits')}</h4>
      {FIELDS.map(([key, label]) => (
        <div key={key} className="tool-limit">
          <label htmlFor={`${id}-${key}`}>{t(label, LIMIT_BOUNDS[key].min, LIMIT_BOUNDS[key].max)}</label>
          <input
            id={`${id}-${key}`}
            type="number"
            min={LIMIT_BOUNDS[key].min}
            max={LIMIT_BOUNDS[key].max}
            value={typed[key]}
            onChange={(e) => {
              setSaved(false);
              setTyped((x) => ({ ...x, [key]: e.target.value }));
            }}
          />
        </div>
      ))}
      <button type="submit">{t('saveToolLimits')}</button>
      {saved && (
        <p className="hint" role="status">
          {t('toolLimitsSaved')}
        </p>
      )}
    </form>
  );
}
