/** How long to wait for a provider before saying it is not answering. */
import './TimeoutsForm.css';
import { useId, useState } from 'react';
import type { Timeouts } from '../../shared/settings';
import { t } from '../../shared/i18n';

export function TimeoutsForm({ timeouts, onSave }: { timeouts: Timeouts; onSave: (t: Timeouts) => void }) {
  const id = useId();
  const [firstByte, setFirstByte] = useState(timeouts.firstByteSeconds);
  const [idle, setIdle] = useState(timeouts.idleSeconds);
  const clamp = (n: number) => Math.min(600, Math.max(5, Math.round(n) || 5));
  return (
    <form
      className="timeouts"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ firstByteSeconds: clamp(firstByte), idleSeconds: clamp(idle) });
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
        onChange={(e) => setFirstByte(Number(e.target.value))}
      />
      <label htmlFor={`${id}-idle`}>{t('pauseWait')}</label>
      <input
        id={`${id}-idle`}
        type="number"
        min={5}
        max={600}
        value={idle}
        onChange={(e) => setIdle(Number(e.target.value))}
      />
      <button type="submit">{t('saveTimeLimits')}</button>
    </form>
  );
}
