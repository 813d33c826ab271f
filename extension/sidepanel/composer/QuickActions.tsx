/**
 * The quick actions under the box: one click asks the action's prompt about the quote or the
 * text in the box; with neither, the prompt goes in the box to be finished.
 */
import './QuickActions.css';
import { t, uiLanguage } from '../../shared/i18n';
import type { QuickAction } from '../../shared/preferences';
import { actionPrompt, languageName, quickAction } from './composer-text';

interface Props {
  actions: QuickAction[];
  disabled: boolean;
  draft: string;
  hasAttachment: boolean;
  /** Sends a question. */
  onAsk: (question: string) => void;
  /** Puts a prompt in the box. */
  onFill: (prompt: string) => void;
}

export function QuickActions({ actions, disabled, draft, hasAttachment, onAsk, onFill }: Props) {
  // What `{language}` stands for, in the tooltip as in what is asked.
  const prompt = (action: QuickAction) => actionPrompt(action.prompt, languageName(uiLanguage()));
  const run = (action: QuickAction) => {
    const next = quickAction(prompt(action), draft, hasAttachment);
    if ('send' in next) onAsk(next.send);
    else onFill(next.fill);
  };
  return (
    <div className="quick-actions" role="group" aria-label={t('quickActions')}>
      {actions.map((a) => (
        <button key={a.id} type="button" className="ghost" disabled={disabled} title={prompt(a)} onClick={() => run(a)}>
          {a.label}
        </button>
      ))}
    </div>
  );
}
