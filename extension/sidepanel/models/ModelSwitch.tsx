/**
 * The provider and model for this conversation; starts at the default and can be switched any
 * time. A native select does the choosing (keyboard, screen readers, the browser's own list),
 * one group per provider with its models (recent first, then its list, asked for when the
 * pointer or the keyboard comes to the switch); over it sits what the user reads: the provider,
 * and under it the model elided in the middle, so both stay readable at 240 px where a select's
 * own text would be cut to "llama.cpp s".
 */
import './ModelSwitch.css';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { PublicSettings } from '../../shared/settings';
import { middleElision, modelName } from './model-name';
import { fromOptionValue, modelOptions, optionValue, type Choice, type Recent } from './model-choice';
import { useModelLists, type Listing } from './useModelLists';
import { t } from '../../shared/i18n';

interface Props {
  settings: PublicSettings;
  choice: Choice | undefined;
  recent: Recent;
  onChange: (choice: Choice) => void;
}

export function ModelSwitch({ settings, choice, recent, onChange }: Props) {
  const { lists, loadAll } = useModelLists(settings.providers);
  const chosen = settings.providers.find((p) => p.id === choice?.providerId);
  const model = choice ? modelName(choice.model) : '';
  const { head, tail } = middleElision(model);
  return (
    <div className="model-switch" onPointerEnter={loadAll}>
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
        value={choice ? optionValue(choice) : ''}
        onFocus={loadAll}
        onChange={(e) => onChange(fromOptionValue(e.target.value))}
      >
        {settings.providers.map((p) => (
          <optgroup key={p.id} label={p.name}>
            {modelOptions(p.model, listed(lists[p.id]), recent[p.id]).map((m) => (
              <option key={m} value={optionValue({ providerId: p.id, model: m })} title={m}>
                {modelName(m)}
              </option>
            ))}
            <ListingNote listing={lists[p.id]} />
          </optgroup>
        ))}
      </select>
    </div>
  );
}

const listed = (listing: Listing | undefined) => (listing?.state === 'listed' ? listing.models : undefined);

/** While a list loads, or why it could not: a line in the group that cannot be chosen. */
function ListingNote({ listing }: { listing: Listing | undefined }) {
  if (listing?.state === 'loading') return <option disabled>{t('loadingModels')}</option>;
  if (listing?.state === 'failed') return <option disabled>{t('modelsNotListed')}</option>;
  return null;
}
