/**
 * The provider for this conversation; starts at the default and can be switched any time.
 * A native select does the choosing (keyboard, screen readers, the browser's own list); over it
 * sits what the user reads: the provider, and under it the model elided in the middle, so both
 * stay readable at 240 px where a select's own text would be cut to "llama.cpp s".
 */
import './ModelSwitch.css';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { PublicSettings } from '../shared/settings';
import { middleElision, modelName } from './model-name';
import { t } from '../shared/i18n';

interface Props {
  settings: PublicSettings;
  value: string | undefined;
  onChange: (providerId: string) => void;
}

export function ModelSwitch({ settings, value, onChange }: Props) {
  const current = value ?? settings.defaultProviderId ?? settings.providers[0]?.id ?? '';
  const chosen = settings.providers.find((p) => p.id === current);
  const model = chosen ? modelName(chosen.model) : '';
  const { head, tail } = middleElision(model);
  return (
    <div className="model-switch">
      <span className="model-switch-face" aria-hidden="true">
        <span className="model-switch-text">
          <span className="model-switch-provider">{chosen?.name}</span>
          <span className="model-switch-model">
            <span className="model-switch-head">{head}</span>
            <span className="model-switch-tail">{tail}</span>
          </span>
        </span>
        <ChevronDown size={14} />
      </span>
      <select
        aria-label={t('modelForConversation')}
        title={chosen ? `${chosen.name} · ${model}` : undefined}
        value={current}
        onChange={(e) => onChange(e.target.value)}
      >
        {settings.providers.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} · {modelName(p.model)}
          </option>
        ))}
      </select>
    </div>
  );
}
