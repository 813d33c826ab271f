/**
 * When Chrome's offscreen document is open. Reads of web pages and answers of the local model
 * each hold it open while they run (`use`); `idleMs` after the last, the worker asks the
 * document whether it is still busy (a model download runs on in it after the click that started
 * it, and a loaded model is kept warm for the next question: `engine.ts`) and closes it if not.
 * The document also closes itself once idle (`offscreen.ts`), for a worker Chrome stopped first.
 */
import { engineByMessage } from '../../shared/protocol';
import { closeOffscreen, openOffscreen } from './chrome-offscreen';

/** An offscreen document left this long without a read or an answer may be closed. */
export const CLOSE_AFTER_MS = 30_000;

export interface OffscreenDocument {
  open: () => Promise<void>;
  close: () => Promise<void>;
  /** True if the document has work of its own going on (a download, a warm model). */
  busy?: () => Promise<boolean>;
}

/**
 * Keeps the offscreen document open while reads use it and closes it `idleMs` after the last,
 * unless it says it is busy. Opening and closing run one after another (Chrome refuses a second
 * document, and a close that overtook an open would leave a read without its parser).
 */
export class OffscreenKeeper {
  private users = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lifecycle: Promise<void> = Promise.resolve();

  constructor(
    private readonly document: OffscreenDocument,
    private readonly idleMs = CLOSE_AFTER_MS,
  ) {}

  async use<T>(run: () => Promise<T>): Promise<T> {
    this.users += 1;
    clearTimeout(this.timer);
    try {
      const opened = this.lifecycle.then(this.document.open);
      this.lifecycle = opened.catch(() => undefined);
      await opened;
      return await run();
    } finally {
      this.users -= 1;
      if (this.users === 0) this.timer = setTimeout(() => this.close(), this.idleMs);
    }
  }

  private close(): void {
    const busy = this.document.busy ?? (() => Promise.resolve(false));
    // A document that cannot answer (closed already) is not busy.
    const closeIfIdle = async () => {
      if (!(await busy().catch(() => false))) await this.document.close();
    };
    this.lifecycle = this.lifecycle.then(closeIfIdle).catch(() => undefined);
  }
}

/** The worker's one keeper of Chrome's one offscreen document. */
export const offscreenKeeper = new OffscreenKeeper({
  open: openOffscreen,
  close: closeOffscreen,
  busy: engineByMessage.busy,
});
