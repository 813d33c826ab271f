import { describe, expect, test } from 'vitest';
import { isOwnExtensionPage } from './sender';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const CHROME = `chrome-extension://${ID}/`;
const FIREFOX_ID = 'gloss@gloss-extension.org';
const FIREFOX = 'moz-extension://0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/';

describe('isOwnExtensionPage', () => {
  test.each([
    ['the side panel', `${CHROME}extension/sidepanel/index.html`],
    ['the panel page opened in a tab, with a query', `${CHROME}extension/sidepanel/index.html?x=1#y`],
    ['any page of the extension', `${CHROME}other.html`],
  ])('accepts %s', (_, url) => {
    expect(isOwnExtensionPage({ id: ID, url }, ID, CHROME)).toBe(true);
  });

  test("accepts Firefox's sidebar, whose id is the add-on id and whose host is the install's uuid", () => {
    const url = `${FIREFOX}extension/sidepanel/index.html`;
    expect(isOwnExtensionPage({ id: FIREFOX_ID, url }, FIREFOX_ID, FIREFOX)).toBe(true);
  });

  test.each([
    ["Gloss's script injected into a web page", { id: ID, url: 'https://evil.example/page' }],
    ['a web page that names the extension in its path', { id: ID, url: `https://evil.example/${CHROME}` }],
    ['a page of another extension', { id: ID, url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/x.html' }],
    ["the extension's host under another scheme", { id: ID, url: `moz-extension://${ID}/x.html` }],
    ['another extension with our URL', { id: 'other', url: `${CHROME}extension/sidepanel/index.html` }],
    ['a sender without a URL', { id: ID }],
    ['a sender without an id', { url: `${CHROME}extension/sidepanel/index.html` }],
    ['an unparsable URL', { id: ID, url: 'not a url' }],
    ['an empty host', { id: ID, url: 'chrome-extension:///x.html' }],
  ])('refuses %s', (_, sender) => {
    expect(isOwnExtensionPage(sender, ID, CHROME)).toBe(false);
  });

  test('refuses a missing sender (a port without one)', () => {
    expect(isOwnExtensionPage(undefined, ID, CHROME)).toBe(false);
  });

  test('refuses a host that only starts like ours', () => {
    expect(isOwnExtensionPage({ id: ID, url: `chrome-extension://${ID}x/a.html` }, ID, CHROME)).toBe(false);
  });
});
