import { expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { chipTitle, hostOf, preview, tokenCount } from './attachment-text';

test('a quote says what it is and where it is from', () => {
  expect(chipTitle('selection', 'Rust')).toBe(t('selectionFrom', 'Rust'));
  expect(chipTitle('page', 'Rust')).toBe(t('pageFrom', 'Rust'));
  expect(chipTitle('page', '')).toBe(t('page'));
  expect(chipTitle('selection', '')).toBe(t('selection'));
});

test('the preview is one line of at most 280 characters', () => {
  expect(preview('  one\n\ntwo  ')).toBe('one two');
  expect(preview('x'.repeat(281))).toBe(`${'x'.repeat(280)}…`);
  expect(preview('x'.repeat(280))).toBe('x'.repeat(280));
});

test.each([
  [0, '0'],
  [999, '999'],
  [1000, '1.0k'],
  [1250, '1.3k'],
  [9999, '10.0k'],
  [10_000, '10k'],
  [123_456, '123k'],
])('%i tokens read as %s', (tokens, shown) => {
  expect(tokenCount(tokens)).toBe(shown);
});

test('the host is shown for a web page, and nothing for an address that is not a URL', () => {
  expect(hostOf('https://en.wikipedia.org/wiki/Rust')).toBe('en.wikipedia.org');
  expect(hostOf('http://localhost:8080/a')).toBe('localhost:8080');
  expect(hostOf('not a url')).toBe('');
});
