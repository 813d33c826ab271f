/**
 * Downloading the tab's PDF again, bounded three ways. The address comes from the page, so what
 * answers it is untrusted:
 * - a redirect to another origin is not read: the page's server could otherwise send Gloss to
 *   any origin it may reach (every port of localhost, a provider's) and have that answer become
 *   the question's material. The request itself is no more than the page could make with an
 *   `<img>`; reading the answer is what is refused, and the message says where it went;
 * - the body is read with a running cap (`readBlob`), so a missing or false `content-length`
 *   cannot make the panel hold more than `MAX_PDF_BYTES`;
 * - a server that stops sending, or trickles forever, is given up on, and the panel says which.
 */
import { t } from '../../shared/i18n';
import { originOf } from '../../shared/key-origin';
import { MAX_PDF_BYTES } from '../../shared/pdf';
import { readBlob } from '../../shared/read-body';
import { originPattern } from '../../shared/settings';
import { PdfProblem } from '../../shared/pdf-extract';

export interface DownloadLimits {
  maxBytes: number;
  /** No byte for this long: the download has stalled. */
  stallMs: number;
  /** The longest a whole download may take: 50 MB at about 170 KB/s. */
  totalMs: number;
}

export const DOWNLOAD_LIMITS: DownloadLimits = { maxBytes: MAX_PDF_BYTES, stallMs: 30_000, totalMs: 300_000 };

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
export const tooLarge = (bytes: number) =>
  new PdfProblem(t('pdfTooLarge', megabytes(bytes), MAX_PDF_BYTES / 1024 / 1024));

/** A timer that aborts `control` after `ms`, restarted by `poke`; says whether it fired. */
function watchdog(control: AbortController, ms: number) {
  let fired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poke = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      fired = true;
      control.abort();
    }, ms);
  };
  poke();
  return { poke, stop: () => clearTimeout(timer), fired: () => fired };
}

/** The PDF at `url` as bytes, or a `PdfProblem` saying what stopped it. */
export async function downloadPdf(url: string, get: typeof fetch, limits = DOWNLOAD_LIMITS): Promise<Uint8Array> {
  const control = new AbortController();
  const stall = watchdog(control, limits.stallMs);
  const total = watchdog(control, limits.totalMs);
  const why = () =>
    stall.fired()
      ? new PdfProblem(t('pdfStalled', limits.stallMs / 1000))
      : total.fired()
        ? new PdfProblem(t('pdfTooSlow', Math.round(limits.totalMs / 60_000)))
        : null;
  try {
    // `credentials: include`: a PDF behind a login comes as the user saw it.
    const response = await get(url, { credentials: 'include', signal: control.signal });
    checkResponse(url, response, limits);
    // Each chunk that arrives restarts the stall timer; giving up ends the reading and cancels
    // the body whatever the fetch does with its signal.
    const counted = response.body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          stall.poke();
          out.enqueue(chunk);
        },
      }),
      { signal: control.signal },
    );
    const file = await readBlob(new Response(counted ?? null), limits.maxBytes, 'application/pdf');
    if (!file) throw new PdfProblem(t('pdfOverLimit', limits.maxBytes / 1024 / 1024));
    return new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    throw why() ?? asProblem(url, e);
  } finally {
    stall.stop();
    total.stop();
  }
}

/** Refuses a response that is not the PDF: an error, another type, another origin, too large. */
function checkResponse(url: string, response: Response, limits: DownloadLimits): void {
  const refuse = (problem: PdfProblem) => {
    response.body?.cancel().catch(() => undefined);
    throw problem;
  };
  const landed = originOf(response.url);
  if (response.redirected && landed !== originOf(url))
    refuse(new PdfProblem(t('pdfRedirected', originOf(url) ?? url, landed ?? response.url)));
  if (!response.ok) refuse(new PdfProblem(t('pdfDownloadFailed', `HTTP ${response.status}`)));
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (type && type !== 'application/pdf' && type !== 'application/octet-stream')
    refuse(new PdfProblem(t('pdfNotPdf', type)));
  const length = Number(response.headers.get('content-length'));
  if (length > limits.maxBytes) refuse(tooLarge(length));
}

function asProblem(url: string, e: unknown): PdfProblem {
  if (e instanceof PdfProblem) return e;
  // The browser refuses file:// to extensions until the user allows file access.
  if (url.startsWith('file:')) return new PdfProblem(t('pdfFileAccess'));
  // Access to that origin may let a second try through.
  const retry = originPattern(url) ?? undefined;
  return new PdfProblem(t('pdfDownloadFailed', e instanceof Error ? e.message : String(e)), retry);
}
