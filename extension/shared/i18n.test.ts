/** The locales are complete and consistent: every key everywhere, with the same placeholders. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { format, plural, t } from './i18n';

type Catalogue = Record<string, { message: string }>;
const root = new URL('../../_locales/', import.meta.url);
const locales = readdirSync(root);
const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`${locale}/messages.json`, root), 'utf8')) as Catalogue;
/** `$1`…, `%s` and `{language}`: what a translation must keep. */
const slots = (message: string) => [...message.matchAll(/\$[1-9]|%s|\{language\}/g)].map((m) => m[0]).sort();

describe('locales', () => {
  // JSON.parse keeps the last of two equal keys without a word; browsers refuse the file.
  test.each(locales)('%s names each key once', (locale) => {
    const text = readFileSync(new URL(`${locale}/messages.json`, root), 'utf8');
    const keys = [...text.matchAll(/^ {2}"([^"]+)": \{/gm)].map((m) => m[1]);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(keys.length).toBe(Object.keys(read(locale)).length);
  });

  test('English and at least one other language', () => {
    expect(locales).toContain('en');
    expect(locales.length).toBeGreaterThanOrEqual(2);
  });

  test.each(locales.filter((l) => l !== 'en'))('%s has every English key, with the same placeholders', (locale) => {
    const other = read(locale);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, { message }] of Object.entries(en as Catalogue)) {
      expect(slots(other[key]?.message ?? ''), key).toEqual(slots(message));
      expect(other[key]?.message.trim(), key).not.toBe('');
    }
  });

  test('every __MSG_ key in the manifest exists', () => {
    const manifest = readFileSync(new URL('../../manifest.json', import.meta.url), 'utf8');
    for (const [, key] of manifest.matchAll(/__MSG_(\w+)__/g)) expect(en).toHaveProperty(key as string);
  });
});

describe('t', () => {
  test('substitutes like chrome.i18n, outside the browser too', () => {
    expect(format('$1 of $2', ['a', 'b'])).toBe('a of b');
    expect(t('deleted', 'Notes')).toBe('Deleted “Notes”.');
    expect(plural(1, 'importedOne', 'importedMany')).toBe('Imported 1 conversation.');
    expect(plural(3, 'importedOne', 'importedMany')).toBe('Imported 3 conversations.');
  });
});
