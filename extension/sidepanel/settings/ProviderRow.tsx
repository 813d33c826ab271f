/** One provider in the settings: its name, preset and model, and what can be done with it. */
import './ProviderRow.css';
import { t } from '../../shared/i18n';
import { PRESETS } from '../../shared/presets';
import { isServerProvider, type PublicProvider } from '../../shared/settings';
import { modelName } from '../models/model-name';

interface Props {
  provider: PublicProvider;
  isDefault: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}

export function ProviderRow({ provider: p, isDefault, onEdit, onMakeDefault, onRemove }: Props) {
  return (
    <li className="provider">
      <div>
        <strong>{p.name}</strong> {isDefault && <span className="badge">{t('defaultBadge')}</span>}
        <div className="hint">
          {isServerProvider(p) ? PRESETS[p.preset].label : t('onDeviceHint')} ·{' '}
          {p.model ? modelName(p.model) : t('noModel')}
        </div>
        {p.keyHeldFor !== undefined && <p className="field-error">{t('keyHeldNotice', p.keyHeldFor)}</p>}
      </div>
      <div className="row">
        <button type="button" onClick={onEdit} aria-label={t('editProvider', p.name)}>
          {t('edit')}
        </button>
        {!isDefault && (
          <button type="button" onClick={onMakeDefault} aria-label={t('makeDefaultLabel', p.name)}>
            {t('makeDefault')}
          </button>
        )}
        <button type="button" onClick={onRemove} aria-label={t('removeProvider', p.name)}>
          {t('remove')}
        </button>
      </div>
    </li>
  );
}
