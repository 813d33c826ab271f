/**
 * The one-shot messages about settings and providers (part of `Protocol` in `envelope.ts`): the
 * panel reads and changes the settings, and checks, tests and finds providers, through these.
 */
import * as v from 'valibot';
import { PROVIDER_KINDS } from '../core-enums';
import { PreferencesSchema } from '../preferences';
import { SERVER_PRESET_IDS } from '../presets';
import { ProviderInputSchema, PublicSettingsSchema, TimeoutsSchema } from '../settings';

const ProblemSchema = v.object({ field: v.string(), message: v.string() });
/** A provider being edited: `id` set means "use the stored key unless one is given". */
const DraftSchema = v.object({
  id: v.optional(v.string()),
  kind: v.picklist(PROVIDER_KINDS),
  baseUrl: v.pipe(v.string(), v.maxLength(2048)),
  apiKey: v.optional(v.pipe(v.string(), v.maxLength(4096))),
});
const SavedSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), settings: PublicSettingsSchema }),
  v.object({ ok: v.literal(false), ...ProblemSchema.entries }),
]);
/** `code`: the error's (core-enums `ERROR_CODES`), when the test failed with one. */
const OutcomeSchema = v.object({ ok: v.boolean(), message: v.string(), code: v.optional(v.string()) });

export const SETTINGS_MESSAGES = {
  'settings.get': { req: v.object({}), res: PublicSettingsSchema },
  'settings.timeouts': { req: TimeoutsSchema, res: PublicSettingsSchema },
  /** Quick actions and theme; each is changed only when given. */
  'settings.preferences': { req: PreferencesSchema, res: PublicSettingsSchema },
  /** The core's check of a base URL and model, for validation as the user types. */
  'provider.check': {
    req: v.object({ kind: v.picklist(PROVIDER_KINDS), baseUrl: v.string(), model: v.string() }),
    /** `url`: the chat endpoint these settings will call, as the core builds it. */
    res: v.object({ problem: v.nullable(ProblemSchema), url: v.nullable(v.string()) }),
  },
  'provider.save': { req: v.object({ provider: ProviderInputSchema }), res: SavedSchema },
  'provider.remove': { req: v.object({ id: v.string() }), res: PublicSettingsSchema },
  'provider.setDefault': { req: v.object({ id: v.string() }), res: PublicSettingsSchema },
  'provider.models': {
    req: v.object({ draft: DraftSchema }),
    res: v.variant('ok', [
      v.object({
        ok: v.literal(true),
        /** `vision`: whether the model takes images, where the provider says (Ollama). */
        models: v.array(v.object({ id: v.string(), name: v.optional(v.string()), vision: v.optional(v.boolean()) })),
      }),
      v.object({ ok: v.literal(false), message: v.string() }),
    ]),
  },
  /**
   * Whether a saved provider's model takes images, where the provider says (Ollama, llama.cpp):
   * null when it does not say.
   */
  'provider.sees': {
    req: v.object({ providerId: v.string(), model: v.pipe(v.string(), v.maxLength(512)) }),
    res: v.object({ sees: v.nullable(v.boolean()) }),
  },
  /** Sends a tiny real request and reports what happened. */
  'provider.test': {
    req: v.object({ draft: v.object({ ...DraftSchema.entries, model: v.string() }) }),
    res: OutcomeSchema,
  },
  /** Looks for local servers (Ollama, LM Studio, llama.cpp) that answer. */
  'local.detect': {
    req: v.object({}),
    res: v.object({
      servers: v.array(
        v.object({ preset: v.picklist(SERVER_PRESET_IDS), baseUrl: v.string(), models: v.array(v.string()) }),
      ),
    }),
  },
} as const;
