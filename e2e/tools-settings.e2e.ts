/**
 * Settings → Tools with a real MCP server (server-everything over Streamable HTTP on
 * 127.0.0.1): added in the form, it connects and lists its tools; a tool's policy, chosen with
 * the keyboard, is kept when Settings is opened again; a header's value is saved but never shown;
 * switched off it is Off; removed (asked once more), it is gone from the settings.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request, saveTestProvider } from './panel';
import { startSession, type Session } from './session';
import { everything as startEverything } from '../extension/background/tools/mcp/mcp-test-servers';

const SECRET = 'Bearer e2e-secret-never-shown';

let session: Session;
let panel: Page;
let everything: { url: string; stop: () => Promise<void> };

interface StoredServer {
  name: string;
  headerNames: string[];
  policies: Record<string, string>;
}

async function storedServers(): Promise<StoredServer[]> {
  const reply = await request(panel, 'settings.get', {});
  return (reply.value as { mcpServers: StoredServer[] }).mcpServers;
}

const tools = () => panel.getByRole('region', { name: 'Tools', exact: true });
const row = (): Locator => tools().locator('li.mcp-server', { hasText: 'Everything' });
const state = () => row().locator('.mcp-state');
const policy = (tool: string) => row().getByRole('radiogroup', { name: `What “${tool}” may do` });

async function openSettings(): Promise<void> {
  await panel.getByRole('button', { name: 'Settings', exact: true }).click();
  await tools().waitFor();
}

beforeAll(async () => {
  everything = await startEverything('streamableHttp');
  session = await startSession();
  panel = session.panel;
  // Tools are listed once a provider is saved (first run shows only the provider form).
  await saveTestProvider(panel, `${session.server.url}/v1`);
  await panel.getByLabel('Your question').waitFor();
});

afterAll(async () => {
  await session.close();
  await everything.stop();
});

describe('Settings → Tools with server-everything', () => {
  test('added in the form, it connects and lists its tools, each asking first', async () => {
    await openSettings();
    await tools().getByRole('button', { name: 'Add an MCP server' }).click();
    const form = panel.getByRole('form', { name: 'Add an MCP server' });
    await form.getByLabel('Name', { exact: true }).fill('Everything');
    await form.getByLabel('Server address (URL)').fill(everything.url);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => state().textContent(), { timeout: 30_000 }).toMatch(/^Connected · \d+ tools$/);
    await policy('echo').waitFor();
    expect(await row().getByText('Echoes back the input string').count()).toBe(1);
    expect(await policy('echo').getByRole('radio', { name: 'Ask' }).isChecked()).toBe(true);
    expect(await storedServers()).toMatchObject([{ name: 'Everything', headerNames: [], policies: {} }]);
  });

  test('a policy chosen with the keyboard is stored, and shown when Settings opens again', async () => {
    await policy('echo').getByRole('radio', { name: 'Ask' }).focus();
    await panel.keyboard.press('ArrowLeft');
    expect(await policy('echo').getByRole('radio', { name: 'Allow' }).isChecked()).toBe(true);
    await expect.poll(async () => (await storedServers())[0]?.policies.echo).toBe('allow');
    await panel.getByRole('button', { name: 'Close settings' }).click();
    await openSettings();
    await expect.poll(() => policy('echo').getByRole('radio', { name: 'Allow' }).isChecked()).toBe(true);
    expect(await policy('get-sum').getByRole('radio', { name: 'Ask' }).isChecked()).toBe(true);
  });

  test('a header is saved by name; its value never reaches the panel', async () => {
    await row().getByRole('button', { name: 'Edit “Everything”' }).click();
    const form = panel.getByRole('form', { name: 'Edit “Everything”' });
    await form.getByRole('button', { name: 'Add a header' }).click();
    await form.getByLabel('Name of header 1').fill('X-Gloss-Test');
    await form.getByLabel('Value of header 1').fill(SECRET);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => state().textContent(), { timeout: 30_000 }).toMatch(/^Connected · \d+ tools$/);
    expect((await storedServers())[0]?.headerNames).toEqual(['X-Gloss-Test']);

    await row().getByRole('button', { name: 'Edit “Everything”' }).click();
    const again = panel.getByRole('form', { name: 'Edit “Everything”' });
    await expect.poll(() => again.locator('.mcp-header').textContent()).toContain('X-Gloss-Test saved');
    expect(await again.getByRole('button', { name: 'Replace the saved value of X-Gloss-Test' }).count()).toBe(1);
    expect(await panel.content()).not.toContain('e2e-secret');
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  test('switched off it is Off, with no tools; switched on it connects again', async () => {
    const use = row().getByRole('switch', { name: 'Use “Everything”' });
    await use.uncheck();
    await expect.poll(() => state().textContent()).toBe('Off');
    expect(await policy('echo').count()).toBe(0);
    await use.check();
    await expect.poll(() => state().textContent(), { timeout: 30_000 }).toMatch(/^Connected · \d+ tools$/);
  });

  test('removed after being asked once more, it is gone from the settings', async () => {
    await row().getByRole('button', { name: 'Remove “Everything”' }).click();
    const asked = row().getByRole('group', { name: 'Remove “Everything”' });
    await expect.poll(() => asked.textContent()).toContain('its saved headers are deleted');
    await asked.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => tools().locator('li.mcp-server').count()).toBe(0);
    expect(await storedServers()).toEqual([]);
  });
});
