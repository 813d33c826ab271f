/**
 * An answer with tool steps reads in parts: its text up to the first step, the steps called
 * there, the text after them, and so on. The parts are cut where steps sit (their `at`, the
 * answer's length when they were called); a part may be empty (a call before any text).
 */
import type { ToolStep } from './tool-steps';

/** Where each part after the first begins: the distinct places of the steps, in order. */
export function partStarts(steps: readonly Pick<ToolStep, 'at'>[] | undefined): number[] {
  return [...new Set((steps ?? []).map((s) => s.at).filter((at) => at >= 0))].sort((a, b) => a - b);
}

/** The answer's text in parts: one more than there are places where steps sit. */
export function answerParts(answer: string, steps: readonly Pick<ToolStep, 'at'>[] | undefined): string[] {
  const starts = partStarts(steps);
  return [0, ...starts].map((from, i) => answer.slice(from, starts[i] ?? answer.length));
}
