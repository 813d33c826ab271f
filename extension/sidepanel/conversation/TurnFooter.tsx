/** Under a turn: its versions, what can be done with it, and the model and tokens it took. */
import './TurnFooter.css';
import Check from 'lucide-react/icons/check';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Copy from 'lucide-react/icons/copy';
import Pencil from 'lucide-react/icons/pencil';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import type { PathStep } from '../../shared/thread';
import { answerModel } from '../models/model-name';
import type { Turn } from './chat-state';
import { IconButton } from '../IconButton';

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
          <IconButton
            icon={ChevronLeft}
            className="small"
            label={t('previousVersion')}
            disabled={index === 0 || streaming}
            onClick={() => onSelect(versions[index - 1] ?? turn.id)}
          />
          <span>
            {index + 1} / {versions.length}
          </span>
          <IconButton
            icon={ChevronRight}
            className="small"
            label={t('nextVersion')}
            disabled={index === versions.length - 1 || streaming}
            onClick={() => onSelect(versions[index + 1] ?? turn.id)}
          />
        </span>
      )}
      {!streaming && (
        <span className="turn-tools">
          <IconButton icon={Pencil} className="small" label={t('edit')} onClick={onEditQuestion} />
          <IconButton
            icon={RefreshCw}
            className="small"
            label={t('regenerate')}
            disabled={pending}
            onClick={() => onRegenerate(turn.id)}
          />
          {turn.answer && (
            <IconButton
              icon={copied ? Check : Copy}
              className="small"
              label={copied ? t('copied') : t('copy')}
              onClick={copy}
            />
          )}
        </span>
      )}
      <span className="meta usage">
        {[
          answerModel(turn.model, turn.answeredBy),
          turn.usage &&
            t(turn.usage.estimated ? 'tokensAbout' : 'tokens', turn.usage.inputTokens, turn.usage.outputTokens),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </footer>
  );
}
