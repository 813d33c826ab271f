/**
 * Says where material from another page goes (a new chat, `material-chat.ts`), with the choice
 * to add it to the open one instead: visible before sending, never decided silently.
 */
import './MaterialPlace.css';
import { t } from '../../shared/i18n';

interface Props {
  /** The user chose to add it to the open chat. */
  joined: boolean;
  onJoin: (join: boolean) => void;
}

export function MaterialPlace({ joined, onJoin }: Props) {
  return (
    <p className="hint material-place" role="status">
      {joined ? t('materialJoins') : t('materialStartsNew')}{' '}
      <button type="button" className="ghost" onClick={() => onJoin(!joined)}>
        {joined ? t('materialNewInstead') : t('materialAddHere')}
      </button>
    </p>
  );
}
