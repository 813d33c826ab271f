import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import de from '../../_locales/de/messages.json';
import en from '../../_locales/en/messages.json';
import { LOCALES } from './i18n';
import { DEFAULT_QUICK_ACTIONS, inCurrentLanguage } from './preferences';

test('the languages Gloss knows it ships are the ones in _locales', () => {
  expect([...LOCALES].sort()).toEqual(readdirSync(new URL('../../_locales', import.meta.url)).sort());
});

test('built-in quick actions stored in German by a first run show in the browser’s language (English here)', () => {
  const storedInGerman = [
    { id: 'summarize', label: de.actionSummarize.message, prompt: de.actionSummarizePrompt.message },
    { id: 'translate', label: de.actionTranslate.message, prompt: de.actionTranslatePrompt.message },
  ];
  expect(inCurrentLanguage(storedInGerman, [en, de])).toEqual([
    { id: 'summarize', label: 'Summarize', prompt: en.actionSummarizePrompt.message },
    { id: 'translate', label: 'Translate', prompt: en.actionTranslatePrompt.message },
  ]);
  expect(inCurrentLanguage(DEFAULT_QUICK_ACTIONS, [en, de])).toEqual(DEFAULT_QUICK_ACTIONS);
});

test('one the user edited, or added, stays as written', () => {
  const edited = [
    { id: 'summarize', label: 'TL;DR', prompt: de.actionSummarizePrompt.message },
    { id: 'explain', label: de.actionExplain.message, prompt: 'Erkläre es einem Kind.' },
    { id: 'mine', label: 'Fix', prompt: 'Fix the grammar.' },
  ];
  expect(inCurrentLanguage(edited, [en, de])).toEqual(edited);
});
