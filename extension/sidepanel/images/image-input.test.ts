import { describe, expect, test, vi } from 'vitest';
import { MAX_IMAGES, type QuestionImage } from '../../shared/images/image';
import { addImages, imageFiles, imageHandlers, withoutTaken } from './image-input';

/** A DataTransfer as far as the handlers read it (Node has none). */
function transfer(files: { name: string; type: string }[]) {
  const made = files.map((f) => new File(['x'], f.name, { type: f.type }));
  return { files: made, items: made.map((f) => ({ kind: 'file', type: f.type })) };
}

test('at most four images are held; the rest are left out with a notice', () => {
  const image: QuestionImage = { mediaType: 'image/jpeg', data: '/9j/', width: 1, height: 1 };
  const three = [image, image, image];
  expect(addImages(three, [image])).toEqual({ images: [...three, image], notice: null });
  const over = addImages(three, [image, image]);
  expect(over.images).toHaveLength(MAX_IMAGES);
  expect(over.notice).toContain(String(MAX_IMAGES));
});

test('an image added while a question was on its way stays in the composer', () => {
  const sent: QuestionImage = { mediaType: 'image/jpeg', data: '/9j/', width: 1, height: 1 };
  const pasted: QuestionImage = { ...sent, data: '/9j/new' };
  expect(withoutTaken([sent, pasted], [sent])).toEqual([pasted]);
  expect(withoutTaken([sent], [sent])).toEqual([]);
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
