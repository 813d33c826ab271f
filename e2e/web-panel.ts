/**
 * The setup of the web e2e that drive the panel's page (web-tools.e2e.ts, web-rebinding.e2e.ts):
 * the sites at their real names, the scripted tool-calling model as the provider, and headed
 * Chromium (for the browser's real permission prompts) with the panel's page in a tab, 360 px
 * wide as the side panel is: Playwright's clicks in it are real input, the gesture the browser
 * needs to ask for access.
 */
import type { Page } from 'playwright-core';
import { startToolProvider, type ToolProvider } from './fixtures/tool-provider';
import { startHeaded, type Headed } from './headed';
import { useProvider } from './tool-loop-support';
import { startSites, type Sites } from './web-tools-support';

export interface WebPanel {
  sites: Sites;
  model: ToolProvider;
  h: Headed;
  panel: Page;
  close(): Promise<void>;
}

/** `asInternet`: the sites on 127.0.0.1 count as the internet to Chromium (`startSites`). */
export async function startWebPanel(options: { asInternet?: boolean } = {}): Promise<WebPanel> {
  const [sites, model] = await Promise.all([startSites(options), startToolProvider()]);
  const h = await startHeaded(sites.args);
  const panel = await h.browser.openPanel();
  await panel.setViewportSize({ width: 360, height: 700 });
  await useProvider(panel, model.url, 'openai');
  await panel.getByLabel('Your question').waitFor();
  const close = async () => {
    await h.close();
    await model.close();
    sites.close();
  };
  return { sites, model, h, panel, close };
}
