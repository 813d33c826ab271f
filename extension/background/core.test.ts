/** Smoke test of the built WASM module through core.ts: the boundary's names and shapes. */
import { beforeAll, describe, expect, test } from 'vitest';
import { localizeError, localizeProblem } from '../shared/i18n';
import {
  buildRequest,
  chatUrl,
  checkEndpoint,
  contentTokens,
  httpError,
  imageLimits,
  isSpecError,
  modelsRequest,
  networkError,
  parseModels,
  pdfPages,
  pdfText,
  renderMarkdown,
  StreamDecoder,
  StreamRenderer,
  timeoutError,
  warmUpRenderer,
} from './core';
import { IMAGE_TYPES, MAX_IMAGE_BASE64, MAX_IMAGE_SIDE } from '../shared/images/image';
import { loadCore } from './test-support';

beforeAll(loadCore);

describe('the WASM boundary', () => {
  test("the panel's copies of the image limits are the core's (the panel does not load the WASM)", () => {
    expect(imageLimits()).toEqual({
      mediaTypes: [...IMAGE_TYPES],
      maxBase64: MAX_IMAGE_BASE64,
      maxSide: MAX_IMAGE_SIDE,
    });
  });

  test("pdfText gives each page's start as a UTF-16 offset into the text JavaScript gets", () => {
    const page = (str: string) => [{ str, hasEOL: true }];
    const out = pdfText([page('Größe 😀 und Maße'), page('Zweite Seite'), page('Dritte ✓')], 'Seite');
    expect(out.pageStarts).toHaveLength(3);
    // Each start is where that page's marker begins in the JavaScript string.
    for (const [i, start] of out.pageStarts.entries())
      expect(out.text.slice(start)).toMatch(new RegExp(`^— Seite ${i + 1} —`));
  });

  test('pdfPages keeps the pages asked for by their markers and names them', () => {
    const page = (str: string) => [{ str, hasEOL: true }];
    const { text } = pdfText([page('Größe eins'), page('Zwei'), page('Drei'), page('Vier')], 'page');
    const chosen = pdfPages(text, [4, 1, 2]);
    expect(chosen.pages).toBe('1–2, 4');
    expect(chosen.text).toBe('— page 1 —\n\nGröße eins\n\n— page 2 —\n\nZwei\n\n— page 4 —\n\nVier');
  });

  test('renderMarkdown renders safely', () => {
    expect(renderMarkdown('**hi** <script>x</script>')).toContain('<strong>hi</strong>');
    expect(renderMarkdown('<script>x</script>')).not.toContain('<script');
  });

  test('buildRequest returns a plain request object', () => {
    const req = buildRequest({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:8080/v1',
      apiKey: 'test-key',
      model: 'm',
      messages: [{ role: 'user', content: 'q' }],
      maxTokens: 10,
    });
    expect(req.url).toBe('http://127.0.0.1:8080/v1/chat/completions');
    expect(req.headers).toEqual({
      accept: 'text/event-stream',
      authorization: 'Bearer test-key',
      'content-type': 'application/json',
    });
    expect(JSON.parse(req.body)).toMatchObject({ stream: true, max_tokens: 10 });
  });

  test('buildRequest throws a readable error for a bad spec', () => {
    expect(() =>
      buildRequest({ provider: 'openai', baseUrl: 'nope', model: 'm', messages: [{ role: 'user', content: '' }] }),
    ).toThrow('must start with http');
  });

  test('buildRequest throws the SpecError itself, with the field to fix', () => {
    let thrown: unknown;
    try {
      buildRequest({
        provider: 'openai',
        baseUrl: 'https://x/v1',
        model: ' ',
        messages: [{ role: 'user', content: 'q' }],
      });
    } catch (e) {
      thrown = e;
    }
    expect(isSpecError(thrown)).toBe(true);
    expect(thrown).toEqual({ field: 'model', message: 'Choose a model.', key: 'specChooseModel' });
  });

  test('buildRequest takes text and image parts, and refuses a bad image with a SpecError', () => {
    // A 1×1 PNG, as a browser's canvas.toDataURL('image/png') writes it (less the data: prefix).
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    const spec = (mediaType: 'image/png' | 'image/gif') => ({
      provider: 'anthropic' as const,
      baseUrl: 'https://api.anthropic.com/v1',
      model: 'm',
      messages: [
        {
          role: 'user' as const,
          content: [
            { type: 'text' as const, text: 'What is this?' },
            { type: 'image' as const, mediaType, data: png },
          ],
        },
      ],
    });
    const body = JSON.parse(buildRequest(spec('image/png')).body) as { messages: { content: unknown[] }[] };
    expect(body.messages[0]?.content[1]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: png },
    });
    let thrown: unknown;
    try {
      buildRequest(spec('image/gif'));
    } catch (e) {
      thrown = e;
    }
    expect(isSpecError(thrown) && localizeProblem(thrown)).toMatchObject({ field: 'messages', key: 'specImageData' });
  });

  test('contentTokens prices a message with images by the provider’s rule', () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    const parts = [
      { type: 'text' as const, text: 'abcdefgh' },
      { type: 'image' as const, mediaType: 'image/png' as const, data: png },
    ];
    expect(contentTokens('openai', 'abcdefgh')).toBe(2);
    // A 1×1 image: one 512-px tile (85 + 170) for OpenAI, one block (258) for Gemini.
    expect(contentTokens('openai', parts)).toBe(2 + 255);
    expect(contentTokens('gemini', parts)).toBe(2 + 258);
  });

  test('checkEndpoint names the field to fix', () => {
    expect(checkEndpoint('https://api.openai.com/v1', 'gpt-4o-mini')).toBeUndefined();
    expect(checkEndpoint('https://api.openai.com/v1', '')).toEqual({
      field: 'model',
      message: 'Choose a model.',
      key: 'specChooseModel',
    });
  });

  test('StreamDecoder decodes bytes split inside a character', () => {
    const bytes = new TextEncoder().encode('data: {"choices":[{"delta":{"content":"é"}}]}\n\ndata: [DONE]\n\n');
    const cut = bytes.indexOf(0xc3) + 1;
    const d = new StreamDecoder('openai');
    const events = [...d.push(bytes.slice(0, cut)), ...d.push(bytes.slice(cut)), ...d.finish()];
    d.free();
    expect(events).toEqual([
      { type: 'text', text: 'é' },
      { type: 'done', reason: 'stop' },
    ]);
  });

  test("modelsRequest and parseModels list a provider's models", () => {
    expect(modelsRequest('ollama', 'http://localhost:11434', undefined).url).toBe('http://localhost:11434/api/tags');
    expect(parseModels('openai', '{"data":[{"id":"b"},{"id":"a"}]}')).toEqual({ models: [{ id: 'a' }, { id: 'b' }] });
    expect(parseModels('gemini', 'nope')).toMatchObject({ error: { type: 'error', code: 'bad_response' } });
  });

  test('httpError maps statuses to codes with a next step', () => {
    expect(httpError('openai', 429, '', '3')).toMatchObject({ type: 'error', code: 'rate_limit' });
    expect(httpError('anthropic', 401, '', undefined)).toMatchObject({ code: 'auth' });
    expect(
      httpError('gemini', 400, '{"error":{"message":"Image input modality is not enabled for models/x"}}'),
    ).toMatchObject({
      code: 'no_vision',
      message: expect.stringContaining("can't see images"),
    });
    expect(httpError('ollama', 403, '', undefined)).toMatchObject({
      code: 'network',
      message: expect.stringContaining('OLLAMA_ORIGINS'),
    });
  });
});

describe('error messages in the user’s language', () => {
  test('the worker builds the same English message from the parts as the core', () => {
    const events = [
      httpError('openai', 401, '{"error":{"message":"bad key"}}'),
      httpError('anthropic', 429, '', '12'),
      httpError('gemini', 400, '{"error":{"message":"API key not valid","status":"INVALID_ARGUMENT"}}'),
      httpError('ollama', 403, ''),
      httpError('ollama', 500, '{"error":"this model is missing data required for image input"}'),
      httpError('gemini', 404, '<html>Not Found</html>'),
      networkError('http://127.0.0.1:9/v1/chat/completions', false),
      networkError('https://api.openai.com/v1/chat/completions', true),
      timeoutError(30, true),
    ];
    for (const event of events) {
      if (event.type !== 'error') throw new Error('not an error');
      expect(event.l10n).toBeDefined();
      expect(localizeError(event.message, event.l10n)).toBe(event.message);
    }
  });

  test('chatUrl shows the URL a pasted endpoint will really call, or throws the problem', () => {
    expect(chatUrl('anthropic', 'https://api.anthropic.com', 'm')).toBe('https://api.anthropic.com/v1/messages');
    expect(chatUrl('openai', 'http://127.0.0.1:8080/v1/chat/completions', 'm')).toBe(
      'http://127.0.0.1:8080/v1/chat/completions',
    );
    expect(() => chatUrl('openai', 'ftp://x', 'm')).toThrow(expect.objectContaining({ key: 'specUrlScheme' }));
  });

  test('settings problems carry their message key', () => {
    const problem = checkEndpoint('ftp://x', 'm');
    expect(problem && localizeProblem(problem)).toEqual(problem);
    expect(problem?.key).toBe('specUrlScheme');
  });

  test('warming up the renderer leaves nothing behind: the next answer renders as the first would', () => {
    const answer = 'The first sentence of an answer, with *emphasis* and `code`.\n\n## A heading\n';
    warmUpRenderer();
    const renderer = new StreamRenderer();
    const patches = [renderer.push(answer), renderer.finish()];
    renderer.free();
    const html = patches.flatMap((p) => p.frozen).join('') + (patches[1]?.tail ?? '');
    expect(html).toBe(renderMarkdown(answer));
    expect(html).toContain('<h2 id="gloss-h-a-heading">');
  });
});
