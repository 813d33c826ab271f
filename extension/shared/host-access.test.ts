import { describe, expect, test } from 'vitest';
import { LOCAL_ORIGINS, unneededOrigins } from './host-access';

const providers = [
  { baseUrl: 'https://api.openai.com/v1' },
  { baseUrl: 'http://192.168.1.5:8080/v1' },
  { baseUrl: 'not a url' },
];

describe('host access no provider needs', () => {
  test('a removed or moved provider’s origin, and one only tested, are given back', () => {
    const granted = [
      'https://api.openai.com/*',
      'http://192.168.1.5/*',
      'https://api.anthropic.com/*',
      'http://typed-once.example/*',
    ];
    expect(unneededOrigins(granted, providers)).toEqual(['https://api.anthropic.com/*', 'http://typed-once.example/*']);
  });

  test('the scheme counts: http access is not https access', () => {
    expect(unneededOrigins(['http://api.openai.com/*'], providers)).toEqual(['http://api.openai.com/*']);
  });

  test('Find local models’ access stays only for a saved provider on it; wildcards Gloss never asks for stay', () => {
    expect(unneededOrigins(['https://*/*', '<all_urls>', 'https://*.example.com/*'], [])).toEqual([]);
    expect(unneededOrigins(LOCAL_ORIGINS, [])).toEqual(LOCAL_ORIGINS);
    expect(unneededOrigins(LOCAL_ORIGINS, [{ baseUrl: 'http://127.0.0.1:8080/v1' }])).toEqual(['http://localhost/*']);
  });

  test('with no providers left, every provider origin goes', () => {
    expect(unneededOrigins(['https://api.openai.com/*'], [])).toEqual(['https://api.openai.com/*']);
  });
});
