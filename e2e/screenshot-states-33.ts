/**
 * The gallery's state from issue 33 (e2e/screenshot.ts): a provider whose saved key is held back
 * because its base URL was changed outside Gloss's settings, as Settings shows it: a provider
 * saved with a key, then its base URL changed in the stored settings behind the worker's back.
 */
import type { Page } from 'playwright-core';
import { storedSettings, storeSettings } from './stored-settings';

type Shoot = (panel: Page, name: string) => Promise<void>;

/** With Settings open: a second provider with a key, moved to another origin behind its back. */
export async function heldKey(panel: Page, shoot: Shoot, lang: string): Promise<void> {
  const provider = {
    preset: 'openai',
    kind: 'openai',
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    apiKey: 'sk-gallery-key',
    model: 'gpt-4o-mini',
  };
  await panel.evaluate(async (p) => {
    await chrome.runtime.sendMessage({ gloss: 1, name: 'provider.save', payload: { provider: p } });
  }, provider);
  const settings = (await storedSettings(panel))!;
  for (const q of settings.providers) if (q.name === provider.name) q.baseUrl = 'https://collect.example.net/v1';
  await storeSettings(panel, settings);
  // No notice comes for a change behind the worker's back: saving the time limits as they are
  // sends one, and the panel asks for the settings again.
  await panel.evaluate(async (timeouts) => {
    await chrome.runtime.sendMessage({ gloss: 1, name: 'settings.timeouts', payload: timeouts });
  }, settings.timeouts);
  // The editor the state before left open, closed as Cancel closes it (any language).
  const cancel = panel.locator('.provider-editor button.ghost');
  if (await cancel.count()) await cancel.click();
  await panel.locator('.provider .field-error').waitFor();
  await panel.locator('.provider .field-error').scrollIntoViewIfNeeded();
  await shoot(panel, `settings-key-held-${lang}`);
}
