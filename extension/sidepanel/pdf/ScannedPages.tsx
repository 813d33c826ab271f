/**
 * The offer under a scanned PDF's "no text" message: which of its pages to send as images (the
 * first ones proposed), drawn by `pdf-pages.ts` into the composer's images, where the thumbnails
 * show what goes before anything is sent. Nothing is drawn until the user asks.
 */
import './ScannedPages.css';
import { useState } from 'react';
import { messageOf } from '../../shared/errors';
import { MAX_IMAGES } from '../../shared/images/image';
import { t } from '../../shared/i18n';
import { loadPdfJs } from '../../shared/pdf-extract';
import { firstPages, pageImages, scanPageList, type ScannedPdf } from './pdf-pages';
import type { useImages } from '../images/useImages';

interface Props {
  scan: ScannedPdf;
  images: Pick<ReturnType<typeof useImages>, 'offer'>;
  /** The pages are in the composer: the offer (and the message it answers) can go. */
  onDone: () => void;
}

export function ScannedPages({ scan, images, onDone }: Props) {
  const [typed, setTyped] = useState(() => firstPages(scan.pages));
  const [problem, setProblem] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);

  const add = () => {
    const chosen = scanPageList(typed, scan.pages);
    setProblem('error' in chosen ? chosen.error : null);
    if ('error' in chosen) return;
    setDrawing(true);
    loadPdfJs()
      .then((pdfjs) => pageImages(scan, chosen.pages, pdfjs))
      .then(
        (drawn) => {
          const notice = t(chosen.pages.length === 1 ? 'pdfScanAddedOne' : 'pdfScanAdded', typed.trim(), scan.title);
          for (const image of drawn) images.offer(image, notice);
          onDone();
        },
        (e: unknown) => setProblem(messageOf(e)),
      )
      .finally(() => setDrawing(false));
  };

  return (
    <form
      className="scan-offer"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <label>
        {t('pdfScanOffer', String(scan.pages), String(MAX_IMAGES))}{' '}
        <input
          value={typed}
          aria-label={t('pdfScanPages')}
          aria-invalid={problem !== null}
          disabled={drawing}
          onChange={(e) => setTyped(e.target.value)}
        />
      </label>
      <button type="submit" disabled={drawing}>
        {drawing ? t('pdfScanDrawing') : t('pdfScanAdd')}
      </button>
      {problem && (
        <p className="hint scan-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
