/** The settings as the worker reports them (never including an API key), and their changes. */
import { useCallback, useEffect, useState } from 'react';
import { send, type Res } from '../shared/messages';
import type { ProviderInput, PublicSettings, Timeouts } from '../shared/settings';

export function useSettings() {
  const [settings, setSettings] = useState<PublicSettings>();
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    send('settings.get', {}).then(setSettings, (e: unknown) => setLoadError(String(e)));
  }, []);

  const save = useCallback(async (provider: ProviderInput): Promise<Res<'provider.save'>> => {
    const result = await send('provider.save', { provider });
    if (result.ok) setSettings(result.settings);
    return result;
  }, []);
  const remove = useCallback(async (id: string) => setSettings(await send('provider.remove', { id })), []);
  const makeDefault = useCallback(async (id: string) => setSettings(await send('provider.setDefault', { id })), []);
  const setTimeouts = useCallback(async (t: Timeouts) => setSettings(await send('settings.timeouts', t)), []);

  return { settings, loadError, save, remove, makeDefault, setTimeouts };
}

export type SettingsApi = ReturnType<typeof useSettings>;
