/**
 * The context window to budget page material for: a server preset's usual one, or what Chrome's
 * built-in model said of its last session (`inputQuota`; before any, the smaller known one).
 */
import { CHROME_AI_CONTEXT_TOKENS } from '../../shared/on-device/on-device';
import { PRESETS, serverPreset } from '../../shared/presets';
import type { StoredProvider } from '../../shared/settings';
import { chromeAiWindow } from '../on-device/chrome-ai';

export function contextWindow(provider: StoredProvider | undefined): number {
  if (provider?.kind === 'chrome-ai') return chromeAiWindow() ?? CHROME_AI_CONTEXT_TOKENS;
  return (provider && serverPreset(provider.preset))?.contextTokens ?? PRESETS.custom.contextTokens;
}
