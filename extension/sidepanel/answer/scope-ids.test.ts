import { expect, test } from 'vitest';
import { linkTarget } from './links';
import { newScope, scopeIds } from './scope-ids';

/** The core's HTML for an answer with `## Intro`, a link to it and a footnote (`renderMarkdown`). */
const ANSWER = `<h2 id="gloss-h-intro">Intro</h2>
<p>See <a href="#gloss-h-intro">intro</a> and<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup> and <a href="https://example.com/#top" target="_blank" rel="noopener noreferrer">a page</a>.</p>
<p>Text with id=&quot;x&quot; and <code>href=&quot;#q&quot;</code></p>
<section class="footnotes" data-footnotes>
<ol>
<li id="fn-1">
<p>A note. <a href="#fnref-1" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" aria-label="Back to reference 1">↩</a></p>
</li>
</ol>
</section>
`;

const ids = (html: string) => [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]!);
const anchors = (html: string) =>
  [...html.matchAll(/ href="([^"]*)"/g)].flatMap((m) => {
    const to = linkTarget(m[1]!);
    return to?.kind === 'anchor' ? [to.id] : [];
  });

test("two answers with the same headings and footnotes share no id, and each one's links lead within it", () => {
  const first = scopeIds(ANSWER, newScope());
  const second = scopeIds(ANSWER, newScope());
  expect(ids(first)).toHaveLength(3);
  expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
  const pairs: [string, string][] = [
    [first, second],
    [second, first],
  ];
  for (const [own, other] of pairs) {
    expect(anchors(own)).toHaveLength(3);
    for (const id of anchors(own)) {
      expect(ids(own)).toContain(id);
      expect(ids(other)).not.toContain(id);
    }
  }
});

test('web links and text that looks like an attribute are left alone', () => {
  const scoped = scopeIds(ANSWER, 'a9-');
  expect(scoped).toContain('href="https://example.com/#top"');
  expect(scoped).toContain('id=&quot;x&quot;');
  expect(scoped).toContain('<code>href=&quot;#q&quot;</code>');
  expect(scoped).toContain('data-footnote-backref-idx="1"');
});
