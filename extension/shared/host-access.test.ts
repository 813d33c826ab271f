import { describe, expect, test } from 'vitest';
import { accessPattern, localOrigins, neededOrigins, unneededOrigins, widerToSwap } from './host-access';

describe('the pattern asked for a saved address', () => {
  test.each([
    // Chrome: a server on this computer gets its own port, the default one named.
    ['http://127.0.0.1:1234/v1', 'http://127.0.0.1:1234/*'],
    ['http://localhost:11434', 'http://localhost:11434/*'],
    ['http://[::1]:8080/v1', 'http://[::1]:8080/*'],
    ['http://localhost/v1', 'http://localhost:80/*'],
    ['http://localhost:80/v1', 'http://localhost:80/*'],
    ['https://127.0.0.1/v1', 'https://127.0.0.1:443/*'],
    // Any host on an explicit port, that port; on the default one, the host as before.
    ['http://192.168.1.5:8080/v1', 'http://192.168.1.5:8080/*'],
    ['https://api.openai.com/v1', 'https://api.openai.com/*'],
    ['https://api.openai.com:443/v1', 'https://api.openai.com/*'],
    [' https://mcp.example.com/mcp ', 'https://mcp.example.com/*'],
    ['not a url', null],
    ['ftp://127.0.0.1:21/', null],
  ])('%s: %s', (address, pattern) => {
    expect(accessPattern(address, true)).toBe(pattern);
  });

  test('in Firefox, whose patterns cannot name a port, the host (every port)', () => {
    expect(accessPattern('http://127.0.0.1:1234/v1', false)).toBe('http://127.0.0.1/*');
    expect(accessPattern('http://192.168.1.5:8080/v1', false)).toBe('http://192.168.1.5/*');
    expect(accessPattern('https://api.openai.com/v1', false)).toBe('https://api.openai.com/*');
  });
});

describe('what "Find local models" asks for', () => {
  test('in Chrome, the ports of Ollama, LM Studio and llama.cpp on both names of this computer', () => {
    expect(localOrigins(true).sort()).toEqual([
      'http://127.0.0.1:11434/*',
      'http://127.0.0.1:1234/*',
      'http://127.0.0.1:8080/*',
      'http://localhost:11434/*',
      'http://localhost:1234/*',
      'http://localhost:8080/*',
    ]);
  });

  test('in Firefox, the pair of hosts', () => {
    expect(localOrigins(false)).toEqual(['http://localhost/*', 'http://127.0.0.1/*']);
  });
});

const needed = neededOrigins(['https://api.openai.com/v1', 'http://192.168.1.5:8080/v1', 'not a url'], true);

describe('host access nothing saved needs', () => {
  test('a removed or moved provider’s origin, and one only tested, are given back', () => {
    const granted = [
      'https://api.openai.com/*',
      'http://192.168.1.5:8080/*',
      'https://api.anthropic.com/*',
      'http://typed-once.example/*',
      'http://192.168.1.5:9090/*',
    ];
    expect(unneededOrigins(granted, needed)).toEqual([
      'https://api.anthropic.com/*',
      'http://typed-once.example/*',
      'http://192.168.1.5:9090/*',
    ]);
  });

  test('the scheme counts: http access is not https access', () => {
    expect(unneededOrigins(['http://api.openai.com/*'], needed)).toEqual(['http://api.openai.com/*']);
  });

  test('Find local models’ ports stay only for a saved provider on one; wildcards Gloss never asks for stay', () => {
    expect(unneededOrigins(['https://*/*', '<all_urls>', 'https://*.example.com/*'], [])).toEqual([]);
    const local = localOrigins(true);
    expect(unneededOrigins(local, [])).toEqual(local);
    const lmStudio = neededOrigins(['http://127.0.0.1:1234/v1'], true);
    expect(unneededOrigins(local, lmStudio)).toEqual(local.filter((o) => o !== 'http://127.0.0.1:1234/*'));
  });

  test('an older version’s port-less access stays while it holds a needed port, else goes', () => {
    const pair = ['http://localhost/*', 'http://127.0.0.1/*'];
    const lmStudio = neededOrigins(['http://127.0.0.1:1234/v1'], true);
    expect(unneededOrigins(pair, lmStudio)).toEqual(['http://localhost/*']);
    expect(unneededOrigins([...pair, 'http://127.0.0.1:1234/*'], lmStudio)).toEqual(['http://localhost/*']);
    expect(unneededOrigins(['http://192.168.1.5/*'], needed)).toEqual([]);
    expect(unneededOrigins(['http://192.168.1.5/*'], [])).toEqual(['http://192.168.1.5/*']);
  });

  test('in Firefox the pair is what a local provider needs', () => {
    const ollama = neededOrigins(['http://localhost:11434'], false);
    expect(unneededOrigins(localOrigins(false), ollama)).toEqual(['http://127.0.0.1/*']);
  });
});

describe('swapping an older version’s host access for the ports asked', () => {
  const pair = ['http://localhost/*', 'http://127.0.0.1/*'];

  test('once every port asked is inside a host already granted (no prompt was shown)', () => {
    expect(widerToSwap([...pair, 'http://127.0.0.1:1234/*'], ['http://127.0.0.1:1234/*'])).toEqual([
      'http://127.0.0.1/*',
    ]);
    expect(widerToSwap([...pair, ...localOrigins(true)], localOrigins(true))).toEqual(pair);
  });

  test('not when one asked is outside them, nor for a host asked without a port', () => {
    expect(widerToSwap(['http://127.0.0.1/*'], localOrigins(true))).toEqual([]);
    expect(widerToSwap(pair, ['http://127.0.0.1/*'])).toEqual([]);
    expect(widerToSwap(['https://api.openai.com/*'], ['https://api.openai.com/*'])).toEqual([]);
    expect(widerToSwap(pair, [])).toEqual([]);
  });
});
