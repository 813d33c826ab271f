/**
 * The search engine and its settings: the engine (a radio group), the SearXNG instance or the
 * keyed engine's key, results per search, whether Gloss may reach the engine, and Save.
 */
import { useId } from 'react';
import { t } from '../../../shared/i18n';
import { isKeyed, MAX_RESULT_COUNT } from '../../../shared/web/web-settings';
import { FieldError } from '../ProviderFields';
import { EngineAccess } from './EngineAccess';
import { EngineChoice } from './EngineChoice';
import { KeyField, SearxngField } from './EngineFields';
import type { WebForm as Form } from './useWebForm';
import { draftAccess } from './web-access';
import type { SavedKeys } from './web-changes';
import { withEngine } from './web-form';

export function WebForm({ form, keys }: { form: Form; keys: SavedKeys | null }) {
  const id = useId();
  const { draft, edit, problem } = form;
  const keyed = isKeyed(draft.engine) ? draft.engine : null;
  return (
    <form
      className="web-form"
      aria-label={t('webFormLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        form.save();
      }}
    >
      <EngineChoice engine={draft.engine} onChoose={(engine) => edit(withEngine(draft, engine))} />
      {draft.engine === 'searxng' && (
        <SearxngField
          id={id}
          value={draft.searxngUrl}
          onChange={(searxngUrl) => edit({ ...draft, searxngUrl })}
          problem={problem}
        />
      )}
      {keyed && (
        <KeyField
          id={id}
          engine={keyed}
          saved={keys?.[keyed] ?? false}
          draft={draft}
          onChange={edit}
          problem={problem}
        />
      )}
      <label htmlFor={`${id}-count`}>{t('webResultCount', 1, MAX_RESULT_COUNT)}</label>
      <input
        id={`${id}-count`}
        className="web-count"
        type="number"
        min={1}
        max={MAX_RESULT_COUNT}
        value={draft.resultCount}
        onChange={(e) => edit({ ...draft, resultCount: e.target.value })}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={draft.searchFirst}
          onChange={(e) => edit({ ...draft, searchFirst: e.target.checked })}
        />
        {t('webSearchFirst')}
      </label>
      <p className="hint">{t('webSearchFirstHint')}</p>
      <EngineAccess pattern={draftAccess(draft)} />
      <FieldError id={id} field="form" problem={problem} />
      <div className="row web-save">
        <button type="submit" className="primary" disabled={form.status === 'saving'}>
          {form.status === 'saving' ? t('saving') : t('webSave')}
        </button>
        {form.status === 'saved' && (
          <p className="hint" role="status">
            {t('webSaved')}
          </p>
        )}
      </div>
    </form>
  );
}
