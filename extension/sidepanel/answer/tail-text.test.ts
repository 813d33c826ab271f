import { describe, expect, test } from 'vitest';
import { addedText } from './tail-text';

describe('the text a new tail adds', () => {
  test('words added at the end of a paragraph', () => {
    expect(addedText('<p>Hello</p>\n', '<p>Hello, world</p>\n')).toEqual({
      text: ', world',
      path: [{ tag: 'p', newline: true }],
    });
  });

  test('inside the inline element the paragraph ends in, and inside a quote', () => {
    expect(addedText('<p>a <em>b</em></p>\n', '<p>a <em>bc</em></p>\n')?.path).toEqual([
      { tag: 'p', newline: true },
      { tag: 'em', newline: false },
    ]);
    expect(addedText('<blockquote>\n<p>a</p>\n</blockquote>\n', '<blockquote>\n<p>ab</p>\n</blockquote>\n')).toEqual({
      text: 'b',
      path: [
        { tag: 'blockquote', newline: true },
        { tag: 'p', newline: true },
      ],
    });
  });

  test('after an inline element that closed: in the paragraph, after it', () => {
    expect(addedText('<p>a <em>b</em></p>\n', '<p>a <em>b</em> c</p>\n')).toEqual({
      text: ' c',
      path: [{ tag: 'p', newline: true }],
    });
  });

  test('a line break in the new text is text too', () => {
    expect(addedText('<p>one</p>\n', '<p>one\ntwo</p>\n')?.text).toBe('\ntwo');
  });

  test('nothing when the tail changes otherwise: markup, entities, a new block, less text', () => {
    // Emphasis closed by the new text: the words before it are now inside an element.
    expect(addedText('<p>a *b</p>\n', '<p>a <em>b</em></p>\n')).toBeNull();
    expect(addedText('<p>a</p>\n', '<p>a &amp; b</p>\n')).toBeNull();
    // Characters the parser would not keep as they are.
    expect(addedText('<p>a</p>\n', '<p>a\r\nb</p>\n')).toBeNull();
    expect(addedText('<p>a</p>\n', '<p>a\0b</p>\n')).toBeNull();
    expect(addedText('<p>a</p>\n', '<p>a</p>\n<p>b</p>\n')).toBeNull();
    expect(addedText('<h2>Title</h2>\n', '<p>Title\n=</p>\n')).toBeNull();
    expect(addedText('<p>ab</p>\n', '<p>a</p>\n')).toBeNull();
    expect(addedText('<p>a</p>\n', '<p>a</p>\n')).toBeNull();
    expect(addedText('', '<p>a</p>\n')).toBeNull();
  });

  test('nothing where the parser treats text apart: tables and preformatted text', () => {
    expect(
      addedText(
        '<table><tbody><tr><td>a</td></tr></tbody></table>\n',
        '<table><tbody><tr><td>ab</td></tr></tbody></table>\n',
      ),
    ).toBeNull();
    expect(addedText('<pre><code>a</code></pre>\n', '<pre><code>ab</code></pre>\n')).toBeNull();
  });
});
