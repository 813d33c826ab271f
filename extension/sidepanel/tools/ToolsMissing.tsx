/**
 * Servers whose tools an answer could not offer (they could not be reached when it started): said
 * under the answer, so a reply without them is not a mystery. Settings → Tools has the details.
 */
import { t } from '../../shared/i18n';
import type { MissingTools } from '../../shared/tools/tool-steps';

export function ToolsMissing({ missing }: { missing: readonly MissingTools[] | undefined }) {
  if (!missing?.length) return null;
  return (
    <div className="meta tools-missing" role="note">
      {missing.map((m, i) => (
        <p key={i}>{t('toolsMissingNote', m.source, m.problem)}</p>
      ))}
    </div>
  );
}
