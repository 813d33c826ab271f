/** Provider settings: an OpenAI-compatible base URL, an optional API key and a model. */
import { useId, useState, type SubmitEvent } from 'react';
import type { Res } from '../shared/messages';
import { originPattern, type ProviderInput, type PublicProvider } from '../shared/settings';

interface Props {
  current: PublicProvider | null;
  onSave: (input: ProviderInput) => Promise<Res<'settings.save'>>;
}

export function SettingsForm({ current, onSave }: Props) {
  const id = useId();
  const [baseUrl, setBaseUrl] = useState(current?.baseUrl ?? '');
  const [model, setModel] = useState(current?.model ?? '');
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [problem, setProblem] = useState<{ field: string; message: string }>();
  const [saving, setSaving] = useState(false);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    // Ask for access to this provider's origin while the click still counts as a user gesture;
    // without it requests still work when the server allows cross-origin calls.
    requestOrigin(baseUrl);
    setSaving(true);
    const key = removeKey ? '' : apiKey || undefined;
    onSave({ baseUrl, model, apiKey: key })
      .then(
        (result) => setProblem(result.ok ? undefined : result),
        (err: unknown) => setProblem({ field: 'form', message: String(err) }),
      )
      .finally(() => setSaving(false));
  };

  const errorFor = (field: string) =>
    problem?.field === field ? (
      <p className="field-error" id={`${id}-${field}-error`} role="alert">
        {problem.message}
      </p>
    ) : null;

  return (
    <form className="settings" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{current ? 'Provider' : 'Connect a model'}</h2>
      {!current && (
        <p className="hint">
          Gloss talks to any OpenAI-compatible API: OpenAI, OpenRouter, Groq, or a local server such as llama.cpp or LM
          Studio (no key needed).
        </p>
      )}
      <label htmlFor={`${id}-url`}>Base URL</label>
      <input
        id={`${id}-url`}
        name="baseUrl"
        type="url"
        required
        placeholder="https://api.openai.com/v1"
        value={baseUrl}
        onChange={(e) => setBaseUrl(e.target.value)}
        aria-invalid={problem?.field === 'baseUrl'}
        aria-describedby={problem?.field === 'baseUrl' ? `${id}-baseUrl-error` : undefined}
      />
      {errorFor('baseUrl')}
      <label htmlFor={`${id}-key`}>API key {current?.hasApiKey ? '(saved)' : '(optional for local servers)'}</label>
      <input
        id={`${id}-key`}
        name="apiKey"
        type="password"
        autoComplete="off"
        placeholder={current?.hasApiKey ? 'Leave empty to keep the saved key' : 'sk-…'}
        value={apiKey}
        disabled={removeKey}
        onChange={(e) => setApiKey(e.target.value)}
      />
      {current?.hasApiKey && (
        <label className="check">
          <input type="checkbox" checked={removeKey} onChange={(e) => setRemoveKey(e.target.checked)} /> Remove the
          saved key
        </label>
      )}
      <label htmlFor={`${id}-model`}>Model</label>
      <input
        id={`${id}-model`}
        name="model"
        required
        placeholder="gpt-4o-mini"
        value={model}
        onChange={(e) => setModel(e.target.value)}
        aria-invalid={problem?.field === 'model'}
        aria-describedby={problem?.field === 'model' ? `${id}-model-error` : undefined}
      />
      {errorFor('model')}
      {errorFor('form')}
      <p className="hint">The key is stored only on this device and sent only to this base URL.</p>
      <button type="submit" className="primary" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

function requestOrigin(baseUrl: string): void {
  const origin = originPattern(baseUrl);
  if (!origin) return;
  chrome.permissions.request({ origins: [origin] }).catch(() => undefined);
}
