/** The model: typed freely, or picked from the provider's own list once it loads. */
import { useState } from 'react';
import { send } from '../shared/messages';
import type { ProviderKind } from '../../crates/gloss-wasm/pkg/gloss_wasm';

interface Props {
  id: string;
  value: string;
  onChange: (model: string) => void;
  draft: { id?: string; kind: ProviderKind; baseUrl: string; apiKey?: string };
}

export function ModelField({ id, value, onChange, draft }: Props) {
  const [models, setModels] = useState<{ id: string; name?: string }[]>([]);
  const [status, setStatus] = useState('');

  const load = () => {
    setStatus('Loading models…');
    send('provider.models', { draft }).then(
      (result) => {
        if (!result.ok) {
          setStatus(result.message);
          return;
        }
        setModels(result.models);
        setStatus(result.models.length ? `${result.models.length} models available.` : 'The provider lists no models.');
        const first = result.models[0];
        if (!value && first) onChange(first.id);
      },
      (e: unknown) => setStatus(String(e)),
    );
  };

  return (
    <>
      <label htmlFor={id}>Model</label>
      <div className="row">
        <input
          id={id}
          required
          list={`${id}-list`}
          value={value}
          placeholder="Type a model id or load the list"
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" onClick={load}>
          Load models
        </button>
      </div>
      <datalist id={`${id}-list`}>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name ?? m.id}
          </option>
        ))}
      </datalist>
      {status && (
        <p className="hint" role="status">
          {status}
        </p>
      )}
    </>
  );
}
