/**
 * The storage schema: what `chrome.storage.local` holds, its version and migrations.
 * The worker is the only reader of the stored form (it holds the API key); the panel sees
 * {@link PublicSettings}, which never carries the key.
 */
import * as v from 'valibot';

export const SETTINGS_KEY = 'gloss.settings';
export const SETTINGS_VERSION = 1;

const ProviderSchema = v.object({
  kind: v.literal('openai'),
  baseUrl: v.string(),
  apiKey: v.string(),
  model: v.string(),
});

const StoredSettingsSchema = v.object({
  version: v.literal(SETTINGS_VERSION),
  provider: v.nullable(ProviderSchema),
});

/** One configured provider, as stored (with its key). */
export type StoredProvider = v.InferOutput<typeof ProviderSchema>;
export type StoredSettings = v.InferOutput<typeof StoredSettingsSchema>;

export const DEFAULT_SETTINGS: StoredSettings = { version: SETTINGS_VERSION, provider: null };

/** What the panel may know of a provider: everything but the key. */
export interface PublicProvider {
  kind: 'openai';
  baseUrl: string;
  model: string;
  hasApiKey: boolean;
}

export interface PublicSettings {
  provider: PublicProvider | null;
}

/**
 * What the panel sends to change the provider. `apiKey` undefined keeps the stored key,
 * an empty string removes it.
 */
export const ProviderInputSchema = v.object({
  baseUrl: v.pipe(v.string(), v.maxLength(2048)),
  model: v.pipe(v.string(), v.maxLength(256)),
  apiKey: v.optional(v.pipe(v.string(), v.maxLength(4096))),
});
export type ProviderInput = v.InferOutput<typeof ProviderInputSchema>;

/**
 * Reads whatever storage holds into the current schema. Unknown or corrupted data falls back
 * to defaults rather than breaking the panel; older versions are migrated here as they appear.
 */
export function migrateSettings(raw: unknown): StoredSettings {
  const parsed = v.safeParse(StoredSettingsSchema, raw);
  return parsed.success ? parsed.output : DEFAULT_SETTINGS;
}

export function toPublic(settings: StoredSettings): PublicSettings {
  const p = settings.provider;
  return {
    provider: p && {
      kind: p.kind,
      baseUrl: p.baseUrl,
      model: p.model,
      hasApiKey: p.apiKey.length > 0,
    },
  };
}

/** Applies the panel's input to the stored settings (the key is kept unless replaced). */
export function applyProviderInput(settings: StoredSettings, input: ProviderInput): StoredSettings {
  const apiKey = input.apiKey ?? settings.provider?.apiKey ?? '';
  return {
    version: SETTINGS_VERSION,
    provider: {
      kind: 'openai',
      baseUrl: input.baseUrl.trim(),
      model: input.model.trim(),
      apiKey: apiKey.trim(),
    },
  };
}

/** The origin pattern a provider's requests go to, for host permission requests. */
export function originPattern(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.protocol}//${url.hostname}/*`;
  } catch {
    return null;
  }
}
