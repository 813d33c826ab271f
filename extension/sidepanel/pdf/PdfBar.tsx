/**
 * PDFs and tabs in the composer: the paperclip beside the camera picks a PDF from disk (dropping
 * one anywhere on the panel does the same) and the tab picker adds another tab; a line above the
 * composer offers "Ask about this PDF" when the tab beside the panel shows one, says what is
 * happening while one is read, or asks to download it from its site first. The line is there only when it has something to say.
 */
import './PdfBar.css';
import Paperclip from 'lucide-react/icons/paperclip';
import { useRef } from 'react';
import type { PdfRequest } from '../../shared/attachment';
import { t } from '../../shared/i18n';
import { IconButton } from '../IconButton';
import { requestOrigins } from '../settings/permissions';
import { useActivePdf, usePdfDrop } from './pdf-input';
import { TabPicker } from '../material/TabPicker';
import type { PageContext } from '../material/usePageContext';

/**
 * The step before reading a tab's PDF whose site Gloss may not download from: what it needs and
 * why, and the button that asks for that site (in the click, as browsers require), then reads.
 */
function AllowAndRead({
  retry,
  onGranted,
}: {
  retry: NonNullable<PageContext['retry']>;
  onGranted: (pdf: PdfRequest) => void;
}) {
  const host = retry.origin.replace(/^https?:\/\/|\/\*$/g, '');
  return (
    <>
      <span className="hint">{t('pdfNeedsAccess', host)}</span>
      <button
        type="button"
        className="ghost"
        onClick={() => void requestOrigins([retry.origin]).then((granted) => granted && onGranted(retry.pdf))}
      >
        {t('pdfAllowRead')}
      </button>
    </>
  );
}

/** The line above the composer: reading, the site's access to allow, or the tab's PDF to ask about. */
export function PdfBar({ page }: { page: PageContext }) {
  const tabPdf = useActivePdf();
  const offer = tabPdf && !page.attachments.some((a) => a.url === tabPdf.url) ? tabPdf : null;
  if (!page.reading && !page.retry && !offer) return null;
  return (
    <div className="pdf-bar">
      {page.reading ? (
        <span className="hint" role="status">
          {t('pdfReading')}
        </span>
      ) : page.retry ? (
        <AllowAndRead retry={page.retry} onGranted={page.readPdf} />
      ) : (
        offer && (
          <button type="button" className="ghost" onClick={() => page.readPdf(offer)}>
            {t('pdfAskTab')}
          </button>
        )
      )}
    </div>
  );
}

/** The paperclip and the tab picker in the composer's tools, and dropping a PDF on the panel. */
export function PdfAttach({ page }: { page: PageContext }) {
  const picker = useRef<HTMLInputElement>(null);
  usePdfDrop(page.readPdf, page.setError);
  return (
    <>
      <IconButton
        icon={Paperclip}
        label={t('pdfAttach')}
        className="pdf-attach"
        disabled={page.reading}
        onClick={() => picker.current?.click()}
      />
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
    </>
  );
}
