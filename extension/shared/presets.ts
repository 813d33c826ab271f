/**
 * Provider presets: what the user picks from when adding a provider. Each fills in the protocol,
 * the base URL (with its API version path, as the core expects it) and whether a key is needed.
 */
import type { ProviderKind } from '../../crates/gloss-wasm/pkg/gloss_wasm';
import { ON_DEVICE_KINDS, isOnDevice, type AnyProviderKind } from './on-device/on-device';

export interface Preset {
  id: ServerPresetId;
  label: string;
  kind: ProviderKind;
  baseUrl: string;
  needsKey: boolean;
  /** A sensible first model; the provider's model list can replace it. */
  model: string;
  /** Where to get a key, shown next to the key field. */
  keyHelp?: string;
  /** The context window to budget page material for, in tokens (local servers: their usual default). */
  contextTokens: number;
}

/** The presets of servers: a protocol, a base URL and perhaps a key (the provider form's choices). */
export const SERVER_PRESET_IDS = [
  'openai',
  'anthropic',
  'gemini',
  'ollama',
  'openrouter',
  'groq',
  'lmstudio',
  'llamacpp',
  'custom',
] as const;
export type ServerPresetId = (typeof SERVER_PRESET_IDS)[number];
/** Every preset a stored provider may have: a server's, or a model the browser runs. */
export const PRESET_IDS = [...SERVER_PRESET_IDS, ...ON_DEVICE_KINDS] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export const PRESETS: Record<ServerPresetId, Preset> = {
  openai: {
    id: 'openai',
    contextTokens: 128000,
    label: 'OpenAI',
    kind: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    model: 'gpt-4o-mini',
    keyHelp: 'platform.openai.com → API keys',
  },
  anthropic: {
    id: 'anthropic',
    contextTokens: 200000,
    label: 'Anthropic',
    kind: 'anthropic',
    baseUrl: 'https://api.anthropic.com/v1',
    needsKey: true,
    model: 'claude-sonnet-4-5',
    keyHelp: 'console.anthropic.com → API keys',
  },
  gemini: {
    id: 'gemini',
    contextTokens: 1000000,
    label: 'Google Gemini',
    kind: 'gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    needsKey: true,
    model: 'gemini-2.5-flash',
    keyHelp: 'aistudio.google.com → Get API key',
  },
  ollama: {
    id: 'ollama',
    contextTokens: 4096,
    label: 'Ollama',
    kind: 'ollama',
    baseUrl: 'http://localhost:11434',
    needsKey: false,
    model: '',
  },
  openrouter: {
    id: 'openrouter',
    contextTokens: 128000,
    label: 'OpenRouter',
    kind: 'openai',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    model: 'openrouter/auto',
    keyHelp: 'openrouter.ai → Keys',
  },
  groq: {
    id: 'groq',
    contextTokens: 128000,
    label: 'Groq',
    kind: 'openai',
    baseUrl: 'https://api.groq.com/openai/v1',
    needsKey: true,
    model: 'llama-3.3-70b-versatile',
    keyHelp: 'console.groq.com → API Keys',
  },
  lmstudio: {
    id: 'lmstudio',
    contextTokens: 4096,
    label: 'LM Studio',
    kind: 'openai',
    baseUrl: 'http://localhost:1234/v1',
    needsKey: false,
    model: '',
  },
  llamacpp: {
    id: 'llamacpp',
    contextTokens: 4096,
    label: 'llama.cpp server',
    kind: 'openai',
    baseUrl: 'http://localhost:8080/v1',
    needsKey: false,
    model: '',
  },
  custom: {
    id: 'custom',
    contextTokens: 8192,
    label: 'Other OpenAI-compatible',
    kind: 'openai',
    baseUrl: '',
    needsKey: false,
    model: '',
  },
};

/** The local servers Gloss looks for on first run, in the order it offers them. */
export const LOCAL_PRESETS: ServerPresetId[] = ['ollama', 'lmstudio', 'llamacpp'];

/**
 * The longest answer asked of a provider whose own limit was not set: a local server's is
 * often none, and a tiny model that loops can write for minutes (seen with SmolLM2-135M). Cloud
 * providers keep their own default (the core gives Anthropic, which requires one, its own).
 */
export const LOCAL_ANSWER_TOKENS = 4096;

export function answerTokens(provider: { preset: PresetId; maxTokens?: number }): number | undefined {
  return provider.maxTokens ?? (runsLocally(provider.preset) ? LOCAL_ANSWER_TOKENS : undefined);
}

/** Whether the model of `preset` runs on this computer (a local server, or in the browser). */
export function runsLocally(preset: PresetId): boolean {
  return isOnDevice(preset) || LOCAL_PRESETS.includes(preset);
}

/** The server preset of `preset`, or undefined for a model the browser runs. */
export function serverPreset(preset: PresetId): Preset | undefined {
  return isOnDevice(preset) ? undefined : PRESETS[preset];
}

/** Whether `kind` is a server's protocol (as opposed to a model the browser runs). */
export function isServerKind(kind: AnyProviderKind): kind is ProviderKind {
  return !isOnDevice(kind);
}
