/** A saved provider's form: a server's full one, or the short one of a model on this computer. */
import type { Res } from '../../shared/protocol';
import { isOnDeviceProvider, isServerProvider, type ProviderInput, type PublicProvider } from '../../shared/settings';
import { OnDeviceEditor } from './on-device/OnDeviceEditor';
import { ProviderEditor } from './ProviderEditor';

interface Props {
  provider: PublicProvider;
  onSave: (input: ProviderInput) => Promise<Res<'provider.save'>>;
  onCancel: () => void;
}

export function EditProvider({ provider, onSave, onCancel }: Props) {
  if (isServerProvider(provider)) return <ProviderEditor current={provider} onSave={onSave} onCancel={onCancel} />;
  if (isOnDeviceProvider(provider)) return <OnDeviceEditor current={provider} onSave={onSave} onCancel={onCancel} />;
  return null;
}
