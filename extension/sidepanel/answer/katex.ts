// KaTeX with its stylesheet, loaded on first use by enhance.ts.
import 'katex/dist/katex.min.css';
export { default } from 'katex';
