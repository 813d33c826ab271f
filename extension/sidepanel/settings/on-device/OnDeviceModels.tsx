/**
 * Settings' models on this computer: Chrome's built-in model (until it is a provider) and the
 * models that run inside Gloss, whose files are downloaded and removed here.
 */
import type { ProviderInput, PublicProvider } from '../../../shared/settings';
import { ChromeModel } from './ChromeModel';
import { LocalModel } from './LocalModel';
import type { ChromeModel as ChromeModelState } from './useChromeModel';
import { useLocalModels } from './useLocalModels';

interface Props {
  providers: readonly PublicProvider[];
  chromeModel: ChromeModelState;
  onUse: (input: ProviderInput) => Promise<unknown>;
}

export function OnDeviceModels({ providers, chromeModel, onUse }: Props) {
  const localModels = useLocalModels();
  return (
    <>
      {!providers.some((p) => p.kind === 'chrome-ai') && <ChromeModel model={chromeModel} onUse={onUse} />}
      <LocalModel models={localModels} providers={providers} onUse={onUse} />
    </>
  );
}
