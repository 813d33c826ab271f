/** Math from a model (which may quote a hostile page) makes nothing clickable or loading. */
import katex from 'katex';
import { describe, expect, test } from 'vitest';
import { mathOptions } from './math-options';

const HOSTILE = [
  String.raw`\href{javascript:alert(1)}{click}`,
  String.raw`\href{https://evil.example/?leak}{click}`,
  String.raw`\url{https://evil.example/}`,
  String.raw`\includegraphics{https://evil.example/pixel.png}`,
  String.raw`\htmlClass{evil}{x}`,
  String.raw`\htmlId{evil}{x}`,
  String.raw`\htmlStyle{background:url(https://evil.example/)}{x}`,
  String.raw`\htmlData{evil=1}{x}`,
];

describe('KaTeX with the panel options', () => {
  test.each(HOSTILE.flatMap((tex) => [[tex, false] as const, [tex, true] as const]))(
    '%s (display %s) makes no link, image or chosen attribute',
    (tex, display) => {
      const html = katex.renderToString(tex, mathOptions(display));
      expect(html).not.toMatch(/<(a|img|image|use)\b|\b(href|src)=/i);
      // The TeX source itself stays as escaped text (MathML's annotation); no attribute carries it.
      const attributes = [...html.matchAll(/\s([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}=${value}`);
      expect(attributes.filter((a) => /evil|javascript:|url\(/i.test(a))).toEqual([]);
    },
  );

  test('ordinary math still typesets', () => {
    const html = katex.renderToString(String.raw`\frac{a}{b} + \sqrt{x}`, mathOptions(false));
    expect(html).toContain('class="mfrac"');
    expect(html).toContain('<math');
  });
});
