import { describe, expect, test } from 'vitest';
import {
  conversationChoice,
  fromOptionValue,
  modelOptions,
  optionValue,
  readRecent,
  RECENT_PER_PROVIDER,
  withRecent,
} from './model-choice';

const settings = {
  defaultProviderId: 'b',
  providers: [
    { id: 'a', model: 'gpt-4o' },
    { id: 'b', model: 'llama3' },
  ],
} as Parameters<typeof conversationChoice>[0];

describe('the choice for a conversation', () => {
  test('is the one stored with it', () => {
    expect(conversationChoice(settings, { providerId: 'a', model: 'gpt-4o-mini' })).toEqual({
      providerId: 'a',
      model: 'gpt-4o-mini',
    });
  });
  test('is the provider’s own model when only the provider was stored (older conversations)', () => {
    expect(conversationChoice(settings, { providerId: 'a' })).toEqual({ providerId: 'a', model: 'gpt-4o' });
  });
  test('is the default for a new chat, and when its provider was removed', () => {
    const byDefault = { providerId: 'b', model: 'llama3' };
    expect(conversationChoice(settings, null)).toEqual(byDefault);
    expect(conversationChoice(settings, { providerId: 'gone', model: 'x' })).toEqual(byDefault);
  });
  test('is none without providers', () => {
    expect(conversationChoice({ providers: [], defaultProviderId: null }, null)).toBeUndefined();
  });
});

describe('the models offered', () => {
  test('recent first, then the one set up, then the list by name, each once', () => {
    expect(modelOptions('m', ['z', 'b', 'm', 'r'], ['r', 'q'])).toEqual(['r', 'q', 'm', 'b', 'z']);
  });
  test('before the list arrives: the recent and the one set up', () => {
    expect(modelOptions('m', undefined, ['q'])).toEqual(['q', 'm']);
  });
  test('a used model goes first, and the list stays short', () => {
    let recent = {};
    for (let i = 0; i < RECENT_PER_PROVIDER + 2; i++) recent = withRecent(recent, { providerId: 'a', model: `m${i}` });
    recent = withRecent(recent, { providerId: 'a', model: 'm3' });
    expect(recent).toEqual({ a: ['m3', 'm6', 'm5', 'm4', 'm2'] });
  });
  test('stored recents that are not lists of names are ignored', () => {
    expect(readRecent('{"a":["x"],"b":3,"c":[1]}')).toEqual({ a: ['x'] });
    expect(readRecent('not json')).toEqual({});
    expect(readRecent(null)).toEqual({});
  });
  test('an option value gives back its choice, even for a model path with colons', () => {
    const choice = { providerId: 'p-1', model: '/root/.cache/x:y/model.gguf' };
    expect(fromOptionValue(optionValue(choice))).toEqual(choice);
  });
});
