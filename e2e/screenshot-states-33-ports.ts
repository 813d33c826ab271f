/**
 * The gallery's state from issue 33's last part (e2e/screenshot.ts): Settings → "What Gloss may
 * access" once "Find local models" found LM Studio and it was used: in Chrome, access to its
 * port alone, named with the provider that uses it. Headed on a display of its own, since the
 * search's permission prompt is real UI (answered as a user does, e2e/permission-prompt). The
 * fake LM Studio on its usual port sends no CORS header, so it is found only with that access.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchWithExtension } from './browser';
import { answerPrompt } from './permission-prompt';
import { startProviderServer } from './provider-server';
import { startXvfb } from './xvfb';

type Shoot = (panel: Page, name: string) => Promise<void>;

/** A message of Gloss's own in `lang`, with its `$1` filled in. */
function words(lang: 'en' | 'de', key: string, arg = ''): string {
  const messages = JSON.parse(readFileSync(new URL(`../_locales/${lang}/messages.json`, import.meta.url), 'utf8'));
  return (messages as Record<string, { message: string }>)[key]?.message.replace('$1', arg) ?? key;
}

export async function portStates(lang: 'en' | 'de', shoot: Shoot): Promise<void> {
  const [display, lmStudio] = await Promise.all([startXvfb(), startProviderServer({ port: 1234, cors: false })]);
  const browser = await launchWithExtension({ display: display.name, lang });
  try {
    const panel = await browser.openPanel();
    await panel.setViewportSize({ width: 360, height: 720 });
    const find = panel.getByRole('button', { name: words(lang, 'findLocal') });
    await answerPrompt(display.name, () => find.click());
    await panel.getByRole('button', { name: words(lang, 'useServer', 'LM Studio') }).click();
    await panel.getByRole('button', { name: words(lang, 'settings'), exact: true }).click();
    const access = panel.getByRole('region', { name: words(lang, 'accessTitle') });
    // Only the port of the server used stays once the settings change (saving it did).
    await access.getByText('http://127.0.0.1:1234').or(access.getByText('http://localhost:1234')).waitFor();
    // The list ends Settings: kept at the bottom at each width the gallery shoots.
    await panel.locator('.settings').evaluate((el) => {
      new ResizeObserver(() => el.scrollTo({ top: el.scrollHeight })).observe(el);
      el.scrollTo({ top: el.scrollHeight });
    });
    await shoot(panel, `settings-access-ports-${lang}`);
  } finally {
    await browser.close();
    await lmStudio.close();
    display.close();
  }
}
