/**
 * The gallery's states of `read_tab` (issue 29): the step that waits before reading a tab the
 * user did not add (its title and address, Allow once / Deny), and Settings → Tools with it
 * among Gloss's own tools. Headed on a virtual display of its own (e2e/headed): the globe's
 * real permission prompt is answered as a user does, and Gloss's shortcut on the tab is what
 * lets it see the tab's address. The page is in a tab of the panel page's window, in front when
 * the question is sent, since `read_tab` reads that window's active tab.
 */
import type { Page } from 'playwright-core';
import { serveFiles } from './file-server';
import { startToolProvider } from './fixtures/tool-provider';
import { startHeaded } from './headed';
import { answerPrompt } from './permission-prompt';
import { useProvider } from './tool-loop-support';

type Shoot = (panel: Page, name: string) => Promise<void>;

const KETTLE = `<!doctype html><html lang="en"><head><title>Kettle reviews</title></head><body><article>
<h1>Kettle reviews</h1><p>Boils a litre in ninety seconds and stays quiet.</p></article></body></html>`;

const WORDS = {
  en: { settings: 'Settings', allow: 'Allow once', ask: 'What do the reviews in my tab say?' },
  de: { settings: 'Einstellungen', allow: 'Einmal erlauben', ask: 'Was sagen die Bewertungen in meinem Tab?' },
};

export async function readTabStates(lang: 'en' | 'de', shoot: Shoot): Promise<void> {
  const words = WORDS[lang];
  const [model, files] = await Promise.all([
    startToolProvider(),
    serveFiles(() => ({ type: 'text/html; charset=utf-8', body: KETTLE })),
  ]);
  const h = await startHeaded([], lang);
  try {
    const panel = await h.browser.openPanel();
    await panel.setViewportSize({ width: 360, height: 720 });
    await useProvider(panel, model.url, 'openai');
    await panel.locator('textarea').waitFor();
    await answerPrompt(h.display.name, () => panel.locator('.web-switch').click());
    await panel.locator('.web-switch[aria-pressed="true"]').waitFor();

    await panel.getByRole('button', { name: words.settings, exact: true }).click();
    await panel.locator('.gloss-tools').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(panel, `settings-read-tab-${lang}`);
    await panel.locator('.bar button').last().click(); // back to the chat

    const opened = panel.context().waitForEvent('page');
    await panel.evaluate(
      `chrome.windows.getCurrent().then((w) => chrome.tabs.create({ url: '${files.url}/kettle', windowId: w.id, active: true }))`,
    );
    const reader = await opened;
    await reader.waitForLoadState();
    await h.shortcut('alt+shift+g', reader);
    await new Promise((r) => setTimeout(r, 1000));
    model.script({ tool: 'read_tab', args: {} });
    await panel.locator('textarea').fill(words.ask);
    await panel.locator('textarea').press('Enter');
    await panel.locator('.turn').last().getByRole('button', { name: words.allow }).waitFor({ timeout: 20_000 });
    await panel.bringToFront();
    await shoot(panel, `read-tab-step-${lang}`);
  } finally {
    await h.close();
    await model.close();
    files.close();
  }
}
