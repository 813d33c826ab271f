/**
 * The sources and the typed question against the model's window (the worker sizes both with the
 * core's estimate). Typed text takes its share first, so the quote's "send only what fits"
 * leaves room for it; and a question that alone is more than the window can take is flagged
 * before sending, since a question cannot be cut without changing it.
 */
import { useEffect, useState } from 'react';
import { send } from '../../shared/protocol';
import { t } from '../../shared/i18n';
import { tokenCount } from '../material/attachment-text';
import { SourceChips } from '../material/SourceChips';

/** Asking on every keystroke would flood the worker; a pause in typing is enough. */
const SETTLE_MS = 300;

/** Below this many characters no model's window is at risk; nothing is asked. */
const WORTH_ASKING = 2000;

interface Fit {
  tokens: number;
  budget: number;
}

/** The typed question's size when it does not fit `providerId`'s window, else null. */
function useQuestionFit(question: string, providerId: string | undefined): Fit | null {
  const [fit, setFit] = useState<Fit | null>(null);
  const worth = question.length >= WORTH_ASKING;
  useEffect(() => {
    if (!worth) return;
    let live = true;
    const timer = setTimeout(() => {
      send('context.fit', { text: question, providerId }).then(
        (f) => live && setFit(f.percent < 100 ? { tokens: f.totalTokens, budget: f.budget } : null),
        () => undefined,
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [question, providerId, worth]);
  return worth ? fit : null;
}

/** The warning under the quote while the typed question cannot fit. */
function QuestionFit({ question, providerId }: { question: string; providerId: string | undefined }) {
  const fit = useQuestionFit(question, providerId);
  return fit ? (
    <p className="hint composer-too-long" role="status">
      {t('questionTooLong', tokenCount(fit.tokens), tokenCount(fit.budget))}
    </p>
  ) : null;
}

/** The sources waiting to go, sized with the question typed to go with them, and the question's own fit. */
export function QuoteAndFit(props: Parameters<typeof SourceChips>[0]) {
  return (
    <>
      {props.sources.length > 0 && <SourceChips {...props} />}
      <QuestionFit question={props.question} providerId={props.providerId} />
    </>
  );
}
