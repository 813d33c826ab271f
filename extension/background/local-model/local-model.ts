/**
 * The worker's side of the model that runs inside Gloss: `generateLocal`, which the answer path
 * calls like a provider, and the way to this browser's engine host. Chrome's service worker has
 * no Web Workers, so llama.cpp runs in the offscreen document (`offscreen/`), held open by the
 * keeper while an answer runs; Firefox's background page is a page and runs it itself. Either
 * way the answer is produced outside the panel, so it goes on when the panel closes.
 */
import { localModelInfo } from '../../shared/local-model/catalogue';
import { t } from '../../shared/i18n';
import { engineByMessage, EngineFailure, type EngineHost, type OnLoading } from '../../shared/protocol';
import { hasOffscreen, isOffscreenOpen } from '../offscreen/chrome-offscreen';
import { offscreenKeeper } from '../offscreen/offscreen-keeper';

export interface LocalChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LocalGenerateResult {
  inputTokens: number;
  outputTokens: number;
  finish: 'stop' | 'length';
}

export type LocalModelProblemCode = 'unknown_model' | 'unavailable' | 'not_downloaded' | 'context_length' | 'engine';

/** Why the local model gave no answer; `message` is in the user's language. */
export class LocalModelProblem extends Error {
  constructor(
    readonly code: LocalModelProblemCode,
    message: string,
  ) {
    super(message);
    this.name = 'LocalModelProblem';
  }
}

/** This browser's engine host, and how to keep it open while it is used. */
export interface EngineAccess {
  host: EngineHost;
  use: <T>(run: () => Promise<T>) => Promise<T>;
  /** True if the host is running now (Chrome: the offscreen document is open). */
  isOpen: () => Promise<boolean>;
}

/**
 * Only the Firefox build (and tests) bundle the engine host into the background script: in
 * Chrome's build the branch is dropped, so wllama stays out of the service worker's script
 * (loaded at each cold start) and lives in the offscreen document's.
 */
const HOSTS_HERE = import.meta.env.MODE !== 'production';

let here: Promise<EngineAccess> | undefined;

/** The engine host of this browser, or undefined where none can run. */
export function engineAccess(): Promise<EngineAccess | undefined> {
  if (hasOffscreen()) {
    const use = <T>(run: () => Promise<T>) => offscreenKeeper.use(run);
    return Promise.resolve({ host: engineByMessage, use, isOpen: isOffscreenOpen });
  }
  if (!HOSTS_HERE || typeof Worker !== 'function' || typeof document === 'undefined') return Promise.resolve(undefined);
  here ??= import('./engine-host').then(({ pageEngineHost }) => ({
    host: pageEngineHost(),
    use: (run) => run(),
    isOpen: () => Promise.resolve(true),
  }));
  return here;
}

/** `failure` from the engine, in the user's words. */
function problemOf(failure: EngineFailure, id: string): LocalModelProblem {
  const model = localModelInfo(id);
  const label = model?.label ?? id;
  if (failure.code === 'not_downloaded')
    return new LocalModelProblem(failure.code, t('localModelNotDownloaded', label));
  if (failure.code === 'context_length')
    return new LocalModelProblem(failure.code, t('localModelContextFull', label, model?.contextTokens ?? 0));
  return new LocalModelProblem('engine', t('localModelEngineFailed', failure.message));
}

/**
 * Answers `messages` with the downloaded model `id`, streaming its text to `onText` (and telling
 * `options.onLoading` while the model is loaded into memory, when it must be). Rejects
 * with `LocalModelProblem`, or with an error named `AbortError` once `signal` aborts.
 */
export async function generateLocal(
  id: string,
  messages: LocalChatMessage[],
  options: { maxTokens: number; temperature?: number; onLoading?: OnLoading },
  onText: (delta: string) => void,
  signal: AbortSignal,
  access: () => Promise<EngineAccess | undefined> = engineAccess,
): Promise<LocalGenerateResult> {
  if (!localModelInfo(id)) throw new LocalModelProblem('unknown_model', t('localModelUnknown', id));
  const engine = await access();
  if (!engine) throw new LocalModelProblem('unavailable', t('localModelUnavailable'));
  const ask = { id, messages, maxTokens: options.maxTokens, temperature: options.temperature };
  try {
    return await engine.use(() => engine.host.generate(ask, onText, signal, options.onLoading));
  } catch (e) {
    throw e instanceof EngineFailure ? problemOf(e, id) : e;
  }
}
