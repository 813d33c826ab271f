/**
 * A tab's PDF whose download failed where access to its site may let it through: Firefox's
 * activeTab lets Gloss into the tab but not download from its site, and a site that sends no
 * CORS headers refuses the panel. Until that access is asked for, the failure is a step for the
 * user ("Allow and read"), not an error; once it is held, the same failure is one.
 */
import browser from 'webextension-polyfill';
import type { PdfRequest } from '../../shared/attachment';
import { PdfProblem } from './pdf-read';

/** Whether the browser holds access to `origin` (a match pattern) for Gloss. */
export type HoldsOrigin = (origin: string) => Promise<boolean>;

const holdsOrigin: HoldsOrigin = (origin) => browser.permissions.contains({ origins: [origin] }).catch(() => false);

/** The origin to ask for before reading `from` again, or null when `failure` is the answer. */
export async function accessToAsk(
  from: PdfRequest | File,
  failure: unknown,
  holds: HoldsOrigin = holdsOrigin,
): Promise<string | null> {
  if (from instanceof File || !(failure instanceof PdfProblem) || !failure.retryOrigin) return null;
  return (await holds(failure.retryOrigin)) ? null : failure.retryOrigin;
}
