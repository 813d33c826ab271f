/** Adding or editing one provider: preset, base URL (checked as you type), key, model, test. */
import './ProviderEditor.css';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { send, type Res } from '../../shared/protocol';
import { PRESET_IDS, PRESETS, type PresetId } from '../../shared/presets';
import type { ProviderInput, PublicProvider } from '../../shared/settings';
import { ModelField } from './ModelField';
import { requestProviderOrigin } from './permissions';
import { t } from '../../shared/i18n';

interface Props {
  current?: PublicProvider;
  onSave: (input: ProviderInput) => Promise<Res<'provider.save'>>;
  onCancel?: () => void;
}

export function ProviderEditor({ current, onSave, onCancel }: Props) {
  const id = useId();
  const [preset, setPreset] = useState<PresetId>(current?.preset ?? 'openai');
  const [name, setName] = useState(current?.name ?? PRESETS.openai.label);
  const [baseUrl, setBaseUrl] = useState(current?.baseUrl ?? PRESETS.openai.baseUrl);
  const [model, setModel] = useState(current?.model ?? PRESETS.openai.model);
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const info = PRESETS[preset];
  const key = removeKey ? '' : apiKey || undefined;
  const draft = { id: current?.id, kind: info.kind, baseUrl, apiKey: key };

  // Validate as the user types, with the core's own rules (debounced).
  useEffect(() => {
    const timer = setTimeout(() => {
      send('provider.check', { baseUrl, model: model || 'any' }).then(
        ({ problem }) => setProblem(problem),
        () => undefined,
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [baseUrl, model]);

  const choosePreset = (next: PresetId) => {
    setPreset(next);
    setName(PRESETS[next].label);
    setBaseUrl(PRESETS[next].baseUrl);
    setModel(PRESETS[next].model);
    setOutcome(null);
  };

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    void requestProviderOrigin(baseUrl); // in the click, before any await
    setBusy(true);
    onSave({ id: current?.id, preset, kind: info.kind, name, baseUrl, model, apiKey: key })
      .then(
        (result) => setProblem(result.ok ? null : result),
        (err: unknown) => setProblem({ field: 'form', message: String(err) }),
      )
      .finally(() => setBusy(false));
  };

  const test = () => {
    void requestProviderOrigin(baseUrl);
    setOutcome({ ok: true, message: t('testing') });
    send('provider.test', { draft: { ...draft, model } }).then(setOutcome, (err: unknown) =>
      setOutcome({ ok: false, message: String(err) }),
    );
  };

  const errorFor = (field: string) =>
    problem?.field === field ? (
      <p className="field-error" id={`${id}-${field}-error`} role="alert">
        {problem.message}
      </p>
    ) : null;

  return (
    <form
      className="provider-editor"
      onSubmit={submit}
      aria-label={current ? t('editProvider', current.name) : t('addAProvider')}
    >
      {!current && (
        <>
          <label htmlFor={`${id}-preset`}>{t('providerType')}</label>
          <select id={`${id}-preset`} value={preset} onChange={(e) => choosePreset(e.target.value as PresetId)}>
            {PRESET_IDS.map((p) => (
              <option key={p} value={p}>
                {PRESETS[p].label}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${id}-name`}>{t('name')}</label>
      <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor={`${id}-url`}>{t('baseUrl')}</label>
      <input
        id={`${id}-url`}
        type="url"
        required
        value={baseUrl}
        placeholder="https://api.example.com/v1"
        onChange={(e) => setBaseUrl(e.target.value)}
        aria-invalid={problem?.field === 'baseUrl'}
        aria-describedby={problem?.field === 'baseUrl' ? `${id}-baseUrl-error` : undefined}
      />
      {errorFor('baseUrl')}
      <label htmlFor={`${id}-key`}>
        {current?.hasApiKey ? t('apiKeySaved') : info.needsKey ? t('apiKey') : t('apiKeyOptional')}
      </label>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        placeholder={current?.hasApiKey ? t('keepSavedKey') : (info.keyHelp ?? '')}
        value={apiKey}
        disabled={removeKey}
        onChange={(e) => setApiKey(e.target.value)}
      />
      {current?.hasApiKey && (
        <label className="check">
          <input type="checkbox" checked={removeKey} onChange={(e) => setRemoveKey(e.target.checked)} />{' '}
          {t('removeSavedKey')}
        </label>
      )}
      <ModelField id={`${id}-model`} value={model} onChange={setModel} draft={draft} />
      {errorFor('model')}
      {errorFor('form')}
      <p className="hint">{t('keysLocal')}</p>
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('saving') : t('save')}
        </button>
        <button type="button" onClick={test} disabled={!model}>
          {t('testConnection')}
        </button>
        {onCancel && (
          <button type="button" className="ghost" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
      {outcome && (
        <p className={outcome.ok ? 'outcome ok' : 'outcome error'} role="status">
          {outcome.message}
        </p>
      )}
    </form>
  );
}
