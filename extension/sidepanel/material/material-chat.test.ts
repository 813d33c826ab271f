import { describe, expect, test } from 'vitest';
import { sourcesStartNewChat, startsNewChat } from './material-chat';

const about = (url: string) => ({ attachments: [{ url }] });

describe('page material', () => {
  test.each([
    ['from another page starts a new chat', 'https://b.test/', [about('https://a.test/')], true],
    ['from a page the chat is about joins it', 'https://a.test/x', [{}, about('https://a.test/x')], false],
    ['from the same page at another anchor joins it', 'https://a.test/x#part', [about('https://a.test/x#top')], false],
    ['for a chat about no page starts a new one', 'https://a.test/', [{}, {}], true],
    ['with no chat open goes to a new one anyway', 'https://a.test/', [], false],
    ['given in the panel (a PDF from disk) joins the open chat', '', [about('https://a.test/')], false],
  ])('%s', (_, url, shown, fresh) => {
    expect(startsNewChat(url, shown)).toBe(fresh);
  });
});

describe('several sources', () => {
  const shown = [about('https://a.test/')];
  test('all from other pages start a new chat', () => {
    expect(sourcesStartNewChat([{ url: 'https://b.test/' }, { url: 'https://c.test/' }], shown)).toBe(true);
  });
  test('one from the page the chat is about keeps them all in it', () => {
    expect(sourcesStartNewChat([{ url: 'https://b.test/' }, { url: 'https://a.test/' }], shown)).toBe(false);
  });
  test('none is no reason for a new chat', () => {
    expect(sourcesStartNewChat([], shown)).toBe(false);
  });
});
