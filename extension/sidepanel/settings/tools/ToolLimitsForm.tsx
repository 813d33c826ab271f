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

type Typed = Record<keyof ToolLimits, string>;
const asTyped = (l: ToolLimits): Typed => ({
  maxRounds: String(l.maxRounds),
  callTimeoutSeconds: String(l.callTimeoutSeconds),
});

const FIELDS = [
  ['maxRounds', 'toolRounds'],
  ['callTimeoutSeconds', 'toolCallSeconds'],
] as const;

export function ToolLimitsForm({ limits, onSave }: Props) {
  const id = useId();
  // What is typed, until it is stored; the stored limits otherwise (they may arrive after the form).
  const [typed, setTyped] = useState<Typed | null>(null);
  const shown = typed ?? asTyped(limits);
  // Said once stored, until a field changes again, as for the time limits.
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="tool-limits"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const next = clampLimits(shown);
        setTyped(asTyped(next));
        onSave(next).then(
          () => {
            setSaved(true);
            setTyped(null);
          },
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
            value={shown[key]}
            onChange={(e) => {
              setSaved(false);
              setTyped({ ...shown, [key]: e.target.value });
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
