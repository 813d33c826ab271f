/**
 * What an answer's tail becomes after the patches AnswerDom puts in together (one, or those that
 * came within one frame: apply-pace.ts), folded without the DOM. In an open code block, new text
 * is appended to the code already shown, which is never rewritten; a `skeleton` replaces the
 * block's element first when the core starts a new one.
 */
import type { RenderPatch } from '../../../crates/gloss-wasm/pkg/gloss_wasm';

/** What the tail should become after the patches put in together. */
export type TailChange =
  | { kind: 'none' }
  | { kind: 'html'; html: string }
  | { kind: 'code'; skeleton: string | null; append: string; live: string }
  | { kind: 'rows'; skeleton: string | null; append: string; live: string; after: string };

/** Folds one more patch into the pending tail change. */
export function nextTail(change: TailChange, patch: RenderPatch): TailChange {
  if (patch.tailRows) {
    const { append, live, after = '' } = patch.tailRows;
    if (patch.tail !== '') return { kind: 'rows', skeleton: patch.tail, append, live, after };
    if (change.kind === 'rows') return { ...change, append: change.append + append, live, after };
    return { kind: 'rows', skeleton: null, append, live, after };
  }
  if (!patch.tailCode) return { kind: 'html', html: patch.tail };
  if (patch.tail !== '') {
    return { kind: 'code', skeleton: patch.tail, append: patch.tailCode.append, live: patch.tailCode.live };
  }
  if (change.kind === 'code') {
    return { ...change, append: change.append + patch.tailCode.append, live: patch.tailCode.live };
  }
  return { kind: 'code', skeleton: null, append: patch.tailCode.append, live: patch.tailCode.live };
}
