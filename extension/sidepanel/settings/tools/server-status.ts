/**
 * The servers' state as Settings → Tools shows it, held outside React: read from the worker
 * (`mcp.status`) when the section opens and after each change, and read again while a server
 * is still connecting, at growing intervals that end (no busy polling: Refresh is always there).
 */
import { messageOf } from '../../../shared/errors';
import type { ServerState } from '../../../shared/tools/tool-settings';
import { Store } from '../../store';

/** The pauses before each re-read while a server is connecting: about a minute in all. */
export const RECHECK_SECONDS = [1, 2, 4, 8, 15, 30] as const;

export interface StatusView {
  /** Each server's state, by id; null until the worker first answers. */
  states: ReadonlyMap<string, ServerState> | null;
  /** Why the state could not be read. */
  error: string | null;
  /** A Refresh is under way. */
  refreshing: boolean;
}

/** `mcp.status` (a fake in tests). */
export type ReadStatus = (req: { refresh?: boolean }) => Promise<{ servers: ServerState[] }>;

export interface Clock {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

const realClock: Clock = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export class ServerStatus extends Store<StatusView> {
  /** Counts reads: only the answer to the latest is shown. */
  private reads = 0;
  private timer: unknown = null;
  /** How many re-reads have been made since the last load. */
  private rechecks = 0;

  constructor(
    private readonly read: ReadStatus,
    private readonly clock: Clock = realClock,
  ) {
    super({ states: null, error: null, refreshing: false });
  }

  /** Reads the state now (`refresh`: connecting again first), and again while any server connects. */
  readonly load = (refresh = false): void => {
    this.rechecks = 0;
    this.fetch(refresh);
  };

  /** Stops re-reading, and ignores answers still on their way (Settings closed). */
  readonly stop = (): void => {
    this.cancelRecheck();
    this.reads++;
    if (this.view.refreshing) this.set({ refreshing: false });
  };

  private fetch(refresh: boolean): void {
    this.cancelRecheck();
    const read = ++this.reads;
    if (refresh !== this.view.refreshing) this.set({ refreshing: refresh });
    this.read(refresh ? { refresh: true } : {}).then(
      ({ servers }) => {
        if (read !== this.reads) return;
        this.set({ states: new Map(servers.map((s) => [s.id, s])), error: null, refreshing: false });
        if (servers.some((s) => s.state === 'connecting')) this.recheck();
      },
      (e: unknown) => {
        if (read === this.reads) this.set({ error: messageOf(e), refreshing: false });
      },
    );
  }

  private recheck(): void {
    const seconds = RECHECK_SECONDS[this.rechecks++];
    if (seconds === undefined) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.fetch(false);
    }, seconds * 1000);
  }

  private cancelRecheck(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
