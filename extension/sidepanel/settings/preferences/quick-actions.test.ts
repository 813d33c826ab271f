import { expect, test } from 'vitest';
import { edited, moved } from './quick-actions';

const ACTIONS = [
  { id: 'summarize', label: 'Summarize', prompt: 'Summarize this.' },
  { id: 'explain', label: 'Explain', prompt: 'Explain this.' },
  { id: 'mine', label: 'Quiz me', prompt: 'Ask me three questions about this.' },
];
const ids = (list: { id: string }[] | null) => list?.map((a) => a.id);

test('an action moves one place up or down; at either end it stays', () => {
  expect(ids(moved(ACTIONS, 2, -1))).toEqual(['summarize', 'mine', 'explain']);
  expect(ids(moved(ACTIONS, 0, 1))).toEqual(['explain', 'summarize', 'mine']);
  expect(ids(moved(ACTIONS, 0, -1))).toEqual(['summarize', 'explain', 'mine']);
  expect(ids(moved(ACTIONS, 2, 1))).toEqual(['summarize', 'explain', 'mine']);
  expect(ids(moved(ACTIONS, 7, -1))).toEqual(['summarize', 'explain', 'mine']);
});

test('an edit changes that action only, trimmed, in its place and with its id', () => {
  const next = edited(ACTIONS, 'explain', { label: '  Explain simply ', prompt: ' Explain this to a child. ' });
  expect(next).toEqual([
    ACTIONS[0],
    { id: 'explain', label: 'Explain simply', prompt: 'Explain this to a child.' },
    ACTIONS[2],
  ]);
});

test('an edit that leaves the name or the question empty, or too long, is refused', () => {
  expect(edited(ACTIONS, 'mine', { label: ' ', prompt: 'Ask.' })).toBeNull();
  expect(edited(ACTIONS, 'mine', { label: 'Quiz', prompt: '' })).toBeNull();
  expect(edited(ACTIONS, 'mine', { label: 'x'.repeat(41), prompt: 'Ask.' })).toBeNull();
});
