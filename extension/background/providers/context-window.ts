/**
 * The context window to budget page material for: a server preset's usual one; what Chrome's
 * built-in model said of its last session (`inputQuota`; before any, the smaller known one); or
 * the context a model inside Gloss is loaded with (its catalogue entry).
 */
import { CHROME_AI_CONTEXT_TOKENS } from '../../shared/on-device/on-device';
import { localModelInfo } from '../../shared/local-model/catalogue';
import { PRESETS, serverPreset } from '../../shared/presets';
import type { StoredProvider } from '../../shared/settings';
import { chromeAiWindow } from '../on-device/chrome-ai';

export function contextWindow(provider: StoredProvider | undefined): number {
  if (provider?.kind === 'chrome-ai') return chromeAiWindow() ?? CHROME_AI_CONTEXT_TOKENS;
  if (provider?.kind === 'in-gloss')
    return localModelInfo(provider.model)?.contextTokens ?? PRESETS.custom.contextTokens;
  return (provider && serverPreset(provider.preset))?.contextTokens ?? PRESETS.custom.contextTokens;
}
