/**
 * One answer followed from the panel, the mirror of the worker's Answer: it opens a chat port,
 * sends the command that starts or joins a turn, and reports what the worker sends until the
 * answer ends. The answer belongs to the worker, so closing a follower only stops following. A
 * port that drops mid-answer means the worker stopped; storage then holds what it received.
 */
import type { ConversationRecord, ShownTurn } from '../../shared/history';
import { t } from '../../shared/i18n';
import type { ChatCommand, ChatEvent, TypedPort } from '../../shared/protocol';
import { isTerminal } from './chat-state';

/** The panel's end of a chat port. */
export type ChatPort = TypedPort<ChatEvent, ChatCommand>;

/** The user's decision on a tool call that asks first. */
export type Decision = 'once' | 'always' | 'deny';

/** Sends a decision on a call of `turnId`'s answer through the follower of that turn. */
export function approveIn(followers: Iterable<TurnFollower>, turnId: string, callId: string, decision: Decision): void {
  for (const follower of followers) if (follower.follows(turnId)) follower.approve(callId, decision);
}

/** What starts or joins a turn (`stop` goes to a follower already running). */
export type TurnCommand = Exclude<ChatCommand, { type: 'stop' | 'approve' }>;

/** What a follower reports, each as it happens. */
export interface FollowerReports {
  /** The worker stored the turn (or sent it as stored, on joining): show it so. */
  stored: (turn: ShownTurn, conversation: ConversationRecord, parts?: string[]) => void;
  /** An event of the answer: text with its render patch, reasoning, usage, its end, a failed save. */
  event: (turnId: string, event: ChatEvent) => void;
  /** Refused before anything was stored (`message` says why), or the worker went before storing. */
  refused: (message: string) => void;
  /** The worker has no such answer running any more: storage has it as it ended. */
  gone: () => void;
  /** The port dropped mid-answer: the worker stopped, and storage has what it received. */
  lost: () => void;
  /** Following is over, whichever way (not reported after close()). */
  ended: () => void;
}

export class TurnFollower {
  private port: ChatPort | undefined;
  private turnId: string | undefined;
  /** The worker has stored the turn and sent it back. */
  private confirmed = false;
  private done = false;

  /**
   * `shownId` is the turn of a question shown at once, before the worker has stored it: if it
   * is never stored, that is reported as a refusal.
   */
  constructor(
    private readonly connect: () => ChatPort,
    private readonly reports: FollowerReports,
    private readonly shownId?: string,
  ) {
    this.turnId = shownId;
  }

  /** Opens the port, sends `command` and follows the turn it starts or joins. */
  start(command: TurnCommand): void {
    const port = this.connect();
    this.port = port;
    port.listen((event) => {
      if (!this.done) this.receive(event);
    });
    port.onClose(() => this.dropped());
    port.post(command);
  }

  /** Asks the worker to stop the answer (it ends with `stopped`). */
  stop(): void {
    this.port?.post({ type: 'stop' });
  }

  /** Whether this follows the turn `turnId`. */
  follows(turnId: string): boolean {
    return !this.done && this.turnId === turnId;
  }

  /** Sends the user's decision on one of the answer's tool calls. */
  approve(callId: string, decision: Decision): void {
    this.port?.post({ type: 'approve', callId, decision });
  }

  /** Stops following; the answer goes on in the worker. */
  close(): void {
    this.done = true;
    this.port?.close();
  }

  private receive(event: ChatEvent): void {
    if (event.type === 'turn') {
      this.confirmed = true;
      this.turnId = event.turn.id;
      this.reports.stored(event.turn, event.conversation, event.parts);
    } else if (event.type === 'gone') {
      this.end();
      this.reports.gone();
    } else if (!this.confirmed && event.type === 'error') {
      // Refused before anything was stored (say, the conversation was deleted elsewhere).
      this.end();
      this.reports.refused(event.message);
    } else if (this.turnId === undefined) {
      this.end();
    } else {
      this.reports.event(this.turnId, event);
      if (isTerminal(event)) this.end();
    }
  }

  private dropped(): void {
    if (this.done) return;
    this.done = true;
    this.reports.ended();
    if (!this.confirmed && this.shownId !== undefined) this.reports.refused(t('errWorkerGone'));
    else this.reports.lost();
  }

  private end(): void {
    this.done = true;
    this.port?.close();
    this.reports.ended();
  }
}
