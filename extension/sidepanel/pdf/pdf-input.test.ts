import { expect, test } from 'vitest';
import { droppedPdf } from './pdf-input';

const f = (name: string, type: string) => new File(['x'], name, { type });

test('a drop gives the PDF among its files, names a file that is not one, and leaves images alone', () => {
  const pdf = f('r.pdf', 'application/pdf');
  expect(droppedPdf([f('a.png', 'image/png'), pdf])).toEqual({ pdf });
  // Some systems give no type: the name says it.
  const untyped = f('scan.PDF', '');
  expect(droppedPdf([untyped])).toEqual({ pdf: untyped });
  expect(droppedPdf([f('notes.docx', 'application/msword')])).toEqual({ notPdf: 'notes.docx' });
  expect(droppedPdf([f('a.png', 'image/png')])).toBeNull();
  expect(droppedPdf([])).toBeNull();
});
