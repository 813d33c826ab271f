// KaTeX with its stylesheet, loaded on first use by enhance.ts.
import 'katex/dist/katex.min.css';
export { default } from 'katex';

/** The faces most formulas use. */
const FACES = ['KaTeX_Main', 'italic KaTeX_Main', 'bold KaTeX_Main', 'italic KaTeX_Math', 'KaTeX_Size1', 'KaTeX_AMS'];

/**
 * Loads KaTeX's common fonts now, while the first formula is still being written. Loaded only
 * once a formula used them (font-display: block), their arrival most likely caused the long
 * relayouts without script of their own that issue 13's bench saw near the end of answers with
 * math.
 */
export function loadFonts(): void {
  for (const face of FACES) {
    document.fonts.load(`16px ${face}`).catch((e: unknown) => console.warn('Gloss: a KaTeX font did not load', e));
  }
}
