/**
 * The worker's side of the local model's messages (`LOCAL_MODEL_MESSAGES`): each catalogue
 * model's state, and a download started, cancelled or removed. A download runs in the engine
 * host; the state of what is stored is read from the browser's storage here, so the Settings
 * page does not open Chrome's offscreen document just to learn that nothing is downloading.
 */
import type { Handlers } from '../../shared/protocol';
import { LOCAL_MODELS, localModelInfo } from '../../shared/local-model/catalogue';
import type { LocalModelStatus } from '../../shared/local-model/local-model-messages';
import { t } from '../../shared/i18n';
import type { DownloadFailure, DownloadStatus } from '../../shared/protocol/local-engine';
import { engineAccess, LocalModelProblem, type EngineAccess } from './local-model';
import { isReady, opfsFiles, type ModelFiles } from './model-files';

type LocalModelHandlers = Pick<
  Handlers,
  'localModel.state' | 'localModel.download' | 'localModel.cancel' | 'localModel.remove'
>;

export interface LocalModelDeps {
  access?: () => Promise<EngineAccess | undefined>;
  files?: ModelFiles;
}

/** A failed download's reason in the user's words. */
export function downloadProblem(status: DownloadStatus): string {
  const say: Record<DownloadFailure, () => string> = {
    network: () => t('localModelDownloadNetwork'),
    http: () => t('localModelDownloadHttp', status.detail ?? ''),
    size: () => t('localModelDownloadSize'),
    checksum: () => t('localModelDownloadChecksum'),
    no_space: () => t('localModelDownloadSpace'),
    storage: () => t('localModelDownloadStorage', status.detail ?? ''),
  };
  return status.failed ? say[status.failed]() : '';
}

/** Each catalogue model's state from what is stored and what the host is downloading. */
export async function modelStatuses(files: ModelFiles, downloads: DownloadStatus[]): Promise<LocalModelStatus[]> {
  return Promise.all(
    LOCAL_MODELS.map(async (model): Promise<LocalModelStatus> => {
      const stored = await files.stored(model.id);
      const download = downloads.find((d) => d.id === model.id);
      const base = { id: model.id, storedBytes: stored.bytes };
      if (download?.failed) return { ...base, state: 'failed', problem: downloadProblem(download) };
      if (download) return { ...base, state: 'downloading', loaded: download.loaded, total: download.total };
      return { ...base, state: isReady(model, stored) ? 'ready' : 'absent' };
    }),
  );
}

function known(id: string): string {
  if (!localModelInfo(id)) throw new LocalModelProblem('unknown_model', t('localModelUnknown', id));
  return id;
}

export function localModelHandlers(deps: LocalModelDeps = {}): LocalModelHandlers {
  const files = deps.files ?? opfsFiles;
  const access = async () => {
    const engine = await (deps.access ?? engineAccess)();
    if (!engine) throw new LocalModelProblem('unavailable', t('localModelUnavailable'));
    return engine;
  };
  /** The engine host if it runs now; undefined if it does not (and so has nothing running). */
  const running = async () => {
    const engine = await access();
    return (await engine.isOpen()) ? engine.host : undefined;
  };
  return {
    'localModel.state': async () => ({
      models: await modelStatuses(files, (await (await running())?.downloads()) ?? []),
    }),
    'localModel.download': async ({ id }) => {
      const engine = await access();
      await engine.use(() => engine.host.download(known(id)));
      return { ok: true };
    },
    'localModel.cancel': async ({ id }) => {
      await (await running())?.cancel(known(id));
      return { ok: true };
    },
    'localModel.remove': async ({ id }) => {
      await (await running())?.release(known(id));
      return { freed: await files.remove(id) };
    },
  };
}
