/**
 * The storage schema: what the worker's settings record holds (the providers, time limits and the
 * panel's preferences from `preferences.ts`; the worker's settings-store.ts, before in
 * `storage.local` under `SETTINGS_KEY`), its version and migrations. The worker is the only
 * reader of the stored form (it holds the API keys); the panel sees {@link PublicSettings},
 * which never carries a key.
 */
import * as v from 'valibot';
import { PROVIDER_KINDS } from './core-enums';
import { isOnDevice, ON_DEVICE_KINDS, type OnDeviceKind } from './on-device/on-device';
import { DEFAULT_QUICK_ACTIONS, PreferencesEntries } from './preferences';
import { sameOrigin } from './key-origin';
import { PRESET_IDS, type ServerPresetId } from './presets';
import type { ProviderKind } from '../../crates/gloss-wasm/pkg/gloss_wasm';
import { DEFAULT_TOOL_LIMITS, ToolSettingsEntries } from './tools/tool-settings';
import { DEFAULT_WEB, WebSettingsEntries } from './web/web-settings';

export const SETTINGS_KEY = 'gloss.settings';
export const SETTINGS_VERSION = 2;

/** The most an answer may be: a bound on the setting, not a default (`answerTokens`). */
export const MAX_ANSWER_TOKENS = 1_000_000;

/**
 * How a provider's answers are asked for: the longest answer in tokens and the sampling
 * temperature; each absent is the provider's own default (a local server's: `answerTokens`).
 */
const AnswerShapeEntries = {
  maxTokens: v.optional(v.pipe(v.number(), v.integer(), v.minValue(16), v.maxValue(MAX_ANSWER_TOKENS))),
  temperature: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2))),
};

const ProviderSchema = v.object({
  id: v.string(),
  preset: v.picklist(PRESET_IDS),
  kind: v.picklist([...PROVIDER_KINDS, ...ON_DEVICE_KINDS]),
  name: v.string(),
  baseUrl: v.string(),
  apiKey: v.string(),
  model: v.string(),
  ...AnswerShapeEntries,
  /**
   * Set by the worker when it reads the settings, never stored: the origin of this provider's
   * saved key, held back because the base URL is no longer on it (the worker's settings-store.ts).
   */
  keyHeldFor: v.optional(v.string()),
});

const TimeoutsSchema = v.object({
  /** Seconds to wait for the first byte of an answer (local models may load for a while). */
  firstByteSeconds: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(600)),
  /** Seconds without data mid-answer before giving up. */
  idleSeconds: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(600)),
});

const StoredSettingsSchema = v.object({
  version: v.literal(SETTINGS_VERSION),
  providers: v.array(ProviderSchema),
  defaultProviderId: v.nullable(v.string()),
  timeouts: TimeoutsSchema,
  ...PreferencesEntries,
  // Absent in records from before tools: their fallbacks give the defaults, so no new version.
  ...ToolSettingsEntries,
  // The same for the web search's (issue 29); Brave's and Tavily's keys are never here.
  ...WebSettingsEntries,
});

const V1Schema = v.object({
  version: v.literal(1),
  provider: v.nullable(
    v.object({ kind: v.literal('openai'), baseUrl: v.string(), apiKey: v.string(), model: v.string() }),
  ),
});

export type StoredProvider = v.InferOutput<typeof ProviderSchema>;
export type StoredSettings = v.InferOutput<typeof StoredSettingsSchema>;
export type Timeouts = v.InferOutput<typeof TimeoutsSchema>;
export { TimeoutsSchema };

export const DEFAULT_TIMEOUTS: Timeouts = { firstByteSeconds: 120, idleSeconds: 60 };
export const DEFAULT_SETTINGS: StoredSettings = {
  version: SETTINGS_VERSION,
  providers: [],
  defaultProviderId: null,
  timeouts: DEFAULT_TIMEOUTS,
  quickActions: DEFAULT_QUICK_ACTIONS,
  theme: 'system',
  textSize: 'normal',
  instructions: '',
  mcpServers: [],
  toolLimits: DEFAULT_TOOL_LIMITS,
  glossPolicies: {},
  web: DEFAULT_WEB,
};

/** What the panel may know of a provider: everything but the key. */
const PublicProviderSchema = v.object({
  ...v.omit(ProviderSchema, ['apiKey']).entries,
  hasApiKey: v.boolean(),
});
export const PublicSettingsSchema = v.object({
  providers: v.array(PublicProviderSchema),
  defaultProviderId: v.nullable(v.string()),
  timeouts: TimeoutsSchema,
  ...PreferencesEntries,
  // A server's header values never leave the worker: the settings carry only their names.
  ...ToolSettingsEntries,
  // Nor do the search engines' keys (`web.keys` says which are saved).
  ...WebSettingsEntries,
});
export type PublicProvider = v.InferOutput<typeof PublicProviderSchema>;

/** A provider that is a server (a protocol, a base URL, perhaps a key), not a model the browser runs. */
export type ServerProvider<P extends { kind: string; preset: string } = StoredProvider> = P & {
  kind: ProviderKind;
  preset: ServerPresetId;
};

export function isServerProvider<P extends { kind: string; preset: string }>(p: P): p is ServerProvider<P> {
  return !isOnDevice(p.kind);
}

export function isOnDeviceProvider<P extends { kind: string }>(p: P): p is P & { kind: OnDeviceKind } {
  return isOnDevice(p.kind);
}
export type PublicSettings = v.InferOutput<typeof PublicSettingsSchema>;

/**
 * What the panel sends to add (no `id`) or change a provider. `apiKey` undefined keeps the
 * stored key, an empty string removes it.
 */
export const ProviderInputSchema = v.object({
  id: v.optional(v.string()),
  preset: v.picklist(PRESET_IDS),
  kind: v.picklist([...PROVIDER_KINDS, ...ON_DEVICE_KINDS]),
  name: v.pipe(v.string(), v.maxLength(100)),
  baseUrl: v.pipe(v.string(), v.maxLength(2048)),
  model: v.pipe(v.string(), v.maxLength(256)),
  apiKey: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  ...AnswerShapeEntries,
});
export type ProviderInput = v.InferOutput<typeof ProviderInputSchema>;

/**
 * Reads whatever storage holds into the current schema: older versions are migrated, and
 * unknown or corrupted data falls back to defaults rather than breaking the panel.
 */
export function migrateSettings(raw: unknown): StoredSettings {
  const current = v.safeParse(StoredSettingsSchema, raw);
  if (current.success) return current.output;
  const v1 = v.safeParse(V1Schema, raw);
  if (v1.success && v1.output.provider) {
    const p = v1.output.provider;
    const provider: StoredProvider = { id: 'migrated', preset: 'custom', name: 'OpenAI-compatible', ...p };
    return { ...DEFAULT_SETTINGS, providers: [provider], defaultProviderId: provider.id };
  }
  return DEFAULT_SETTINGS;
}

export function toPublic(settings: StoredSettings): PublicSettings {
  return {
    providers: settings.providers.map(({ apiKey, ...rest }) => ({ ...rest, hasApiKey: apiKey.length > 0 })),
    defaultProviderId: settings.defaultProviderId,
    timeouts: settings.timeouts,
    quickActions: settings.quickActions,
    theme: settings.theme,
    textSize: settings.textSize,
    instructions: settings.instructions,
    mcpServers: settings.mcpServers,
    toolLimits: settings.toolLimits,
    glossPolicies: settings.glossPolicies,
    web: settings.web,
  };
}

/**
 * Adds or replaces a provider from the panel's input. The key is kept unless replaced, and only
 * while the base URL stays on its origin: a key is never stored for an address it was not typed
 * for (the worker refuses such a save first; this is the last line).
 */
export function upsertProvider(settings: StoredSettings, input: ProviderInput, newId: () => string): StoredSettings {
  const existing = settings.providers.find((p) => p.id === input.id);
  // A model the browser runs is reached at no address, so no key is ever kept for it.
  if (isOnDevice(input.kind)) input = { ...input, baseUrl: '', apiKey: '' };
  const provider: StoredProvider = {
    id: existing?.id ?? newId(),
    preset: input.preset,
    kind: input.kind,
    name: input.name.trim() || 'Provider',
    baseUrl: input.baseUrl.trim(),
    model: input.model.trim(),
    apiKey: (input.apiKey ?? keptKey(existing, input.baseUrl)).trim(),
    // The form sends both: one left empty goes back to the provider's default.
    ...(input.maxTokens !== undefined && { maxTokens: input.maxTokens }),
    ...(input.temperature !== undefined && { temperature: input.temperature }),
    // A held-back key stays held (not deleted) until a key is typed or removed on purpose.
    ...(input.apiKey === undefined && existing?.keyHeldFor !== undefined ? { keyHeldFor: existing.keyHeldFor } : {}),
  };
  const providers = existing
    ? settings.providers.map((p) => (p.id === provider.id ? provider : p))
    : [...settings.providers, provider];
  return { ...settings, providers, defaultProviderId: settings.defaultProviderId ?? provider.id };
}

function keptKey(existing: StoredProvider | undefined, baseUrl: string): string {
  return existing && sameOrigin(existing.baseUrl, baseUrl) ? existing.apiKey : '';
}

export function removeProvider(settings: StoredSettings, id: string): StoredSettings {
  const providers = settings.providers.filter((p) => p.id !== id);
  const defaultProviderId = settings.defaultProviderId === id ? (providers[0]?.id ?? null) : settings.defaultProviderId;
  return { ...settings, providers, defaultProviderId };
}

/** The provider to use: the one asked for, else the default, else the first. */
export function pickProvider(settings: StoredSettings, id?: string): StoredProvider | undefined {
  const byId = (x: string | null | undefined) => settings.providers.find((p) => p.id === x);
  return byId(id) ?? byId(settings.defaultProviderId) ?? settings.providers[0];
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
