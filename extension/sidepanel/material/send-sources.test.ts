import { expect, test, vi } from 'vitest';
import { t } from '../../shared/i18n';
import { sentAfterSizing, sentNow, type SourcesFit } from './send-sources';
import type { Source } from './sources';

const page: Source = { kind: 'page', title: 'P', url: 'https://p.test/', text: 'abcdef' };
const half = { keptChars: 3, keptTokens: 1, totalTokens: 2, percent: 50 };
const images: unknown[] = [];
const sized: SourcesFit = { texts: ['abcdef'], question: 'Q', images, providerId: 'local', fits: [half] };
const cut = { ...page, text: 'abc', sent: { tokens: 1, fullTokens: 2, fullChars: 6 } };

test('sources sized for what goes are sent by those fits at once', () => {
  expect(sentNow([page], { sized, question: 'Q', images, providerId: 'local', trim: true })).toEqual([cut]);
  expect(sentNow([], { sized: undefined, question: 'Q', images, providerId: 'local', trim: true })).toEqual([]);
});

test.each([
  ['not sized yet', undefined, 'Q', images],
  ['sized for another question', sized, 'Q2', images],
  ['sized without the image pasted since', sized, 'Q', [{}]],
  ['sized for an edited text', { ...sized, texts: ['abc'] }, 'Q', images],
] as const)('%s: they are sized again before they go, and only what fits goes', async (_, s, question, now) => {
  expect(sentNow([page], { sized: s, question, images: now, providerId: 'local', trim: true })).toBeNull();
  const sizeNow = vi.fn(async () => [half]);
  const sent = await sentAfterSizing(
    [page],
    { sized: s, question, images: now, providerId: 'local', trim: true },
    sizeNow,
  );
  expect(sizeNow).toHaveBeenCalledWith(['abcdef'], question);
  expect(sent).toEqual([cut]);
});

test('sizing that fails sends nothing when only what fits was to go, and says why', async () => {
  const sizeNow = vi.fn(async () => Promise.reject(new Error('worker gone')));
  const sending = sentAfterSizing(
    [page],
    { sized: undefined, question: 'Q', images, providerId: 'local', trim: true },
    sizeNow,
  );
  await expect(sending).rejects.toThrow(t('sourcesSizeFailed', 'worker gone'));
});

test('sizing that fails sends all when the user chose to send all', async () => {
  const sizeNow = vi.fn(async () => Promise.reject(new Error('worker gone')));
  const sent = await sentAfterSizing(
    [page],
    { sized: undefined, question: 'Q', images, providerId: 'local', trim: false },
    sizeNow,
  );
  expect(sent).toEqual([page]);
});

test('sources sized for the model chosen before are sized again for the one that answers', () => {
  // The model switched within the last pause: the fits on show are still the other window's.
  expect(sentNow([page], { sized, question: 'Q', images, providerId: 'cloud', trim: true })).toBeNull();
});
