/** The one-shot message handlers for settings and providers. */
import { isOnDevice } from '../../shared/on-device/on-device';
import type { Handlers } from '../../shared/protocol';
import { localizeProblem, t } from '../../shared/i18n';
import { keyMove, sameOrigin, savedKeyAt } from '../../shared/key-origin';
import {
  removeProvider,
  toPublic,
  upsertProvider,
  type ProviderInput,
  type StoredSettings,
} from '../../shared/settings';
import { chatUrl, coreReady, isSpecError, type ProviderKind } from '../core';
import { releaseUnneededOrigins } from './host-access';
import { syncOllamaRules } from './ollama-origin';
import { detectLocal, listModels, testProvider, type Draft } from '../providers/probe';
import { markVision, providerModelSees } from '../providers/model-vision';
import { keyMissing, keyRefusal } from '../../shared/key-transport';
import { loadSettings, saveSettings } from './settings-store';

async function commit(next: StoredSettings) {
  await saveSettings(next);
  await syncOllamaRules(next).catch(console.error);
  await releaseUnneededOrigins(next).catch(console.error);
  return toPublic(next);
}

/**
 * A draft's key: the one typed, else the stored provider's, but only while the draft's base URL
 * is on the origin the key was saved with (a typed address never receives a stored key).
 */
async function withKey<T extends Draft & { id?: string }>(draft: T): Promise<T> {
  if (draft.apiKey !== undefined || !draft.id) return draft;
  const stored = (await loadSettings()).providers.find((p) => p.id === draft.id);
  return stored && sameOrigin(stored.baseUrl, draft.baseUrl) ? { ...draft, apiKey: stored.apiKey } : draft;
}

/**
 * Saving a new origin without typing the key is refused rather than saved keyless: the user
 * learns the key did not follow, and the saved provider (with its key) stays as it was until
 * they type the key for the new address or remove it on purpose.
 */
function keyMoveProblem(settings: StoredSettings, input: ProviderInput) {
  const existing = settings.providers.find((p) => p.id === input.id);
  const saved = existing && savedKeyAt(existing, existing.apiKey.length > 0);
  const move = keyMove(saved, input.baseUrl, input.apiKey);
  return move && { field: 'apiKey', message: t('keyOtherOrigin', move.from, move.to) };
}

/**
 * The chat URL these settings call, or what is wrong with them, as the core's request builder
 * sees them: a pasted full endpoint is accepted here exactly when a chat would accept it.
 */
async function endpoint(kind: ProviderKind, baseUrl: string, model: string) {
  await coreReady();
  try {
    return { problem: null, url: chatUrl(kind, baseUrl, model) };
  } catch (e) {
    if (!isSpecError(e)) throw e;
    return { problem: localizeProblem(e), url: null };
  }
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
  'settings.preferences': async ({ quickActions, theme, textSize, instructions }) => {
    const current = await loadSettings();
    return commit({
      ...current,
      quickActions: quickActions ?? current.quickActions,
      theme: theme ?? current.theme,
      textSize: textSize ?? current.textSize,
      instructions: instructions?.trim() ?? current.instructions,
    });
  },
  'provider.check': async ({ kind, baseUrl, model }) => endpoint(kind, baseUrl, model),
  'provider.save': async ({ provider }) => {
    // A model the browser runs has no endpoint to check (`upsertProvider` keeps it addressless).
    const { problem } = isOnDevice(provider.kind)
      ? { problem: null }
      : await endpoint(provider.kind, provider.baseUrl, provider.model);
    if (problem) return { ok: false, ...problem };
    const settings = await loadSettings();
    const moved = keyMoveProblem(settings, provider);
    if (moved) return { ok: false, ...moved };
    const next = upsertProvider(settings, provider, () => crypto.randomUUID());
    // The key this provider will send: the one typed, or the saved one it keeps.
    const saved = next.providers.find((p) => p.id === provider.id) ?? next.providers.at(-1);
    const refusal =
      saved &&
      (keyRefusal(saved.baseUrl, saved.apiKey.trim() !== '') ??
        keyMissing(saved.preset, saved.baseUrl, saved.apiKey.trim() !== ''));
    if (refusal) return { ok: false, field: 'apiKey', message: refusal };
    return { ok: true, settings: await commit(next) };
  },
  'provider.remove': async ({ id }) => commit(removeProvider(await loadSettings(), id)),
  'provider.setDefault': async ({ id }) => {
    const settings = await loadSettings();
    if (!settings.providers.some((p) => p.id === id)) throw new Error(t('noSuchProvider'));
    return commit({ ...settings, defaultProviderId: id });
  },
  'provider.models': async ({ draft }) => {
    const full = await withKey(draft);
    const listed = await listModels(full);
    return listed.ok ? { ok: true, models: await markVision(full, listed.models) } : listed;
  },
  'provider.test': async ({ draft }) => testProvider(await withKey(draft)),
  'provider.sees': async ({ providerId, model }) => {
    const [settings] = await Promise.all([loadSettings(), coreReady()]);
    const provider = settings.providers.find((p) => p.id === providerId);
    return { sees: (provider && (await providerModelSees(provider, model))) ?? null };
  },
  'local.detect': async () => ({ servers: await detectLocal() }),
};

/** Called once at startup: session rules do not survive a browser restart. */
export async function restoreRules(): Promise<void> {
  const settings = await loadSettings();
  await syncOllamaRules(settings);
  await releaseUnneededOrigins(settings).catch(console.error);
}
