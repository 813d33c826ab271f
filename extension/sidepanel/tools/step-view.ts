/**
 * What a tool step shows, worked out apart from React: its status in words, its arguments as
 * text, and whether it waits for the user. Arguments and results come from the model and from
 * the tool's server: they are shown as text, never as HTML.
 */
import { t } from '../../shared/i18n';
import type { ToolStep } from '../../shared/tools/tool-steps';
export { seconds, statusText } from '../../shared/tools/step-words';

/** The arguments as indented JSON text (the model's, untrusted: shown as text). */
export function argumentsText(args: ToolStep['arguments']): string {
  return Object.keys(args).length === 0 ? '{}' : JSON.stringify(args, null, 2);
}

/** Whether the step asks the user now: it waits for a decision, and its answer is still being written. */
export const asksNow = (step: ToolStep, answering: boolean): boolean =>
  answering && step.status === 'waiting' && step.asks === true;

/** The steps at each place in the answer, in order of the places (`answer-parts.ts`). */
export function stepsByPlace(steps: readonly ToolStep[], starts: readonly number[]): ToolStep[][] {
  return starts.map((at) => steps.filter((s) => s.at === at));
}

/** "Called $1 on $2" split around the tool's name, so the name can be set as code. */
export function calledParts(step: ToolStep): [before: string, after: string] {
  const marker = '\u0001';
  const said = t('stepCalled', marker, step.source || 'Gloss');
  const at = said.indexOf(marker);
  return at < 0 ? [said, ''] : [said.slice(0, at), said.slice(at + marker.length)];
}
