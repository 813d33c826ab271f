/**
 * The sign that an answer is on its way: a spinner and the seconds waited before the first
 * token (saying so while a model on this computer loads into memory), a pulse while tokens arrive, and "No data for N s" with Stop and Retry when a stream
 * goes quiet (the logic is activity.ts). It ticks once a second and re-renders only itself.
 */
import './Activity.css';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useEffect, useState } from 'react';
import { t } from '../../shared/i18n';
import { activityOf } from './activity';
import type { Turn } from './chat-state';

interface Props {
  turn: Turn;
  heardFrom: (turnId: string) => number | null;
  onStop: () => void;
  onRetry: () => void;
}

export function Activity({ turn, heardFrom, onStop, onRetry }: Props) {
  const [now, setNow] = useState(Date.now);
  // Shown for each stream anew: a Continued answer waits from when it was continued, not asked.
  const [shown] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const heard = heardFrom(turn.id);
  const first = turn.answer === '' && !turn.reasoning;
  const activity = activityOf({
    since: first ? Math.min(turn.createdAt, shown) : shown,
    last: heard !== null && heard >= shown && !first ? heard : null,
    now,
    loading: turn.modelLoading,
  });

  if (activity.kind === 'streaming') {
    return <span className="activity pulse" role="presentation" />;
  }
  if (activity.kind === 'waiting' || activity.kind === 'loading') {
    return (
      <p className="pending activity">
        <LoaderCircle className="spin" aria-hidden="true" size={14} />
        {/* One run of text: a line that wraps keeps its seconds after its words, whole. */}
        <span>
          {t(activity.kind === 'loading' ? 'loadingModel' : 'waiting')}
          {activity.seconds > 0 && ' '}
          {activity.seconds > 0 && <span className="elapsed">{t('seconds', activity.seconds)}</span>}
        </span>
      </p>
    );
  }
  return (
    <div className="stall" role="status">
      <p>{t('stalled', activity.seconds)}</p>
      <button type="button" onClick={onStop}>
        {t('stop')}
      </button>
      <button type="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
