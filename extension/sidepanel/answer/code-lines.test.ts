import { describe, expect, test } from 'vitest';
import { codeGroups, fillGroups, GROUP_CHARS, GROUP_LINES, lineGroups, textOf, type Piece } from './code-lines';
import { highlight, highlightGroups } from './highlight';

/** The HTML the pieces stand for, as highlight.js would write it. */
function html(pieces: Piece[]): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return pieces
    .map((p) => (typeof p === 'string' ? escape(p) : `<span class="${p.cls}">${html(p.children)}</span>`))
    .join('');
}

/** Whether every group (but maybe the last) ends with a line's end. */
const endsLines = (groups: Piece[][]) => groups.slice(0, -1).every((g) => textOf(g).endsWith('\n'));

describe('a highlighted code block in groups of lines', () => {
  const rust = Array.from({ length: 100 }, (_, i) => `fn f${i}(x: &str) -> u32 { /* a < b */ ${i} }\n`).join('');

  test('holds exactly the code, in groups of whole lines', () => {
    const groups = highlightGroups(rust, 'rust');
    expect(groups).not.toBeNull();
    expect(groups!.map(textOf).join('')).toBe(rust);
    expect(groups).toHaveLength(Math.ceil(100 / GROUP_LINES));
    expect(endsLines(groups!)).toBe(true);
    // The same spans as highlight.js's own HTML, only split where groups end.
    expect(groups!.map(html).join('')).toBe(highlight(rust, 'rust'));
  });

  test('a string over a group’s end is closed there and opened again in the next group', () => {
    const lines = Array.from({ length: GROUP_LINES + 5 }, (_, i) => `line ${i}`);
    const code = `let s = "${lines.join('\n')}";\n`;
    const groups = highlightGroups(code, 'javascript')!;
    expect(groups).toHaveLength(2);
    expect(endsLines(groups)).toBe(true);
    const opened = groups[1]?.[0];
    expect(typeof opened === 'object' && opened.cls).toBe('hljs-string');
    expect(groups.map(textOf).join('')).toBe(code);
  });

  test('model text that looks like markup stays text', () => {
    const code = '<script>alert("x")</script> &amp; <img src=x onerror=alert(1)>\n';
    const groups = highlightGroups(code, 'xml')!;
    expect(groups.map(textOf).join('')).toBe(code);
    // Pieces are text the panel puts in text nodes: the angle brackets and the entity the model
    // wrote are characters in them, never decoded again.
    const strings = (pieces: Piece[]): string[] =>
      pieces.flatMap((p) => (typeof p === 'string' ? [p] : strings(p.children)));
    expect(strings(groups.flat())).toContain('</');
    expect(strings(groups.flat())).toContain('&amp;');
  });

  test('anything but what highlight.js writes is refused', () => {
    expect(codeGroups('<b>x</b>', 'x')).toBeNull();
    expect(codeGroups('<span class="a" onclick="x">x</span>', 'x')).toBeNull();
    expect(codeGroups('<span class="a">x', 'x')).toBeNull();
    expect(codeGroups('x</span>', 'x')).toBeNull();
    expect(codeGroups('a &nbsp; b', 'a \u00a0 b')).toBeNull();
    expect(codeGroups('a & b', 'a & b')).toBeNull();
    // Well formed, but not the code it was given.
    expect(codeGroups('<span class="a">y</span>', 'x')).toBeNull();
    expect(codeGroups('<span class="hljs-keyword">fn</span> &lt;&#x27;a&gt;', "fn <'a>")).toEqual([
      [{ cls: 'hljs-keyword', children: ['fn'] }, " <'a>"],
    ]);
  });

  test('a language Gloss does not highlight gives nothing', () => {
    expect(highlightGroups('x', 'cobol')).toBeNull();
  });

  test('the plain text is put in the same groups of lines as its highlighting', () => {
    const long = 'x'.repeat(3_000);
    const samples: [string, string][] = [
      [rust, 'rust'],
      [`let s = "${'a\n'.repeat(60)}";\n// done`, 'javascript'],
      [`${long}\nshort\n${long}\n`, 'bash'],
      ['', 'python'],
    ];
    for (const [code, language] of samples) {
      expect(highlightGroups(code, language)!.map(textOf)).toEqual(lineGroups(code));
    }
  });
});

describe('an open code block filling its groups of lines as it streams', () => {
  test('makes the groups lineGroups makes of the whole text, however the text arrives', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const code = Array.from({ length: 140 }, (_, i) => 'x'.repeat(random(i % 17 === 0 ? 400 : 60)) + '\n').join('');
    for (let run = 0; run < 20; run++) {
      const groups: string[] = [];
      let group = '';
      let fill = { lines: 0, chars: 0 };
      for (let at = 0; at < code.length;) {
        const size = 1 + random(run % 2 ? 9 : 200);
        const { pieces, next } = fillGroups(fill, code.slice(at, at + size));
        // The first piece goes on filling the group; each later one starts a group of its own.
        for (const [i, piece] of pieces.entries()) {
          if (i > 0) {
            groups.push(group);
            group = '';
          }
          group += piece;
        }
        fill = next;
        at += size;
      }
      groups.push(group);
      // A group sealed at the very end leaves an empty one to fill next, which holds no line.
      expect(groups.filter((g) => g !== '')).toEqual(lineGroups(code));
    }
  });

  test('ends a group only where a line ends', () => {
    const long = 'y'.repeat(GROUP_CHARS * 2);
    expect(fillGroups({ lines: 0, chars: 0 }, long).pieces).toEqual([long]);
    expect(fillGroups({ lines: GROUP_LINES - 1, chars: 10 }, 'a\nb').pieces).toEqual(['a\n', 'b']);
  });
});
