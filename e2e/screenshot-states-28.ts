/**
 * The gallery's states from issue 28 (e2e/screenshot.ts): tools. A call waiting for the user,
 * the same call done with its details open, the composer's Tools list, Settings → Tools with a
 * connected server, the round limit, a model that cannot use tools, and a server that cannot be
 * reached, named under the answer. server-everything (the MCP project's reference server)
 * answers on 127.0.0.1; the scripted model speaks OpenAI's wire format
 * (e2e/fixtures/tool-provider.ts).
 */
import type { Page } from 'playwright-core';
import { startEverything } from './fixtures/everything';
import { startToolProvider } from './fixtures/tool-provider';
import { lastTurn, request } from './panel';
import { connected, useProvider } from './tool-loop-support';

type Shoot = (panel: Page, name: string) => Promise<void>;

const ECHO = { tool: 'echo', args: { message: 'hello from the model' } };
const WORDS = {
  en: { ask: 'What does the echo tool say?', allow: 'Allow once', details: 'Details', tools: /^Tools for this chat/ },
  de: {
    ask: 'Was sagt das Echo-Werkzeug?',
    allow: 'Einmal erlauben',
    details: 'Details',
    tools: /^Werkzeuge für diesen Chat/,
  },
};

export async function toolStates(panel: Page, shoot: Shoot, lang: 'en' | 'de'): Promise<void> {
  const [everything, model] = await Promise.all([startEverything(), startToolProvider()]);
  try {
    await useProvider(panel, model.url, 'openai');
    await request(panel, 'mcp.save', { server: { name: 'Everything', url: everything.url } });
    await connected(panel);
    await callStates(panel, shoot, lang, model);
    await limitStates(panel, shoot, lang, model);
    await missingState(panel, shoot, lang, model);
    await panel.locator('.bar button').last().click(); // Settings
    await panel.locator('.tools-settings .mcp-servers li').first().waitFor();
    await panel.locator('#tools-title').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(panel, `settings-tools-${lang}`);
    await panel.locator('.bar button').last().click(); // back to the chat
  } finally {
    await Promise.all([model.close(), everything.stop()]);
  }
}

/** A call waiting for the user, then done with its details open; the chat's Tools list. */
async function callStates(panel: Page, shoot: Shoot, lang: 'en' | 'de', model: { script: (s: typeof ECHO) => void }) {
  const words = WORDS[lang];
  model.script(ECHO);
  await panel.locator('.bar button').first().click(); // New chat
  await panel.locator('textarea').fill(words.ask);
  await panel.locator('textarea').press('Enter');
  const allow = lastTurn(panel).getByRole('button', { name: words.allow });
  await allow.waitFor();
  await shoot(panel, `tool-waiting-${lang}`);
  await allow.click();
  await panel.locator('.turn[data-status="done"]').last().waitFor();
  await lastTurn(panel).getByRole('button', { name: words.details }).click();
  await shoot(panel, `tool-done-${lang}`);
  await panel.getByRole('button', { name: words.tools }).click();
  await panel.locator('#chat-tools').waitFor();
  await shoot(panel, `chat-tools-${lang}`);
  await panel.getByRole('button', { name: words.tools }).click();
}

/** The round limit reached, and a model that cannot use tools (Ollama's refusal). */
async function limitStates(panel: Page, shoot: Shoot, lang: 'en' | 'de', model: Parameters<typeof callStates>[3]) {
  const settings = (await request(panel, 'settings.get', {})).value as { mcpServers: { id: string }[] };
  const id = settings.mcpServers[0]?.id ?? '';
  await request(panel, 'mcp.policy', { id, tool: 'echo', policy: 'allow' });
  await request(panel, 'tools.limits', { maxRounds: 1, callTimeoutSeconds: 60 });
  model.script(ECHO);
  await panel.locator('.bar button').first().click(); // New chat
  await panel.locator('textarea').fill(WORDS[lang].ask);
  await panel.locator('textarea').press('Enter');
  await panel.locator('.turn[data-status="done"]').last().waitFor();
  await shoot(panel, `tool-round-limit-${lang}`);
  await request(panel, 'tools.limits', { maxRounds: 10, callTimeoutSeconds: 60 });
  await request(panel, 'mcp.policy', { id, tool: 'echo', policy: 'ask' });
}

/** A server that cannot be reached when the question is asked: named under the answer. */
async function missingState(panel: Page, shoot: Shoot, lang: 'en' | 'de', model: Parameters<typeof callStates>[3]) {
  const saved = await request(panel, 'mcp.save', { server: { name: 'Offline', url: 'http://127.0.0.1:9/mcp' } });
  const id = (saved.value as { id?: string } | undefined)?.id ?? '';
  model.script(ECHO);
  await panel.locator('.bar button').first().click(); // New chat
  await panel.locator('textarea').fill(WORDS[lang].ask);
  await panel.locator('textarea').press('Enter');
  await lastTurn(panel).locator('.tools-missing').waitFor();
  await lastTurn(panel).getByRole('button', { name: WORDS[lang].allow }).click();
  await panel.locator('.turn[data-status="done"]').last().waitFor();
  await shoot(panel, `tool-missing-${lang}`);
  await request(panel, 'mcp.remove', { id });
}
