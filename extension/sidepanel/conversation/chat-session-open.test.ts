/** Opening conversations in the panel, their versions and instructions; the worker is played by the test. */
import { describe, expect, test } from 'vitest';
import { plural, t } from '../../shared/i18n';
import { CURRENT_KEY, type ChatSession } from './chat-session';
import { shownPath } from './chat-state';
import { conversation, fakeSession, storedTurn } from './test-support';

const a = storedTurn('a', { answer: 'A', html: '<p>A</p>' });
const b = storedTurn('b', { parentId: 'a', createdAt: 2, answer: 'B', status: 'streaming' });
const b2 = storedTurn('b2', { parentId: 'a', createdAt: 3, question: 'Q b, edited' });
const opened = (fields = {}) => ({
  conversation: conversation('c', { leafId: 'b', systemPrompt: 'Be brief.' }),
  turns: [a, b, b2],
  live: [],
  damaged: 0,
  ...fields,
});

describe('opening a conversation', () => {
  test('shows its path with the stored answers, follows the live ones, and is remembered', async () => {
    const fake = fakeSession({ c: opened({ live: ['b'], damaged: 2 }) });
    await fake.session.open('c');
    expect(shownPath(fake.view().state).map((s) => s.turn.id)).toEqual(['a', 'b']);
    expect(fake.session.answer('a').html()).toBe('<p>A</p>');
    expect(fake.ports.opened.map((p) => p.posted)).toEqual([[{ type: 'attach', turnId: 'b' }]]);
    expect(fake.view().notice).toBe(plural(2, 'damagedOne', 'damagedMany'));
    expect(fake.storage.get(CURRENT_KEY)).toBe('c');
  });

  test('another conversation stops following the answers of the one before', async () => {
    const fake = fakeSession({ c: opened({ live: ['b'] }), d: opened({ conversation: conversation('d') }) });
    await fake.session.open('c');
    await fake.session.open('d');
    expect(fake.ports.opened[0]?.closed()).toBe(true);
    expect(fake.view().state.conversation?.id).toBe('d');
    expect(fake.view().notice).toBeNull();
  });

  test('a conversation that no longer exists shows a new chat and is forgotten', async () => {
    const fake = fakeSession();
    fake.storage.set(CURRENT_KEY, 'gone');
    await fake.session.open('gone');
    expect(fake.view().state.conversation).toBeNull();
    expect(fake.storage.has(CURRENT_KEY)).toBe(false);
  });

  test('a reopened panel shows the conversation it showed last', async () => {
    const fake = fakeSession({ c: opened() });
    fake.storage.set(CURRENT_KEY, 'c');
    fake.session.resume();
    await expect.poll(() => fake.view().state.conversation?.id).toBe('c');
  });

  test('a reopened panel says when it cannot read the last conversation', async () => {
    const fake = fakeSession();
    fake.storage.set(CURRENT_KEY, 'c');
    fake.history.open = () => Promise.reject(new Error('no worker'));
    fake.session.resume();
    await expect.poll(() => fake.view().notice).toBe(t('openFailed', 'Error: no worker'));
  });

  test('closing the panel stops following', async () => {
    const fake = fakeSession({ c: opened({ live: ['b'] }) });
    await fake.session.open('c');
    fake.session.detach();
    expect(fake.ports.last().closed()).toBe(true);
  });
});

describe('versions', () => {
  test('choosing a version shows it and saves the choice', async () => {
    const fake = fakeSession({ c: opened() });
    await fake.session.open('c');
    fake.session.select('b2');
    expect(shownPath(fake.view().state).map((s) => s.turn.id)).toEqual(['a', 'b2']);
    expect(fake.updates).toEqual([{ id: 'c', leafId: 'b2' }]);
  });

  test('an edited question is a new version beside the old one, keeping its quotes', async () => {
    const quoted = storedTurn('q', {
      parentId: 'a',
      createdAt: 4,
      attachments: [{ kind: 'page', title: 'P', url: 'https://p.test/', preview: 'page', chars: 4 }],
    });
    const fake = fakeSession({ c: opened({ turns: [a, quoted], conversation: conversation('c', { leafId: 'q' }) }) });
    await fake.session.open('c');
    fake.session.edit('q', 'Better question?');
    expect(fake.ports.last().posted[0]).toMatchObject({
      type: 'ask',
      conversationId: 'c',
      parentId: 'a',
      question: 'Better question?',
      // The worker holds the whole quote; the panel only its start.
      attachmentsOf: 'q',
    });
    expect(fake.ports.last().posted[0]).not.toHaveProperty('attachments');
    const [, step] = shownPath(fake.view().state);
    expect(step).toMatchObject({ turn: { question: 'Better question?', attachments: quoted.attachments }, index: 1 });
  });

  test('a regenerated answer is asked as a new version of the same question', async () => {
    const fake = fakeSession({ c: opened() });
    await fake.session.open('c');
    fake.session.regenerate('b');
    const [command] = fake.ports.last().posted;
    expect(command).toMatchObject({ type: 'regenerate', of: 'b' });
    const [, step] = shownPath(fake.view().state);
    expect(step?.turn).toMatchObject({ question: 'Q b', status: 'streaming' });
    expect(step?.turn.id).toBe(command?.type === 'regenerate' && command.turnId);
  });
});

describe('instructions', () => {
  test('chosen before the first question, they go with it', () => {
    const fake = fakeSession();
    fake.session.setSystemPrompt('Answer in German.');
    expect(fake.view().newPrompt).toBe('Answer in German.');
    fake.session.ask('Hello?');
    expect(fake.ports.last().posted[0]).toMatchObject({ systemPrompt: 'Answer in German.' });
    expect(fake.updates).toEqual([]);
  });

  test("an open conversation's instructions are saved, and not sent with its questions", async () => {
    const fake = fakeSession({ c: opened() });
    fake.session.setSystemPrompt('For a new chat.');
    await fake.session.open('c');
    fake.session.setSystemPrompt('Be thorough.');
    expect(fake.view().state.conversation?.systemPrompt).toBe('Be thorough.');
    expect(fake.updates).toEqual([{ id: 'c', systemPrompt: 'Be thorough.' }]);
    fake.session.ask('More?');
    expect(fake.ports.last().posted[0]).toMatchObject({ systemPrompt: undefined });
  });

  test('a rename in the history shows in the title', async () => {
    const fake = fakeSession({ c: opened() });
    await fake.session.open('c');
    fake.session.rename('New title');
    expect(fake.view().state.conversation?.title).toBe('New title');
  });
});

test.each([
  ['a version chosen', 'changeNotSaved', (session: ChatSession) => session.select('b2')],
  ['instructions', 'instructionsNotSaved', (session: ChatSession) => session.setSystemPrompt('x')],
] as const)('%s that cannot be saved say so', async (_, key, change) => {
  const fake = fakeSession({ c: opened() });
  await fake.session.open('c');
  fake.history.update = () => Promise.reject(new Error('full'));
  change(fake.session);
  await expect.poll(() => fake.view().notice).toBe(t(key, 'full'));
});
