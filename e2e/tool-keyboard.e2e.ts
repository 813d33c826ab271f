/**
 * The tool loop from the keyboard: the controls a key press makes go away (Allow once, Deny,
 * Continue) leave the keyboard where the reader was, on the step's Details or on the answer,
 * not on the page's body, from where the next Tab would start again at the top of the panel.
 * A scripted model (fixtures/tool-provider.ts) calls server-everything's `echo`.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ToolProvider } from './fixtures/tool-provider';
import { answerParts, ask, lastTurn, newChat, request } from './panel';
import { ECHO, ECHOED, startToolLoop } from './tool-loop-support';

let loop: Awaited<ReturnType<typeof startToolLoop>>;
let panel: Page;
let model: ToolProvider;
let serverId: string;

beforeAll(async () => {
  loop = await startToolLoop();
  ({ panel, model, serverId } = loop);
});

afterAll(() => loop.close());

const step = (): Locator => lastTurn(panel).getByRole('group', { name: 'Called echo on Everything' });
const status = () => lastTurn(panel).getAttribute('data-status');
/** What has the keyboard: its role or tag, and its name. */
const focused = () =>
  panel.evaluate(() => {
    const e = document.activeElement;
    if (!e) return 'nothing';
    return `${e.getAttribute('role') ?? e.tagName.toLowerCase()}: ${e.getAttribute('aria-label') ?? e.textContent.trim()}`;
  });

/** Asks for echo and waits for the call to ask first. */
async function askUntilWaiting(): Promise<void> {
  model.script(ECHO);
  await newChat(panel);
  await ask(panel, 'Use echo, please.');
  await expect.poll(() => step().textContent(), { timeout: 15_000 }).toContain('Waiting for you');
}

test.each([
  ['Allow once', 'Done in'],
  ['Deny', 'Denied'],
])('%s pressed with Enter leaves the keyboard on the step’s Details, and Enter opens them', async (choice, after) => {
  await askUntilWaiting();
  await step().getByRole('button', { name: choice, exact: true }).focus();
  await panel.keyboard.press('Enter');
  await expect.poll(() => step().textContent(), { timeout: 15_000 }).toContain(after);
  await expect.poll(status, { timeout: 15_000 }).toBe('done');
  await expect.poll(focused).toBe('button: Details');
  const details = step().getByRole('button', { name: 'Details' });
  expect(await details.evaluate((e) => e.matches(':focus-visible'))).toBe(true);
  await panel.keyboard.press('Enter');
  expect(await details.getAttribute('aria-expanded')).toBe('true');
  expect(await step().textContent()).toContain('hello from the model');
});

test('Allow once clicked with the mouse runs the call and draws no focus ring on the step', async () => {
  await askUntilWaiting();
  await step().getByRole('button', { name: 'Allow once' }).click();
  await expect.poll(status, { timeout: 15_000 }).toBe('done');
  const details = step().getByRole('button', { name: 'Details' });
  // The keyboard's place is kept, but a ring shows only for the keyboard (`:focus-visible`).
  await expect.poll(() => details.evaluate((e) => e === document.activeElement)).toBe(true);
  expect(await details.evaluate((e) => e.matches(':focus-visible'))).toBe(false);
});

test('Continue pressed with Enter on a stopped answer leaves the keyboard on the answer as it goes on', async () => {
  await request(panel, 'mcp.policy', { id: serverId, tool: 'echo', policy: 'allow' });
  const release = model.hold(model.requests.length + 1);
  try {
    model.script(ECHO);
    await newChat(panel);
    const before = model.requests.length;
    await ask(panel, 'Use echo, please.');
    // The call ran; the model's answer to its result is held: Esc in the composer stops it.
    await expect.poll(() => model.requests.length, { timeout: 15_000 }).toBe(before + 2);
    await panel.getByLabel('Your question').press('Escape');
    await expect.poll(status).toBe('stopped');
    release();
    await lastTurn(panel).getByRole('button', { name: 'Continue' }).focus();
    await panel.keyboard.press('Enter');
    await expect.poll(status, { timeout: 15_000 }).toBe('done');
    await expect.poll(() => answerParts(panel)).toContain(ECHOED);
    expect(await lastTurn(panel).evaluate((e) => e === document.activeElement)).toBe(true);
  } finally {
    release();
    await request(panel, 'mcp.policy', { id: serverId, tool: 'echo', policy: 'ask' });
  }
});
