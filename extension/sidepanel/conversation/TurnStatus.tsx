/** How an answer ended, when there is something to say or do about it: Continue, Retry, a fix. */
import { plural, t } from '../../shared/i18n';
import type { SettingsPlace } from '../settings/settings-place';
import type { Turn } from './chat-state';

export function TurnStatus({
  turn,
  pending,
  onContinue,
  onRegenerate,
  fix,
  onFix,
}: {
  turn: Turn;
  pending: boolean;
  onContinue: (id: string, without?: 'images' | 'tools') => void;
  onRegenerate: (id: string) => void;
  /** Where in Settings the error is fixed, if it is fixed there. */
  fix: SettingsPlace | null | undefined;
  onFix: (where: SettingsPlace) => void;
}) {
  if (turn.status === 'done' && turn.finishReason === 'length') {
    return <p className="meta">{t('lengthLimit')}</p>;
  }
  if (turn.status === 'done' && turn.roundLimit !== undefined) {
    return (
      <div className="meta interrupted">
        <p>{plural(turn.roundLimit, 'stepsRoundLimitOne', 'stepsRoundLimit')}</p>
        <button type="button" disabled={pending} onClick={() => onContinue(turn.id)}>
          {t('continue')}
        </button>
      </div>
    );
  }
  if (turn.status === 'stopped' || turn.status === 'interrupted') {
    return (
      <div className="meta interrupted">
        <p>{turn.status === 'stopped' ? t('stopped') : t('interrupted')}</p>
        <button type="button" disabled={pending} onClick={() => onContinue(turn.id)}>
          {t('continue')}
        </button>
      </div>
    );
  }
  if (turn.status === 'error' && turn.error) {
    // What arrived before a connection dropped stays, and can be carried on in place; Retry
    // (a new version) stays at hand for an answer that went wrong. With nothing received,
    // Retry asks again in place: a version holding only an error would be clutter.
    const received = turn.answer !== '';
    // A model that cannot see fails again on Retry: asking without the images is what can work.
    const blind = turn.error.code === 'no_vision' && (turn.images?.length ?? 0) > 0;
    return (
      <div className="error" role="alert">
        <p>{turn.error.message}</p>
        {received && (
          <button type="button" disabled={pending} onClick={() => onContinue(turn.id)}>
            {t('continue')}
          </button>
        )}
        {blind ? (
          <button type="button" disabled={pending} onClick={() => onContinue(turn.id, 'images')}>
            {t('sendWithoutImages')}
          </button>
        ) : turn.error.code === 'no_tools' ? (
          <button type="button" disabled={pending} onClick={() => onContinue(turn.id, 'tools')}>
            {t('answerWithoutTools')}
          </button>
        ) : (
          <button type="button" disabled={pending} onClick={() => (received ? onRegenerate : onContinue)(turn.id)}>
            {t('retry')}
          </button>
        )}
        {fix && (
          <button type="button" onClick={() => onFix(fix)}>
            {fix === 'timeouts' ? t('openTimeouts') : t('openProviderSettings')}
          </button>
        )}
      </div>
    );
  }
  return null;
}
