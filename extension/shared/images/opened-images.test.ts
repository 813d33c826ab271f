import { expect, test } from 'vitest';
import type { QuestionImage } from './image';
import { t } from '../i18n';
import { MAX_CONVERSATION_IMAGE_CHARS, byReference, imageChars, imageRoomProblem, inPlace } from './opened-images';

const image = (fill: string, chars = 8): QuestionImage => ({
  mediaType: 'image/jpeg',
  data: fill.repeat(chars),
  width: 4,
  height: 3,
});

test('each image goes once, however many versions of a turn show it, and comes back in place', () => {
  const [a, b] = [image('A'), image('B')];
  const turns = [
    { id: '1', images: [a, b] },
    { id: '2', images: [{ ...a }, { ...b }] }, // a regenerated version: equal images, not the same objects
    { id: '3' },
    { id: '4', images: [b] },
  ];
  const sent = byReference(turns);
  expect(sent.images).toEqual({ 0: a.data, 1: b.data });
  expect(sent.turns[1]).toEqual({
    id: '2',
    images: [
      { mediaType: 'image/jpeg', width: 4, height: 3, ref: '0' },
      { mediaType: 'image/jpeg', width: 4, height: 3, ref: '1' },
    ],
  });
  expect(sent.turns[2]).toEqual({ id: '3' });
  // Through JSON, as a browser message carries it.
  const received = JSON.parse(JSON.stringify(sent)) as typeof sent;
  expect(inPlace(received.turns, received.images)).toEqual(turns);
});

test('an image whose data did not come is counted as missing, not shown broken or sent again', () => {
  const refs = [
    { mediaType: 'image/png' as const, width: 1, height: 1, ref: '7' },
    { mediaType: 'image/png' as const, width: 2, height: 2, ref: '8' },
  ];
  const kept = { mediaType: 'image/png' as const, width: 2, height: 2, data: 'AAAA' };
  expect(inPlace([{ id: '1', images: refs }], { '8': 'AAAA' })).toEqual([
    { id: '1', images: [kept], imagesMissing: 1 },
  ]);
  expect(inPlace([{ id: '1', images: refs.slice(1) }], { '8': 'AAAA' })[0]).not.toHaveProperty('imagesMissing');
});

test('a conversation counts each of its images once', () => {
  expect(imageChars([{ images: [image('A'), image('B')] }, { images: [image('A')] }, {}])).toBe(16);
});

test('images a conversation could not hold and still open are refused, saying how much it holds', () => {
  const half = image('A', MAX_CONVERSATION_IMAGE_CHARS / 2);
  const turns = [{ images: [half] }];
  expect(imageRoomProblem(turns, undefined)).toBeNull();
  expect(imageRoomProblem(turns, [image('B', MAX_CONVERSATION_IMAGE_CHARS / 2)])).toBeNull();
  // The same image again costs nothing (an edited question keeps its images).
  expect(imageRoomProblem([{ images: [half, image('B', MAX_CONVERSATION_IMAGE_CHARS / 2)] }], [half])).toBeNull();
  expect(imageRoomProblem(turns, [image('B', MAX_CONVERSATION_IMAGE_CHARS / 2 + 1)])).toBe(
    t('imagesConversationFull', '20.0', '40.0'),
  );
});
