/** Adding or editing one provider: preset, base URL (checked as you type), key, model, test. */
import './ProviderEditor.css';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { send, type Res } from '../../shared/protocol';
import { savedKeyAt } from '../../shared/key-origin';
import { PRESETS, type Preset, type ServerPresetId } from '../../shared/presets';
import type { ProviderInput, PublicProvider, ServerProvider } from '../../shared/settings';
import { ModelField } from './ModelField';
import { AnswerShapeFields, type AnswerShape } from './AnswerShapeFields';
import { ApiKeyField, BaseUrlField, FieldError, keyNotice, PresetField, type Problem } from './ProviderFields';
import { requestProviderOrigin } from './permissions';
import { ConnectionOutcome, useConnectionTest } from './ConnectionTest';
import { t } from '../../shared/i18n';

interface Props {
  current?: ServerProvider<PublicProvider>;
  onSave: (input: ProviderInput) => Promise<Res<'provider.save'>>;
  onCancel?: () => void;
}

export function ProviderEditor({ current, onSave, onCancel }: Props) {
  const id = useId();
  const [preset, setPreset] = useState<ServerPresetId>(current?.preset ?? 'openai');
  const [name, setName] = useState(current?.name ?? PRESETS.openai.label);
  const [baseUrl, setBaseUrl] = useState(current?.baseUrl ?? PRESETS.openai.baseUrl);
  const [model, setModel] = useState(current?.model ?? PRESETS.openai.model);
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [shape, setShape] = useState<AnswerShape>({ maxTokens: current?.maxTokens, temperature: current?.temperature });
  const { problem, setProblem, keyProblem, keyChange, saved } = useProblems();
  const [busy, setBusy] = useState(false);
  const info = PRESETS[preset];
  const key = removeKey ? '' : apiKey || undefined;
  const savedKey = current && savedKeyAt(current, current.hasApiKey);
  const draft = { id: current?.id, kind: info.kind, baseUrl, apiKey: key };
  const connection = useConnectionTest({ ...draft, model });
  // Host access is asked for only for a base URL the core's check accepts.
  const urlChecked = problem?.field !== 'baseUrl';

  const calls = useCoreCheck(info.kind, baseUrl, model, setProblem);

  const choosePreset = (next: ServerPresetId) => {
    setPreset(next);
    // A key typed for one service is no key for another: it would go to the new preset's address.
    setApiKey('');
    setName(PRESETS[next].label);
    setBaseUrl(PRESETS[next].baseUrl);
    setModel(PRESETS[next].model);
    connection.clear();
  };

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (urlChecked) void requestProviderOrigin(baseUrl); // in the click, before any await
    setBusy(true);
    onSave({ id: current?.id, preset, kind: info.kind, name, baseUrl, model, apiKey: key, ...shape })
      .then(saved, (err: unknown) => setProblem({ field: 'form', message: String(err) }))
      .finally(() => setBusy(false));
  };

  return (
    <form
      className="provider-editor"
      onSubmit={submit}
      aria-label={current ? t('editProvider', current.name) : t('addAProvider')}
    >
      {!current && <PresetField id={id} value={preset} onChange={choosePreset} />}
      <label htmlFor={`${id}-name`}>{t('name')}</label>
      <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      <BaseUrlField id={id} value={baseUrl} onChange={keyChange(setBaseUrl)} problem={problem} calls={calls} />
      <ApiKeyField
        id={id}
        preset={info}
        saved={savedKey?.hasApiKey ?? false}
        value={apiKey}
        onChange={keyChange(setApiKey)}
        remove={removeKey}
        onRemove={keyChange(setRemoveKey)}
        notice={keyNotice(savedKey, baseUrl, key)}
        problem={keyProblem}
      />
      <ModelField id={`${id}-model`} value={model} onChange={setModel} draft={draft} />
      <FieldError id={id} field="model" problem={problem} />
      <AnswerShapeFields id={id} preset={preset} value={shape} onChange={setShape} />
      <FieldError id={id} field="form" problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('saving') : t('save')}
        </button>
        <button type="button" onClick={() => connection.test(urlChecked)} disabled={!model}>
          {t('testConnection')}
        </button>
        {onCancel && (
          <button type="button" className="ghost" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
      <ConnectionOutcome
        outcome={connection.outcome}
        shown={[problem?.message, keyProblem?.message]}
        onAllow={connection.allowAndTest}
      />
    </form>
  );
}

/**
 * The form's complaints: the URL check's or Save's (`problem`), and Save's about the key, kept
 * apart so the debounced URL check cannot replace it. Changing what decides where the key goes
 * (the key, removing it, the base URL) answers that one.
 */
function useProblems() {
  const [problem, setProblem] = useState<Problem>(null);
  const [keyProblem, setKeyProblem] = useState<Problem>(null);
  const keyChange =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setKeyProblem(null);
    };
  const saved = (result: Res<'provider.save'>) => {
    const failed = result.ok ? null : result;
    setProblem(failed?.field === 'apiKey' ? null : failed);
    setKeyProblem(failed?.field === 'apiKey' ? failed : null);
  };
  return { problem, setProblem, keyProblem, keyChange, saved };
}

/**
 * Checks the base URL and model with the core's own rules as the user types (debounced), and
 * returns the URL a chat will call, so a pasted endpoint shows what Gloss made of it.
 */
function useCoreCheck(kind: Preset['kind'], baseUrl: string, model: string, onProblem: (problem: Problem) => void) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      send('provider.check', { kind, baseUrl, model: model.trim() || 'MODEL' }).then(
        (checked) => {
          onProblem(checked.problem);
          setUrl(checked.url);
        },
        () => undefined,
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [kind, baseUrl, model, onProblem]);
  return url;
}
