/** The provider settings as the worker reports them (never including the API key). */
import { useCallback, useEffect, useState } from 'react';
import { send, type Res } from '../shared/messages';
import type { ProviderInput, PublicSettings } from '../shared/settings';

export function useSettings() {
  const [settings, setSettings] = useState<PublicSettings>();
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    send('settings.get', {}).then(setSettings, (e: unknown) => setLoadError(String(e)));
  }, []);

  const save = useCallback(async (provider: ProviderInput): Promise<Res<'settings.save'>> => {
    const result = await send('settings.save', { provider });
    if (result.ok) setSettings(result.settings);
    return result;
  }, []);

  return { settings, save, loadError };
}
