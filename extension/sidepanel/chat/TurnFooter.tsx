/** Under a turn: its versions, what can be done with it, and the model and tokens it took. */
import './TurnFooter.css';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import type { PathStep } from '../../shared/thread';
import { modelName } from '../model-name';
import type { Turn } from './chat-state';

interface Props {
  step: PathStep<Turn>;
  /** A Continue or Regenerate for this turn is on its way to the worker. */
  pending: boolean;
  onSelect: (turnId: string) => void;
  onRegenerate: (turnId: string) => void;
  /** Starts editing the question. */
  onEditQuestion: () => void;
}

export function TurnFooter({ step, pending, onSelect, onRegenerate, onEditQuestion }: Props) {
  const { turn, versions, index } = step;
  const [copied, setCopied] = useState(false);
  const streaming = turn.status === 'streaming';
  const copy = () => {
    void navigator.clipboard.writeText(turn.answer).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };

  return (
    <footer className="turn-actions">
      {versions.length > 1 && (
        <span className="versions" role="group" aria-label={t('versions')}>
          <button
            type="button"
            className="ghost"
            aria-label={t('previousVersion')}
            disabled={index === 0 || streaming}
            onClick={() => onSelect(versions[index - 1] ?? turn.id)}
          >
            ‹
          </button>
          <span>
            {index + 1} / {versions.length}
          </span>
          <button
            type="button"
            className="ghost"
            aria-label={t('nextVersion')}
            disabled={index === versions.length - 1 || streaming}
            onClick={() => onSelect(versions[index + 1] ?? turn.id)}
          >
            ›
          </button>
        </span>
      )}
      {!streaming && (
        <>
          <button type="button" className="ghost" onClick={onEditQuestion}>
            {t('edit')}
          </button>
          <button type="button" className="ghost" disabled={pending} onClick={() => onRegenerate(turn.id)}>
            {t('regenerate')}
          </button>
          {turn.answer && (
            <button type="button" className="ghost" onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </button>
          )}
        </>
      )}
      <span className="meta usage">
        {[
          turn.model && modelName(turn.model),
          turn.usage && t('tokens', turn.usage.inputTokens, turn.usage.outputTokens),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </footer>
  );
}
