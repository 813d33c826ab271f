/**
 * The client that `@modelcontextprotocol/conformance` tests (`npm run conformance:mcp`, see
 * docs/mcp-conformance.md): Gloss itself, built in dist/, in headed Chromium under Xvfb, used as
 * a person does. Settings → Tools → Add an MCP server with the scenario's URL, the browser's own
 * permission prompt answered Allow (the test servers send no CORS headers, so only that access
 * lets Gloss read them); then, for each tool the server lists, a scripted model
 * (e2e/fixtures/tool-provider) asks for it and the call is allowed once in the answer's step.
 * So every byte the server sees comes from the extension's worker, through its real path.
 *
 * Usage: tsx scripts/mcp-conformance-client.ts <server-url> (the conformance tool appends it).
 * Prints what Gloss showed, one `gloss:` line each, for the report to quote.
 */
import type { Page } from 'playwright-core';
import { launchWithExtension, type Browser } from '../e2e/browser';
import { startToolProvider, type ToolProvider } from '../e2e/fixtures/tool-provider';
import { ask, answerParts, lastTurn, newChat, request, saveTestProvider } from '../e2e/panel';
import { answerPrompt } from '../e2e/permission-prompt';
import { startXvfb, type Display } from '../e2e/xvfb';

const NAME = 'Conformance';
/** The arguments the scripted model gives each scenario's tool (the schema's required numbers). */
const ARGS: Record<string, Record<string, unknown>> = { add_numbers: { a: 2, b: 3 } };
/** Past this the run gives up on its own, inside the conformance tool's own timeout. */
const DEADLINE_MS = 150_000;

const say = (what: string, text: string) => console.log(`gloss: ${what}: ${text.replace(/\s+/g, ' ').trim()}`);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const tools = (panel: Page) => panel.getByRole('region', { name: 'Tools', exact: true });
const stateLine = (panel: Page) => tools(panel).locator('li.mcp-server', { hasText: NAME }).locator('.mcp-state');

/** Adds the server in Settings → Tools and allows its origin in the browser's prompt; its state then. */
async function addServer(panel: Page, display: string, url: string): Promise<string> {
  await panel.getByRole('button', { name: 'Settings', exact: true }).click();
  await tools(panel).getByRole('button', { name: 'Add an MCP server' }).click();
  const form = panel.getByRole('form', { name: 'Add an MCP server' });
  await form.getByLabel('Name', { exact: true }).fill(NAME);
  await form.getByLabel('Server address (URL)').fill(url);
  await answerPrompt(display, () => form.getByRole('button', { name: 'Save', exact: true }).click());
  // Saving connected at once, before the prompt was answered: without CORS headers that failed
  // as unreachable, and the access granted since connects again without a Refresh.
  const state = await until(
    async () => (await stateLine(panel).textContent()) ?? '',
    (text) => text !== '' && !/Connecting|could not reach/.test(text),
  );
  await panel.getByRole('button', { name: 'Close settings' }).click();
  return state;
}

/** The tools the worker found on the server (none unless it connected). */
async function listed(panel: Page): Promise<string[]> {
  const reply = await request(panel, 'mcp.status', {});
  const { servers } = reply.value as { servers: { tools: { name: string }[] }[] };
  return servers.flatMap((s) => s.tools.map((t) => t.name));
}

/** The scripted model asks for `tool`; the call is allowed once; resolves to the answer's text. */
async function callTool(panel: Page, model: ToolProvider, tool: string): Promise<string> {
  await newChat(panel);
  model.script({ tool, args: ARGS[tool] ?? {} });
  await ask(panel, `Use ${tool}, please.`);
  const step = lastTurn(panel).getByRole('group', { name: `Called ${tool} on ${NAME}` });
  await step.getByRole('button', { name: 'Allow once' }).click({ timeout: 30_000 });
  await until(
    async () => (await lastTurn(panel).getAttribute('data-status')) ?? '',
    (status) => ['done', 'error', 'stopped'].includes(status),
    60_000,
  );
  return answerParts(panel);
}

async function run(browser: Browser, display: Display, model: ToolProvider, url: string): Promise<void> {
  const panel = await browser.openPanel();
  // Where e2e/permission-prompt expects the page: 360 px wide at the window's left.
  await panel.setViewportSize({ width: 360, height: 700 });
  await saveTestProvider(panel, `${model.url}/v1`);
  await panel.getByLabel('Your question').waitFor();
  say('state', await addServer(panel, display.name, url));
  for (const tool of await listed(panel)) say(`answer with ${tool}`, await callTool(panel, model, tool));
}

async function main(): Promise<void> {
  const url = process.argv.at(-1) ?? '';
  if (!/^https?:\/\//.test(url)) throw new Error('usage: mcp-conformance-client.ts <server-url>');
  const display = await startXvfb();
  const [browser, model] = await Promise.all([launchWithExtension({ display: display.name }), startToolProvider()]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${DEADLINE_MS / 1000} s`)), DEADLINE_MS);
  });
  try {
    await Promise.race([run(browser, display, model, url), deadline]);
  } finally {
    clearTimeout(timer);
    await browser.close().catch(() => undefined);
    await model.close();
    display.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
