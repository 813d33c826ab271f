/**
 * An answer's tool steps, as its loop reports them (`tools/loop-events.ts`): each kept in the
 * turn and stored as it changes, so a closed panel, or a stopped worker, loses none; and the
 * user's decisions on calls that ask first, awaited by the loop.
 */
import type { TurnRecord } from '../../shared/history';
import type { ChatEvent } from '../../shared/protocol';
import { partStarts } from '../../shared/tools/answer-parts';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { HERE, type LoopEvent } from '../tools/loop-events';
import type { Decision } from '../tools/tool-calls';
import type { ToolState } from '../history/stream-chunks';

export class AnswerTools {
  private readonly asking = new Map<string, (decision: Decision) => void>();
  /** Something worth keeping changed since the last write (`changes`). */
  private changed = false;

  constructor(private readonly turn: TurnRecord) {}

  /** Where the part being written starts (0, or where the last steps sit). */
  get partStart(): number {
    return partStarts(this.turn.steps).at(-1) ?? 0;
  }

  /** Whether the turn holds this step already (a later change to it keeps its place). */
  holds(stepId: string): boolean {
    return this.turn.steps?.some((s) => s.id === stepId) ?? false;
  }

  /** Waits for the user's decision on a step (`approve`); Stop answers `deny` (`denyAll`). */
  ask(stepId: string): Promise<Decision> {
    return new Promise((resolve) => this.asking.set(stepId, resolve));
  }

  /** The user's decision; false when nothing waits for one (already decided, or gone). */
  approve(stepId: string, decision: Decision): boolean {
    const resolve = this.asking.get(stepId);
    this.asking.delete(stepId);
    resolve?.(decision);
    return resolve !== undefined;
  }

  denyAll(): void {
    for (const id of [...this.asking.keys()]) this.approve(id, 'deny');
  }

  /**
   * Keeps what the loop reported (`changes` gives it to write); says what to tell the panel, and whether a
   * new part of the answer starts here (a new step, where no step sat before).
   */
  apply(event: LoopEvent): { sent: ChatEvent | null; newPart: boolean } {
    const turn = this.turn;
    let newPart = false;
    let sent: ChatEvent | null = null;
    if (event.type === 'step') {
      const steps = turn.steps ?? [];
      const step = this.placed(event.step);
      newPart = !steps.some((s) => s.id === step.id) && !partStarts(steps).includes(step.at);
      const at = steps.findIndex((s) => s.id === step.id);
      turn.steps = at < 0 ? [...steps, step] : steps.map((s, i) => (i === at ? step : s));
      sent = { type: 'step', step };
    } else if (event.type === 'rounds') {
      turn.rounds = event.rounds;
    } else if (event.type === 'toolsMissing') {
      turn.toolsMissing = event.missing;
      sent = event;
    } else {
      turn.roundLimit = event.rounds;
      sent = event;
    }
    // A call starting to run is not written: stopped there, it runs again on Continue anyway.
    if (event.type !== 'step' || event.step.status !== 'running') this.changed = true;
    return { sent, newPart };
  }

  /**
   * The steps and rounds to write with this update, if they changed since the last: one write per
   * update of the answer, not per event.
   */
  changes(): ToolState | undefined {
    if (!this.changed) return undefined;
    this.changed = false;
    const { steps, rounds, roundLimit, toolsMissing } = this.turn;
    return { steps, rounds, roundLimit, toolsMissing };
  }

  /** A new step sits where the text stands; a known one stays where it was. */
  private placed(step: ToolStep): ToolStep {
    const known = this.turn.steps?.find((s) => s.id === step.id);
    if (known) return { ...step, at: known.at };
    return step.at === HERE ? { ...step, at: this.turn.answer.length } : step;
  }
}
