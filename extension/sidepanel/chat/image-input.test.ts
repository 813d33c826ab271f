import { describe, expect, test, vi } from 'vitest';
import { MAX_IMAGES, type QuestionImage } from '../../shared/image';
import { addImages, fitWithin, imageFiles, imageHandlers, toBase64 } from './image-input';

/** A DataTransfer as far as the handlers read it (Node has none). */
function transfer(files: { name: string; type: string }[]) {
  const made = files.map((f) => new File(['x'], f.name, { type: f.type }));
  return { files: made, items: made.map((f) => ({ kind: 'file', type: f.type })) };
}

describe('scaling to what providers use', () => {
  test.each([
    [[3000, 2000], { width: 1568, height: 1045 }],
    [[2000, 3000], { width: 1045, height: 1568 }],
    [[800, 600], { width: 800, height: 600 }],
    [[20000, 10], { width: 1568, height: 1 }],
  ])('%j fits within 1568 px', ([w, h], want) => {
    expect(fitWithin(w!, h!)).toEqual(want);
  });
});

test('base64 is the standard alphabet, also past the slice size', () => {
  expect(toBase64(new Uint8Array([0xff, 0xd8, 0xff]))).toBe('/9j/');
  const big = new Uint8Array(100_000).map((_, i) => i % 256);
  expect(toBase64(big)).toBe(Buffer.from(big).toString('base64'));
});

test('at most four images are held; the rest are left out with a notice', () => {
  const image: QuestionImage = { mediaType: 'image/jpeg', data: '/9j/', width: 1, height: 1 };
  const three = [image, image, image];
  expect(addImages(three, [image])).toEqual({ images: [...three, image], notice: null });
  const over = addImages(three, [image, image]);
  expect(over.images).toHaveLength(MAX_IMAGES);
  expect(over.notice).toContain(String(MAX_IMAGES));
});

describe('pastes and drops', () => {
  test('image files are taken and the event claimed; text and other files are left alone', () => {
    const take = vi.fn();
    const handlers = imageHandlers(take);
    const paste = { preventDefault: vi.fn(), clipboardData: transfer([{ name: 'shot.png', type: 'image/png' }]) };
    handlers.onPaste(paste);
    expect(paste.preventDefault).toHaveBeenCalled();
    expect(take.mock.calls[0]?.[0]).toHaveLength(1);

    const pdf = { preventDefault: vi.fn(), dataTransfer: transfer([{ name: 'a.pdf', type: 'application/pdf' }]) };
    handlers.onDragOver(pdf);
    handlers.onDrop(pdf);
    expect(pdf.preventDefault).not.toHaveBeenCalled();
    expect(take).toHaveBeenCalledTimes(1);

    const text = { preventDefault: vi.fn(), clipboardData: transfer([]) };
    handlers.onPaste(text);
    expect(text.preventDefault).not.toHaveBeenCalled();
  });

  test('only the image files of a mixed drop are taken', () => {
    const mixed = transfer([
      { name: 'a.jpg', type: 'image/jpeg' },
      { name: 'b.txt', type: 'text/plain' },
    ]);
    expect(imageFiles(mixed).map((f) => f.name)).toEqual(['a.jpg']);
    expect(imageFiles(null)).toEqual([]);
  });
});
