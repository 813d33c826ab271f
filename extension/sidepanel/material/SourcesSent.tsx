/**
 * "Sources" under an answer built from material: each source's kind, title and address, how
 * much of it the model was sent and what was left out, as stored with the question. Closed by
 * default: it is there to check, not to read every time.
 */
import './SourcesSent.css';
import type { AttachmentView } from '../../shared/attachment';
import { t } from '../../shared/i18n';
import { sentOf, sourceKind } from '../../shared/sources-sent';

export function SourcesSent({ sources }: { sources: readonly AttachmentView[] }) {
  return (
    <details className="sources-sent">
      <summary>{t('sourcesSent', sources.length)}</summary>
      <ol>
        {sources.map((s, i) => {
          const { sent, leftOut } = sentOf(s);
          return (
            <li key={i}>
              <span className="source-kind">{sourceKind(s.kind)}</span> {s.title || s.url}
              {s.url && <span className="source-url">{s.url}</span>}
              <span className="source-sent">{sent}</span>
              {leftOut && <span className="source-left">{leftOut}</span>}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
