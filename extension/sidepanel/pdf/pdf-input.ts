/**
 * PDFs the user gives the panel: dropped anywhere on it, picked with the attach button, or the
 * PDF in the tab the panel sits beside (offered when the browser lets Gloss see the tab's
 * address, as it does after a click on Gloss's toolbar button). Images are left alone here:
 * the composer takes them on its own.
 */
import { useEffect } from 'react';
import type { PdfRequest } from '../../shared/attachment';
import { t } from '../../shared/i18n';
import { looksLikePdf } from '../../shared/pdf';
import { isPdfFile } from './pdf-read';
import { useActiveTab } from '../material/useActiveTab';

/** What a drop holds for this module: a PDF, a file that is not one (named), or nothing of ours. */
export function droppedPdf(files: readonly File[]): { pdf: File } | { notPdf: string } | null {
  const pdf = files.find(isPdfFile);
  if (pdf) return { pdf };
  const other = files.find((f) => !f.type.startsWith('image/'));
  return other ? { notPdf: other.name } : null;
}

/** Whether a drag carries files (text or links dragged in are the page's business). */
function carriesFiles(e: DragEvent): boolean {
  return e.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Takes PDFs dropped anywhere on the panel; says so when a dropped file is not a PDF, or is an
 * image dropped outside the composer (which takes images).
 */
export function usePdfDrop(onPdf: (file: File) => void, onNotPdf: (message: string) => void): void {
  useEffect(() => {
    const over = (e: DragEvent) => {
      // Without this the browser opens the dropped file in place of the panel.
      if (carriesFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      // The composer takes images dropped on it, and says so by preventing the default first.
      const taken = e.defaultPrevented;
      e.preventDefault();
      const files = Array.from(e.dataTransfer?.files ?? []);
      const got = droppedPdf(files);
      if (got && 'pdf' in got) onPdf(got.pdf);
      else if (got) onNotPdf(t('pdfOnlyPdf', got.notPdf));
      // Images dropped on the conversation instead would vanish without a word.
      else if (!taken && files.length > 0) onNotPdf(t('imageDropOnBox'));
    };
    document.addEventListener('dragover', over);
    document.addEventListener('drop', drop);
    return () => {
      document.removeEventListener('dragover', over);
      document.removeEventListener('drop', drop);
    };
  }, [onPdf, onNotPdf]);
}

/** The PDF in this window's active tab, when the browser shows Gloss its address; else null. */
export function useActivePdf(): PdfRequest | null {
  const tab = useActiveTab();
  return tab && looksLikePdf(tab.url) ? { url: tab.url, title: tab.title } : null;
}
