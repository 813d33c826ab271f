/**
 * The quick actions under the box: one click asks the action's prompt about the quote or the
 * text in the box; with neither, in a chat with nothing to read yet, about the tab beside the
 * panel (named under the actions before anything is sent); else the prompt goes in the box to
 * be finished.
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
  /** The tab an action would read, in a chat with no material yet (null: none Gloss may read). */
  tab: { title: string; url: string } | null;
  /** Sends a question. */
  onAsk: (question: string) => void;
  /** Puts a prompt in the box. */
  onFill: (prompt: string) => void;
  /** Asks a prompt about the tab. */
  onAskTab: (prompt: string) => void;
}

export function QuickActions({ actions, disabled, draft, hasAttachment, tab, onAsk, onFill, onAskTab }: Props) {
  // What `{language}` stands for, in the tooltip as in what is asked.
  const prompt = (action: QuickAction) => actionPrompt(action.prompt, languageName(uiLanguage()));
  const aboutTab = tab !== null && !hasAttachment && draft.trim() === '';
  const run = (action: QuickAction) => {
    const next = quickAction(prompt(action), draft, hasAttachment, aboutTab);
    if ('send' in next) onAsk(next.send);
    else if ('askTab' in next) onAskTab(next.askTab);
    else onFill(next.fill);
  };
  const tabName = tab ? tab.title || tab.url : '';
  return (
    <div className="quick-actions" role="group" aria-label={t('quickActions')}>
      {actions.map((a) => (
        <button
          key={a.id}
          type="button"
          className="ghost"
          disabled={disabled}
          title={aboutTab ? `${prompt(a)}\n${t('quickActionOnTab', tabName)}` : prompt(a)}
          onClick={() => run(a)}
        >
          {a.label}
        </button>
      ))}
      {aboutTab && (
        <p className="hint quick-actions-tab" title={tab.url}>
          {t('quickActionOnTab', tabName)}
        </p>
      )}
    </div>
  );
}
