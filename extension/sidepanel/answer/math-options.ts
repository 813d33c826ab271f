/**
 * How KaTeX typesets an answer's math. An answer can quote a hostile page, so `trust` stays off:
 * `\href`, `\url`, `\includegraphics` and `\htmlClass`/`\htmlId`/`\htmlStyle`/`\htmlData` then make
 * nothing clickable, nothing that loads, and no attributes of the model's choosing
 * (math-options.test.ts checks each).
 */
import type { KatexOptions } from 'katex';

export function mathOptions(display: boolean): KatexOptions {
  return { displayMode: display, throwOnError: false, output: 'htmlAndMathml', trust: false };
}
