/**
 * The web sources under an answer, worked out from its steps: each numbered source once, with
 * what became of it: read (and how much of it the model was sent), or only found by a search
 * (and by which). Plain, for the panel's list and tests in Node.
 */
import { t } from '../i18n';
import type { ToolStep } from '../tools/tool-steps';
import type { WebSource } from './web-source';

export interface WebSourceRow extends WebSource {
  /** What the model had of it, in words. */
  how: string;
}

export function webSourceRows(steps: readonly ToolStep[] | undefined): WebSourceRow[] {
  const rows = new Map<number, WebSourceRow>();
  for (const step of steps ?? []) {
    if (step.status !== 'done') continue;
    for (const source of step.sources ?? []) {
      const read = step.tool === 'fetch_url';
      if (rows.has(source.n) && !read) continue;
      rows.set(source.n, { ...source, how: read ? readWords(step) : foundWords(step) });
    }
  }
  return [...rows.values()].sort((a, b) => a.n - b.n);
}

function readWords(step: ToolStep): string {
  if (step.cut) return t('webSourceReadCut', step.cut.kept.toLocaleString(), step.cut.total.toLocaleString());
  return t('webSourceRead', (step.result?.length ?? 0).toLocaleString());
}

function foundWords(step: ToolStep): string {
  const query = typeof step.arguments.query === 'string' ? step.arguments.query : '';
  return t('webSourceFound', query);
}
