/**
 * An MCP server that sends no CORS headers (most do not: they are written for desktop clients),
 * added in Settings → Tools in real headed Chromium whose permission prompt is answered with real
 * input (e2e/permission-prompt). Save tries the server at once, before the prompt is answered,
 * and that try fails as unreachable; once the user allows the server's origin, Gloss connects
 * again by itself: the row says Connected without a Refresh (found running the MCP conformance
 * scenarios, docs/mcp-conformance.md).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { jsonServer, local, type Running } from '../extension/background/tools/mcp/mcp-test-servers';
import { startHeaded, type Headed } from './headed';
import { answerPrompt } from './permission-prompt';

const ECHO = { name: 'echo', description: 'Echoes its input', inputSchema: { type: 'object' } };

let h: Headed;
let server: Running;
let panel: Page;

beforeAll(async () => {
  server = await local(jsonServer({ 'tools/list': { tools: [ECHO] } }));
  h = await startHeaded();
  await h.ensureProvider();
  panel = await h.browser.openPanel();
  // Where the prompt's icon is looked for stays clear of a page 360 px wide at the window's left.
  await panel.setViewportSize({ width: 360, height: 700 });
});

afterAll(async () => {
  await h.close();
  await server.stop();
});

const granted = () =>
  h.browser.worker.evaluate(() => chrome.permissions.getAll().then((p) => (p.origins ?? []).sort()));

test('allowed in the prompt after Save, a server without CORS headers connects without a Refresh', async () => {
  await panel.getByRole('button', { name: 'Settings', exact: true }).click();
  const tools = panel.getByRole('region', { name: 'Tools', exact: true });
  await tools.getByRole('button', { name: 'Add an MCP server' }).click();
  const form = panel.getByRole('form', { name: 'Add an MCP server' });
  await form.getByLabel('Name', { exact: true }).fill('Local');
  await form.getByLabel('Server address (URL)').fill(server.url);
  await answerPrompt(h.display.name, () => form.getByRole('button', { name: 'Save', exact: true }).click());
  await expect.poll(granted).toContain(`${new URL(server.url).origin}/*`);

  const state = tools.locator('li.mcp-server', { hasText: 'Local' }).locator('.mcp-state');
  await expect.poll(() => state.textContent(), { timeout: 15_000 }).toBe('Connected · 1 tool');
  expect(await tools.getByText('Echoes its input').count()).toBe(1);
});
