/**
 * A web source of an answer: a search result or a page read, by the number the model was shown
 * for it (`background/web/web-sources.ts`). Kept on the tool step that found it, so the panel
 * links the answer's "[2]" to that page, now and when the answer is shown again.
 */
import * as v from 'valibot';
import type { ToolStep } from '../tools/tool-steps';

export const WebSourceSchema = v.object({
  n: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.pipe(v.string(), v.maxLength(1000)),
  url: v.pipe(v.string(), v.maxLength(8192)),
});
export type WebSource = v.InferOutput<typeof WebSourceSchema>;

/** Every source the steps found, by number: the web pages an answer's "[n]" can mean. */
export function citationsOf(steps: readonly Pick<ToolStep, 'sources'>[] | undefined): Map<number, WebSource> {
  const byNumber = new Map<number, WebSource>();
  for (const step of steps ?? []) for (const source of step.sources ?? []) byNumber.set(source.n, source);
  return byNumber;
}
