import { describe, expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { fileName, readImportFile } from './history-files';

test.each([
  ['Rust ownership', 'Rust ownership.md'],
  ['What is 2/3, really?', 'What is 23 really.md'],
  ['Über Straße_1-2', 'Über Straße_1-2.md'],
  ['x'.repeat(80), `${'x'.repeat(60)}.md`],
  ['???', 'gloss-conversation.md'],
  [undefined, `${t('untitledExport')}.md`],
])('the export of %j is saved as %j', (title, name) => {
  expect(fileName(title, 'md')).toBe(name);
});

describe('an import file', () => {
  test('is read as text (the worker parses it and checks that it is an export)', async () => {
    expect(await readImportFile(new File(['{"format":"x"}'], 'a.json'))).toBe('{"format":"x"}');
  });

  test('that is too large is not read', async () => {
    const huge = { size: 300 * 1024 * 1024, text: () => Promise.reject(new Error('read')) } as unknown as File;
    await expect(readImportFile(huge)).rejects.toThrow(t('importTooLarge'));
  });
});
