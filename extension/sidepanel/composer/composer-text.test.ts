import { describe, expect, test } from 'vitest';
import {
  actionPrompt,
  composerKey,
  languageName,
  quickAction,
  scrolledTo,
  scrollKey,
  withReturned,
} from './composer-text';

describe('a quick action', () => {
  test.each([
    ['with a quote and an empty box, asks its prompt about the quote', '', true, { send: 'Summarize.' }],
    ['with a quote and text in the box, asks about both', ' the intro ', true, { send: 'Summarize.\n\nthe intro' }],
    ['with only text in the box, asks about the text', 'Some text', false, { send: 'Summarize.\n\nSome text' }],
    ['with neither, puts its prompt in the box', '  ', false, { fill: 'Summarize.' }],
  ])('%s', (_, draft, hasAttachment, outcome) => {
    expect(quickAction('Summarize.', draft, hasAttachment)).toEqual(outcome);
  });

  test.each([
    ['with neither, in a chat with nothing to read, asks about the tab', '', false, { askTab: 'Summarize.' }],
    ['a quote still comes first', '', true, { send: 'Summarize.' }],
    ['text in the box still comes first', 'Some text', false, { send: 'Summarize.\n\nSome text' }],
  ])('when the tab beside the panel can be read: %s', (_, draft, hasAttachment, outcome) => {
    expect(quickAction('Summarize.', draft, hasAttachment, true)).toEqual(outcome);
  });

  test('says {language} in the browser’s language, named in itself', () => {
    expect(actionPrompt('Translate into {language}. Only {language}.', languageName('de'))).toBe(
      'Translate into Deutsch. Only Deutsch.',
    );
    expect(languageName('en-US')).toBe('American English');
  });
});

test('a refused question comes back before whatever was typed since', () => {
  expect(withReturned('', 'Why?')).toBe('Why?');
  expect(withReturned('  ', 'Why?')).toBe('Why?');
  expect(withReturned('And how?', 'Why?')).toBe('Why?\n\nAnd how?');
});

describe('keys in the question box', () => {
  const box = { shift: false, composing: false, streaming: false, editing: false, empty: false, hasLast: true };
  test.each([
    ['Enter sends', 'Enter', {}, 'send'],
    ['Shift+Enter adds a line', 'Enter', { shift: true }, null],
    ['Enter while an input method composes is its own', 'Enter', { composing: true }, null],
    ['Esc stops the answer', 'Escape', { streaming: true, editing: true }, 'stop'],
    ['Esc leaves an edit', 'Escape', { editing: true }, 'cancelEdit'],
    ['Esc with nothing to stop or leave types', 'Escape', {}, null],
    ['Up in an empty box edits the last question', 'ArrowUp', { empty: true }, 'editLast'],
    ['Up in a box with text moves the cursor', 'ArrowUp', {}, null],
    ['Up with no question yet moves the cursor', 'ArrowUp', { empty: true, hasLast: false }, null],
    ['Up while an answer is written moves the cursor', 'ArrowUp', { empty: true, streaming: true }, null],
  ] as const)('%s', (_, key, state, does) => {
    expect(composerKey(key, { ...box, ...state })).toBe(does);
  });
});

describe('paging keys in the question box', () => {
  const box = { empty: true, scrolls: false, shift: false };
  test.each<[string, string, Partial<typeof box>, ReturnType<typeof scrollKey>]>([
    ['PageUp pages the conversation up', 'PageUp', { empty: false }, 'pageUp'],
    ['PageDown pages it down', 'PageDown', {}, 'pageDown'],
    ['PageUp pages a draft too long for the box', 'PageUp', { empty: false, scrolls: true }, null],
    ['Home in an empty box goes to the conversation’s start', 'Home', {}, 'top'],
    ['End in an empty box goes to its end', 'End', {}, 'bottom'],
    ['Home with text in the box moves the cursor', 'Home', { empty: false }, null],
    ['End with text in the box moves the cursor', 'End', { empty: false }, null],
    ['Shift+PageDown selects text', 'PageDown', { empty: false, shift: true }, null],
    ['other keys type', 'a', {}, null],
  ])('%s', (_, key, change, outcome) => {
    expect(scrollKey(key, { ...box, ...change })).toBe(outcome);
  });

  test('a page keeps a line of what was in view', () => {
    const view = { scrollTop: 1000, clientHeight: 600, scrollHeight: 5000 };
    expect(scrolledTo('pageDown', view)).toBe(1560);
    expect(scrolledTo('pageUp', view)).toBe(440);
    expect(scrolledTo('top', view)).toBe(0);
    expect(scrolledTo('bottom', view)).toBe(5000);
  });
});
