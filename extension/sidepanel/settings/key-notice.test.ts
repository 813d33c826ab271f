import { describe, expect, test } from 'vitest';
import { keyNotice } from './ProviderFields';

const saved = { baseUrl: 'https://api.openai.com/v1', hasApiKey: true };

describe('what the key field says before Save', () => {
  test('a new origin: the saved key stays behind until typed again', () => {
    expect(keyNotice(saved, 'https://other.example/v1', undefined)).toBe(
      'The saved key is sent only to https://api.openai.com. To use https://other.example, type its key again, or tick “Remove the saved key”.',
    );
    expect(keyNotice(saved, 'https://api.openai.com/v2', undefined)).toBeNull();
  });

  test('a key over plain http to a public host, typed or kept; none to a private one or without a key', () => {
    const said = 'Gloss won’t send your API key to http://api.example.com over plain http://';
    expect(keyNotice(undefined, 'http://api.example.com/v1', 'sk')).toContain(said);
    const httpSaved = { baseUrl: 'http://api.example.com/v1', hasApiKey: true };
    expect(keyNotice(httpSaved, 'http://api.example.com/v2', undefined)).toContain(said);
    expect(keyNotice(httpSaved, 'http://api.example.com/v2', '')).toBeNull();
    expect(keyNotice(undefined, 'http://192.168.1.5:8080/v1', 'sk')).toBeNull();
    expect(keyNotice(undefined, 'http://api.example.com/v1', undefined)).toBeNull();
  });
});
