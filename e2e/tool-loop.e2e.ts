/**
 * The whole tool loop in Chromium: a scripted model (fixtures/tool-provider.ts) speaking each
 * protocol's real tool-call format calls server-everything's `echo` (behind a recording proxy,
 * fixtures/everything.ts). The call waits for the user, and nothing reaches the MCP server
 * before Allow once; then the result goes back to the model in that protocol's own shape and the
 * answer quotes it. Deny tells the model the user denied the call and the answer goes on. And,
 * once: Stop while a slow tool runs, Always allow, a tool set to Off, the round limit, and a model
 * that cannot use tools answered again without them.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Everything } from './fixtures/everything';
import { PREAMBLE, QUOTING, type ToolProvider } from './fixtures/tool-provider';
import type { Protocol } from './fixtures/tool-wire';
import { answerParts, ask, lastTurn, newChat, request } from './panel';
import { ECHO, ECHOED, resultOf, startToolLoop, useProvider } from './tool-loop-support';

const DENIED = 'The user denied this call';

let loop: Awaited<ReturnType<typeof startToolLoop>>;
let panel: Page;
let everything: Everything;
let model: ToolProvider;
let serverId: string;

beforeAll(async () => {
  loop = await startToolLoop();
  ({ panel, everything, model, serverId } = loop);
});

afterAll(() => loop.close());

/** The tool's policy as stored. */
async function policyOf(tool: string): Promise<string | undefined> {
  const settings = (await request(panel, 'settings.get', {})).value as {
    mcpServers: { policies: Record<string, string> }[];
  };
  return settings.mcpServers[0]?.policies[tool];
}

const step = (tool: string): Locator => lastTurn(panel).getByRole('group', { name: `Called ${tool} on Everything` });
const status = () => lastTurn(panel).getAttribute('data-status');
const answer = () => answerParts(panel);

/** Asks, and waits for the call to `tool` to wait for the user; the model has had one request. */
async function askUntilWaiting(tool: string): Promise<number> {
  await newChat(panel);
  const before = model.requests.length;
  await ask(panel, `Use ${tool}, please.`);
  await expect.poll(() => step(tool).textContent(), { timeout: 15_000 }).toContain('Waiting for you');
  for (const name of ['Allow once', 'Always allow', 'Deny'])
    expect(await step(tool).getByRole('button', { name, exact: true }).count()).toBe(1);
  return before;
}

/** Nothing ran while the call waited: the MCP server saw no call, the model no second request. */
async function nothingRanYet(before: number, callsBefore: number): Promise<void> {
  // Long enough for a loop that wrongly ran the tool on its own to have reached the server.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(everything.calls().length).toBe(callsBefore);
  expect(model.requests.length).toBe(before + 1);
}

describe.each<Protocol>(['openai', 'anthropic', 'gemini', 'ollama'])('%s', (protocol) => {
  beforeAll(() => useProvider(panel, model.url, protocol));

  test('the call waits for Allow once; then echo runs and the answer quotes its result', async () => {
    model.script(ECHO);
    const callsBefore = everything.calls().length;
    const before = await askUntilWaiting('echo');
    expect(model.requests[before]?.protocol).toBe(protocol);
    await nothingRanYet(before, callsBefore);

    await step('echo').getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => step('echo').textContent(), { timeout: 15_000 }).toMatch(/Done in [\d.]+ s/);
    await expect.poll(status, { timeout: 15_000 }).toBe('done');
    await expect.poll(answer).toContain(ECHOED);
    expect(await answer()).toMatch(new RegExp(`${PREAMBLE}[^]*${QUOTING}`));
    expect(everything.messages.filter((m) => m.method === 'tools/call').slice(callsBefore)).toEqual([
      { method: 'tools/call', params: expect.objectContaining({ name: 'echo', arguments: ECHO.args }) },
    ]);

    const second = model.requests[before + 1];
    expect(model.requests.length).toBe(before + 2);
    const result = resultOf(protocol, second?.body ?? {});
    expect(result.text).toContain(ECHOED);
    // Fenced as untrusted data, naming its tool and server.
    expect(result.text).toMatch(/^<<<tool result \S+ tool="echo" source="Everything">>>/);
    expect(result.isError).toBe(false);

    await step('echo').getByRole('button', { name: 'Details' }).click();
    await expect.poll(() => step('echo').textContent()).toContain(ECHOED);
    expect(await step('echo').textContent()).toContain('hello from the model');
  });

  test('Deny: nothing runs, the model is told the user denied the call, and the answer goes on', async () => {
    model.script(ECHO);
    const callsBefore = everything.calls().length;
    const before = await askUntilWaiting('echo');
    await step('echo').getByRole('button', { name: 'Deny' }).click();
    await expect.poll(() => step('echo').textContent(), { timeout: 15_000 }).toContain('Denied');
    await expect.poll(status, { timeout: 15_000 }).toBe('done');
    await expect.poll(answer).toContain(DENIED);
    expect(everything.calls().length).toBe(callsBefore);
    const result = resultOf(protocol, model.requests[before + 1]?.body ?? {});
    expect(result.text).toContain(DENIED);
    // Only Anthropic and Gemini have a place to say a result is a failure.
    expect(result.isError).toBe(protocol === 'anthropic' || protocol === 'gemini');
  });
});

describe('once, with the OpenAI protocol', () => {
  beforeAll(() => useProvider(panel, model.url, 'openai'));

  test('Stop while a slow tool runs ends the answer Stopped, and the call is cancelled', async () => {
    const slow = 'trigger-long-running-operation';
    model.script({ tool: slow, args: { duration: 30, steps: 30 } });
    const before = await askUntilWaiting(slow);
    await step(slow).getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => step(slow).textContent()).toContain('Running…');
    await expect.poll(() => everything.calls()).toContain(slow);
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(status).toBe('stopped');
    expect(await lastTurn(panel).textContent()).toContain('Stopped.');
    expect(await step(slow).textContent()).not.toContain('Running…');
    // The SDK tells the server the call is cancelled; the model is not asked again.
    await expect.poll(() => everything.messages.map((m) => m.method)).toContain('notifications/cancelled');
    expect(model.requests.length).toBe(before + 1);
  });

  test('Always allow runs the call and sets the tool to Allow: the next call asks no more', async () => {
    model.script(ECHO);
    const callsBefore = everything.calls().length;
    await askUntilWaiting('echo');
    await step('echo').getByRole('button', { name: 'Always allow' }).click();
    await expect.poll(status, { timeout: 15_000 }).toBe('done');
    await expect.poll(answer).toContain(ECHOED);
    await expect.poll(() => policyOf('echo')).toBe('allow');
    try {
      model.script(ECHO);
      await newChat(panel);
      await ask(panel, 'Once more, please.');
      await expect.poll(status, { timeout: 15_000 }).toBe('done');
      await expect.poll(answer).toContain(ECHOED);
      expect(await step('echo').textContent()).toMatch(/Done in [\d.]+ s/);
      expect(await step('echo').getByRole('button', { name: 'Allow once' }).count()).toBe(0);
      expect(everything.calls().slice(callsBefore)).toEqual(['echo', 'echo']);
    } finally {
      await request(panel, 'mcp.policy', { id: serverId, tool: 'echo', policy: 'ask' });
    }
  });

  test('a worker stopped after a call ran leaves the answer interrupted with the call done; Continue goes on without running it again', async () => {
    await request(panel, 'mcp.policy', { id: serverId, tool: 'echo', policy: 'allow' });
    const callsBefore = everything.calls().length;
    const before = model.requests.length;
    // The model's answer to the call's result never comes before the worker is stopped.
    const release = model.hold(before + 1);
    try {
      model.script(ECHO);
      await newChat(panel);
      await ask(panel, 'Use echo, please.');
      await expect.poll(() => model.requests.length, { timeout: 15_000 }).toBe(before + 2);
      await expect.poll(() => step('echo').textContent()).toMatch(/Done in [\d.]+ s/);

      // What the browser does to an idle worker, done now through the DevTools protocol.
      const cdp = await panel.context().newCDPSession(panel);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await expect.poll(status, { timeout: 15_000 }).toBe('interrupted');
      expect(await step('echo').textContent()).toMatch(/Done in [\d.]+ s/);
      expect(await answer()).toContain(PREAMBLE);
      release();

      await lastTurn(panel).getByRole('button', { name: 'Continue' }).click();
      await expect.poll(status, { timeout: 15_000 }).toBe('done');
      await expect.poll(answer).toContain(ECHOED);
      // The call ran once: Continue sent its kept result to the model instead of calling again.
      expect(everything.calls().slice(callsBefore)).toEqual(['echo']);
      expect(resultOf('openai', model.requests.at(-1)?.body ?? {}).text).toContain(ECHOED);
    } finally {
      release();
      await request(panel, 'mcp.policy', { id: serverId, tool: 'echo', policy: 'ask' });
    }
  });

  test('a tool set to Off is not in the request’s tools; the others are', async () => {
    await request(panel, 'mcp.policy', { id: serverId, tool: 'echo', policy: 'off' });
    try {
      model.script(ECHO);
      await newChat(panel);
      const before = model.requests.length;
      await ask(panel, 'Use echo, please.');
      await expect.poll(status, { timeout: 15_000 }).toBe('done');
      const offered = (model.requests[before]?.body.tools as { function: { name: string } }[]).map(
        (t) => t.function.name,
      );
      expect(offered).not.toContain('echo');
      expect(offered).toContain('get-sum');
      expect(await step('echo').count()).toBe(0);
      expect(await answer()).toContain('No tool named echo was offered');
    } finally {
      await request(panel, 'mcp.policy', { id: serverId, tool: 'echo', policy: 'ask' });
    }
  });

  test('at the round limit the call is not run and the answer says it stopped there', async () => {
    await request(panel, 'tools.limits', { maxRounds: 1, callTimeoutSeconds: 60 });
    try {
      model.script(ECHO);
      await newChat(panel);
      const before = model.requests.length;
      const callsBefore = everything.calls().length;
      await ask(panel, 'Use echo, please.');
      await expect.poll(status, { timeout: 15_000 }).toBe('done');
      await expect.poll(() => step('echo').textContent()).toContain('Not run');
      await step('echo').getByRole('button', { name: 'Details' }).click();
      await expect.poll(() => step('echo').textContent()).toContain('limit of 1 round of tool calls');
      // Said under the answer, not only inside the step.
      expect(await lastTurn(panel).getByText('Stopped after 1 round of tool calls.').count()).toBe(1);
      expect(model.requests.length).toBe(before + 1);
      expect(everything.calls().length).toBe(callsBefore);
    } finally {
      await request(panel, 'tools.limits', { maxRounds: 10, callTimeoutSeconds: 60 });
    }
  });
});

describe('a model that cannot use tools (Ollama)', () => {
  beforeAll(() => useProvider(panel, model.url, 'ollama'));

  test('the error offers Answer without tools, which answers with none offered', async () => {
    model.script({ ...ECHO, refuseTools: true });
    await newChat(panel);
    const before = model.requests.length;
    await ask(panel, 'Use echo, please.');
    await expect.poll(status, { timeout: 15_000 }).toBe('error');
    expect(await lastTurn(panel).getByRole('alert').textContent()).toContain("This model can't use tools");
    await lastTurn(panel).getByRole('button', { name: 'Answer without tools' }).click();
    await expect.poll(status, { timeout: 15_000 }).toBe('done');
    expect(model.requests.length).toBe(before + 2);
    expect(model.requests[before]?.body.tools).toBeDefined();
    expect(model.requests[before + 1]?.body.tools).toBeUndefined();
  });
});
