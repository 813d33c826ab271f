/**
 * "Web sources" under an answer from the web: each numbered source (the answer's "[2]" is the
 * second), linked, with what the model had of it. Closed by default, like the material's Sources.
 */
import '../material/SourcesSent.css';
import { t } from '../../shared/i18n';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { webSourceRows } from '../../shared/web/web-sources-view';
import { onAnswerClick } from '../answer/links';

export function WebSourcesList({ steps }: { steps: readonly ToolStep[] | undefined }) {
  const rows = webSourceRows(steps);
  if (rows.length === 0) return null;
  return (
    <details className="sources-sent web-sources">
      <summary>{t('webSources', rows.length)}</summary>
      <ol onClick={(e) => onAnswerClick(e.nativeEvent)}>
        {rows.map((s) => (
          <li key={s.n} value={s.n}>
            <a href={s.url}>{s.title}</a>
            <span className="source-url">{s.url}</span>
            <span className="source-sent">{s.how}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
