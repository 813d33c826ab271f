/**
 * Test connection: a tiny real request through the worker, and what came back. An outcome
 * belongs to the fields it was tested with, so changing any of them retires it rather than
 * leaving an old verdict under new settings; a failed test does not block Save, but says so.
 * Access to the provider's site is asked first, and the test runs once the user has answered
 * the browser's prompt: its result never appears behind the prompt it depends on.
 */
import { useState } from 'react';
import { messageOf } from '../../shared/errors';
import { send, type Req } from '../../shared/protocol';
import { requestProviderOrigin } from './permissions';
import { t } from '../../shared/i18n';

type Draft = Req<'provider.test'>['draft'];
interface Outcome {
  ok: boolean;
  message: string;
  pending?: boolean;
}

export function useConnectionTest(draft: Draft) {
  const [tested, setTested] = useState<(Outcome & { fields: string }) | null>(null);
  const fields = JSON.stringify(draft);
  const test = (askAccess: boolean) => {
    // In the click, before any await; answered at once when access was given before.
    const asked = askAccess ? requestProviderOrigin(draft.baseUrl) : Promise.resolve(true);
    if (askAccess) setTested({ fields, ok: true, message: t('testAfterAccess', hostOf(draft.baseUrl)), pending: true });
    // Refused, the test still runs: a server that allows any site (CORS) answers without access.
    void asked.then(() => {
      setTested({ fields, ok: true, message: t('testing'), pending: true });
      return send('provider.test', { draft }).then(
        (outcome) => setTested({ fields, ...outcome }),
        (err: unknown) => setTested({ fields, ok: false, message: messageOf(err) }),
      );
    });
  };
  const outcome: Outcome | null = tested?.fields === fields ? tested : null;
  return { outcome, test, clear: () => setTested(null) };
}

const hostOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
};

/** The outcome, unless the form already shows the same words (`shown`): one error, said once. */
export function ConnectionOutcome({ outcome, shown }: { outcome: Outcome | null; shown: (string | undefined)[] }) {
  if (!outcome || (!outcome.ok && shown.includes(outcome.message))) return null;
  const state = outcome.pending ? 'pending' : outcome.ok ? 'ok' : 'error';
  return (
    <>
      <p className={`outcome ${state}`} role="status">
        {outcome.message}
      </p>
      {state === 'error' && <p className="hint">{t('saveAfterFailedTest')}</p>}
    </>
  );
}
