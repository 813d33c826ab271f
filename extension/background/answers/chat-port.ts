/**
 * The worker's end of one chat port: the panel's commands start, join or stop a turn's answer
 * (`answer-registry.ts`), and the answer's events go back. Every failure reaches the panel as a
 * clear error and the log; none is left unhandled (the panel would wait for an answer forever).
 */
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import type { ChatCommand, ChatEvent, TypedPort } from '../../shared/protocol';
import type { Answer, Follower } from './answer';
import type { AnswerRegistry } from './answer-registry';
import { storageProblem } from '../db';

export function serveChat(
  port: TypedPort<ChatCommand, ChatEvent>,
  answers: Pick<AnswerRegistry, 'open' | 'stop' | 'approve'>,
): void {
  let following: Answer | undefined;
  const follower: Follower = Object.assign((event: ChatEvent) => port.post(event), {
    all: port.postAll && ((events: readonly ChatEvent[]) => port.postAll?.(events)),
  });
  const fail = (message: string, cause: unknown): void => {
    console.error('Gloss: a chat command failed', cause);
    port.post({ type: 'error', code: 'bad_request', message });
  };
  // The turn this port's command starts or follows: a Stop may come before its answer exists.
  let turnId: string | undefined;
  port.listen((command) => {
    if (command.type === 'stop' || command.type === 'approve') {
      if (turnId !== undefined) control(answers, turnId, command);
      return;
    }
    turnId = command.turnId;
    answers
      .open(command)
      .then(
        (answer) => {
          if (!answer) {
            port.post({ type: 'gone' });
            return;
          }
          following = answer;
          try {
            answer.follow(follower);
          } catch (e) {
            fail(t('errFollowFailed', messageOf(e)), e);
          }
        },
        // Storage failures (full, unavailable) say so; anything else names what was refused.
        (e: unknown) => fail(e instanceof DOMException ? storageProblem(e) : t('errCouldNotSend', messageOf(e)), e),
      )
      .catch((e: unknown) => fail(t('errFollowFailed', messageOf(e)), e));
  });
  // Closing the panel only stops following: the answer goes on and is stored.
  port.onClose(() => following?.unfollow(follower));
}

/**
 * Stop, or the user's decision on a tool call. A decision on a call no longer waiting (decided
 * in another window, or the answer ended) has nothing left to do.
 */
function control(
  answers: Pick<AnswerRegistry, 'stop' | 'approve'>,
  turnId: string,
  command: Extract<ChatCommand, { type: 'stop' | 'approve' }>,
): void {
  if (command.type === 'stop') answers.stop(turnId);
  else answers.approve(turnId, command.callId, command.decision);
}
