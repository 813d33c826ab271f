/** The one-shot message handlers for settings and providers. */
import type { Handlers } from '../shared/protocol';
import { localizeProblem, t } from '../shared/i18n';
import { removeProvider, toPublic, upsertProvider, type StoredSettings } from '../shared/settings';
import { checkEndpoint, coreReady } from './core';
import { syncOllamaRules } from './ollama-origin';
import { detectLocal, listModels, testProvider, type Draft } from './probe';
import { loadSettings, saveSettings } from './settings-store';

async function commit(next: StoredSettings) {
  await saveSettings(next);
  await syncOllamaRules(next).catch(console.error);
  return toPublic(next);
}

/** A draft's key: the one typed, else the stored provider's. */
async function withKey<T extends Draft & { id?: string }>(draft: T): Promise<T> {
  if (draft.apiKey !== undefined || !draft.id) return draft;
  const stored = (await loadSettings()).providers.find((p) => p.id === draft.id);
  return stored ? { ...draft, apiKey: stored.apiKey } : draft;
}

export const settingsHandlers: Pick<
  Handlers,
  | 'settings.get'
  | 'settings.timeouts'
  | 'settings.preferences'
  | (`provider.${string}` & keyof Handlers)
  | 'local.detect'
> = {
  'settings.get': async () => toPublic(await loadSettings()),
  'settings.timeouts': async (timeouts) => commit({ ...(await loadSettings()), timeouts }),
  'settings.preferences': async ({ quickActions, theme }) => {
    const current = await loadSettings();
    return commit({ ...current, quickActions: quickActions ?? current.quickActions, theme: theme ?? current.theme });
  },
  'provider.check': async ({ baseUrl, model }) => {
    await coreReady();
    const problem = checkEndpoint(baseUrl, model);
    return { problem: problem ? localizeProblem(problem) : null };
  },
  'provider.save': async ({ provider }) => {
    await coreReady();
    const problem = checkEndpoint(provider.baseUrl, provider.model);
    if (problem) return { ok: false, ...localizeProblem(problem) };
    return {
      ok: true,
      settings: await commit(upsertProvider(await loadSettings(), provider, () => crypto.randomUUID())),
    };
  },
  'provider.remove': async ({ id }) => commit(removeProvider(await loadSettings(), id)),
  'provider.setDefault': async ({ id }) => {
    const settings = await loadSettings();
    if (!settings.providers.some((p) => p.id === id)) throw new Error(t('noSuchProvider'));
    return commit({ ...settings, defaultProviderId: id });
  },
  'provider.models': async ({ draft }) => listModels(await withKey(draft)),
  'provider.test': async ({ draft }) => testProvider(await withKey(draft)),
  'local.detect': async () => ({ servers: await detectLocal() }),
};

/** Called once at startup: session rules do not survive a browser restart. */
export async function restoreRules(): Promise<void> {
  await syncOllamaRules(await loadSettings());
}
