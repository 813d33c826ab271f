/**
 * Editing a model that runs on this computer: its name, and for the model inside Gloss how its
 * answers are asked for (the longest answer, the temperature). There is no address, key or
 * model list to edit; Chrome sets its built-in model's answer length and sampling itself.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { t } from '../../../shared/i18n';
import type { Res } from '../../../shared/protocol';
import type { OnDeviceKind } from '../../../shared/on-device/on-device';
import type { ProviderInput, PublicProvider } from '../../../shared/settings';
import { AnswerShapeFields, type AnswerShape } from '../AnswerShapeFields';
import { FieldError, SaveCancel, type Problem } from '../ProviderFields';

interface Props {
  current: PublicProvider & { kind: OnDeviceKind };
  onSave: (input: ProviderInput) => Promise<Res<'provider.save'>>;
  onCancel: () => void;
}

export function OnDeviceEditor({ current, onSave, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(current.name);
  const [shape, setShape] = useState<AnswerShape>({ maxTokens: current.maxTokens, temperature: current.temperature });
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    const { id: providerId, preset, kind, model } = current;
    const asked = kind === 'in-gloss' ? shape : {};
    onSave({ id: providerId, preset, kind, name, baseUrl: '', model, ...asked })
      .then(
        (r) => setProblem(r.ok ? null : r),
        (err: unknown) => setProblem({ field: 'form', message: String(err) }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <form className="provider-editor" onSubmit={submit} aria-label={t('editProvider', current.name)}>
      <label htmlFor={`${id}-name`}>{t('name')}</label>
      <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      {current.kind === 'in-gloss' && (
        <AnswerShapeFields id={id} preset={current.preset} value={shape} onChange={setShape} />
      )}
      <FieldError id={id} field="form" problem={problem} />
      <SaveCancel busy={busy} onCancel={onCancel} />
    </form>
  );
}
