/**
 * The downloads of the engine host (the page that runs the model): one per model at most, each
 * streamed from its catalogue URL into `ModelFiles` with its progress counted, then checked
 * against the catalogue's size and SHA-256 before it is recorded as ready. A download runs in
 * the host, not the panel, so it goes on when the panel closes; the panel follows it by polling.
 */
import type { LocalModelInfo } from '../../shared/local-model/catalogue';
import type { DownloadFailure, DownloadStatus } from '../../shared/protocol/local-engine';
import { messageOf } from '../../shared/errors';
import type { ModelFiles, ModelWriter } from './model-files';

/** A download that ended without a ready model, and why. */
class Failed extends Error {
  constructor(
    readonly failure: DownloadFailure,
    detail: string,
  ) {
    super(detail);
  }
}

interface Running {
  status: DownloadStatus;
  stop: AbortController;
  /** Settles when the download has ended, however it ended. */
  ended: Promise<void>;
}

export class Downloads {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly files: ModelFiles,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** Downloads running, and those that failed (until started again or forgotten). */
  list(): DownloadStatus[] {
    return [...this.running.values()].map((r) => ({ ...r.status }));
  }

  /** True while any download runs. */
  active(): boolean {
    return [...this.running.values()].some((r) => r.status.failed === undefined);
  }

  /** Starts downloading `model` unless it is downloading already. */
  start(model: LocalModelInfo): void {
    const now = this.running.get(model.id);
    if (now && now.status.failed === undefined) return;
    const status: DownloadStatus = { id: model.id, loaded: 0, total: model.bytes };
    const stop = new AbortController();
    const ended = this.run(model, status, stop.signal).then(
      () => void this.running.delete(model.id),
      (e: unknown) => {
        if (stop.signal.aborted) this.running.delete(model.id);
        else Object.assign(status, failureOf(e));
      },
    );
    this.running.set(model.id, { status, stop, ended });
  }

  /** Stops `id`'s download (nothing of it is kept) and forgets a failure; resolves once it has stopped. */
  async cancel(id: string): Promise<void> {
    const running = this.running.get(id);
    if (!running) return;
    running.stop.abort();
    await running.ended;
    this.running.delete(id);
  }

  private async run(model: LocalModelInfo, status: DownloadStatus, signal: AbortSignal): Promise<void> {
    const free = await this.files.free();
    if (free !== undefined && free < model.bytes) throw new Failed('no_space', `${free} bytes free`);
    // No cookies or credentials go to Hugging Face or its CDN: the file is public.
    const response = await this.fetchFn(model.url, { credentials: 'omit', signal }).catch((e: unknown) => {
      throw signal.aborted ? e : new Failed('network', messageOf(e));
    });
    if (!response.ok || !response.body) throw new Failed('http', `HTTP ${response.status}`);
    const writer = await this.files.create(model.id).catch((e: unknown) => {
      throw new Failed('storage', messageOf(e));
    });
    try {
      await copy(response.body, writer, model.bytes, (loaded) => (status.loaded = loaded));
      await writer.close();
    } catch (e) {
      await writer.abort().catch(() => undefined);
      throw e;
    }
    await this.check(model);
  }

  /** Size and SHA-256 against the catalogue; a file that fails is deleted. */
  private async check(model: LocalModelInfo): Promise<void> {
    const measured = await this.files.measure(model.id);
    const problem =
      measured?.bytes !== model.bytes
        ? new Failed('size', `${measured?.bytes ?? 0} bytes, expected ${model.bytes}`)
        : measured.sha256 !== model.sha256
          ? new Failed('checksum', `SHA-256 ${measured.sha256}`)
          : undefined;
    if (problem) {
      await this.files.remove(model.id);
      throw problem;
    }
    await this.files.markChecked(model.id, model.sha256);
  }
}

/** Streams `body` into `writer`, refusing more than `most` bytes. */
async function copy(
  body: ReadableStream<Uint8Array>,
  writer: ModelWriter,
  most: number,
  progress: (loaded: number) => void,
): Promise<void> {
  const reader = body.getReader();
  let loaded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((e: unknown) => {
        throw new Failed('network', messageOf(e));
      });
      if (done) return;
      loaded += value.byteLength;
      if (loaded > most) throw new Failed('size', `more than ${most} bytes`);
      await writer.write(value).catch((e: unknown) => {
        throw new Failed('storage', messageOf(e));
      });
      progress(loaded);
    }
  } finally {
    reader.releaseLock();
  }
}

function failureOf(e: unknown): Pick<DownloadStatus, 'failed' | 'detail'> {
  return e instanceof Failed ? { failed: e.failure, detail: e.message } : { failed: 'storage', detail: messageOf(e) };
}
