/** One question and its answer, with its versions and what can be done with it. */
import './TurnView.css';
import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { PathStep } from '../../shared/thread';
import type { AnswerDom } from '../answer/answer-dom';
import type { Turn } from './chat-state';
import { Question } from './Question';
import { TurnFooter } from './TurnFooter';
import { TurnStatus } from './TurnStatus';
import { ToolSteps } from '../tools/ToolSteps';
import type { Decision } from '../tools/ToolStep';
import { Activity } from './Activity';
import { SourcesSent } from '../material/SourcesSent';
import { onAnswerClick } from '../answer/links';
import { watchTimestamps } from '../answer/timestamps';
import { watchCitations } from '../answer/citations';
import { citationsOf } from '../../shared/web/web-source';
import { WebSourcesList } from '../web/WebSourcesList';
import { ToolsMissing } from '../tools/ToolsMissing';
import { t } from '../../shared/i18n';
import { placeToFix, type SettingsPlace } from '../settings/settings-place';
import { useFocusKept } from '../useFocusKept';

export interface TurnActions {
  onRegenerate: (turnId: string) => void;
  onEdit: (turnId: string, question: string) => void;
  /** Carries on an answer, or asks again `without` the question's images or tools. */
  onContinue: (turnId: string, without?: 'images' | 'tools') => void;
  /** The user's decision on a tool call that asks first. */
  onApprove: (turnId: string, stepId: string, decision: Decision) => void;
  onSelect: (turnId: string) => void;
  onStop: () => void;
  /** Opens Settings where an error says to fix it, for the conversation's provider (`providerId`). */
  onFixInSettings: (where: SettingsPlace) => void;
  providerId: string | undefined;
  /** When an answer last received data (for the stall hint). */
  heardFrom: (turnId: string) => number | null;
}

/** Up and Down move between messages, as in a feed. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  if (e.target !== e.currentTarget || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
  const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
  if (next instanceof HTMLElement) {
    e.preventDefault();
    next.focus();
  }
}

export const TurnView = memo(function TurnView({
  step,
  doc,
  onRegenerate,
  onEdit,
  onContinue,
  onApprove,
  onSelect,
  onStop,
  onHold,
  onFixInSettings,
  providerId,
  heardFrom,
  pending,
  video,
}: TurnActions & {
  /** Stops following the end, for a change the reader makes above it (the edit box opening). */
  onHold: () => void;
  step: PathStep<Turn>;
  doc: AnswerDom;
  pending: boolean;
  /** The video the answer is about (`answer/video-of-turn.ts`): its "[12:34]" moments link there. */
  video?: string;
}) {
  const { turn } = step;
  const slot = useRef<HTMLDivElement>(null);
  // The question being edited (its form is in Question, its Edit button in TurnFooter).
  const [editing, setEditing] = useState<string | null>(null);
  // A reloaded conversation brings a new AnswerDom for the same turn: it replaces the old one.
  // Before paint, and before the list's own layout effects measure it (a version switched to).
  useLayoutEffect(() => {
    slot.current?.replaceChildren(doc.root);
  }, [doc]);
  // An answer about a video links the moments it names ("[12:34]") to the video.
  useEffect(() => (video ? watchTimestamps(doc.root, video) : undefined), [doc, video]);
  // An answer from the web links its "[2]" to the page its steps numbered 2.
  const cited = useMemo(() => citationsOf(turn.steps), [turn.steps]);
  useEffect(() => (cited.size > 0 ? watchCitations(doc.root, cited) : undefined), [doc, cited]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => onAnswerClick(e.nativeEvent);
  const streaming = turn.status === 'streaming';
  const retry = useRetryOnceStopped(turn, onStop, onRegenerate, onContinue);
  const article = useRef<HTMLElement>(null);
  // Continue, Retry or Stop pressed from the keyboard give way as the answer goes on or ends:
  // the keyboard stays on this answer.
  useFocusKept(article, [turn.status, pending]);

  return (
    <article
      ref={article}
      className="turn"
      data-status={turn.status}
      tabIndex={0}
      aria-busy={streaming}
      aria-label={t('questionLabel', turn.question)}
      onKeyDown={moveFocus}
    >
      <Question turn={turn} editing={editing} onEditing={setEditing} onEdit={onEdit} />
      {turn.reasoning && <Reasoning turn={turn} />}
      <div className="answer-slot" ref={slot} onClick={onClick} />
      <ToolSteps turn={turn} place={(i) => doc.place(i)} onApprove={onApprove} />
      <ToolsMissing missing={turn.toolsMissing} />
      {streaming && <Activity turn={turn} heardFrom={heardFrom} onStop={onStop} onRetry={retry} />}
      <TurnStatus
        turn={turn}
        pending={pending}
        onContinue={onContinue}
        onRegenerate={onRegenerate}
        fix={turn.error && placeToFix(turn.error.code, providerId)}
        onFix={onFixInSettings}
      />
      {turn.attachments?.length ? <SourcesSent sources={turn.attachments} /> : null}
      <WebSourcesList steps={turn.steps} />
      {turn.saveFailed && (
        <p className="notice error" role="alert">
          {turn.saveFailed}
        </p>
      )}
      <TurnFooter
        step={step}
        pending={pending}
        onSelect={onSelect}
        onRegenerate={onRegenerate}
        onEditQuestion={() => {
          // The box opens above, focused (and so scrolled to): the list must not follow its end.
          onHold();
          setEditing(turn.question);
        }}
      />
    </article>
  );
});

/** The model's visible reasoning, folded. */
function Reasoning({ turn }: { turn: Turn }) {
  return (
    <details className="reasoning">
      <summary>{turn.status === 'streaming' && !turn.answer ? t('thinking') : t('reasoning')}</summary>
      <p>{turn.reasoning}</p>
    </details>
  );
}

/** Retry on a stalled answer: stops it first, then asks again once it has stopped. */
function useRetryOnceStopped(
  turn: Turn,
  onStop: () => void,
  onRegenerate: (turnId: string) => void,
  onContinue: (turnId: string) => void,
): () => void {
  const retryStopped = useRef(false);
  const streaming = turn.status === 'streaming';
  // The panel re-renders when an answer starts, so this is current even as the text grows quietly.
  const received = turn.answer !== '';
  useEffect(() => {
    if (!retryStopped.current || streaming) return;
    retryStopped.current = false;
    // Nothing arrived: ask again in place rather than leave an empty version behind.
    (received ? onRegenerate : onContinue)(turn.id);
  }, [streaming, received, onRegenerate, onContinue, turn.id]);
  return () => {
    retryStopped.current = true;
    onStop();
  };
}
