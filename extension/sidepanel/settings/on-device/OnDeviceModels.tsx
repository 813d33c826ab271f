/**
 * Settings' models on this computer: Chrome's built-in model (until it is a provider) and the
 * models that run inside Gloss, whose files are downloaded and removed here.
 */
import type { ProviderInput, PublicProvider } from '../../../shared/settings';
import { ChromeModel, offered } from './ChromeModel';
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
      {offered(chromeModel) && !providers.some((p) => p.kind === 'chrome-ai') && (
        <ChromeModel model={chromeModel} onUse={onUse} />
      )}
      <LocalModel models={localModels} providers={providers} onUse={onUse} />
      {/* Where Chrome cannot run its model, the note of why comes after what does run here. */}
      {!offered(chromeModel) && <ChromeModel model={chromeModel} onUse={onUse} />}
    </>
  );
}
