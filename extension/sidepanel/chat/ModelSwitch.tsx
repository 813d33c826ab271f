/** The provider for this conversation; starts at the default and can be switched any time. */
import './ModelSwitch.css';
import type { PublicSettings } from '../../shared/settings';
import { modelName } from '../model-name';
import { t } from '../../shared/i18n';

interface Props {
  settings: PublicSettings;
  value: string | undefined;
  onChange: (providerId: string) => void;
}

export function ModelSwitch({ settings, value, onChange }: Props) {
  const current = value ?? settings.defaultProviderId ?? settings.providers[0]?.id ?? '';
  return (
    <select
      className="model-switch"
      aria-label={t('modelForConversation')}
      value={current}
      onChange={(e) => onChange(e.target.value)}
    >
      {settings.providers.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name} · {modelName(p.model)}
        </option>
      ))}
    </select>
  );
}
