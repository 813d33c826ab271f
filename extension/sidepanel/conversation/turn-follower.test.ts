/** One answer followed over its chat port, with the worker's side played by the test. */
import { describe, expect, test } from 'vitest';
import { t } from '../../shared/i18n';
import { chunk, conversation, fakePorts, storedTurn } from './test-support';
import { TurnFollower, type FollowerReports, type TurnCommand } from './turn-follower';

const ASK = {
  type: 'ask' as const,
  conversationId: 'c',
  turnId: 'a',
  parentId: null,
  question: 'Why?',
};

/** A follower that writes down what it reports, in order. */
function follow(command: TurnCommand, shownId?: string) {
  const ports = fakePorts();
  const log: string[] = [];
  const reports: FollowerReports = {
    stored: (turn) => log.push(`stored ${turn.id}`),
    event: (turnId, event) => log.push(`${event.type} ${turnId}`),
    refused: (message) => log.push(`refused ${message}`),
    gone: () => log.push('gone'),
    lost: () => log.push('lost'),
    ended: () => log.push('ended'),
  };
  const follower = new TurnFollower(ports.connect, reports, shownId);
  follower.start(command);
  return { follower, log, worker: ports.last() };
}

describe('a followed answer', () => {
  test('sends its command, reports the stored turn and its events, and ends with the answer', () => {
    const { log, worker } = follow(ASK, 'a');
    expect(worker.posted).toEqual([ASK]);
    worker.emit(
      { type: 'turn', turn: storedTurn('a', { status: 'streaming' }), conversation: conversation() },
      chunk('Hi'),
      { type: 'usage', inputTokens: 3, outputTokens: 1 },
      { type: 'done', reason: 'stop' },
    );
    expect(log).toEqual(['stored a', 'chunk a', 'usage a', 'done a', 'ended']);
    expect(worker.closed()).toBe(true);
  });

  test('an error after the turn was stored ends the answer like any other end', () => {
    const { log, worker } = follow(ASK, 'a');
    worker.emit({ type: 'turn', turn: storedTurn('a'), conversation: conversation() }, chunk('part'));
    worker.emit({ type: 'error', code: 'server', message: 'boom' });
    expect(log).toEqual(['stored a', 'chunk a', 'error a', 'ended']);
    expect(worker.closed()).toBe(true);
  });

  test('an error before anything was stored is a refusal', () => {
    const { log, worker } = follow(ASK, 'a');
    worker.emit({ type: 'error', code: 'bad_request', message: 'That conversation was deleted.' });
    expect(log).toEqual(['ended', 'refused That conversation was deleted.']);
    expect(worker.closed()).toBe(true);
  });

  test('a worker that goes before storing the question shown refuses it', () => {
    const { log, worker } = follow(ASK, 'a');
    worker.drop();
    expect(log).toEqual(['ended', `refused ${t('errWorkerGone')}`]);
  });

  test('a port that drops mid-answer is reported lost, not refused', () => {
    const { log, worker } = follow(ASK, 'a');
    worker.emit({ type: 'turn', turn: storedTurn('a'), conversation: conversation() }, chunk('so far'));
    worker.drop();
    expect(log).toEqual(['stored a', 'chunk a', 'ended', 'lost']);
  });

  test('joining an answer that is no longer running reports it gone', () => {
    const { log, worker } = follow({ type: 'attach', turnId: 'a' });
    worker.emit({ type: 'gone' });
    expect(log).toEqual(['ended', 'gone']);
    expect(worker.closed()).toBe(true);
  });

  test('events for no known turn end the following', () => {
    const { log, worker } = follow({ type: 'attach', turnId: 'a' });
    worker.emit(chunk('stray'));
    expect(log).toEqual(['ended']);
  });

  test('stop asks the worker to stop; the answer ends when the worker says so', () => {
    const { follower, log, worker } = follow(ASK, 'a');
    worker.emit({ type: 'turn', turn: storedTurn('a'), conversation: conversation() });
    follower.stop();
    expect(worker.posted).toEqual([ASK, { type: 'stop' }]);
    expect(log).toEqual(['stored a']);
    worker.emit({ type: 'stopped' });
    expect(log).toEqual(['stored a', 'stopped a', 'ended']);
  });

  test('closing stops following: nothing more is reported', () => {
    const { follower, log, worker } = follow(ASK, 'a');
    follower.close();
    expect(worker.closed()).toBe(true);
    worker.emit({ type: 'turn', turn: storedTurn('a'), conversation: conversation() });
    worker.drop();
    expect(log).toEqual([]);
  });
});
