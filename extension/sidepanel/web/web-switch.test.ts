import { expect, test } from 'vitest';
import { hostOf, switchOn } from './web-switch';

test('turning web search on asks for the engine’s site, and says so when refused', async () => {
  const asked: string[][] = [];
  const yes = (origins: string[]) => (asked.push(origins), Promise.resolve(true));
  expect(await switchOn('https://html.duckduckgo.com/*', yes)).toBeUndefined();
  expect(asked).toEqual([['https://html.duckduckgo.com/*']]);
  const refused = await switchOn('https://api.search.brave.com/*', () => Promise.resolve(false));
  expect(refused).toContain('api.search.brave.com');
  expect(await switchOn(null, yes)).toContain('Settings');
  expect(asked).toHaveLength(1);
});

test('hostOf', () => {
  expect(hostOf('https://html.duckduckgo.com/*')).toBe('html.duckduckgo.com');
});
