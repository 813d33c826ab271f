/**
 * Talking to a provider outside a chat: its model list, a connection test with a tiny real
 * request, and looking for local servers. Every request is built and every answer read by
 * the core; this module owns only fetch and time limits.
 */
import { PRESETS, type ServerPresetId } from '../../shared/presets';
import { localServerUrls } from '../../shared/host-access';
import {
  coreReady,
  httpError,
  modelsRequest,
  networkError,
  parseModels,
  type HttpRequest,
  type Localized,
  type ProviderKind,
} from '../core';
import { browserOffline, isRedirect, PROVIDER_FETCH, redirectError } from './provider-fetch';
import { keyRefusal } from '../../shared/key-transport';
import { streamAnswer, type AnswerEvent } from './provider-stream';
import { MAX_ERROR_BODY, MAX_MODEL_LIST, readText, sizeLabel } from '../../shared/read-body';
import { isOtherModel, modelName } from '../../shared/answered-model';
import { messageOf } from '../../shared/errors';
import { localizeError, t } from '../../shared/i18n';

export interface Draft {
  kind: ProviderKind;
  baseUrl: string;
  apiKey?: string;
}

type Listed = { ok: true; models: { id: string; name?: string }[] } | { ok: false; message: string };

/** Lists a provider's models, or says why it could not. */
export async function listModels(draft: Draft, timeoutMs = 10_000): Promise<Listed> {
  await coreReady();
  const refusal = keyRefusal(draft.baseUrl, Boolean(draft.apiKey?.trim()));
  if (refusal) return { ok: false, message: refusal };
  let request: HttpRequest;
  try {
    request = modelsRequest(draft.kind, draft.baseUrl, draft.apiKey);
  } catch (e) {
    return { ok: false, message: messageOf(e) };
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      signal: AbortSignal.timeout(timeoutMs),
      ...PROVIDER_FETCH,
    });
  } catch {
    return { ok: false, message: eventMessage(networkError(request.url, browserOffline())) };
  }
  if (isRedirect(response)) return { ok: false, message: redirectError(request.url).message };
  const cap = response.ok ? MAX_MODEL_LIST : MAX_ERROR_BODY;
  const { text: body, overLimit } = await readText(response, cap).catch(() => ({ text: '', overLimit: false }));
  if (!response.ok) {
    return {
      ok: false,
      message: eventMessage(
        httpError(draft.kind, response.status, body, response.headers.get('retry-after') ?? undefined),
      ),
    };
  }
  if (overLimit) return { ok: false, message: t('errModelListTooLarge', sizeLabel(MAX_MODEL_LIST)) };
  const parsed = parseModels(draft.kind, body);
  return 'models' in parsed ? { ok: true, models: parsed.models } : { ok: false, message: eventMessage(parsed.error) };
}

/**
 * Sends "Reply with OK" and reports the real outcome: the reply and the model the response named
 * (which may not be the one typed: llama.cpp serves the model it loaded), or the error the user
 * would see.
 */
export async function testProvider(
  draft: Draft & { model: string },
  fetchFn: typeof fetch = fetch,
): Promise<{ ok: boolean; message: string; code?: string }> {
  const events: AnswerEvent[] = [];
  const abort = new AbortController();
  const provider = { id: 'test', preset: 'custom' as const, name: 'test', apiKey: draft.apiKey ?? '', ...draft };
  await streamAnswer(
    provider,
    [{ role: 'user', content: 'Reply with the single word OK.' }],
    (e) => events.push(e),
    abort.signal,
    { firstByteSeconds: 60, idleSeconds: 30 },
    { maxTokens: 16 },
    fetchFn,
  );
  const last = events.at(-1);
  if (last?.type === 'error') return { ok: false, message: localizeError(last.message, last.l10n), code: last.code };
  const reply = events
    .flatMap((e) => (e.type === 'text' ? [e.text] : []))
    .join('')
    .trim();
  const named = events.find((e) => e.type === 'model')?.name;
  return { ok: true, message: connected(draft.model.trim(), named, reply.slice(0, 60) || t('probeEmpty')) };
}

/** What a test that got through says: which model answered, and whether that is the one typed. */
function connected(typed: string, named: string | undefined, reply: string): string {
  if (named === undefined) return t('probeConnectedUnnamed', reply);
  if (isOtherModel(typed, named)) return t('probeConnectedOther', modelName(typed), modelName(named), reply);
  return t('probeConnected', modelName(named), reply);
}

/**
 * How long a look for local servers waits for each one's model list. A port with nothing on it
 * refuses at once; this only bounds a server that took the connection. It is generous because
 * the first run looks while the browser may still be starting (Firefox opens the sidebar as
 * Gloss installs): a server that is there can take over a second to be heard then, and one
 * missed is not offered (the download of the model inside Gloss is, in its place).
 */
const LOCAL_LOOK_MS = 5000;

/** The local servers that answer, with their models. */
export async function detectLocal(): Promise<{ preset: ServerPresetId; baseUrl: string; models: string[] }[]> {
  // The addresses whose ports "Find local models" asks access to (shared/host-access.ts).
  const found = await Promise.all(
    localServerUrls().map(async ({ id, baseUrl }) => {
      const listed = await listModels({ kind: PRESETS[id].kind, baseUrl }, LOCAL_LOOK_MS);
      return listed.ok ? { preset: id, baseUrl, models: listed.models.map((m) => m.id) } : null;
    }),
  );
  const seen = new Set<ServerPresetId>();
  return found.filter(
    (s): s is NonNullable<typeof s> => s !== null && !seen.has(s.preset) && Boolean(seen.add(s.preset)),
  );
}

function eventMessage(event: { type: string; message?: string; l10n?: Localized }): string {
  return event.message === undefined ? t('probeUnexpected') : localizeError(event.message, event.l10n);
}
