/** The worker gives back what no provider needs, with the browser's permissions API faked. */
import { describe, expect, test, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings';

const granted = vi.hoisted(() => ({ origins: [] as string[], removed: [] as string[][] }));
vi.mock('webextension-polyfill', () => ({
  default: {
    permissions: {
      getAll: async () => ({ origins: [...granted.origins] }),
      remove: async ({ origins }: { origins: string[] }) => {
        granted.removed.push(origins);
        granted.origins = granted.origins.filter((o) => !origins.includes(o));
        return true;
      },
    },
  },
}));

const { releaseUnneededOrigins } = await import('./host-access');

describe('releaseUnneededOrigins', () => {
  test('removes the origins of providers no longer saved, and nothing when all are needed', async () => {
    granted.origins = ['https://api.openai.com/*', 'https://old.example/*', 'http://127.0.0.1/*'];
    const provider = { id: 'p', preset: 'openai', kind: 'openai', name: 'P', apiKey: '', model: 'm' } as const;
    const settings = { ...DEFAULT_SETTINGS, providers: [{ ...provider, baseUrl: 'https://api.openai.com/v1' }] };
    await releaseUnneededOrigins(settings);
    expect(granted.removed).toEqual([['https://old.example/*', 'http://127.0.0.1/*']]);
    expect(granted.origins).toEqual(['https://api.openai.com/*']);
    await releaseUnneededOrigins(settings);
    expect(granted.removed).toHaveLength(1);
  });

  test("keeps an MCP server's origin while it is saved, and gives it back once it is removed", async () => {
    granted.origins = ['https://mcp.example.com/*'];
    granted.removed = [];
    const server = {
      id: 's',
      name: 'S',
      url: 'https://mcp.example.com/mcp',
      headerNames: [],
      enabled: true,
      policies: {},
    };
    await releaseUnneededOrigins({ ...DEFAULT_SETTINGS, mcpServers: [server] });
    expect(granted.removed).toEqual([]);
    await releaseUnneededOrigins(DEFAULT_SETTINGS);
    expect(granted.removed).toEqual([['https://mcp.example.com/*']]);
  });

  test("keeps the chosen search engine's origin, and gives back the one before once another is chosen", async () => {
    granted.origins = ['https://api.search.brave.com/*', 'https://html.duckduckgo.com/*', 'https://*/*'];
    granted.removed = [];
    const brave = { ...DEFAULT_SETTINGS, web: { ...DEFAULT_SETTINGS.web, engine: 'brave' as const } };
    await releaseUnneededOrigins(brave);
    // "Any site" is the user's own choice (Settings → Web), never given back here.
    expect(granted.origins).toEqual(['https://api.search.brave.com/*', 'https://*/*']);
    await releaseUnneededOrigins(DEFAULT_SETTINGS);
    expect(granted.origins).toEqual(['https://*/*']);
  });

  test('a local provider keeps its port, and an older version’s host access while it holds that port', async () => {
    granted.origins = [
      'http://localhost/*',
      'http://127.0.0.1/*',
      'http://127.0.0.1:1234/*',
      'http://127.0.0.1:8080/*',
    ];
    granted.removed = [];
    const provider = {
      id: 'p',
      preset: 'lmstudio',
      kind: 'openai',
      name: 'LM Studio',
      apiKey: '',
      model: 'm',
    } as const;
    const searxng = { ...DEFAULT_SETTINGS.web, engine: 'searxng' as const, searxngUrl: 'http://localhost:8888' };
    const settings = {
      ...DEFAULT_SETTINGS,
      web: searxng,
      providers: [{ ...provider, baseUrl: 'http://127.0.0.1:1234/v1' }],
    };
    await releaseUnneededOrigins(settings);
    // Giving back the port-less pattern would take the port along, with no gesture to ask again.
    expect(granted.removed).toEqual([['http://127.0.0.1:8080/*']]);
    expect(granted.origins).toEqual(['http://localhost/*', 'http://127.0.0.1/*', 'http://127.0.0.1:1234/*']);
    await releaseUnneededOrigins(DEFAULT_SETTINGS);
    expect(granted.origins).toEqual([]);
  });
});
