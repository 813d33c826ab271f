/**
 * A server's tools in Settings → Tools, each with what it may do: Allow, Ask or Off, as a
 * segmented group of radio buttons (one Tab stop, arrows to choose). A tool's name and
 * description come from the server: shown as text only, the description clamped.
 */
import { useId } from 'react';
import { t } from '../../../shared/i18n';
import { TOOL_POLICIES, type ToolPolicy } from '../../../shared/tools/tool-settings';
import type { ToolRow } from './server-view';
import { usePending } from './usePending';

const POLICY_LABELS = { allow: 'policyAllow', ask: 'policyAsk', off: 'policyOff' } as const;

interface Props {
  /** The server's name, for the list's label. */
  server: string;
  tools: ToolRow[];
  onChoose: (tool: string, policy: ToolPolicy) => Promise<unknown>;
}

export function ToolPolicies({ server, tools, onChoose }: Props) {
  return (
    <ul className="mcp-tools" aria-label={t('toolsOfServer', server)}>
      {tools.map((tool) => (
        <li key={tool.name}>
          <div className="mcp-tool-text">
            <code>{tool.name}</code>
            {tool.description && <span className="hint mcp-tool-description">{tool.description}</span>}
          </div>
          <PolicyChoice tool={tool.name} policy={tool.policy} onChoose={(policy) => onChoose(tool.name, policy)} />
        </li>
      ))}
    </ul>
  );
}

function PolicyChoice(p: { tool: string; policy: ToolPolicy; onChoose: (policy: ToolPolicy) => Promise<unknown> }) {
  const name = useId();
  const [shown, choose] = usePending(p.policy);
  return (
    <div className="mcp-policy" role="radiogroup" aria-label={t('policyFor', p.tool)}>
      {TOOL_POLICIES.map((policy) => (
        <label key={policy}>
          <input
            type="radio"
            name={name}
            value={policy}
            checked={shown === policy}
            onChange={() => choose(policy, p.onChoose(policy))}
          />
          {t(POLICY_LABELS[policy])}
        </label>
      ))}
    </div>
  );
}
