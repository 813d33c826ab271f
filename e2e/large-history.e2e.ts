/**
 * A history larger than Chrome's 64 MiB message limit: imported through the History page's file
 * picker, opened, exported, deleted and brought back with Undo, and imported again. Fourteen
 * conversations each quote a different 5 MB page (a quote is at most 5 M characters), and one of
 * them has the quote in four versions of its question (Regenerate keeps the material).
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startConfiguredSession, type Session } from './session';

const CONVERSATIONS = 14;
const QUOTE_CHARS = 5_000_000;
const MIB = 1024 * 1024;

let session: Session;
let panel: Page;
let file: string;

const uuid = (n: number, kind: number) => `00000000-0000-4000-8000-${String(kind * 1000 + n).padStart(12, '0')}`;

/** A page text of QUOTE_CHARS characters, different for each conversation. */
function quote(n: number): string {
  const line = `Page ${n} says something about topic ${n}. `;
  return `Start of page ${n}. ${line.repeat(Math.ceil(QUOTE_CHARS / line.length))}`.slice(0, QUOTE_CHARS);
}

function conversation(n: number) {
  const id = uuid(n, 1);
  const versions = n === 0 ? 4 : 1;
  const turns = Array.from({ length: versions }, (_, v) => ({
    id: uuid(n * 10 + v, 2),
    conversationId: id,
    parentId: null,
    createdAt: 1_700_000_000_000 + n * 1000 + v,
    question: `What does page ${n} say?`,
    attachments: [{ kind: 'page', title: `Page ${n}`, url: `https://example.test/${n}`, text: quote(n) }],
    answer: `Version ${v + 1}: page ${n} is about topic ${n}.`,
    status: 'done',
  }));
  const leafId = turns[turns.length - 1]!.id;
  return {
    conversation: { id, title: `Big page ${n}`, titleEdited: false, createdAt: 1, updatedAt: 1 + n, leafId },
    turns,
  };
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gloss-large-'));
  file = join(dir, 'large.json');
  const conversations = Array.from({ length: CONVERSATIONS }, (_, n) => conversation(n));
  writeFileSync(file, JSON.stringify({ format: 'gloss.conversations', version: 1, exportedAt: 1, conversations }));
  session = await startConfiguredSession();
  panel = session.panel;
}, 120_000);

afterAll(() => session.close());

async function openHistory(): Promise<void> {
  await panel.getByRole('button', { name: 'History' }).click();
}

const status = () => panel.locator('.history').getByRole('status').textContent();

test('a history over 64 MiB imports, opens, exports, survives delete and Undo, and imports again', async () => {
  expect(statSync(file).size).toBeGreaterThan(64 * MIB);
  await openHistory();
  await panel.locator('input[type=file]').setInputFiles(file);
  await expect.poll(status, { timeout: 60_000 }).toContain(`Imported ${CONVERSATIONS} conversations`);

  // The conversation with four versions of a 5 MB quote opens, showing the quote's start.
  await panel.locator('.history-item', { hasText: 'Big page 0' }).click();
  await expect.poll(() => panel.locator('.answer').last().textContent(), { timeout: 30_000 }).toContain('Version 4');
  expect(await panel.locator('.quoted').first().textContent()).toContain('Start of page 0.');

  // Export all: one file larger than any one message may be, with every quote whole.
  await openHistory();
  const downloading = panel.waitForEvent('download', { timeout: 120_000 });
  await panel.getByRole('button', { name: 'Export all as JSON' }).click();
  const exported = await (await downloading).path();
  expect(statSync(exported).size).toBeGreaterThan(64 * MIB);
  const parsed = JSON.parse(readFileSync(exported, 'utf8')) as { conversations: ReturnType<typeof conversation>[] };
  expect(parsed.conversations).toHaveLength(CONVERSATIONS);
  const big = parsed.conversations.find((c) => c.conversation.title === 'Big page 0')!;
  expect(big.turns).toHaveLength(4);
  for (const turn of big.turns) expect(turn.attachments[0]!.text).toBe(quote(0));

  // Delete and Undo the largest conversation.
  const row = panel.locator('.history-list li', { hasText: 'Big page 0' });
  await row.getByLabel(/^Actions for/).click();
  await row.getByRole('menuitem', { name: 'Delete' }).click();
  await expect.poll(status).toContain('Deleted “Big page 0”');
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(status).toContain('Restored “Big page 0”');

  // The export, read whole again, adds no duplicate: every conversation in it is still here.
  await panel.locator('input[type=file]').setInputFiles(exported);
  await expect
    .poll(status, { timeout: 60_000 })
    .toContain(`Imported 0 conversations. ${CONVERSATIONS} were already in your history`);
  await expect.poll(() => panel.locator('.history-item', { hasText: 'Big page 0' }).count()).toBe(1);
}, 300_000);
