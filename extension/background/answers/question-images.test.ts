/**
 * A question's images in the worker: checked on the chat port, stored with the turn, carried
 * into later questions' history, and sent as the protocol's image parts (issue 16).
 */
import * as v from 'valibot';
import { beforeAll, expect, test, vi } from 'vitest';
import { ChatCommandSchema } from '../../shared/protocol';
import { MAX_IMAGES, type QuestionImage } from '../../shared/images/image';
import { PRESETS } from '../../shared/presets';
import { buildRequest, imageTokens, materialRoom } from '../core';
import { messagesFor, withMaterial } from './prompt';
import { streamAnswer, type AnswerEvent } from '../providers/provider-stream';
import { eventually, freshStore, loadCore, PROVIDER, scripted } from '../test-support';

beforeAll(loadCore);

// A 1×1 PNG as a canvas writes it.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const IMAGE: QuestionImage = { mediaType: 'image/png', data: PNG, width: 1, height: 1 };

const ask = (images: unknown) => ({
  type: 'ask',
  conversationId: crypto.randomUUID(),
  turnId: crypto.randomUUID(),
  parentId: null,
  question: 'What is this?',
  images,
});

test('the chat port takes up to four images of the four types, and nothing else', () => {
  expect(v.safeParse(ChatCommandSchema, ask([IMAGE])).success).toBe(true);
  for (const bad of [
    [{ ...IMAGE, mediaType: 'image/svg+xml' }],
    [{ ...IMAGE, data: `data:image/png;base64,${PNG}` }],
    [{ ...IMAGE, data: 'A'.repeat(5 * 1024 * 1024 + 4) }],
    Array.from({ length: MAX_IMAGES + 1 }, () => IMAGE),
  ]) {
    expect(v.safeParse(ChatCommandSchema, ask(bad)).success).toBe(false);
  }
});

test('images are stored with the turn and sent with the question, also as history later', async () => {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const command = v.parse(ChatCommandSchema, ask([IMAGE]));
  if (command.type !== 'ask') throw new Error('not an ask');
  const answer = (await answers.open(command))!;
  await eventually(() => calls.length === 1, 'the request');
  expect(calls[0]!.messages).toEqual([{ role: 'user', content: 'What is this?', images: [IMAGE] }]);
  calls[0]!.emit({ type: 'done', reason: 'stop' });
  await answer.ended;
  const stored = await store.turn(command.turnId);
  expect(stored?.images).toEqual([IMAGE]);
  const next = messagesFor([{ ...stored!, answer: 'A dot.' }], { question: 'Bigger?' });
  expect(next[0]).toEqual({ role: 'user', content: 'What is this?', images: [IMAGE] });
});

test('withMaterial sends images as parts before the text, fenced material included', async () => {
  const attachments = [{ kind: 'selection' as const, title: 'T', url: 'https://a.example/', text: 'Quoted.' }];
  const sent = await withMaterial([{ role: 'user', content: 'Why?', attachments, images: [IMAGE] }]);
  expect(sent).toHaveLength(2);
  const parts = sent[1]!.content;
  if (typeof parts === 'string') throw new Error('no parts');
  expect(parts[0]).toEqual({ type: 'image', mediaType: 'image/png', data: PNG });
  expect(parts[1]).toMatchObject({ type: 'text', text: expect.stringContaining('Quoted.') });
  const body = JSON.parse(
    buildRequest({ provider: 'openai', baseUrl: 'http://127.0.0.1:8080/v1', model: 'm', messages: sent }).body,
  ) as { messages: { content: unknown }[] };
  expect(body.messages[1]?.content).toContainEqual({
    type: 'image_url',
    image_url: { url: `data:image/png;base64,${PNG}` },
  });
});

test('an image the core refuses ends the answer with why, naming the image and not the settings', async () => {
  const events: AnswerEvent[] = [];
  const fetchFn = vi.fn<typeof fetch>();
  const content = [{ type: 'image' as const, mediaType: 'image/gif' as const, data: PNG }];
  const timeouts = { firstByteSeconds: 30, idleSeconds: 30 };
  await streamAnswer(
    PROVIDER,
    [{ role: 'user', content }],
    (e) => events.push(e),
    new AbortController().signal,
    timeouts,
    {},
    fetchFn,
  );
  expect(events).toEqual([
    { type: 'error', code: 'bad_request', message: expect.stringContaining('An image could not be read') },
  ]);
  expect(fetchFn).not.toHaveBeenCalled();
});

test('page material gets the room the question’s images leave, each priced by the provider’s rule', () => {
  // Anthropic: 1568×1000 px would be 2,091 tokens at w·h/750, capped at ~1,600.
  expect(imageTokens('anthropic', 1568, 1000)).toBe(1600);
  // OpenAI: 1568×1000 → 1204×768 → 3×2 tiles of 512 px, 85 + 6 × 170.
  expect(imageTokens('openai', 1568, 1000)).toBe(1105);
  const window = PRESETS.custom.contextTokens;
  const photo = { width: 1568, height: 1000 };
  expect(materialRoom('anthropic', window, [photo], '')).toBe(materialRoom('anthropic', window, [], '') - 1600);
  const huge = { width: 100_000, height: 100_000 };
  expect(materialRoom('gemini', window, [huge, huge, huge, huge], '')).toBe(256);
});

test('an image kept by every version of a turn is stored once, and each version sends it whole', async () => {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const big: QuestionImage = { ...IMAGE, data: `${PNG.slice(0, -2)}${'A'.repeat(200_000)}==` };
  const first = v.parse(ChatCommandSchema, ask([big]));
  if (first.type !== 'ask') throw new Error('not an ask');
  const regenerate = () => ({ type: 'regenerate' as const, of: first.turnId, turnId: crypto.randomUUID() });
  for (const [i, command] of [first, regenerate(), regenerate()].entries()) {
    const answer = (await answers.open(command))!;
    await eventually(() => calls.length === i + 1, 'the request');
    calls[i]!.emit({ type: 'done', reason: 'stop' });
    await answer.ended;
    expect(calls[i]!.messages.at(-1)?.images).toEqual([big]);
  }
  expect(await store.db.count('turns')).toBe(3);
  expect(await store.db.count('texts')).toBe(1);
  for (const turn of await store.db.getAll('turns')) expect(JSON.stringify(turn).length).toBeLessThan(1000);
  expect((await store.turn(first.turnId))?.images).toEqual([big]);
});

test('a model that cannot see: asked again without the images, in place, they are neither sent nor kept', async () => {
  const store = await freshStore();
  const { answers, calls } = scripted(store);
  const command = v.parse(ChatCommandSchema, ask([IMAGE]));
  if (command.type !== 'ask') throw new Error('not an ask');
  const first = await answers.open(command);
  await eventually(() => calls.length === 1, 'the request');
  calls[0]?.emit({ type: 'error', code: 'no_vision', message: 'This model can’t see images.' });
  calls[0]?.finish();
  await first?.ended;
  const again = await answers.open({ type: 'continue', turnId: command.turnId, withoutImages: true });
  await eventually(() => calls.length === 2, 'the second request');
  expect(calls[1]?.messages).toEqual([{ role: 'user', content: 'What is this?' }]);
  calls[1]?.emit({ type: 'text', text: 'A question.' }, { type: 'done', reason: 'stop' });
  await again?.ended;
  const turns = await store.turns(command.conversationId);
  expect(turns).toHaveLength(1);
  expect(turns[0]).toMatchObject({ status: 'done', answer: 'A question.' });
  expect(turns[0]?.images).toBeUndefined();
});
