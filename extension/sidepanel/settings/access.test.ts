import { describe, expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { describeAccess } from './access';

const providers = [
  { name: 'OpenAI', baseUrl: 'https://api.openai.com/v1' },
  { name: 'llama.cpp', baseUrl: 'http://127.0.0.1:8080/v1' },
  { name: 'Work proxy', baseUrl: 'https://api.openai.com/v1/' },
];

describe('what Settings lists as Gloss’s access', () => {
  test('each site granted, with the providers that would ask again, and the tab list', () => {
    const granted = {
      origins: ['https://api.openai.com/*', 'http://127.0.0.1/*', 'https://old.example/*'],
      permissions: ['contextMenus', 'tabs'],
    };
    expect(describeAccess(granted, providers)).toEqual({
      sites: [
        { pattern: 'http://127.0.0.1/*', site: 'http://127.0.0.1', usedBy: ['llama.cpp'] },
        { pattern: 'https://api.openai.com/*', site: 'https://api.openai.com', usedBy: ['OpenAI', 'Work proxy'] },
        { pattern: 'https://old.example/*', site: 'https://old.example', usedBy: [] },
      ],
      tabs: true,
    });
  });

  test('nothing granted is nothing listed', () => {
    expect(describeAccess({}, providers)).toEqual({ sites: [], tabs: false });
  });

  test('every website first, and the search engine’s site, named for what uses them', () => {
    const granted = { origins: ['https://*/*', 'http://*/*', 'https://api.search.brave.com/*'] };
    const web = { engine: 'brave', searxngUrl: '' } as const;
    expect(describeAccess(granted, providers, web).sites).toEqual([
      { pattern: 'http://*/*', site: 'Every website (http)', usedBy: ['Reading pages on any site'] },
      { pattern: 'https://*/*', site: 'Every website (https)', usedBy: ['Reading pages on any site'] },
      {
        pattern: 'https://api.search.brave.com/*',
        site: 'https://api.search.brave.com',
        usedBy: ['Web search (Brave Search)'],
      },
    ]);
    // Once another engine is chosen, its site is no longer said to be used.
    expect(describeAccess(granted, providers, { engine: 'duckduckgo', searxngUrl: '' }).sites[2]?.usedBy).toEqual([]);
  });

  test('in Chrome a server on this computer by its port, and the ports Find local models tried', () => {
    const local = [...providers, { name: 'LM Studio', baseUrl: 'http://localhost:1234/v1' }];
    const granted = { origins: ['http://localhost:1234/*', 'http://localhost:11434/*', 'http://127.0.0.1:8080/*'] };
    expect(describeAccess(granted, local).sites).toEqual([
      { pattern: 'http://127.0.0.1:8080/*', site: 'http://127.0.0.1:8080', usedBy: ['llama.cpp'] },
      { pattern: 'http://localhost:11434/*', site: 'http://localhost:11434', usedBy: [t('accessLocalSearch')] },
      { pattern: 'http://localhost:1234/*', site: 'http://localhost:1234', usedBy: ['LM Studio'] },
    ]);
  });
});
