/**
 * One tool call inside the answer: "Called get_weather on My server" with its status; its
 * arguments and result on demand, as text. A call that asks first shows its arguments in full
 * and Allow once / Always allow / Deny, reachable from the keyboard.
 */
import './ToolSteps.css';
import { memo, useRef, useState } from 'react';
import Wrench from 'lucide-react/icons/wrench';
import { t } from '../../shared/i18n';
import type { ToolStep as Step } from '../../shared/tools/tool-steps';
import { Collapsible } from '../Collapsible';
import { requestOrigins } from '../settings/permissions';
import { useFocusKept } from '../useFocusKept';
import { argumentsText, asksNow, calledParts, statusText } from './step-view';

export type Decision = 'once' | 'always' | 'deny';

interface Props {
  step: Step;
  /** Its answer is still being written (a waiting step can be decided). */
  answering: boolean;
  onApprove: (stepId: string, decision: Decision) => void;
}

/** Memoised: a step re-renders when it changes, not whenever another step of its answer does. */
export const ToolStep = memo(function ToolStep({ step, answering, onApprove }: Props) {
  const [open, setOpen] = useState(false);
  const asks = asksNow(step, answering);
  const [before, after] = calledParts(step);
  const group = useRef<HTMLDivElement>(null);
  const details = useRef<HTMLButtonElement>(null);
  // After a decision the keyboard stays on the step, on its Details, where the buttons were.
  useFocusKept(group, [asks], () => details.current);
  return (
    <div
      ref={group}
      role="group"
      aria-label={t('stepCalled', step.tool, step.source || 'Gloss')}
      className="tool-step"
      data-status={step.status}
    >
      <div className="step-line">
        <span className="step-called">
          <Wrench className="step-icon" aria-hidden="true" size={14} />
          {before}
          <code>{step.tool}</code>
          {after}
        </span>
        <span className="step-status">{statusText(step, answering)}</span>
        {!asks && (
          <button
            ref={details}
            type="button"
            className="step-toggle"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {t('stepDetails')}
          </button>
        )}
      </div>
      {(open || asks) && <StepDetails step={step} />}
      {asks && <Approval step={step} onDecide={(decision) => onApprove(step.id, decision)} />}
    </div>
  );
});

/** The arguments and the result, as text; a long result folded. */
function StepDetails({ step }: { step: Step }) {
  return (
    <div className="step-details">
      <p className="step-heading">{t('stepArguments')}</p>
      <pre className="step-text">{argumentsText(step.arguments)}</pre>
      {step.result !== undefined && (
        <>
          <p className="step-heading">{t('stepResult')}</p>
          <Collapsible as="pre" className="step-text">
            {step.result}
          </Collapsible>
          {step.cut && (
            <p className="step-cut">{t('stepCut', step.cut.kept.toLocaleString(), step.cut.total.toLocaleString())}</p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Allow once / Always allow / Deny. A call that asks by its tool's own rule (`asksBecause`, an
 * address the user did not give) says why, and offers no "Always allow", which would not cover
 * it. One that needs a site's access asks the browser for it in the Allow click (the gesture).
 */
function Approval({ step, onDecide }: { step: Step; onDecide: (decision: Decision) => void }) {
  const allow = (decision: Decision) => {
    if (step.access) void requestOrigins([step.access]).finally(() => onDecide(decision));
    else onDecide(decision);
  };
  return (
    <div className="step-approval">
      <p>{step.asksBecause ?? t('stepAsk')}</p>
      <div className="step-choices">
        <button type="button" className="primary" onClick={() => allow('once')}>
          {t('stepAllowOnce')}
        </button>
        {step.asksBecause === undefined && (
          <button type="button" onClick={() => allow('always')}>
            {t('stepAlwaysAllow')}
          </button>
        )}
        <button type="button" onClick={() => onDecide('deny')}>
          {t('stepDeny')}
        </button>
      </div>
    </div>
  );
}
