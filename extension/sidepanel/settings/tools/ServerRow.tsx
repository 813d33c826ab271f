/**
 * One MCP server in Settings → Tools: its name, address and state, a switch, Refresh, Edit and
 * Remove (asked once more: its saved headers cannot be brought back), and its tools.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../shared/i18n';
import type { McpServer, ServerState, ToolPolicy } from '../../../shared/tools/tool-settings';
import { stateLine, toolRows } from './server-view';
import { ToolPolicies } from './ToolPolicies';
import { usePending } from './usePending';

interface Props {
  server: McpServer;
  /** As the worker last reported it; undefined until it answers. */
  state: ServerState | undefined;
  refreshing: boolean;
  onEdit: () => void;
  onEnable: (enabled: boolean) => Promise<unknown>;
  onRemove: () => void;
  onRefresh: () => void;
  onPolicy: (tool: string, policy: ToolPolicy) => Promise<unknown>;
}

export function ServerRow({ server: s, state, refreshing, onEdit, onEnable, onRemove, onRefresh, onPolicy }: Props) {
  const [enabled, choose] = usePending(s.enabled);
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // Back on Remove once the question is answered No, rather than lost with the question.
  useEffect(() => {
    if (confirming === false) removeButton.current?.focus();
  }, [confirming]);
  const line = stateLine({ enabled }, state);
  const tools = toolRows({ ...s, enabled }, state);
  return (
    <li className="mcp-server" data-server={s.id}>
      <div className="mcp-server-head">
        <div className="mcp-server-text">
          <strong>{s.name}</strong>
          <span className="hint mcp-url">{s.url}</span>
          <span className={`mcp-state ${line.tone}`} aria-live="polite">
            {line.text}
          </span>
        </div>
        <label className="check mcp-switch">
          <input
            type="checkbox"
            role="switch"
            checked={enabled}
            aria-label={t('serverSwitchLabel', s.name)}
            onChange={(e) => choose(e.target.checked, onEnable(e.target.checked))}
          />{' '}
          {t('serverSwitch')}
        </label>
      </div>
      {confirming ? (
        <ConfirmRemove server={s} onRemove={onRemove} onCancel={() => setConfirming(false)} />
      ) : (
        <div className="row mcp-server-actions">
          <button
            type="button"
            // Not disabled while refreshing: a disabled button would drop the keyboard's focus.
            onClick={() => !refreshing && onRefresh()}
            aria-disabled={refreshing}
            disabled={!enabled}
            aria-label={t('refreshServerLabel', s.name)}
          >
            {refreshing ? t('refreshing') : t('refresh')}
          </button>
          <button type="button" onClick={onEdit} aria-label={t('editServerLabel', s.name)}>
            {t('edit')}
          </button>
          <button
            type="button"
            ref={removeButton}
            onClick={() => setConfirming(true)}
            aria-label={t('removeServerLabel', s.name)}
          >
            {t('remove')}
          </button>
        </div>
      )}
      {tools.length > 0 && <ToolPolicies server={s.name} tools={tools} onChoose={onPolicy} />}
    </li>
  );
}

/** Remove asked once more, in the row: what goes with the server, Remove and Cancel. */
function ConfirmRemove(p: { server: McpServer; onRemove: () => void; onCancel: () => void }) {
  const { name, headerNames } = p.server;
  return (
    <div className="mcp-confirm" role="group" aria-label={t('removeServerLabel', name)}>
      <p>{headerNames.length ? t('removeServerAskHeaders', name) : t('removeServerAsk', name)}</p>
      <div className="row">
        <button type="button" className="danger" autoFocus onClick={p.onRemove}>
          {t('remove')}
        </button>
        <button type="button" className="ghost" onClick={p.onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
