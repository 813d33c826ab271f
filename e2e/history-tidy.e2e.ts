/**
 * The history as a user tidies it (issue 12): an empty one offers only Import; importing the
 * same export twice adds nothing and says so; a JSON that is not an export is refused in plain
 * words; Rename starts with the old title selected; a search shows what matched; saving the time
 * limits says so.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ask } from './panel';
import { startConfiguredSession, type Session } from './session';
import { SSE_DONE, ssePieces } from './sse';

let session: Session;
let panel: Page;

beforeAll(async () => {
  session = await startConfiguredSession();
  panel = session.panel;
});

afterAll(() => session.close());

describe('an empty history', () => {
  test('offers Import, but no Export all with nothing to export', async () => {
    await panel.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => panel.locator('.history').textContent()).toContain('No conversations yet');
    expect(await panel.getByText('Import JSON').count()).toBe(1);
    expect(await panel.getByRole('button', { name: 'Export all as JSON' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'History' }).click();
  });
});

describe('the history', () => {
  // Two conversations to export.
  beforeAll(async () => {
    for (const question of ['First topic', 'Second topic']) {
      await panel.getByRole('button', { name: 'New chat' }).click();
      session.server.enqueue({ kind: 'stream', chunks: [...ssePieces([`About ${question}.`]), SSE_DONE], delayMs: 1 });
      await ask(panel, question);
      await panel.locator('.turn[data-status=done]', { hasText: question }).waitFor();
    }
  });

  test('importing the same file twice adds nothing and says so; other JSON is plainly refused', async () => {
    await panel.getByRole('button', { name: 'History' }).click();
    const rows = panel.locator('.history-list li');
    await expect.poll(() => rows.count()).toBe(2);
    const downloading = panel.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export all as JSON' }).click();
    const file = await (await downloading).path();
    expect(readFileSync(file, 'utf8')).toContain('gloss.conversations');

    await panel.locator('input[type=file]').setInputFiles(file);
    const status = panel.locator('.history').getByRole('status');
    await expect.poll(() => status.textContent()).toContain('Imported 0 conversations. 2 were already');
    expect(await rows.count()).toBe(2);

    const other = join(mkdtempSync(join(tmpdir(), 'gloss-import-')), 'package.json');
    writeFileSync(other, JSON.stringify({ name: 'not-gloss', version: '1.0.0' }));
    await panel.locator('input[type=file]').setInputFiles(other);
    const alert = panel.locator('.history').getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('This file is not a Gloss export.');
    expect(await alert.textContent()).not.toContain('Expected');
  });

  test('Rename starts with the old title selected, so typing replaces it', async () => {
    const row = panel.locator('.history-list li').first();
    const title = (await row.locator('.title').textContent()) ?? '';
    await row.getByLabel(/^Actions for/).click();
    await row.getByRole('menuitem', { name: 'Rename' }).click();
    const input = panel.getByLabel('New title');
    const selected = await input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]);
    expect(selected).toEqual([0, title.length]);
    await input.press('Escape');
  });

  test('a search shows what matched in each conversation, its words marked, as text', async () => {
    await panel.getByRole('button', { name: 'History' }).click(); // back to the chat
    await panel.getByRole('button', { name: 'New chat' }).click();
    const answer = 'Tags like <img src=x onerror="document.title=1"> stay text; the octopus hides.';
    session.server.enqueue({ kind: 'stream', chunks: [...ssePieces([answer]), SSE_DONE], delayMs: 1 });
    await ask(panel, 'Where is it?');
    await panel.locator('.turn[data-status=done]', { hasText: 'octopus' }).waitFor();

    await panel.getByRole('button', { name: 'History' }).click();
    await panel.getByLabel('Search conversations').fill('octo');
    const rows = panel.locator('.history-list li');
    await expect.poll(() => rows.count()).toBe(1);
    const found = rows.first().locator('.excerpt');
    // Around the match (cut at a word, "…"), the tag's characters shown as they are.
    expect(await found.textContent()).toBe('…document.title=1"> stay text; the octopus hides.');
    expect(await found.locator('mark').allTextContents()).toEqual(['octopus']);
    expect(await found.locator('img').count()).toBe(0);

    await panel.getByLabel('Search conversations').fill('second top');
    await expect.poll(() => rows.first().locator('.excerpt mark').allTextContents()).toEqual(['Second', 'topic']);
    await panel.getByRole('button', { name: 'History' }).click();
  });
});

describe('settings', () => {
  test('saving the time limits says so, until a limit is changed again', async () => {
    await panel.getByRole('button', { name: 'Settings' }).click();
    const form = panel.locator('form.timeouts');
    await form.getByLabel(/first words/i).fill('45');
    await form.getByRole('button', { name: 'Save time limits' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Time limits saved.');
    await form.getByLabel(/first words/i).fill('30');
    expect(await form.getByRole('status').count()).toBe(0);
    await panel.getByRole('button', { name: 'Close settings' }).click();
  });
});
