/**
 * Test connection: a tiny real request through the worker, and what came back. An outcome
 * belongs to the fields it was tested with, so changing any of them retires it rather than
 * leaving an old verdict under new settings; a failed test does not block Save, but says so.
 * It runs at once: most providers answer an extension without access to their site (CORS). When
 * the server cannot be reached, access is what may be missing: a button asks for it, and the
 * test runs again once the browser's prompt is answered, so no result sits behind the prompt.
 */
import { useState } from 'react';
import { messageOf } from '../../shared/errors';
import { send, type Req } from '../../shared/protocol';
import { requestProviderOrigin } from './permissions';
import { hostOf } from '../material/attachment-text';
import { t } from '../../shared/i18n';

type Draft = Req<'provider.test'>['draft'];
interface Outcome {
  ok: boolean;
  message: string;
  pending?: boolean;
  /** The server could not be reached: access to its site may help (`askAccess`). */
  unreachable?: boolean;
}

export function useConnectionTest(draft: Draft) {
  const [tested, setTested] = useState<(Outcome & { fields: string }) | null>(null);
  const fields = JSON.stringify(draft);
  const run = (askAccess: boolean) => {
    setTested({ fields, ok: true, message: t('testing'), pending: true });
    send('provider.test', { draft }).then(
      ({ ok, message, code }) => setTested({ fields, ok, message, unreachable: askAccess && code === 'network' }),
      (err: unknown) => setTested({ fields, ok: false, message: messageOf(err) }),
    );
  };
  /** Asks for access in the click (browsers allow the prompt only there), then tests again. */
  const allowAndTest = () => {
    const asked = requestProviderOrigin(draft.baseUrl);
    setTested({
      fields,
      ok: true,
      message: t('testAfterAccess', hostOf(draft.baseUrl) || draft.baseUrl),
      pending: true,
    });
    void asked.then((granted) => run(!granted));
  };
  const outcome: Outcome | null = tested?.fields === fields ? tested : null;
  return { outcome, test: run, allowAndTest, clear: () => setTested(null) };
}

interface OutcomeProps {
  outcome: Outcome | null;
  /** Words the form already shows: an error is said once. */
  shown: (string | undefined)[];
  onAllow: () => void;
}

export function ConnectionOutcome({ outcome, shown, onAllow }: OutcomeProps) {
  if (!outcome || (!outcome.ok && shown.includes(outcome.message))) return null;
  const state = outcome.pending ? 'pending' : outcome.ok ? 'ok' : 'error';
  return (
    <>
      <p className={`outcome ${state}`} role="status">
        {outcome.message}
      </p>
      {outcome.unreachable && (
        <button type="button" onClick={onAllow}>
          {t('allowAndTest')}
        </button>
      )}
      {state === 'error' && <p className="hint">{t('saveAfterFailedTest')}</p>}
    </>
  );
}
