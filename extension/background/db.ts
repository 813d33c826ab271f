/**
 * The conversation database (IndexedDB through `idb`). Answers are written as they arrive: each
 * batch of received text goes to `chunks` (append-only, so a long answer costs no rewrites), with
 * its tool steps as they last changed, and is folded into its turn when the answer ends, or when
 * a restarted worker finds it orphaned (`history/stream-chunks.ts`).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ConversationRecord } from '../shared/history';
import type { StoredTurn, TextRecord } from './history/attachment-texts';
import { messageOf } from '../shared/errors';
import { t } from '../shared/i18n';

/** A streaming answer's update (`history/stream-chunks.ts`): text, or, with `tools`, a round of its tool loop or the loop's notes. */
export interface ChunkRecord {
  turnId: string;
  seq: number;
  text: string;
  reasoning: string;
  tools?: unknown;
}

export interface SearchRecord {
  conversationId: string;
  words: string[];
}

/** A deleted conversation, kept a while so Undo can bring it back (its texts stay in `texts`). */
export interface TrashRecord {
  id: string;
  deletedAt: number;
  conversation: ConversationRecord;
  turns: StoredTurn[];
}

export interface GlossDb extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { updatedAt: number } };
  turns: { key: string; value: StoredTurn; indexes: { conversationId: string; status: string } };
  chunks: { key: [string, number]; value: ChunkRecord };
  search: { key: string; value: SearchRecord; indexes: { words: string } };
  /** Attachment texts, once per conversation (see attachment-texts.ts). Since version 2. */
  texts: { key: string; value: TextRecord; indexes: { conversationId: string } };
  /** Since version 2. */
  trash: { key: string; value: TrashRecord };
  /** API keys by provider id, apart from the settings (see settings-store.ts). Since version 2. */
  keys: { key: string; value: KeyRecord };
  /** MCP servers' header values by server id (see tools/server-headers.ts). Since version 3. */
  serverHeaders: { key: string; value: HeaderRecord };
  /** Brave's and Tavily's API keys by engine (see web/search-keys.ts). Since version 4. */
  searchKeys: { key: string; value: SearchKeyRecord };
  /**
   * The settings, without keys, under `SETTINGS_RECORD` (settings/settings-store.ts; before
   * version 5 in `storage.local`). Read as untrusted, through `migrateSettings`. Since version 5.
   */
  settings: { key: string; value: unknown };
}

/** The one record in `settings`. */
export const SETTINGS_RECORD = 'current';

/** A search engine's API key, kept like a provider's. */
export interface SearchKeyRecord {
  engine: 'brave' | 'tavily';
  key: string;
  /** The origin of the engine's API it was saved for: it is sent there and nowhere else. */
  origin: string;
}

/** An MCP server's header values (an `Authorization: Bearer …` token): secrets, kept like API keys. */
export interface HeaderRecord {
  serverId: string;
  headers: Record<string, string>;
  /** The origin they were saved for: they are sent to the server only while its URL is on it. */
  origin: string;
}

export interface KeyRecord {
  providerId: string;
  apiKey: string;
  /**
   * The origin the key was saved for (`https://api.openai.com`): it is attached to a provider
   * only while the provider's base URL is on it. Missing on keys saved before it was recorded;
   * those are bound to their provider's origin the first time the settings are read.
   */
  origin?: string;
}

export type Db = IDBPDatabase<GlossDb>;

export const DB_NAME = 'gloss';
const DB_VERSION = 5;

export function openGlossDb(name = DB_NAME): Promise<Db> {
  return openDB<GlossDb>(name, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 5) db.createObjectStore('settings');
      if (oldVersion < 4) db.createObjectStore('searchKeys', { keyPath: 'engine' });
      if (oldVersion < 3) db.createObjectStore('serverHeaders', { keyPath: 'serverId' });
      // Version 1's turns keep their attachments inline; they are read as they are.
      if (oldVersion < 2) {
        db.createObjectStore('texts', { keyPath: 'id' }).createIndex('conversationId', 'conversationId');
        db.createObjectStore('trash', { keyPath: 'id' });
        db.createObjectStore('keys', { keyPath: 'providerId' });
      }
      if (oldVersion >= 1) return;
      const conversations = db.createObjectStore('conversations', { keyPath: 'id' });
      conversations.createIndex('updatedAt', 'updatedAt');
      const turns = db.createObjectStore('turns', { keyPath: 'id' });
      turns.createIndex('conversationId', 'conversationId');
      turns.createIndex('status', 'status');
      db.createObjectStore('chunks', { keyPath: ['turnId', 'seq'] });
      const search = db.createObjectStore('search', { keyPath: 'conversationId' });
      search.createIndex('words', 'words', { multiEntry: true });
    },
  });
}

/** All keys of one turn's chunks. */
export function chunkRange(turnId: string): IDBKeyRange {
  return IDBKeyRange.bound([turnId, 0], [turnId, Number.MAX_SAFE_INTEGER]);
}

/** Says what a failed write means for the user; storage full is the common case. */
export function storageProblem(e: unknown): string {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'QuotaExceededError') {
    return t('storageFull');
  }
  return t('storageFailed', messageOf(e));
}
