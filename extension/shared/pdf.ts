/**
 * What Gloss knows about PDFs before reading one, shared by the worker (which recognises a PDF
 * tab) and the panel (which reads it with PDF.js).
 */

/**
 * The largest PDF Gloss reads: 50 MB. Far above text documents (a 500-page book is a few MB),
 * while PDF.js holds the whole file in memory; larger ones are mostly scans with no text.
 */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;

/** A tab showing a PDF by its address: a path ending in `.pdf` (the viewer keeps the address). */
export function looksLikePdf(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
}
