/**
 * Highlights code blocks off the panel's main thread: highlight.js took 80 ms and more for a
 * 30 KB block, a long task when the block ended (issue 13). The panel gets the highlighting as
 * data in groups of lines (code-lines.ts) and builds it from text nodes and spans.
 */
import { highlightGroups } from './highlight';
import type { Piece } from './code-lines';

export interface HighlightRequest {
  id: number;
  text: string;
  language: string;
}

export interface HighlightReply {
  id: number;
  groups: Piece[][] | null;
}

addEventListener('message', (event: MessageEvent<HighlightRequest>) => {
  const { id, text, language } = event.data;
  let groups: Piece[][] | null = null;
  try {
    groups = highlightGroups(text, language);
  } catch (e) {
    console.warn('Gloss: could not highlight a code block', e);
  }
  const reply: HighlightReply = { id, groups };
  postMessage(reply);
});
