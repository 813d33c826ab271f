/**
 * The PDF line above the composer: "Ask about this PDF" when the tab beside the panel shows one,
 * the attach button for a PDF from disk, the tab picker, and what is happening while a PDF is
 * read. Dropping a PDF anywhere on the panel does the same as picking it.
 */
import './PdfBar.css';
import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import type { PdfRequest } from '../../shared/attachment';
import { t } from '../../shared/i18n';
import { requestOrigins } from '../settings/permissions';
import { useActivePdf, usePdfDrop } from './pdf-input';
import { TabPicker } from './TabPicker';
import type { PageContext } from './usePageContext';

/** Asks for access to the PDF's origin (in the click, as browsers require), then reads it again. */
function RetryButton({
  retry,
  onGranted,
}: {
  retry: NonNullable<PageContext['retry']>;
  onGranted: (pdf: PdfRequest) => void;
}) {
  const host = retry.origin.replace(/^https?:\/\/|\/\*$/g, '');
  return (
    <button
      type="button"
      className="ghost"
      onClick={() => void requestOrigins([retry.origin]).then((granted) => granted && onGranted(retry.pdf))}
    >
      {t('pdfAllowRetry', host)}
    </button>
  );
}

export function PdfBar({ page }: { page: PageContext }) {
  const picker = useRef<HTMLInputElement>(null);
  const tabPdf = useActivePdf();
  usePdfDrop(page.readPdf, page.setError);
  return (
    <div className="pdf-bar">
      {page.reading ? (
        <span className="hint" role="status">
          {t('pdfReading')}
        </span>
      ) : page.retry ? (
        <RetryButton retry={page.retry} onGranted={page.readPdf} />
      ) : (
        tabPdf &&
        !page.attachments.some((a) => a.url === tabPdf.url) && (
          <button type="button" className="ghost" onClick={() => page.readPdf(tabPdf)}>
            {t('pdfAskTab')}
          </button>
        )
      )}
      <button
        type="button"
        className="ghost pdf-attach"
        title={t('pdfAttach')}
        aria-label={t('pdfAttach')}
        disabled={page.reading}
        onClick={() => picker.current?.click()}
      >
        <Paperclip size={16} aria-hidden />
      </button>
      <TabPicker onError={page.setError} />
      <input
        ref={picker}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) page.readPdf(file);
          e.target.value = ''; // the same file can be picked again
        }}
      />
    </div>
  );
}
