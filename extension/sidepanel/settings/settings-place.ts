/**
 * Where Settings opens when an error says what to fix there: the provider's form for a refused
 * key, a wrong address or a server out of reach; the time limits for a timeout. Other errors
 * are not fixed in Settings and get no button.
 */
export type SettingsPlace = { provider: string } | 'timeouts';

const PROVIDER_CODES = new Set(['auth', 'not_found', 'network']);

export function placeToFix(code: string, providerId: string | undefined): SettingsPlace | null {
  if (code === 'timeout') return 'timeouts';
  return PROVIDER_CODES.has(code) && providerId !== undefined ? { provider: providerId } : null;
}
