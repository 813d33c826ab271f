import { describe, expect, test } from 'vitest';
import { LOCAL_MODELS } from '../../../shared/local-model/catalogue';
import { anyDownloading, bytesShown, progressOf, rowsOf } from './local-models';

describe('the models inside Gloss in the panel', () => {
  test('every catalogue model has a row; one the worker did not report is absent', () => {
    const rows = rowsOf([]);
    expect(rows.map((r) => r.info.id)).toEqual(LOCAL_MODELS.map((m) => m.id));
    expect(rows.every((r) => r.status.state === 'absent')).toBe(true);
  });

  test('progress is the share downloaded, unknown before the size is', () => {
    const id = 'm';
    expect(progressOf({ id, state: 'downloading', loaded: 25, total: 100, storedBytes: 0 })).toBe(0.25);
    expect(progressOf({ id, state: 'downloading', storedBytes: 0 })).toBeUndefined();
    expect(progressOf({ id, state: 'ready', storedBytes: 100 })).toBeUndefined();
    expect(anyDownloading([{ id, state: 'downloading', storedBytes: 0 }])).toBe(true);
  });

  test('sizes read as people read them, in their number format', () => {
    expect(bytesShown(98_362_432, 'en')).toBe('98 MB');
    expect(bytesShown(1_120_000_000, 'en')).toBe('1.1 GB');
    expect(bytesShown(1_120_000_000, 'de').replace(/\s/u, ' ')).toBe('1,1 GB');
    // The bigger models inside Gloss, as their rows state them before the download.
    expect(LOCAL_MODELS.map((m) => bytesShown(m.bytes, 'en'))).toEqual(['98 MB', '398 MB', '808 MB', '986 MB']);
  });
});
