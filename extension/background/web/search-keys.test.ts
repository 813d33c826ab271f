/** Brave's and Tavily's keys: in the worker's IndexedDB, bound to their API's origin. */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, test } from 'vitest';
import { openGlossDb } from '../db';
import { engineKey, saveEngineKey, savedKeys } from './search-keys';

const fresh = () => openGlossDb(`test-${crypto.randomUUID()}`);

describe('a search engine’s key', () => {
  test('is saved for its API’s origin, read back, replaced and removed', async () => {
    const db = await fresh();
    expect(await savedKeys(db)).toEqual({ brave: false, tavily: false });
    await saveEngineKey(db, 'brave', ' test-key-brave-1 ');
    expect(await db.get('searchKeys', 'brave')).toEqual({
      engine: 'brave',
      key: 'test-key-brave-1',
      origin: 'https://api.search.brave.com',
    });
    expect(await engineKey(db, 'brave')).toEqual({ key: 'test-key-brave-1' });
    expect(await savedKeys(db)).toEqual({ brave: true, tavily: false });
    await saveEngineKey(db, 'brave', 'test-key-brave-2');
    expect(await engineKey(db, 'brave')).toEqual({ key: 'test-key-brave-2' });
    await saveEngineKey(db, 'brave', '  ');
    expect(await engineKey(db, 'brave')).toBeNull();
    expect(await engineKey(db, 'tavily')).toBeNull();
  });

  test('held for another origin, it is not given out, and does not count as saved', async () => {
    const db = await fresh();
    await db.put('searchKeys', { engine: 'tavily', key: 'test-key-tavily-1', origin: 'https://tavily.example' });
    expect(await engineKey(db, 'tavily')).toEqual({ heldFor: 'https://tavily.example' });
    expect(await savedKeys(db)).toEqual({ brave: false, tavily: false });
  });

  test('a database of version 3 gains the store, keeping what it held', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const old = await openDB(name, 3, {
      upgrade(db) {
        for (const store of ['conversations', 'turns', 'chunks', 'search', 'texts', 'trash', 'keys'])
          db.createObjectStore(store);
        db.createObjectStore('serverHeaders', { keyPath: 'serverId' });
      },
    });
    await old.put('serverHeaders', { serverId: 's', headers: { A: 'b' }, origin: 'https://mcp.example' });
    old.close();
    const db = await openGlossDb(name);
    expect(db.version).toBe(5);
    expect(await db.get('serverHeaders', 's')).toMatchObject({ origin: 'https://mcp.example' });
    await saveEngineKey(db, 'tavily', 'test-key-tavily-1');
    expect(await savedKeys(db)).toEqual({ brave: false, tavily: true });
  });
});
