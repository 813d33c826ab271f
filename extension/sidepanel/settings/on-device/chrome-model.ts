/**
 * What the panel knows of Chrome's built-in model: whether Chrome has it, and the one thing the
 * panel does with it, starting its download. The download starts here, not in the worker:
 * Chrome lets an extension page make a session of a model still to be downloaded only with the
 * user's activation (a click), which only the page clicked has
 * (wpt: ai/language-model/language-model-create-sticky-user-activation). The session made is
 * destroyed at once: the panel never prompts the model; answers run in the worker.
 */
import { EXPECTED_IO, type Availability, type PromptApi } from '../../../shared/on-device/prompt-api';

export type ChromeModelView =
  /** No Prompt API in this browser (Firefox, Chrome before 138): nothing is shown. */
  | { state: 'absent' }
  /** Not asked yet: nothing is shown rather than a state that may be wrong. */
  | { state: 'checking' }
  | { state: Exclude<Availability, 'downloading'> }
  /** `fraction`: how much is downloaded (0–1), when the download is the panel's own. */
  | { state: 'downloading'; fraction?: number }
  | { state: 'failed'; message: string };

/** What Chrome says of its model now; a failing check reads as "cannot run here". */
export async function chromeModelView(api: PromptApi | undefined): Promise<ChromeModelView> {
  if (!api) return { state: 'absent' };
  const state = await api.availability(EXPECTED_IO).catch(() => 'unavailable' as const);
  return { state };
}

/**
 * Downloads the model (call it in the click's handler: before any `await`), reporting progress
 * as Chrome's monitor gives it (a fraction; its steps are Chrome's to choose). Resolves once the
 * model is ready; rejects when cancelled through `signal` or when Chrome gives up.
 */
export async function downloadChromeModel(
  api: PromptApi,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const session = await api.create({
    ...EXPECTED_IO,
    signal,
    monitor: (m) => m.addEventListener('downloadprogress', (e) => onProgress(Math.min(1, Math.max(0, e.loaded)))),
  });
  session.destroy();
}

/** The percentage shown for a fraction: whole numbers, and 100 only when done. */
export function percentOf(fraction: number): number {
  return fraction >= 1 ? 100 : Math.min(99, Math.floor(fraction * 100));
}
