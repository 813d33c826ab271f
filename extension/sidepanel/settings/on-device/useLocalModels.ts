/**
 * The models that run inside Gloss, as the worker reports them: asked when the settings open and
 * every POLL_MS while one downloads (the download runs in the worker's engine host, so it goes on
 * when the panel closes, and a panel opened later finds it under way).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../shared/errors';
import type { LocalModelStatus } from '../../../shared/local-model/local-model-messages';
import { send } from '../../../shared/protocol';
import { anyDownloading, POLL_MS } from './local-models';

export interface LocalModels {
  statuses: LocalModelStatus[] | null;
  /** What went wrong asking the worker, in its words. */
  problem: string | null;
  /** Starts `id`'s download; `onReady` runs once it is downloaded and checked. */
  download: (id: string, onReady: () => void) => void;
  cancel: (id: string) => void;
  /** Removes `id`'s file; resolves to the bytes freed. */
  remove: (id: string) => Promise<number>;
}

export function useLocalModels(): LocalModels {
  const [statuses, setStatuses] = useState<LocalModelStatus[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pendingRef = useWhenReady(statuses);
  const refresh = useCallback(() => {
    send('localModel.state', {}).then(
      (r) => {
        setProblem(null);
        setStatuses(r.models);
      },
      (e: unknown) => setProblem(messageOf(e)),
    );
  }, []);
  useEffect(refresh, [refresh]);
  const downloading = statuses !== null && anyDownloading(statuses);
  useEffect(() => {
    if (!downloading) return;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [downloading, refresh]);
  const act = (run: Promise<unknown>) => run.then(refresh, (e: unknown) => setProblem(messageOf(e)));
  return {
    statuses,
    problem,
    download: (id, onReady) => {
      pendingRef.current = { id, onReady };
      void act(send('localModel.download', { id }));
    },
    cancel: (id) => void act(send('localModel.cancel', { id })),
    remove: async (id) => {
      const { freed } = await send('localModel.remove', { id });
      refresh();
      return freed;
    },
  };
}

/** The download waited on to use its model: `onReady` runs when it is ready, and is forgotten if it fails. */
function useWhenReady(statuses: LocalModelStatus[] | null) {
  const pending = useRef<{ id: string; onReady: () => void } | null>(null);
  useEffect(() => {
    const waiting = pending.current;
    const state = statuses?.find((s) => s.id === waiting?.id)?.state;
    if (!waiting || state === undefined || state === 'downloading') return;
    pending.current = null;
    if (state === 'ready') waiting.onReady();
  }, [statuses]);
  return pending;
}
