/** Export files (Markdown, JSON) saved through the browser's downloads, and reading an import. */
import { t } from '../../shared/i18n';
import { connectExport, connectImport, MAX_IMPORT_CHARS, pieces } from '../../shared/protocol';

export function download(name: string, type: string, parts: string[]): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a title: letters, digits, spaces, `_` and `-`, at most 60 characters. */
export function fileName(title: string | undefined, ext: string): string {
  const base = (title ?? t('untitledExport'))
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .slice(0, 60);
  return `${base || 'gloss-conversation'}.${ext}`;
}

/** Downloads some conversations (all when `ids` is absent) as Markdown or JSON, received in pieces. */
export async function exportConversations(ids: string[] | undefined, format: 'md' | 'json'): Promise<void> {
  const port = connectExport();
  const parts: string[] = [];
  const title = await new Promise<string | undefined>((resolve, reject) => {
    port.onClose(() => reject(new Error(t('errWorkerGone'))));
    port.listen((event) => {
      if (event.type === 'piece') parts.push(event.text);
      else if (event.type === 'end') resolve(event.title);
      else reject(new Error(event.message));
    });
    port.post({ ids, format });
  }).finally(() => port.close());
  const type = format === 'md' ? 'text/markdown' : 'application/json';
  download(fileName(title, format), type, parts);
}

/** Reads a chosen file's text; the worker checks that it is a Gloss export. */
export async function readImportFile(file: File): Promise<string> {
  // Bytes are at least as many as characters: a file within the limit has text within it.
  if (file.size > MAX_IMPORT_CHARS) throw new Error(t('importTooLarge'));
  return file.text();
}

/** How many conversations came in, and how many were already in the history. */
export interface Imported {
  imported: number;
  skipped: number;
}

/** Sends an export file's text to the worker in pieces; resolves to what came in. */
export function importConversations(text: string): Promise<Imported> {
  const port = connectImport();
  return new Promise<Imported>((resolve, reject) => {
    port.onClose(() => reject(new Error(t('errWorkerGone'))));
    port.listen((result) => (result.type === 'done' ? resolve(result) : reject(new Error(result.message))));
    for (const piece of pieces(text)) port.post({ type: 'piece', text: piece });
    port.post({ type: 'end' });
  }).finally(() => port.close());
}
