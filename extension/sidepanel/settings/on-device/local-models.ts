/**
 * The panel's reading of the models that run inside Gloss: each catalogue model with its state
 * from the worker (`localModel.state`), its size as people read sizes, and how far a download is.
 */
import { LOCAL_MODELS, type LocalModelInfo } from '../../../shared/local-model/catalogue';
import type { LocalModelStatus } from '../../../shared/local-model/local-model-messages';

/** How often the state is asked for while a download runs (the progress bar's pace). */
export const POLL_MS = 250;

export interface LocalModelRow {
  info: LocalModelInfo;
  status: LocalModelStatus;
}

/** The catalogue's models with their states, in catalogue order; a model the worker did not report is absent. */
export function rowsOf(statuses: readonly LocalModelStatus[]): LocalModelRow[] {
  return LOCAL_MODELS.map((info) => ({
    info,
    status: statuses.find((s) => s.id === info.id) ?? { id: info.id, state: 'absent', storedBytes: 0 },
  }));
}

export function anyDownloading(statuses: readonly LocalModelStatus[]): boolean {
  return statuses.some((s) => s.state === 'downloading');
}

/** How much of a download is done (0–1), or undefined before its size is known. */
export function progressOf(status: LocalModelStatus): number | undefined {
  if (status.state !== 'downloading' || !status.total) return undefined;
  return Math.min(1, (status.loaded ?? 0) / status.total);
}

/** A size in decimal megabytes or gigabytes, in the reader's number format ("98 MB", "1.1 GB"). */
export function bytesShown(bytes: number, locale?: string): string {
  const gb = bytes >= 1e9;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: gb ? 'gigabyte' : 'megabyte',
    maximumFractionDigits: gb ? 1 : 0,
  }).format(gb ? bytes / 1e9 : bytes / 1e6);
}
