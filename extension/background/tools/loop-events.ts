/**
 * What the tool loop tells the answer besides the model's own events: a step shown or changed,
 * the rounds to keep for Continue, and the round limit reached. They go through the answer's
 * queue with the text, so a new step sits exactly where the text stood when it was called.
 */
import type { MissingTools, ToolRound, ToolStep } from '../../shared/tools/tool-steps';

/** `at: -1`: where the answer's text stands when the step arrives (a new step). */
export type LoopEvent =
  | { type: 'step'; step: ToolStep }
  | { type: 'rounds'; rounds: ToolRound[] }
  | { type: 'roundLimit'; rounds: number }
  | { type: 'toolsMissing'; missing: MissingTools[] };

/** A step's `at` that means "where the text stands now". */
export const HERE = -1;
