/**
 * The transport of an answer from a model the browser runs (`shared/on-device/on-device.ts`),
 * beside `providers/provider-stream.ts`'s HTTP one: the same events, the same ends (exactly one
 * `done`, `error` or `stopped`), so storing, rendering, Stop and Regenerate are the same.
 */
import { t } from '../../shared/i18n';
import type { OnDeviceKind } from '../../shared/on-device/on-device';
import type { StoredProvider, Timeouts } from '../../shared/settings';
import type { SentMessage } from '../answers/prompt';
import type { Post } from '../providers/provider-stream';
import type { ToolSpec } from '../core';
import { streamChromeAi } from './chrome-ai';
import { streamInGloss } from './in-gloss';
import { promptApi } from '../../shared/on-device/prompt-api';

export async function streamOnDevice(
  provider: StoredProvider & { kind: OnDeviceKind },
  messages: SentMessage[],
  post: Post,
  signal: AbortSignal,
  timeouts: Timeouts,
  options: { tools?: ToolSpec[] } = {},
): Promise<void> {
  // These models call no tools; the answer run offers them none (web mode reads for them).
  if ((options.tools ?? []).length > 0) {
    post({ type: 'error', code: 'no_tools', message: t('onDeviceNoTools') });
    return;
  }
  if (signal.aborted) {
    post({ type: 'stopped' });
    return;
  }
  const transports: Record<OnDeviceKind, () => Promise<void>> = {
    'chrome-ai': () => streamChromeAi(promptApi(), messages, post, signal, timeouts),
    'in-gloss': () => streamInGloss(provider, messages, post, signal, timeouts),
  };
  await transports[provider.kind]();
}
