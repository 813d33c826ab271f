/**
 * Adding or editing an MCP server: its name, its address and optional headers. Save asks for
 * host access to the server's origin in the click (as a provider's Save does), then sends it;
 * a refusal is shown at the field it names.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { messageOf } from '../../../shared/errors';
import { t } from '../../../shared/i18n';
import { mcpUrlProblem } from '../../../shared/tools/mcp-url';
import type { McpServer, McpServerInput } from '../../../shared/tools/tool-settings';
import { requestProviderOrigin } from '../permissions';
import { FieldError, SaveCancel, type Problem } from '../ProviderFields';
import { HeaderFields } from './HeaderFields';
import { draftOf, serverInput, type ServerDraft } from './server-form';
import type { ToolRes } from './tool-changes';

interface Props {
  current?: McpServer;
  onSave: (input: McpServerInput) => Promise<ToolRes<'mcp.save'>>;
  onCancel: () => void;
}

/** The fields a refusal may name; any other is said under the whole form. */
const FIELDS = new Set(['name', 'url', 'headers']);
const placed = (p: { field: string; message: string }): Problem => (FIELDS.has(p.field) ? p : { ...p, field: 'form' });

export function ServerEditor({ current, onSave, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<ServerDraft>(() => draftOf(current));
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const change = (field: keyof ServerDraft) => (value: ServerDraft[typeof field]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblem((p) => (p?.field === field ? null : p));
  };
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const urlProblem = mcpUrlProblem(draft.url);
    const checked = serverInput(draft, current?.headerNames ?? [], current?.id);
    const refused: Problem = urlProblem ? { field: 'url', message: urlProblem } : checked.ok ? null : checked;
    if (refused || !checked.ok) {
      setProblem(refused);
      return;
    }
    void requestProviderOrigin(checked.input.url); // in the click, before any await
    setBusy(true);
    onSave(checked.input)
      .then(
        (saved) => setProblem(saved.ok ? null : placed(saved)),
        (err: unknown) => setProblem({ field: 'form', message: messageOf(err) }),
      )
      .finally(() => setBusy(false));
  };
  const invalid = (field: string) => ({
    'aria-invalid': problem?.field === field,
    'aria-describedby': problem?.field === field ? `${id}-${field}-error` : undefined,
  });

  return (
    <form
      className="mcp-editor"
      onSubmit={submit}
      aria-label={current ? t('editServerLabel', current.name) : t('addMcpServer')}
    >
      <label htmlFor={`${id}-name`}>{t('name')}</label>
      <input
        id={`${id}-name`}
        // The button that opened the form (Add, Edit) is gone: the keyboard starts here.
        autoFocus
        required
        maxLength={100}
        value={draft.name}
        onChange={(e) => change('name')(e.target.value)}
        {...invalid('name')}
      />
      <FieldError id={id} field="name" problem={problem} />
      <label htmlFor={`${id}-url`}>{t('serverUrl')}</label>
      <input
        id={`${id}-url`}
        type="url"
        required
        maxLength={2048}
        placeholder="https://example.com/mcp"
        value={draft.url}
        onChange={(e) => change('url')(e.target.value)}
        {...invalid('url')}
      />
      <FieldError id={id} field="url" problem={problem} />
      <HeaderFields id={id} rows={draft.headers} onChange={change('headers')} problem={problem} />
      <FieldError id={id} field="form" problem={problem} />
      <SaveCancel busy={busy} onCancel={onCancel} />
    </form>
  );
}
