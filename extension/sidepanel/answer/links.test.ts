import { expect, test } from 'vitest';
import { isWebImage, linkTarget } from './links';

test.each([
  ['#fn-1', { kind: 'anchor', id: 'fn-1' }],
  ['#caf%C3%A9', { kind: 'anchor', id: 'café' }],
  ['https://example.com/a?b', { kind: 'web', url: 'https://example.com/a?b' }],
  ['HTTP://EXAMPLE.COM', { kind: 'web', url: 'HTTP://EXAMPLE.COM' }],
  ['mailto:someone@example.com', { kind: 'web', url: 'mailto:someone@example.com' }],
  ['javascript:alert(1)', null],
  ['chrome://settings', null],
  ['relative/page.html', null],
  ['', null],
])('a link to %j leads to %j', (href, to) => {
  expect(linkTarget(href)).toEqual(to);
});

test('only web images load, never data: or javascript: ones, whatever the answer says', () => {
  const sources = [
    'https://img.example.com/a.png',
    'http://img.example.com/a.png',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    '',
  ];
  expect(sources.filter(isWebImage)).toEqual(['https://img.example.com/a.png', 'http://img.example.com/a.png']);
});
