/**
 * The settings as the worker reports them (never including an API key), and their changes. The
 * last ones seen are shown until the worker answers (seen-settings.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { onSettingsChanged, send, type Res } from '../../shared/protocol';
import { inCurrentLanguage, type Catalogue, type Preferences } from '../../shared/preferences';
import { shippedCatalogues } from './catalogues';
import { type ProviderInput, type PublicSettings, type Timeouts } from '../../shared/settings';
import { lastSeen, rememberSeen } from './seen-settings';

export function useSettings() {
  const [settings, setSeen] = useState<PublicSettings | undefined>(() => lastSeen(localStorage));
  const setSettings = useCallback((next: PublicSettings) => {
    rememberSeen(localStorage, next);
    setSeen(next);
  }, []);
  const loadError = useLoaded(setSettings);

  const save = useCallback(
    async (provider: ProviderInput): Promise<Res<'provider.save'>> => {
      const result = await send('provider.save', { provider });
      if (result.ok) setSettings(result.settings);
      return result;
    },
    [setSettings],
  );
  const remove = useCallback(async (id: string) => setSettings(await send('provider.remove', { id })), [setSettings]);
  const makeDefault = useCallback(
    async (id: string) => setSettings(await send('provider.setDefault', { id })),
    [setSettings],
  );
  const setTimeouts = useCallback(
    async (t: Timeouts) => setSettings(await send('settings.timeouts', t)),
    [setSettings],
  );

  const setPreferences = useCallback(
    async (p: Preferences) => setSettings(await send('settings.preferences', p)),
    [setSettings],
  );

  return {
    settings: useInCurrentLanguage(settings),
    loadError,
    save,
    remove,
    makeDefault,
    setTimeouts,
    setPreferences,
    /** Takes the settings a worker answer carries (Settings → Tools' messages answer with them). */
    apply: setSettings,
  };
}

/** `settings` with the built-in quick actions the user never edited in the browser's language. */
function useInCurrentLanguage(settings: PublicSettings | undefined): PublicSettings | undefined {
  const [catalogues, setCatalogues] = useState<Catalogue[]>([]);
  useEffect(() => {
    void shippedCatalogues().then(setCatalogues);
  }, []);
  return useMemo(
    () => settings && { ...settings, quickActions: inCurrentLanguage(settings.quickActions, catalogues) },
    [settings, catalogues],
  );
}

export type SettingsApi = ReturnType<typeof useSettings>;

/**
 * Loads the settings into `setSettings`, and again whenever they change (in another Gloss window
 * or tab too); the error if they cannot be read.
 */
function useLoaded(setSettings: (next: PublicSettings) => void): string | undefined {
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    const load = () => send('settings.get', {}).then(setSettings, (e: unknown) => setLoadError(String(e)));
    void load();
    // The worker's notice says only that they changed; the settings come in its answer, without keys.
    return onSettingsChanged(() => void load());
  }, [setSettings]);
  return loadError;
}
