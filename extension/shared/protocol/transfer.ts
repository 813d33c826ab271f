/**
 * Export and import in pieces. A whole history can be larger than one message may be (Chrome
 * refuses messages over 64 MiB), so the export file travels worker → panel, and an import file
 * panel → worker, as text pieces on a port of its own, each far below the limit.
 */
import * as v from 'valibot';
import browser from 'webextension-polyfill';
import { typed, type TypedPort } from './chat';
import { fromOwnPage } from './sender';

/**
 * Characters per piece: at most 6 bytes each once serialised (a JSON escape), so a piece stays
 * near 24 MB, well inside the limit, while a 200 MB file still takes only tens of messages.
 */
export const PIECE_CHARS = 4_000_000;

/** The largest import accepted (the panel checks the file's size first; the worker checks again). */
export const MAX_IMPORT_CHARS = 200 * 1024 * 1024;

export const EXPORT_PORT = 'gloss.export';
export const IMPORT_PORT = 'gloss.import';

/** Panel → worker: what to export. */
export const ExportRequestSchema = v.object({
  ids: v.optional(v.array(v.string())),
  format: v.picklist(['json', 'md']),
});
export type ExportRequest = v.InferOutput<typeof ExportRequestSchema>;

/** Worker → panel: the file's text in order, then its end (with a title for one conversation). */
export const ExportEventSchema = v.variant('type', [
  v.object({ type: v.literal('piece'), text: v.pipe(v.string(), v.maxLength(PIECE_CHARS)) }),
  v.object({ type: v.literal('end'), title: v.optional(v.string()) }),
  v.object({ type: v.literal('error'), message: v.string() }),
]);
export type ExportEvent = v.InferOutput<typeof ExportEventSchema>;

/** Panel → worker: the import file's text in order, then its end. */
export const ImportPieceSchema = v.variant('type', [
  v.object({ type: v.literal('piece'), text: v.pipe(v.string(), v.maxLength(PIECE_CHARS)) }),
  v.object({ type: v.literal('end') }),
]);
export type ImportPiece = v.InferOutput<typeof ImportPieceSchema>;

/** Worker → panel: how the import ended. */
export const ImportResultSchema = v.variant('type', [
  v.object({ type: v.literal('done'), imported: v.number(), skipped: v.number() }),
  v.object({ type: v.literal('error'), message: v.string() }),
]);
export type ImportResult = v.InferOutput<typeof ImportResultSchema>;

/** `text` cut into pieces of at most PIECE_CHARS (never splitting a surrogate pair). */
export function pieces(text: string, size = PIECE_CHARS): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

export function connectExport(): TypedPort<ExportEvent, ExportRequest> {
  return typed(browser.runtime.connect({ name: EXPORT_PORT }), ExportEventSchema);
}

export function connectImport(): TypedPort<ImportResult, ImportPiece> {
  return typed(browser.runtime.connect({ name: IMPORT_PORT }), ImportResultSchema);
}

/** Worker side: export and import ports from this extension's own pages (others are closed). */
export function onTransferConnect(handlers: {
  export: (port: TypedPort<ExportRequest, ExportEvent>) => void;
  import: (port: TypedPort<ImportPiece, ImportResult>) => void;
}): void {
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== EXPORT_PORT && port.name !== IMPORT_PORT) return;
    if (!fromOwnPage(port.sender)) {
      port.disconnect();
      return;
    }
    if (port.name === EXPORT_PORT) handlers.export(typed(port, ExportRequestSchema));
    else handlers.import(typed(port, ImportPieceSchema));
  });
}
