/**
 * Instructions for every new chat (Settings): a new chat starts with them, and a chat's own
 * instructions (its header's Instructions) replace them for that chat.
 */
import { useState } from 'react';
import { MAX_DEFAULT_INSTRUCTIONS } from '../../../shared/preferences';
import { t } from '../../../shared/i18n';

interface Props {
  value: string;
  onSave: (instructions: string) => void;
}

export function DefaultInstructions({ value, onSave }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;
  return (
    <form
      className="default-instructions"
      aria-labelledby="default-instructions-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(text.trim());
        setDraft(null);
      }}
    >
      <h3 id="default-instructions-title">{t('defaultInstructions')}</h3>
      <p className="hint">{t('defaultInstructionsHint')}</p>
      <textarea
        aria-label={t('defaultInstructions')}
        value={text}
        maxLength={MAX_DEFAULT_INSTRUCTIONS}
        placeholder={t('instructionsPlaceholder')}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" disabled={draft === null || draft.trim() === value}>
        {t('saveInstructions')}
      </button>
    </form>
  );
}
