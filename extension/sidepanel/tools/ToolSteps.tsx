/**
 * An answer's tool steps, each group rendered into its place in the answer (AnswerDom keeps the
 * places between the answer's parts, `answer-dom.ts`), so text and calls read in the order they
 * happened. A group whose place is missing shows under the answer rather than nowhere.
 */
import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import type { ShownTurn } from '../../shared/history';
import { partStarts } from '../../shared/tools/answer-parts';
import { stepsByPlace } from './step-view';
import { ToolStep, type Decision } from './ToolStep';

interface Props {
  turn: ShownTurn;
  /** The element of the `index`th place, once the answer has it. */
  place: (index: number) => HTMLElement | undefined;
  onApprove: (turnId: string, stepId: string, decision: Decision) => void;
}

export function ToolSteps({ turn, place, onApprove }: Props) {
  const turnId = turn.id;
  // One function for the turn's life: a new one each render re-rendered every (memoised) step.
  const approve = useCallback(
    (stepId: string, decision: Decision) => onApprove(turnId, stepId, decision),
    [onApprove, turnId],
  );
  const steps = turn.steps ?? [];
  if (steps.length === 0) return null;
  const answering = turn.status === 'streaming';
  return (
    <>
      {stepsByPlace(steps, partStarts(steps)).map((group, i) => {
        const list = group.map((step) => (
          <ToolStep key={step.id} step={step} answering={answering} onApprove={approve} />
        ));
        const at = place(i);
        return at ? (
          createPortal(list, at, `place-${i}`)
        ) : (
          <div key={`place-${i}`} className="tool-steps">
            {list}
          </div>
        );
      })}
    </>
  );
}
