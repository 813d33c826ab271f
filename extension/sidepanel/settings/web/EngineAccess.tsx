/**
 * Whether the worker may reach the chosen engine (the browser's grant, followed live), and a
 * button to ask for it when it may not. Save and Try a search ask as well, in their click.
 */
import { t } from '../../../shared/i18n';
import { requestOrigins } from '../permissions';
import { useGranted } from './useGranted';
import { accessWords } from './web-access';

export function EngineAccess({ pattern }: { pattern: string | null }) {
  const granted = useGranted(pattern ? [pattern] : null);
  if (pattern === null || granted === null) return null;
  return (
    <div className={granted ? 'web-access granted' : 'web-access missing'}>
      <p>{accessWords(pattern, granted)}</p>
      {!granted && (
        <button type="button" onClick={() => void requestOrigins([pattern])}>
          {t('webAllowAccess')}
        </button>
      )}
    </div>
  );
}
