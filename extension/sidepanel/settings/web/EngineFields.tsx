/**
 * The fields an engine may need: the address of the user's SearXNG instance, or Brave's or
 * Tavily's key. A saved key never reaches the panel: the field says it is saved, stays empty to
 * keep it, takes a new one to replace it, or removes it when asked.
 */
import { t } from '../../../shared/i18n';
import { ENGINE_NAMES, ENGINE_ORIGINS, type KeyedEngine } from '../../../shared/web/web-settings';
import { FieldError, type Problem } from '../ProviderFields';
import type { WebDraft } from './web-form';

const invalid = (id: string, field: string, problem: Problem, hint: string) => ({
  'aria-invalid': problem?.field === field,
  'aria-describedby': problem?.field === field ? `${id}-${field}-error` : hint,
});

interface SearxngProps {
  id: string;
  value: string;
  onChange: (url: string) => void;
  problem: Problem;
}

export function SearxngField({ id, value, onChange, problem }: SearxngProps) {
  return (
    <>
      <label htmlFor={`${id}-searxng`}>{t('webSearxngUrl')}</label>
      <input
        id={`${id}-searxng`}
        type="url"
        maxLength={2048}
        placeholder="https://searx.example.org"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalid(id, 'searxngUrl', problem, `${id}-searxng-hint`)}
      />
      <FieldError id={id} field="searxngUrl" problem={problem} />
      <p className="hint" id={`${id}-searxng-hint`}>
        {t('webSearxngHint')}
      </p>
    </>
  );
}

interface KeyProps {
  id: string;
  engine: KeyedEngine;
  /** A key is saved for this engine: an empty field keeps it. */
  saved: boolean;
  draft: WebDraft;
  onChange: (draft: WebDraft) => void;
  problem: Problem;
}

export function KeyField({ id, engine, saved, draft, onChange, problem }: KeyProps) {
  const name = ENGINE_NAMES[engine];
  return (
    <>
      <label htmlFor={`${id}-key`}>{saved ? t('webKeySaved', name) : t('webKey', name)}</label>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        maxLength={4096}
        // Stands for the saved key, which the panel never has; the hint below says what empty means.
        placeholder={saved ? '••••••••••••' : ''}
        value={draft.key}
        disabled={draft.removeKey}
        onChange={(e) => onChange({ ...draft, key: e.target.value })}
        {...invalid(id, 'key', problem, `${id}-key-hint`)}
      />
      <FieldError id={id} field="key" problem={problem} />
      {saved && (
        <label className="check">
          <input
            type="checkbox"
            checked={draft.removeKey}
            onChange={(e) => onChange({ ...draft, removeKey: e.target.checked, key: '' })}
          />{' '}
          {t('removeSavedKey')}
        </label>
      )}
      <p className="hint" id={`${id}-key-hint`}>
        {saved && `${t('webKeyKeep')} `}
        {t('webKeyLocal', new URL(ENGINE_ORIGINS[engine]).host)}
      </p>
    </>
  );
}
