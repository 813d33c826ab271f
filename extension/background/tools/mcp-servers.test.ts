import { expect, test } from 'vitest';
import { DEFAULT_SETTINGS, type StoredSettings } from '../../shared/settings';
import type { McpConnection } from './mcp/mcp-connection';
import { McpServers } from './mcp-servers';

const server = (id: string, name: string, enabled = true) => ({
  id,
  name,
  url: `https://${id}.example/mcp`,
  headerNames: [],
  enabled,
  policies: {},
});

test('the enabled servers that could not connect for the last offer are named, with why', async () => {
  const settings: StoredSettings = {
    ...DEFAULT_SETTINGS,
    mcpServers: [server('up', 'Up'), server('down', 'Down'), server('off', 'Off', false)],
  };
  const up: McpConnection = {
    tools: [{ name: 'echo', description: '', parameters: { type: 'object' } }],
    lost: false,
    call: () => Promise.resolve({ isError: false, text: '' }),
    close: () => Promise.resolve(),
  };
  const servers = new McpServers({
    settings: () => Promise.resolve(settings),
    headers: () => Promise.resolve({ headers: {} }),
    connect: ({ url }) =>
      url.includes('down') ? Promise.reject(new Error('Gloss could not reach down.example.')) : Promise.resolve(up),
  });
  expect(servers.missing()).toEqual([]);
  expect((await servers.offered()).map((t) => t.tool)).toEqual(['echo']);
  expect(servers.missing()).toEqual([{ source: 'Down', problem: 'Gloss could not reach down.example.' }]);
});
