import { describe, expect, test } from 'vitest';
import { markdownLink, markdownText } from './markdown-escape';

describe('markdownText', () => {
  test.each([
    ['](javascript:alert(1))', '\\]\\(javascript:alert\\(1\\)\\)'],
    ['# heading', '\\# heading'],
    ['<script>alert(1)</script>', '\\<script\\>alert\\(1\\)\\</script\\>'],
    ['![img](https://x/y.png)', '\\!\\[img\\]\\(https://x/y\\.png\\)'],
    ['*bold* _em_ `code` ~del~ | a', '\\*bold\\* \\_em\\_ \\`code\\` \\~del\\~ \\| a'],
    ['&lt; entity', '\\&lt; entity'],
    ['back\\slash', 'back\\\\slash'],
  ])('keeps %j as text', (input, escaped) => {
    const written = markdownText(input);
    expect(written).toBe(escaped);
    // What a Markdown viewer shows: each escape dropped, the text as it was.
    expect(written.replace(/\\(.)/g, '$1')).toBe(input);
  });

  test('keeps to one line: a title cannot start a heading or list of its own', () => {
    expect(markdownText('A\n# B\r\n- C')).toBe('A \\# B \\- C');
  });

  test('leaves plain words and other scripts alone', () => {
    expect(markdownText('How tides work: Ebbe und Flut, 潮汐')).toBe('How tides work: Ebbe und Flut, 潮汐');
  });
});

describe('markdownLink', () => {
  test('links an http(s) URL, title escaped', () => {
    expect(markdownLink('Tides', 'https://e.org/t?a=1#x')).toBe('[Tides](https://e.org/t?a=1#x)');
  });

  test('puts a URL with parentheses in angle brackets, so they cannot end the link', () => {
    expect(markdownLink('Tides [1]', 'https://e.org/a_(b)?q=1#x')).toBe('[Tides \\[1\\]](<https://e.org/a_(b)?q=1#x>)');
  });

  test('shows the URL when there is no title', () => {
    expect(markdownLink('', 'https://e.org/')).toBe('[https://e\\.org/](https://e.org/)');
  });

  test('a URL cannot close the link or the angle brackets', () => {
    const link = markdownLink('t', 'https://e.org/a b>c<d\\e)');
    expect(link).toBe('[t](<https://e.org/a%20b%3Ec%3Cd/e)>)');
    expect(markdownLink('t', 'https://e.org/?q=<x>\\')).toBe('[t](https://e.org/?q=%3Cx%3E%5C)');
  });

  test.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'not a url'])(
    'writes %j as text, not a link',
    (url) => {
      const md = markdownLink('Page', url);
      expect(md.startsWith('Page (')).toBe(true);
      expect(md).not.toMatch(/\]\(/);
      expect(md).not.toMatch(/(?<!\\)[<[]/);
    },
  );
});
