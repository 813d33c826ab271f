import { describe, expect, test } from 'vitest';
import { applyProviderInput, DEFAULT_SETTINGS, migrateSettings, originPattern, toPublic } from './settings';

describe('settings', () => {
  test('corrupted or unknown storage falls back to defaults', () => {
    expect(migrateSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(migrateSettings({ version: 99 })).toEqual(DEFAULT_SETTINGS);
    expect(migrateSettings('garbage')).toEqual(DEFAULT_SETTINGS);
  });

  test('the public view never carries the key', () => {
    const stored = applyProviderInput(DEFAULT_SETTINGS, { baseUrl: ' https://x/v1 ', model: 'm', apiKey: 'secret' });
    expect(JSON.stringify(toPublic(stored))).not.toContain('secret');
    expect(toPublic(stored).provider).toEqual({ kind: 'openai', baseUrl: 'https://x/v1', model: 'm', hasApiKey: true });
  });

  test('an omitted key keeps the saved one; an empty key removes it', () => {
    const stored = applyProviderInput(DEFAULT_SETTINGS, { baseUrl: 'https://x', model: 'm', apiKey: 'k' });
    expect(applyProviderInput(stored, { baseUrl: 'https://x', model: 'n' }).provider?.apiKey).toBe('k');
    expect(applyProviderInput(stored, { baseUrl: 'https://x', model: 'n', apiKey: '' }).provider?.apiKey).toBe('');
  });

  test.each([
    ['https://api.openai.com/v1', 'https://api.openai.com/*'],
    ['http://127.0.0.1:8080/v1', 'http://127.0.0.1/*'],
    ['ftp://x', null],
    ['not a url', null],
  ])('origin pattern of %s is %s', (url, pattern) => {
    expect(originPattern(url)).toBe(pattern);
  });
});
