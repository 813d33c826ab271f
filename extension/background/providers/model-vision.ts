/**
 * Which listed models can see images, where the provider says so only model by model (Ollama's
 * `/api/show` `capabilities`). The list is shown without the mark rather than held back when a
 * model's details cannot be read: the mark is a hint for choosing, not a gate.
 */
import { modelDetailsRequest, modelSees, propsSees, serverPropsRequest, type ModelInfo } from '../core';
import { isServerProvider, type StoredProvider } from '../../shared/settings';
import { PROVIDER_FETCH } from './provider-fetch';
import { MAX_MODEL_LIST, readText } from '../../shared/read-body';
import type { Draft } from './probe';

/** Details asked at once: a local server answers each quickly, and a list may hold dozens. */
const AT_ONCE = 4;

/** `models` with `vision` set where the provider's details say; unchanged for other providers. */
export async function markVision(draft: Draft, models: ModelInfo[], timeoutMs = 5_000): Promise<ModelInfo[]> {
  const out = [...models];
  let next = 0;
  const worker = async () => {
    while (next < out.length) {
      const i = next++;
      const model = out[i];
      if (!model) continue;
      const vision = await sees(draft, model.id, timeoutMs);
      if (vision !== undefined) out[i] = { ...model, vision };
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, out.length) }, worker));
  return out;
}

/** Whether the provider says `model` sees; undefined when it has no such request or did not answer. */
async function sees(draft: Draft, model: string, timeoutMs: number): Promise<boolean | undefined> {
  try {
    const request = modelDetailsRequest(draft.kind, draft.baseUrl, draft.apiKey, model);
    if (!request) return undefined;
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
      ...PROVIDER_FETCH,
    });
    if (!response.ok) return undefined;
    const { text, overLimit } = await readText(response, MAX_MODEL_LIST);
    return overLimit ? undefined : modelSees(draft.kind, text);
  } catch {
    return undefined;
  }
}

/**
 * Whether the provider says `model` sees, for the one model of a question with images: Ollama's
 * details, or llama.cpp's `/props` (its list does not say); undefined for providers that do not
 * say (a cloud provider's vision is known to the user who chose the model).
 */
export async function providerModelSees(
  provider: StoredProvider,
  model: string,
  timeoutMs = 5_000,
): Promise<boolean | undefined> {
  // A model the browser runs reads text only: Chrome's is asked for a text session (EXPECTED_IO),
  // and the models inside Gloss are text models.
  if (!isServerProvider(provider)) return false;
  if (provider.preset !== 'llamacpp') return sees(provider, model, timeoutMs);
  try {
    const request = serverPropsRequest(provider.baseUrl, provider.apiKey);
    const response = await fetch(request.url, {
      headers: request.headers,
      signal: AbortSignal.timeout(timeoutMs),
      ...PROVIDER_FETCH,
    });
    if (!response.ok) return undefined;
    const { text, overLimit } = await readText(response, MAX_MODEL_LIST);
    return overLimit ? undefined : propsSees(text);
  } catch {
    return undefined;
  }
}
