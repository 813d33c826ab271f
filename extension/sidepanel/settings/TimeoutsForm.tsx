/** How long to wait for a provider before saying it is not answering. */
import './TimeoutsForm.css';
import { useId, useState } from 'react';
import type { Timeouts } from '../../shared/settings';
import { t } from '../../shared/i18n';

interface Props {
  timeouts: Timeouts;
  /** Saves; settles once stored (a failure is shown by Settings). */
  onSave: (t: Timeouts) => Promise<unknown>;
}

export function TimeoutsForm({ timeouts, onSave }: Props) {
  const id = useId();
  const [firstByte, setFirstByte] = useState(timeouts.firstByteSeconds);
  const [idle, setIdle] = useState(timeouts.idleSeconds);
  // Said once stored, until a field changes again: saving otherwise looked like nothing happened.
  const [saved, setSaved] = useState(false);
  const clamp = (n: number) => Math.min(600, Math.max(5, Math.round(n) || 5));
  return (
    <form
      className="timeouts"
      onSubmit={(e) => {
        e.preventDefault();
        const next = { firstByteSeconds: clamp(firstByte), idleSeconds: clamp(idle) };
        setFirstByte(next.firstByteSeconds);
        setIdle(next.idleSeconds);
        onSave(next).then(
          () => setSaved(true),
          () => setSaved(false),
        );
      }}
    >
      <h3>{t('timeLimits')}</h3>
      <label htmlFor={`${id}-first`}>{t('firstWords')}</label>
      <input
        id={`${id}-first`}
        type="number"
        min={5}
        max={600}
        value={firstByte}
        onChange={(e) => {
          setSaved(false);
          setFirstByte(Number(e.target.value));
        }}
      />
      <label htmlFor={`${id}-idle`}>{t('pauseWait')}</label>
      <input
        id={`${id}-idle`}
        type="number"
        min={5}
        max={600}
        value={idle}
        onChange={(e) => {
          setSaved(false);
          setIdle(Number(e.target.value));
        }}
      />
      <button type="submit">{t('saveTimeLimits')}</button>
      {saved && (
        <p className="hint" role="status">
          {t('timeLimitsSaved')}
        </p>
      )}
    </form>
  );
}
