/**
 * Try a search: one search with the form's settings (saved or not), for the words typed or
 * "Gloss", showing the first results' titles and addresses, or the problem in plain words.
 */
import { useId, useState } from 'react';
import { t } from '../../../shared/i18n';
import { TRY_QUERY } from '../../../shared/web/web-messages';
import type { TryOutcome } from './try-outcome';
import { useGranted } from './useGranted';
import { useTrySearch } from './useTrySearch';
import { draftAccess } from './web-access';
import type { WebChanges } from './web-changes';
import type { WebDraft } from './web-form';

export function TrySearch({ changes, draft }: { changes: WebChanges; draft: WebDraft }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const pattern = draftAccess(draft);
  const granted = useGranted(pattern === null ? null : [pattern]);
  const { outcome, run } = useTrySearch(changes, draft, query, granted);
  return (
    <div className="web-try">
      <label htmlFor={`${id}-query`}>{t('webTryQuery')}</label>
      <div className="web-try-row">
        <input
          id={`${id}-query`}
          type="search"
          maxLength={400}
          placeholder={TRY_QUERY}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && outcome?.state !== 'pending') run();
          }}
        />
        <button type="button" onClick={run} disabled={outcome?.state === 'pending'}>
          {t('webTry')}
        </button>
      </div>
      {outcome && <Outcome outcome={outcome} />}
    </div>
  );
}

function Outcome({ outcome }: { outcome: TryOutcome }) {
  if (outcome.state === 'problem')
    return (
      <p className="outcome error" role="alert">
        {outcome.message}
      </p>
    );
  return (
    <div role="status">
      <p className={outcome.state === 'pending' ? 'outcome pending' : 'outcome ok'}>{outcome.message}</p>
      {outcome.state === 'found' && outcome.results.length > 0 && (
        <ol className="web-results">
          {outcome.results.map((r) => (
            <li key={r.url}>
              <a href={r.url} target="_blank" rel="noopener noreferrer">
                {r.title}
              </a>
              <span className="hint">{r.host}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
