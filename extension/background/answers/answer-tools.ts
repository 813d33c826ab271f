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
import type { LoopRecord, RoundRecord } from '../history/stream-chunks';

export class AnswerTools {
  private readonly asking = new Map<string, (decision: Decision) => void>();
  /** The rounds with something worth keeping changed since the last write (`changes`). */
  private readonly changedRounds = new Set<number>();
  /** The loop's notes changed since the last write. */
  private loopChanged = false;
  /** Each kept round's results as last written: the loop gives a round new results as they come. */
  private readonly written = new WeakMap<object, unknown>();

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
   * Keeps what the loop reported (`changes` gives it to write); says what to tell the panel, and
   * whether a new part of the answer starts here (a new step, where no step sat before).
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
    if (event.type === 'step') {
      if (event.step.status !== 'running') this.changedRounds.add(event.step.round);
    } else if (event.type === 'rounds') {
      event.rounds.forEach((kept, i) => {
        if (this.written.get(kept) !== kept.results) this.changedRounds.add(i);
      });
    } else this.loopChanged = true;
    return { sent, newPart };
  }

  /**
   * What to write with this update: the rounds that changed since the last (each whole: its
   * steps and its messages), and the loop's notes if they did. One write per update of the
   * answer, not per event, and none of the rounds before, however long their results.
   */
  changes(): { rounds?: RoundRecord[]; loop?: LoopRecord } {
    const { steps = [], rounds = [], roundLimit, toolsMissing } = this.turn;
    const changed = [...this.changedRounds].map((round): RoundRecord => {
      const kept = rounds[round];
      if (kept) this.written.set(kept, kept.results);
      return { round, steps: steps.filter((s) => s.round === round), ...(kept && { kept }) };
    });
    const loop = this.loopChanged ? { roundLimit, toolsMissing } : undefined;
    this.changedRounds.clear();
    this.loopChanged = false;
    return { ...(changed.length > 0 && { rounds: changed }), ...(loop && { loop }) };
  }

  /** A new step sits where the text stands; a known one stays where it was. */
  private placed(step: ToolStep): ToolStep {
    const known = this.turn.steps?.find((s) => s.id === step.id);
    if (known) return { ...step, at: known.at };
    return step.at === HERE ? { ...step, at: this.turn.answer.length } : step;
  }
}
