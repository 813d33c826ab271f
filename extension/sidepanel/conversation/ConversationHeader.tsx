/** The conversation's title and its instructions (a system prompt sent with every question). */
import './ConversationHeader.css';
import { useState } from 'react';
import { t } from '../../shared/i18n';

interface Props {
  title: string | null;
  systemPrompt: string;
  onSystemPrompt: (text: string) => void;
}

export function ConversationHeader({ title, systemPrompt, onSystemPrompt }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="conversation-header">
      <div className="row">
        <h2 className="conversation-title">{title ?? t('newChat')}</h2>
        <button
          type="button"
          className="ghost"
          aria-expanded={draft !== null}
          onClick={() => setDraft(draft === null ? systemPrompt : null)}
        >
          {systemPrompt ? t('instructionsSet') : t('instructions')}
        </button>
      </div>
      {draft !== null && (
        <form
          className="instructions"
          onSubmit={(e) => {
            e.preventDefault();
            onSystemPrompt(draft.trim());
            setDraft(null);
          }}
        >
          <label htmlFor="system-prompt">{t('instructionsLabel')}</label>
          <textarea
            id="system-prompt"
            value={draft}
            maxLength={20_000}
            placeholder={t('instructionsPlaceholder')}
            // Opened to be written in: the cursor goes straight to the text.
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
          />
          <div className="row">
            <button type="submit" className="primary">
              {t('saveInstructions')}
            </button>
            <button type="button" className="ghost" onClick={() => setDraft(null)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
