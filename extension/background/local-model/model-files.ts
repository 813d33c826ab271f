/**
 * Where downloaded models live: the origin private file system (OPFS) of Gloss's extension
 * origin, which its service worker, its offscreen document and Firefox's background page all
 * reach. Each model is `<id>.gguf` beside `<id>.json`, the record written only after the file
 * passed its size and SHA-256 check: a file without its record (a download cut off by a crash)
 * never counts as ready. A download writes through `createWritable()`, which the browser keeps
 * in a swap file until `close()`, so a cancelled one leaves nothing behind.
 */
import * as v from 'valibot';
import type { LocalModelInfo } from '../../shared/local-model/catalogue';

/** The folder of models in the extension's OPFS. */
const FOLDER = 'local-models';

/** A file being written: chunks in order, then `close` (keep) or `abort` (discard). */
export interface ModelWriter {
  write: (chunk: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
  abort: () => Promise<void>;
}

/** The storage a download writes to and an answer reads from (OPFS here, memory in tests). */
export interface ModelFiles {
  create: (id: string) => Promise<ModelWriter>;
  /** SHA-256 (hex) and size of the stored file, undefined if there is none. */
  measure: (id: string) => Promise<{ bytes: number; sha256: string } | undefined>;
  /** Records that the stored file passed its check. */
  markChecked: (id: string, sha256: string) => Promise<void>;
  /** The checked file's size (0 if absent) and whether it is checked. */
  stored: (id: string) => Promise<{ bytes: number; checked: string | undefined }>;
  /** Deletes the file and its record; resolves to the bytes freed. */
  remove: (id: string) => Promise<number>;
  /** Bytes the browser still lets Gloss store, if it says. */
  free: () => Promise<number | undefined>;
}

const RecordSchema = v.object({ sha256: v.string() });

/** True if `stored` is `model`'s file, whole and checked. */
export function isReady(model: LocalModelInfo, stored: { bytes: number; checked: string | undefined }): boolean {
  return stored.bytes === model.bytes && stored.checked === model.sha256;
}

async function folder(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(FOLDER, { create: true });
}

async function fileOf(id: string): Promise<File | undefined> {
  try {
    return await (await (await folder()).getFileHandle(`${id}.gguf`)).getFile();
  } catch {
    return undefined; // NotFoundError: no such model stored
  }
}

/** The stored file of `model` if it is ready, for the engine to load. */
export async function readyFile(model: LocalModelInfo): Promise<File | undefined> {
  const stored = await opfsFiles.stored(model.id);
  return isReady(model, stored) ? fileOf(model.id) : undefined;
}

async function checkedHash(id: string): Promise<string | undefined> {
  try {
    const record = await (await (await folder()).getFileHandle(`${id}.json`)).getFile();
    const parsed = v.safeParse(RecordSchema, JSON.parse(await record.text()));
    return parsed.success ? parsed.output.sha256 : undefined;
  } catch {
    return undefined;
  }
}

async function removeEntry(dir: FileSystemDirectoryHandle, name: string): Promise<void> {
  await dir.removeEntry(name).catch(() => undefined); // absent already
}

/** SHA-256 of `file` as hex. WebCrypto has no streaming digest; the file is read once, whole. */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const opfsFiles: ModelFiles = {
  create: async (id) => {
    const dir = await folder();
    await removeEntry(dir, `${id}.json`); // a new download replaces any record of an old file
    const stream = await (await dir.getFileHandle(`${id}.gguf`, { create: true })).createWritable();
    return {
      write: (chunk) => stream.write(chunk as Uint8Array<ArrayBuffer>),
      close: () => stream.close(),
      abort: () => stream.abort(),
    };
  },
  measure: async (id) => {
    const file = await fileOf(id);
    return file ? { bytes: file.size, sha256: await sha256Hex(file) } : undefined;
  },
  markChecked: async (id, sha256) => {
    const record = await (await (await folder()).getFileHandle(`${id}.json`, { create: true })).createWritable();
    await record.write(JSON.stringify({ sha256 }));
    await record.close();
  },
  stored: async (id) => ({ bytes: (await fileOf(id))?.size ?? 0, checked: await checkedHash(id) }),
  remove: async (id) => {
    const bytes = (await fileOf(id))?.size ?? 0;
    const dir = await folder();
    await removeEntry(dir, `${id}.json`);
    await removeEntry(dir, `${id}.gguf`);
    return bytes;
  },
  free: async () => {
    const { quota, usage } = await navigator.storage.estimate();
    return quota === undefined ? undefined : quota - (usage ?? 0);
  },
};
