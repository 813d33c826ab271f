/**
 * The history page's data, held outside React: the conversations matching the search, shown a
 * page at a time, and what the user does with them (delete with Undo, rename, export, import).
 * Each action ends with a message saying what happened, or why it did not.
 */
import type { Summary } from '../../shared/history';
import { messageOf } from '../../shared/errors';
import { plural, t, type MessageKey } from '../../shared/i18n';
import type { MessageName, Req, Res } from '../../shared/protocol';
import { Store } from '../store';
import type { Imported } from './history-files';

/** Rows shown at first, and added each time the end of the list comes into view. */
export const PAGE = 50;

export interface HistoryView {
  query: string;
  /** The conversations matching the query, newest first; null until the worker answers. */
  items: Summary[] | null;
  /** How many stored conversations could not be read. */
  damaged: number;
  /** How many of the items are shown. */
  limit: number;
  message: { text: string; error?: boolean } | null;
  /** The conversation just deleted, while Undo can bring it back (the worker keeps it). */
  undo: Summary | null;
}

type Call<K extends MessageName> = (req: Req<K>) => Promise<Res<K>>;

/** The worker's history messages, and the browser's files (fakes in tests). */
export interface HistoryWorker {
  list: Call<'history.list'>;
  remove: Call<'history.delete'>;
  restore: Call<'history.restore'>;
  update: Call<'history.update'>;
  /** Sends an export file's text; resolves to how many conversations came in. */
  import: (text: string) => Promise<Imported>;
  /** Downloads some conversations (all when `ids` is absent) as a file. */
  export: (ids: string[] | undefined, format: 'md' | 'json') => Promise<void>;
  /** Reads a chosen file's text; its errors say what is wrong with it. */
  read: (file: File) => Promise<string>;
}

export class HistoryList extends Store<HistoryView> {
  /** Counts list requests: only the answer to the latest is shown. */
  private requests = 0;

  constructor(private readonly worker: HistoryWorker) {
    super({ query: '', items: null, damaged: 0, limit: PAGE, message: null, undo: null });
  }

  // Each action resolves to whether it was done; a failure is said in the message.

  /** Lists the conversations matching the query (again). */
  readonly load = (): void => {
    const request = ++this.requests;
    this.worker.list({ query: this.view.query }).then(
      (r) => {
        if (request === this.requests) this.set({ items: r.conversations, damaged: r.damaged, limit: PAGE });
      },
      (e: unknown) => {
        if (request === this.requests) this.set({ message: { text: t('historyReadFailed', String(e)), error: true } });
      },
    );
  };

  readonly search = (query: string): void => {
    this.set({ query });
    this.load();
  };

  readonly showMore = (): void => this.set({ limit: this.view.limit + PAGE });

  /** Deletes a conversation, keeping it for Undo. */
  readonly remove = (item: Summary): Promise<boolean> =>
    this.attempt('deleteFailed', async () => {
      const { removed } = await this.worker.remove({ id: item.id });
      this.set({ undo: removed, message: { text: t('deleted', item.title) } });
    });

  /** Brings back the conversation deleted last. */
  readonly restore = (): Promise<boolean> => {
    const { undo } = this.view;
    if (!undo) return Promise.resolve(false);
    return this.attempt('undoFailed', async () => {
      const { restored } = await this.worker.restore({ id: undo.id });
      if (!restored) throw new Error(t('undoExpired'));
      this.set({ message: { text: t('restored', restored.title) }, undo: null });
    });
  };

  /** Renames a conversation; a blank title changes nothing (and resolves to false). */
  readonly rename = (id: string, title: string): Promise<boolean> => {
    if (!title.trim()) return Promise.resolve(false);
    return this.attempt('renameFailed', () => this.worker.update({ id, title: title.trim() }));
  };

  readonly importFile = (file: File): Promise<boolean> =>
    this.attempt('importFailed', async () => {
      const { imported, skipped } = await this.worker.import(await this.worker.read(file));
      const said = [plural(imported, 'importedOne', 'importedMany')];
      if (skipped > 0) said.push(plural(skipped, 'importSkippedOne', 'importSkippedMany'));
      this.set({ message: { text: said.join(' ') } });
    });

  /** Downloads some conversations (all when `ids` is absent) as Markdown or JSON. */
  readonly export = (ids: string[] | undefined, format: 'md' | 'json'): Promise<boolean> =>
    this.attempt('exportFailed', () => this.worker.export(ids, format), false);

  /** Runs an action, then lists again (when it changed the list); a failure says `what` failed. */
  private attempt(what: MessageKey, action: () => Promise<unknown>, changes = true): Promise<boolean> {
    return action().then(
      () => {
        if (changes) this.load();
        return true;
      },
      (e: unknown) => {
        this.set({ message: { text: t(what, messageOf(e)), error: true } });
        return false;
      },
    );
  }
}
