/** The panel, the menus and the manifest speak the browser's language (German here). */
import { expect, test } from 'vitest';
import { launchWithExtension } from './browser';

test('with the browser in German, Gloss is in German', async () => {
  const browser = await launchWithExtension({ lang: 'de' });
  try {
    const panel = await browser.openPanel();
    expect(await panel.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^de/);
    // First run: the settings, in German.
    await expect.poll(() => panel.getByRole('heading', { name: 'Ein Modell verbinden' }).isVisible()).toBe(true);
    // A message from the Rust core, said in German too.
    await panel.getByLabel('Basis-URL').fill('ftp://example.com/v1');
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe('Die Basis-URL muss mit http:// oder https:// beginnen.');
    const manifest = await browser.worker.evaluate(() => chrome.runtime.getManifest().description ?? '');
    expect(manifest).toContain('Sprachmodell');
    const menu = await browser.worker.evaluate(() => chrome.i18n.getMessage('menuAskSelection'));
    expect(menu).toBe('Gloss zu „%s“ fragen');
  } finally {
    await browser.close();
  }
});
