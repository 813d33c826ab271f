/**
 * Which provider and model answer in a conversation, and how the header lists the models. The
 * choice belongs to the conversation (stored with it); a new chat starts at the default. Plain
 * functions: the hooks keep the state.
 */
import type { PublicSettings } from '../../shared/settings';

export interface Choice {
  providerId: string;
  model: string;
}

/** How many models each provider remembers as used recently. */
export const RECENT_PER_PROVIDER = 5;

/** Each provider's recently used models, most recent first. */
export type Recent = Record<string, string[]>;

type Settings = Pick<PublicSettings, 'providers' | 'defaultProviderId'>;

/**
 * The choice for a conversation: the provider and model stored with it while that provider is
 * set up, else the default provider with the model set up for it.
 */
export function conversationChoice(
  settings: Settings,
  stored: { providerId?: string; model?: string } | null | undefined,
): Choice | undefined {
  const kept = settings.providers.find((p) => p.id === stored?.providerId);
  if (kept) return { providerId: kept.id, model: stored?.model || kept.model };
  const fallback = settings.providers.find((p) => p.id === settings.defaultProviderId) ?? settings.providers[0];
  return fallback && { providerId: fallback.id, model: fallback.model };
}

/**
 * The models the header offers for a provider: the recently used first, then the one set up for
 * it, then the rest of its list by name. Each once.
 */
export function modelOptions(
  configured: string,
  listed: readonly string[] | undefined,
  recent: readonly string[] = [],
): string[] {
  const rest = [...(listed ?? [])].sort((a, b) => a.localeCompare(b));
  return [...new Set([...recent, configured, ...rest])].filter((m) => m !== '');
}

/** The recent lists with `choice` first for its provider. */
export function withRecent(recent: Recent, choice: Choice): Recent {
  const list = [choice.model, ...(recent[choice.providerId] ?? []).filter((m) => m !== choice.model)];
  return { ...recent, [choice.providerId]: list.slice(0, RECENT_PER_PROVIDER) };
}

/** Reads the stored recent lists; anything malformed counts as none. */
export function readRecent(raw: string | null): Recent {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const entries = Object.entries(parsed as Record<string, unknown>).filter(
      (e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((m) => typeof m === 'string'),
    );
    return Object.fromEntries(entries.map(([id, list]) => [id, list.slice(0, RECENT_PER_PROVIDER)]));
  } catch {
    return {};
  }
}

/** A choice as one `<option>` value (ids and model names hold no line breaks). */
export const optionValue = (choice: Choice): string => `${choice.providerId}\n${choice.model}`;

export function fromOptionValue(value: string): Choice {
  const at = value.indexOf('\n');
  return { providerId: value.slice(0, at), model: value.slice(at + 1) };
}
