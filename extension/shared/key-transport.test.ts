import { describe, expect, test } from 'vitest';
import { isPrivateHost, keyMayTravel, keyMissing } from './key-transport';

describe('where a key may travel over plain http', () => {
  test.each([
    'http://localhost:11434',
    'http://LOCALHOST:8080/v1',
    'http://ollama.localhost/',
    'http://studio.local:1234/v1',
    'http://127.0.0.1:8080/v1',
    'http://127.8.9.10/',
    'http://0x7f.1/v1', // the browser reads this as 127.0.0.1
    'http://10.1.2.3/v1',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.20:8000/v1',
    'http://169.254.1.1/',
    'http://[::1]:8080/v1',
    'http://[fd12:3456::1]/v1',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://10.0.0.1\\@example.com/', // fetch ends the host at the backslash: 10.0.0.1
    'https://api.openai.com/v1',
    'https://8.8.8.8/',
  ])('%s may carry a key', (url) => {
    expect(keyMayTravel(url)).toBe(true);
  });

  test.each([
    'http://api.openai.com/v1',
    'http://8.8.8.8/',
    'http://172.15.0.1/',
    'http://172.32.0.1/',
    'http://192.169.1.1/',
    'http://11.0.0.1/',
    'http://[2001:db8::1]/',
    'http://[fec0::1]/', // site-local, deprecated: not private any more
    'http://localhost.example.com/',
    'http://127.0.0.1.nip.io/',
    'http://local/',
    'http://10.0.0.1@evil.example/', // the host is evil.example
    'ftp://127.0.0.1/',
    'not a url',
  ])('%s may not', (url) => {
    expect(keyMayTravel(url)).toBe(false);
  });

  test('hosts as the URL parser writes them', () => {
    expect(isPrivateHost('[::1]')).toBe(true);
    expect(isPrivateHost('[::ffff:7f00:1]')).toBe(false);
    expect(isPrivateHost('1.2.3')).toBe(false);
  });
});

describe('a cloud preset without its key', () => {
  test('is asked for the key at its public host', () => {
    expect(keyMissing('openai', 'https://api.openai.com/v1', false)).toContain('OpenAI needs an API key');
    expect(keyMissing('anthropic', 'https://api.anthropic.com', false)).toContain('console.anthropic.com');
  });

  test('is left alone with a key, at a local server, or for presets that need none', () => {
    expect(keyMissing('openai', 'https://api.openai.com/v1', true)).toBeNull();
    expect(keyMissing('openai', 'http://127.0.0.1:8080/v1', false)).toBeNull();
    expect(keyMissing('ollama', 'http://localhost:11434', false)).toBeNull();
    expect(keyMissing('custom', 'https://llm.example.com/v1', false)).toBeNull();
  });
});
