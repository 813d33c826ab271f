/**
 * Gloss's own tools in Settings → Tools, beside the MCP servers' and with the same Allow / Ask /
 * Off. They are offered while a chat's "Search the web" is on.
 */
import { t } from '../../../shared/i18n';
import { GLOSS_TOOLS, glossPolicy, type GlossTool, type ToolPolicy } from '../../../shared/tools/tool-settings';
import { ToolPolicies } from './ToolPolicies';

const DESCRIPTIONS = {
  web_search: 'glossToolWebSearch',
  fetch_url: 'glossToolFetchUrl',
  read_tab: 'glossToolReadTab',
} as const;

interface Props {
  policies: Partial<Record<GlossTool, ToolPolicy>>;
  onChoose: (tool: GlossTool, policy: ToolPolicy) => Promise<unknown>;
}

export function GlossToolPolicies({ policies, onChoose }: Props) {
  const rows = GLOSS_TOOLS.map((name) => ({
    name,
    description: t(DESCRIPTIONS[name]),
    policy: glossPolicy(policies, name),
  }));
  return (
    <div className="gloss-tools">
      <h4>{t('glossToolsTitle')}</h4>
      <p className="hint">{t('glossToolsHint')}</p>
      <ToolPolicies server="Gloss" tools={rows} onChoose={(tool, policy) => onChoose(tool as GlossTool, policy)} />
    </div>
  );
}
