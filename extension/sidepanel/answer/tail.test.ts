import { describe, expect, test } from 'vitest';
import type { RenderPatch } from '../../../crates/gloss-wasm/pkg/gloss_wasm';
import { nextTail, type TailChange } from './tail';

const NONE: TailChange = { kind: 'none' };
const html = (tail: string): RenderPatch => ({ frozen: [], tail });
const code = (append: string, live: string, skeleton = ''): RenderPatch => ({
  frozen: [],
  tail: skeleton,
  tailCode: { append, live },
});
const fold = (...patches: RenderPatch[]) => patches.reduce(nextTail, NONE);

describe("a frame's tail", () => {
  test('is left alone without patches', () => {
    expect(fold()).toEqual(NONE);
  });

  test('is the last HTML tail sent', () => {
    expect(fold(html('<p>a</p>'), html('<p>ab</p>'))).toEqual({ kind: 'html', html: '<p>ab</p>' });
  });

  test('in a code block, appends the text of every patch and shows the last unfinished line', () => {
    const skeleton = '<pre><code class="language-js"></code></pre>';
    expect(fold(code('', 'let', skeleton), code('let a;\n', 'a', ''), code('a++;\n', 'b', ''))).toEqual({
      kind: 'code',
      skeleton,
      append: 'let a;\na++;\n',
      live: 'b',
    });
  });

  test('carries on the code block already shown when the frame starts inside it', () => {
    expect(fold(code('x\n', ''), code('y\n', 'z'))).toEqual({
      kind: 'code',
      skeleton: null,
      append: 'x\ny\n',
      live: 'z',
    });
  });

  test('starts over with a new code block', () => {
    expect(fold(code('old\n', ''), code('', 'new', '<pre><code></code></pre>'))).toEqual({
      kind: 'code',
      skeleton: '<pre><code></code></pre>',
      append: '',
      live: 'new',
    });
  });

  test('is HTML again once the code block closes', () => {
    expect(fold(code('x\n', ''), html('<p>after</p>'))).toEqual({ kind: 'html', html: '<p>after</p>' });
  });
});

const rows = (append: string, live: string, skeleton = '', after?: string): RenderPatch => ({
  frozen: [],
  tail: skeleton,
  tailRows: { append, live, ...(after === undefined ? {} : { after }) },
});

describe("a frame's open table or list", () => {
  const skeleton = '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n</tbody>\n</table>\n';

  test('appends every finished row and shows the last unfinished one and what follows', () => {
    expect(
      fold(
        rows('<tr><td>1</td></tr>', '<tr><td>2</td></tr>', skeleton),
        rows('<tr><td>2</td></tr>', '', '', '<p>|</p>'),
      ),
    ).toEqual({
      kind: 'rows',
      skeleton,
      append: '<tr><td>1</td></tr><tr><td>2</td></tr>',
      live: '',
      after: '<p>|</p>',
    });
  });

  test('carries on the rows already shown when the frame starts inside the table', () => {
    expect(fold(rows('<li>a</li>', '<li>b</li>'))).toEqual({
      kind: 'rows',
      skeleton: null,
      append: '<li>a</li>',
      live: '<li>b</li>',
      after: '',
    });
  });

  test('is HTML again once the block is frozen', () => {
    expect(fold(rows('<li>a</li>', ''), html('<p>after</p>'))).toEqual({ kind: 'html', html: '<p>after</p>' });
  });
});
