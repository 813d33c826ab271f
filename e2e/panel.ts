/** Driving the panel's settings the way a user does. */
import type { Page } from 'playwright-core';
import type { MessageName, Req } from '../extension/shared/protocol';

export interface ProviderForm {
  /** The "Provider type" option's label, for a new provider. */
  preset?: string;
  baseUrl: string;
  model: string;
  key?: string;
}

/**
 * On the first run, the provider form: behind "Use a cloud provider or another server instead"
 * where a model on this computer is offered first (the one inside Gloss, in Chromium here).
 */
export async function openProviderForm(panel: Page): Promise<void> {
  const other = panel.locator('button.add-provider');
  const form = panel.locator('form.provider-editor');
  await other.or(form).first().waitFor();
  if (await other.isVisible()) await other.click();
  await form.waitFor();
}

/** Adds the first provider, or edits the only/first one, and returns to the chat. */
export async function configureProvider(panel: Page, form: ProviderForm): Promise<void> {
  const settings = panel.getByRole('button', { name: 'Settings' });
  const editing = await settings.isVisible();
  if (editing) {
    await settings.click();
    await panel
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
  } else {
    await openProviderForm(panel);
    if (form.preset) await panel.getByLabel('Provider type').selectOption({ label: form.preset });
  }
  await panel.getByRole('textbox', { name: 'Base URL' }).fill(form.baseUrl);
  if (form.key !== undefined) await panel.getByLabel(/^API key/).fill(form.key);
  await panel.getByLabel('Model', { exact: true }).fill(form.model);
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  if (editing) await panel.getByRole('button', { name: 'Close settings' }).click();
}

/** Types a question in the composer and sends it with Enter. */
export async function ask(panel: Page, question: string): Promise<void> {
  const box = panel.getByLabel('Your question');
  await box.fill(question);
  await box.press('Enter');
}

/** The worker's raw reply to one protocol message. */
export interface Reply {
  ok: boolean;
  value?: unknown;
  error?: string;
}

/** Sends one protocol message from an extension page (as the panel's `send` does). */
export async function request<K extends MessageName>(page: Page, name: K, payload: Req<K>): Promise<Reply> {
  return page.evaluate(([n, p]) => chrome.runtime.sendMessage<unknown, Reply>({ gloss: 1, name: n, payload: p }), [
    name,
    payload,
  ] as const);
}

/**
 * Imports an export file from an extension page the way the History page does: its text in
 * pieces on the import port. Resolves to the worker's result.
 */
export async function importHistory(
  page: Page,
  file: unknown,
): Promise<{ type: string; imported?: number; message?: string }> {
  return page.evaluate((text) => {
    const port = chrome.runtime.connect({ name: 'gloss.import' });
    return new Promise((resolve) => {
      port.onMessage.addListener((result: { type: string }) => resolve(result));
      for (let at = 0; at < text.length; at += 4_000_000)
        port.postMessage({ type: 'piece', text: text.slice(at, at + 4_000_000) });
      port.postMessage({ type: 'end' });
    });
  }, JSON.stringify(file));
}

/**
 * Saves the scripted provider at `baseUrl` (OpenAI-compatible, `test-model`) through the worker's
 * message API, for tests whose point is not the settings form (it is tested on its own).
 */
export async function saveTestProvider(page: Page, baseUrl: string): Promise<void> {
  const provider = { preset: 'custom' as const, kind: 'openai' as const, name: 'Test', baseUrl, model: 'test-model' };
  const saved = await request(page, 'provider.save', { provider });
  if (!saved.ok) throw new Error(`the test provider was not saved: ${saved.error ?? ''}`);
}

/** The last turn of the conversation shown, and its answer's text. */
export const lastTurn = (page: Page) => page.locator('.turn').last();
export const answerText = (page: Page) => lastTurn(page).locator('.answer').textContent();
/** The last answer's text when tool steps split it into parts: the parts, a line apart. */
export const answerParts = (page: Page) =>
  lastTurn(page)
    .locator('.answer')
    .allTextContents()
    .then((parts) => parts.join('\n'));

export async function newChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New chat' }).click();
}
