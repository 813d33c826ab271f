/** Whether a tab's PDF that failed to download is a step (allow its site) or a failure. */
import { expect, test } from 'vitest';
import { accessToAsk } from './pdf-access';
import { PdfProblem } from './pdf-read';

const tabPdf = { url: 'http://127.0.0.1:8000/tides.pdf', title: 'Tides' };
const refused = new PdfProblem('Gloss could not download the PDF again (NetworkError).', 'http://127.0.0.1/*');

test('a download refused where the site’s access may help asks for that site first, not an error', async () => {
  expect(await accessToAsk(tabPdf, refused, () => Promise.resolve(false))).toBe('http://127.0.0.1/*');
});

test('with the site’s access held, the same failure is the answer', async () => {
  expect(await accessToAsk(tabPdf, refused, () => Promise.resolve(true))).toBeNull();
});

test('a file, or a failure access cannot mend, is never a step to allow', async () => {
  const never = () => Promise.reject(new Error('not asked'));
  const file = new File([new Uint8Array([1])], 'tides.pdf');
  expect(await accessToAsk(file, refused, never)).toBeNull();
  expect(await accessToAsk(tabPdf, new PdfProblem('This PDF is protected with a password.'), never)).toBeNull();
  expect(await accessToAsk(tabPdf, new Error('other'), never)).toBeNull();
});
