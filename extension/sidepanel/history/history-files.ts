/** Export files (Markdown, JSON) saved through the browser's downloads, and reading an import. */
import { toMarkdown } from '../../shared/history-text';
import { t } from '../../shared/i18n';
import { send } from '../../shared/protocol';

/** The largest import read (a JSON export of thousands of conversations fits easily). */
const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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

/** Downloads some conversations (all when `ids` is absent) as Markdown or JSON. */
export async function exportConversations(ids: string[] | undefined, format: 'md' | 'json'): Promise<void> {
  const { file } = await send('history.export', { ids });
  const title = ids?.length === 1 ? file.conversations[0]?.conversation.title : undefined;
  if (format === 'md') download(fileName(title, 'md'), 'text/markdown', toMarkdown(file.conversations));
  else download(fileName(title, 'json'), 'application/json', JSON.stringify(file, null, 1));
}

/** Parses a chosen file; the worker checks that it is a Gloss export. */
export async function readImportFile(file: File): Promise<unknown> {
  if (file.size > MAX_IMPORT_BYTES) throw new Error(t('importTooLarge'));
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch {
    throw new Error(t('importNotJson'));
  }
}
