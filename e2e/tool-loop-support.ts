/**
 * For tool-loop.e2e.ts and tool-keyboard.e2e.ts: the loop's parts started together, a provider
 * of each protocol saved and made the default, and the tool result read out of a request the way
 * each protocol's documentation says it is carried (the shapes of
 * crates/gloss-core/tests/fixtures/requests/tools/<provider>.json), checked strictly here rather
 * than through the scripted model's own lenient reading.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchWithExtension } from './browser';
import { startEverything } from './fixtures/everything';
import { startToolProvider } from './fixtures/tool-provider';
import type { Body, Protocol } from './fixtures/tool-wire';
import { request } from './panel';

/** The call the scripted model makes to server-everything's `echo`, and what echo answers. */
export const ECHO = { tool: 'echo', args: { message: 'hello from the model' } };
export const ECHOED = 'Echo: hello from the model';

/**
 * Chromium with Gloss, its panel using the scripted model (OpenAI's protocol), and
 * server-everything added as "Everything" and connected; `close` stops them all.
 */
export async function startToolLoop() {
  const [everything, model, browser] = await Promise.all([
    startEverything(),
    startToolProvider(),
    launchWithExtension(),
  ]);
  const panel = await browser.openPanel();
  await useProvider(panel, model.url, 'openai');
  await panel.getByLabel('Your question').waitFor();
  const saved = await request(panel, 'mcp.save', { server: { name: 'Everything', url: everything.url } });
  const added = saved.value as { ok: boolean; id?: string };
  if (!added.ok || added.id === undefined) throw new Error(`server-everything was not added: ${JSON.stringify(saved)}`);
  await connected(panel);
  const close = async () => {
    await browser.close();
    await Promise.all([model.close(), everything.stop()]);
  };
  return { browser, panel, everything, model, serverId: added.id, close };
}

const PROVIDERS: Record<Protocol, { path: string; name: string }> = {
  openai: { path: '/v1', name: 'Tools OpenAI' },
  anthropic: { path: '/v1', name: 'Tools Anthropic' },
  gemini: { path: '/v1beta', name: 'Tools Gemini' },
  ollama: { path: '', name: 'Tools Ollama' },
};

interface Listed {
  providers: { id: string; name: string }[];
}

/** Saves (once) a provider of `protocol`'s kind at the scripted model and makes it the default. */
export async function useProvider(panel: Page, url: string, protocol: Protocol): Promise<void> {
  const { path, name } = PROVIDERS[protocol];
  const find = async () =>
    ((await request(panel, 'settings.get', {})).value as Listed).providers.find((p) => p.name === name);
  if (!(await find())) {
    const provider = { preset: protocol, kind: protocol, name, baseUrl: url + path, model: 'test-model', apiKey: 'k' };
    const saved = await request(panel, 'provider.save', { provider });
    if (!saved.ok) throw new Error(`the ${protocol} provider was not saved: ${saved.error ?? ''}`);
  }
  const id = (await find())?.id ?? '';
  const made = await request(panel, 'provider.setDefault', { id });
  if (!made.ok) throw new Error(`the ${protocol} provider is not the default: ${made.error ?? ''}`);
}

/** Waits (in a hook, where `expect.poll` cannot run) until the MCP server is connected. */
export async function connected(panel: Page, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const said = JSON.stringify((await request(panel, 'mcp.status', {})).value);
    if (said.includes('"state":"connected"')) return;
    if (Date.now() > end) throw new Error(`the MCP server did not connect: ${said}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

/** The one tool result the request carries, in `protocol`'s own shape; fails the test if not so. */
export function resultOf(protocol: Protocol, body: Body): { text: string; isError: boolean } {
  return READERS[protocol](body);
}

const READERS: Record<Protocol, (body: Body) => { text: string; isError: boolean }> = {
  // {"role":"tool","tool_call_id","content"}, after the assistant turn's `tool_calls`.
  openai(body) {
    const messages = list(body.messages);
    const result = messages.filter((m) => m.role === 'tool');
    expect(result).toHaveLength(1);
    expect(Object.keys(result[0]!).sort()).toEqual(['content', 'role', 'tool_call_id']);
    const made = messages[messages.indexOf(result[0]!) - 1];
    expect(made).toMatchObject({ role: 'assistant', tool_calls: [{ id: result[0]!.tool_call_id, type: 'function' }] });
    return { text: String(result[0]!.content), isError: false };
  },
  // A user turn of `tool_result` blocks right after the assistant's `tool_use`; `is_error` on a failure.
  anthropic(body) {
    const messages = list(body.messages);
    const turn = messages.at(-1)!;
    expect(turn.role).toBe('user');
    const [block] = list(turn.content);
    expect(list(turn.content)).toHaveLength(1);
    expect(block).toMatchObject({ type: 'tool_result', tool_use_id: expect.stringMatching(/^call_GlossE2e/) });
    const made = messages.at(-2)!;
    expect(list(made.content)).toContainEqual(expect.objectContaining({ type: 'tool_use', id: block!.tool_use_id }));
    return { text: String(block!.content), isError: block!.is_error === true };
  },
  // A user turn of `functionResponse` parts, the text under `output` (or `error` for a failure).
  gemini(body) {
    const contents = list(body.contents);
    const turn = contents.at(-1)!;
    expect(turn.role).toBe('user');
    const parts = list(turn.parts);
    expect(parts).toHaveLength(1);
    const response = parts[0]!.functionResponse as { id: string; name: string; response: Obj };
    expect(response).toMatchObject({ id: expect.stringMatching(/^call_GlossE2e/), name: 'echo' });
    expect(Object.keys(response.response)).toHaveLength(1);
    const made = contents.at(-2)!;
    expect(made.role).toBe('model');
    expect(list(made.parts)).toContainEqual({ functionCall: expect.objectContaining({ id: response.id }) });
    const text = response.response.output ?? response.response.error;
    return { text: String(text), isError: 'error' in response.response };
  },
  // {"role":"tool","tool_name","tool_call_id","content"}, after the assistant turn's `tool_calls`.
  ollama(body) {
    const messages = list(body.messages);
    const result = messages.filter((m) => m.role === 'tool');
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ tool_name: 'echo', tool_call_id: expect.stringMatching(/^call_GlossE2e/) });
    const made = messages[messages.indexOf(result[0]!) - 1];
    expect(made).toMatchObject({ role: 'assistant', tool_calls: [{ function: { name: 'echo' } }] });
    return { text: String(result[0]!.content), isError: false };
  },
};
