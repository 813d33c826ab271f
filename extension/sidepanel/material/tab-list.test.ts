import { expect, test } from 'vitest';
import { pickableTabs } from './tab-list';

test('web pages are listed with their site to ask access to; browser pages are not', () => {
  const tabs = pickableTabs([
    { id: 1, title: 'Tides', url: 'https://news.test/tides?x=1', active: true },
    { id: 2, title: 'Settings', url: 'chrome://settings' },
    { id: 3, title: 'Kettles', url: 'http://127.0.0.1:8080/reviews' },
    { id: 4, title: 'Gloss', url: 'chrome-extension://abc/extension/sidepanel/index.html' },
    { id: 5, title: 'No address' },
    { title: 'No id', url: 'https://a.test/' },
  ]);
  expect(tabs).toEqual([
    {
      id: 1,
      title: 'Tides',
      url: 'https://news.test/tides?x=1',
      host: 'news.test',
      active: true,
      origin: 'https://news.test/*',
    },
    {
      id: 3,
      title: 'Kettles',
      url: 'http://127.0.0.1:8080/reviews',
      host: '127.0.0.1:8080',
      active: false,
      origin: 'http://127.0.0.1/*',
    },
  ]);
});

test('an untitled tab is named by its host', () => {
  expect(pickableTabs([{ id: 7, title: '', url: 'https://a.test/x' }])[0]?.title).toBe('a.test');
});
