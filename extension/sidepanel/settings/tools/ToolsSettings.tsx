/**
 * Settings → Tools: the MCP servers the user added (each with its state, a switch, Edit, Remove
 * and Refresh, and its tools' policies), a form to add one, and the tool loop's limits.
 */
import './Tools.css';
import { useMemo, useState } from 'react';
import { t } from '../../../shared/i18n';
import { send } from '../../../shared/protocol';
import type { PublicSettings } from '../../../shared/settings';
import { MAX_SERVERS, type McpServerInput } from '../../../shared/tools/tool-settings';
import { GlossToolPolicies } from './GlossToolPolicies';
import { ServerEditor } from './ServerEditor';
import { ServerRow } from './ServerRow';
import { ToolLimitsForm } from './ToolLimitsForm';
import { toolChanges } from './tool-changes';
import { useAttempt } from './useAttempt';
import { useServerStatus } from './useServerStatus';

interface Props {
  settings: PublicSettings;
  /** Takes the settings the worker answers a change with. */
  apply: (settings: PublicSettings) => void;
}

export function ToolsSettings({ settings, apply }: Props) {
  const { mcpServers: servers, toolLimits } = settings;
  // A server's id, 'new' for the add form, or null.
  const [editing, setEditing] = useState<string | null>(null);
  const { failure, attempt } = useAttempt();
  const changes = useMemo(() => toolChanges(send, apply), [apply]);
  const status = useServerStatus(servers);
  const save = async (input: McpServerInput) => {
    const saved = await changes.save(input);
    if (saved.ok) setEditing(null);
    // Its connection may have changed with its header values, which the settings do not show.
    if (saved.ok) status.load();
    return saved;
  };
  const close = () => setEditing(null);

  return (
    <section className="tools-settings" aria-labelledby="tools-title">
      <h3 id="tools-title">{t('toolsTitle')}</h3>
      <p className="hint">{t('toolsHint')}</p>
      {failure && (
        <p className="notice error" role="alert">
          {failure}
        </p>
      )}
      {status.error && (
        <p className="field-error" role="alert">
          {t('toolsStateFailed', status.error)}
        </p>
      )}
      {servers.length > 0 && <p className="hint">{t('toolPolicyHint')}</p>}
      <ul className="mcp-servers" aria-label={t('mcpServers')}>
        {servers.map((s) =>
          editing === s.id ? (
            <li key={s.id} data-server={s.id}>
              <ServerEditor current={s} onSave={save} onCancel={close} />
            </li>
          ) : (
            <ServerRow
              key={s.id}
              server={s}
              state={status.states?.get(s.id)}
              refreshing={status.refreshing}
              onEdit={() => setEditing(s.id)}
              onEnable={(enabled) => attempt(changes.enable(s.id, enabled))}
              onRemove={() => void attempt(changes.remove(s.id))}
              onRefresh={() => status.load(true)}
              onPolicy={(tool, policy) => attempt(changes.policy(s.id, tool, policy))}
            />
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <ServerEditor onSave={save} onCancel={close} />
      ) : (
        servers.length < MAX_SERVERS && (
          <button type="button" className="add-server" onClick={() => setEditing('new')}>
            {t('addMcpServer')}
          </button>
        )
      )}
      <GlossToolPolicies
        policies={settings.glossPolicies}
        onChoose={(tool, policy) => attempt(changes.glossPolicy(tool, policy))}
      />
      <ToolLimitsForm limits={toolLimits} onSave={(limits) => attempt(changes.limits(limits))} />
    </section>
  );
}
