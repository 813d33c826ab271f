/** The settings as the worker reports them (never including an API key), and their changes. */
import { useCallback, useEffect, useState } from 'react';
import { send, type Res } from '../shared/messages';
import { SETTINGS_KEY, type ProviderInput, type PublicSettings, type Timeouts } from '../shared/settings';

export function useSettings() {
  const [settings, setSettings] = useState<PublicSettings>();
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    const load = () => send('settings.get', {}).then(setSettings, (e: unknown) => setLoadError(String(e)));
    void load();
    // Settings changed in another Gloss window or tab show here at once. Only the fact of a
    // change is read from storage; the settings themselves come from the worker, without keys.
    const onChange = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'local' && SETTINGS_KEY in changes) void load();
    };
    chrome.storage.onChanged.addListener(onChange);
    return () => chrome.storage.onChanged.removeListener(onChange);
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
