/**
 * Try a search: asks for the engine's access in the click when the browser does not grant it
 * yet (the prompt shows only there), then, once the prompt is answered, runs one search through
 * the worker with the form's settings. The outcome shown is the one for the settings and query
 * as they are now.
 */
import { useState } from 'react';
import { messageOf } from '../../../shared/errors';
import { requestOrigins } from '../permissions';
import { outcomeOf, searching, tryFields, waiting, type TryOutcome } from './try-outcome';
import { draftAccess } from './web-access';
import type { WebChanges } from './web-changes';
import type { WebDraft } from './web-form';

/** `granted`: whether the browser grants the engine's access now (null when unknown). */
export function useTrySearch(changes: WebChanges, draft: WebDraft, query: string, granted: boolean | null) {
  const [tried, setTried] = useState<{ fields: string; outcome: TryOutcome } | null>(null);
  const fields = tryFields(draft, query);
  const run = () => {
    const pattern = draftAccess(draft);
    const ask = pattern !== null && granted !== true;
    const asked = ask ? requestOrigins([pattern]) : Promise.resolve(true); // in the click
    const show = (outcome: TryOutcome) => setTried({ fields, outcome });
    show(ask ? waiting(pattern) : searching(draft));
    void asked
      .then(() => {
        show(searching(draft));
        return changes.try(draft, query);
      })
      .then(
        (res) => show(outcomeOf(draft, query, res)),
        (e: unknown) => show({ state: 'problem', message: messageOf(e) }),
      );
  };
  return { outcome: tried?.fields === fields ? tried.outcome : null, run };
}
