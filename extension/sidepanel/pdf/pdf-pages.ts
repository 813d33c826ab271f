/**
 * A scanned PDF's pages as images: a PDF with no text layer has nothing for the quote, but a
 * vision model can read the pages themselves. PDF.js draws each page the user picks on a canvas
 * here in the panel, at the long side providers use (`MAX_IMAGE_SIDE`), and the drawing goes the
 * way of every image (`shared/image-prepare.ts`: JPEG, size checked) into the composer, where the
 * thumbnails show exactly what will be sent. At most `MAX_IMAGES` pages, as for any question.
 */
import { MAX_IMAGE_SIDE, MAX_IMAGES, type QuestionImage } from '../../shared/images/image';
import { prepareImage } from '../../shared/images/image-prepare';
import { t } from '../../shared/i18n';
import { pageList } from '../material/page-list';
import { PdfProblem, type PdfJs } from '../../shared/pdf-extract';

/** A PDF read and found to have no text: its bytes (to draw its pages from) and its size. */
export interface ScannedPdf {
  title: string;
  bytes: Uint8Array;
  pages: number;
}

/** The pages offered first: the first ones, as many as a question may carry. */
export function firstPages(count: number): string {
  const last = Math.min(count, MAX_IMAGES);
  return last === 1 ? '1' : `1–${last}`;
}

/** The pages the user typed for drawing: at most a question's images. */
export function scanPageList(typed: string, count: number) {
  return pageList(typed, count, MAX_IMAGES);
}

/** The scale that draws a page of `width × height` points with its long side at `MAX_IMAGE_SIDE`. */
export function pageScale(width: number, height: number): number {
  return MAX_IMAGE_SIDE / Math.max(width, height);
}

/** Draws `pages` of the PDF in `bytes` (copied: PDF.js takes over what it is given) as images. */
export async function pageImages(scan: ScannedPdf, pages: number[], pdfjs: PdfJs): Promise<QuestionImage[]> {
  // The same options as for reading text: no eval (the panel's CSP forbids it), errors only.
  const task = pdfjs.getDocument({ data: scan.bytes.slice(), isEvalSupported: false, verbosity: 0 });
  try {
    const doc = await task.promise.catch((e: unknown) => {
      throw new PdfProblem(t('pdfBroken', e instanceof Error ? e.message : String(e)));
    });
    const images: QuestionImage[] = [];
    for (const n of pages) {
      const page = await doc.getPage(n);
      const unscaled = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: pageScale(unscaled.width, unscaled.height) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      // White: a page's paper, which JPEG (no transparency) would otherwise turn black.
      await page.render({ canvas, viewport, background: '#ffffff' }).promise;
      page.cleanup();
      images.push(await prepareImage(await canvasPng(canvas)));
    }
    return images;
  } finally {
    void task.destroy();
  }
}

/** The canvas as a PNG (lossless, so the page is compressed once, by `prepareImage`). */
function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(t('imageUnreadable')))), 'image/png'),
  );
}
