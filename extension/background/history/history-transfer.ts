/**
 * Export and import on their ports, in pieces (see `shared/protocol/transfer.ts`): an export is
 * written one conversation at a time, so the worker never holds more than one conversation's
 * text and a piece; an import is gathered piece by piece, then checked whole.
 */
import { EXPORT_FORMAT } from '../../shared/history';
import { toMarkdown } from '../../shared/history-text';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import {
  MAX_IMPORT_CHARS,
  PIECE_CHARS,
  pieces,
  type ExportEvent,
  type ExportRequest,
  type ImportPiece,
  type ImportResult,
  type TypedPort,
} from '../../shared/protocol';
import { importFile, type FreeStorage, type ImportCount } from './history-import';
import type { HistoryStore } from './history-store';

/**
 * The export file's text, in pieces of at most `size` characters; returns the title of the one
 * conversation asked for (a file name), if one was.
 */
export async function* exportPieces(
  s: HistoryStore,
  { ids, format }: ExportRequest,
  size = PIECE_CHARS,
): AsyncGenerator<string, string | undefined> {
  const wanted = ids ?? (await s.list()).value.map((c) => c.id);
  let buffer =
    format === 'json' ? `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":${Date.now()},"conversations":[\n` : '';
  let title: string | undefined;
  let written = 0;
  for (const id of wanted) {
    const loaded = await s.open(id);
    if (!loaded) continue;
    title = wanted.length === 1 ? loaded.value.conversation.title : undefined;
    if (format === 'json') buffer += `${written > 0 ? ',\n' : ''}${JSON.stringify(loaded.value, null, 1)}`;
    else buffer += `${written > 0 ? '\n\n---\n\n' : ''}${toMarkdown([loaded.value])}`;
    written += 1;
    if (buffer.length < size) continue;
    const all = pieces(buffer, size);
    buffer = all.pop() ?? '';
    yield* all;
  }
  buffer += format === 'json' ? '\n]}\n' : '';
  yield* pieces(buffer, size);
  return title;
}

export function serveExport(port: TypedPort<ExportRequest, ExportEvent>, store: () => Promise<HistoryStore>): void {
  let started = false;
  port.listen((request) => {
    if (started) return;
    started = true;
    void (async () => {
      try {
        const writer = exportPieces(await store(), request);
        for (let next = await writer.next(); ; next = await writer.next()) {
          if (next.done) {
            port.post({ type: 'end', title: next.value });
            return;
          }
          port.post({ type: 'piece', text: next.value });
        }
      } catch (e) {
        port.post({ type: 'error', message: messageOf(e) });
      }
    })();
  });
}

/** Stores the conversations of an export file's text; its errors say what is wrong with it. */
export async function importText(s: HistoryStore, text: string, free?: FreeStorage): Promise<ImportCount> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw new Error(t('importNotJson'));
  }
  return importFile(s, file, text.length, free);
}

export function serveImport(port: TypedPort<ImportPiece, ImportResult>, store: () => Promise<HistoryStore>): void {
  const parts: string[] = [];
  let chars = 0;
  let ended = false;
  const finish = (result: ImportResult) => {
    ended = true;
    parts.length = 0;
    port.post(result);
  };
  port.listen((piece) => {
    if (ended) return;
    if (piece.type === 'piece') {
      chars += piece.text.length;
      if (chars > MAX_IMPORT_CHARS) finish({ type: 'error', message: t('importTooLarge') });
      else parts.push(piece.text);
      return;
    }
    const text = parts.join('');
    parts.length = 0;
    void store()
      .then((s) => importText(s, text))
      .then(
        (count) => finish({ type: 'done', ...count }),
        (e: unknown) => finish({ type: 'error', message: messageOf(e) }),
      );
  });
}
