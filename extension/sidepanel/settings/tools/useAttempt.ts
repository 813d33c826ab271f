/** A change's failure, said in the Tools section itself (the top of Settings is out of sight there). */
import { useCallback, useState } from 'react';
import { messageOf } from '../../../shared/errors';
import { t } from '../../../shared/i18n';

export function useAttempt() {
  const [failure, setFailure] = useState<string | null>(null);
  /** Runs a change, saying so if it fails; returns it for callers that wait for it. */
  const attempt = useCallback(<T>(change: Promise<T>): Promise<T> => {
    setFailure(null);
    change.catch((e: unknown) => setFailure(t('changeNotSaved', messageOf(e))));
    return change;
  }, []);
  return { failure, attempt };
}
