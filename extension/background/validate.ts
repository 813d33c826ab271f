/** Checks a provider before it is saved, with the core's own rules, so the user learns now. */
import type { ProviderInput } from '../shared/settings';
import { checkEndpoint, coreReady, type SpecError } from './core';

export async function checkProvider(input: ProviderInput): Promise<SpecError | null> {
  await coreReady();
  return checkEndpoint(input.baseUrl, input.model) ?? null;
}
