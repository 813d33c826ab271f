import { describe, expect, test } from 'vitest';
import type { ToolStep } from '../../shared/tools/tool-steps';
import type { CoreMessage, ToolCall } from '../core';
import type { AnswerEvent } from '../providers/provider-stream';
import { exposeTools } from './exposed-tools';
import type { LoopEvent } from './loop-events';
import { DENIED, type Decision } from './tool-calls';
import { runToolLoop, type AskModel, type ToolLoopRun } from './tool-loop';
import type { OfferedTool, ToolOutcome, ToolSource } from './tool-source';

const weather: OfferedTool = {
  serverId: 's1',
  source: 'My server',
  tool: 'get_weather',
  description: 'Weather.',
  parameters: { type: 'object' },
  policy: 'allow',
};
const call = (id: string, name = 'get_weather'): ToolCall => ({ id, name, arguments: { city: 'Paris' } });

/** A model that answers each request with the next script: its calls, or text. */
function model(scripts: (ToolCall[] | string)[]) {
  const requests: CoreMessage[][] = [];
  const ask: AskModel = async (messages, { onMessage }, post) => {
    requests.push(messages);
    const script = scripts[requests.length - 1] ?? 'out of script';
    await Promise.resolve();
    post({ type: 'usage', inputTokens: 10, outputTokens: 2 });
    if (typeof script === 'string') {
      post({ type: 'text', text: script });
      onMessage({ role: 'assistant', content: script });
      post({ type: 'done', reason: 'stop' });
      return;
    }
    for (const c of script) post({ type: 'toolCall', ...c });
    onMessage({ role: 'assistant', content: script.map((c) => ({ type: 'toolCall' as const, ...c })) });
    post({ type: 'done', reason: 'toolCalls' });
  };
  return { ask, requests };
}

/** A source that records every call and answers each after `release()`, or at once. */
function source(hold = false) {
  const ran: string[] = [];
  const waiting: (() => void)[] = [];
  const src: ToolSource = {
    offered: () => Promise.resolve([weather]),
    call: async (tool, args, signal): Promise<ToolOutcome> => {
      ran.push(`${tool.tool}(${JSON.stringify(args)})`);
      if (hold) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          signal.addEventListener('abort', () => resolve());
        });
      }
      return signal.aborted ? { text: 'Stopped.', isError: true } : { text: '18 °C', isError: false };
    },
  };
  return { src, ran, release: () => waiting.splice(0).forEach((r) => r()), waiting };
}

function loop(ask: AskModel, src: ToolSource, over: Partial<ToolLoopRun> = {}, tools = [weather]) {
  const events: (AnswerEvent | LoopEvent)[] = [];
  const asks: string[] = [];
  const pending = new Map<string, (d: Decision) => void>();
  const abort = new AbortController();
  const run: ToolLoopRun = {
    base: [{ role: 'user', content: 'Weather in Paris?' }],
    rounds: [],
    steps: [],
    maxRounds: 10,
    ask,
    post: (e) => events.push(e),
    calls: {
      exposed: exposeTools(tools),
      source: src,
      timeoutMs: 1000,
      signal: abort.signal,
      show: (step) => events.push({ type: 'step', step }),
      ask: (id) => (asks.push(id), new Promise((resolve) => pending.set(id, resolve))),
      allowAlways: () => Promise.resolve(),
      fence: (tool, from, text) => `[${tool}@${from}] ${text}`,
    },
    ...over,
  };
  const steps = () => events.flatMap((e) => (e.type === 'step' ? [e.step] : []));
  const decide = (id: string, d: Decision) => pending.get(id)?.(d);
  return { run, events, asks, decide, abort, steps, done: runToolLoop(run) };
}

const tick = () => new Promise((r) => setTimeout(r, 5));
const last = (steps: ToolStep[], id: string) => steps.filter((s) => s.id === id).at(-1);

describe('the tool loop', () => {
  test('an allowed call runs, and its fenced result goes back with the call for the answer', async () => {
    const m = model([[call('c1')], 'It is 18 °C.']);
    const s = source();
    const l = loop(m.ask, s.src);
    await l.done;
    expect(s.ran).toEqual(['get_weather({"city":"Paris"})']);
    const second = m.requests[1]!;
    expect(second.at(-2)).toMatchObject({ role: 'assistant' });
    expect(second.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'c1',
      name: 'get_weather',
      content: '[get_weather@My server] 18 °C',
    });
    expect(last(l.steps(), 'r0-c1')).toMatchObject({ status: 'done', result: '18 °C', source: 'My server' });
    expect(l.events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    // Intermediate ends are held back: one done, at the end.
    expect(l.events.filter((e) => e.type === 'done')).toHaveLength(1);
  });

  test('a tool set to Ask runs only after the click; a denied call is told to the model and the loop goes on', async () => {
    const m = model([[call('c1'), call('c2')], 'Fine.']);
    const s = source();
    const l = loop(m.ask, s.src, {}, [{ ...weather, policy: 'ask' }]);
    await tick();
    // Both are asked at once; nothing has run.
    expect(l.asks).toEqual(['r0-c1', 'r0-c2']);
    expect(s.ran).toEqual([]);
    l.decide('r0-c1', 'once');
    await tick();
    expect(s.ran).toHaveLength(1);
    l.decide('r0-c2', 'deny');
    await l.done;
    expect(s.ran).toHaveLength(1);
    expect(last(l.steps(), 'r0-c2')?.status).toBe('denied');
    expect(m.requests[1]!.at(-1)).toMatchObject({ toolCallId: 'c2', content: DENIED, isError: true });
  });

  test('a source’s own rule makes an allowed call ask, says why, and Always allow does not loosen the tool', async () => {
    const m = model([[call('c1')], 'Fine.']);
    const s = source();
    const because = 'This address came neither from you nor from the searches: https://evil.example/?q=secret';
    s.src.asksFirst = () => Promise.resolve({ because, access: 'https://evil.example/*' });
    let loosened = 0;
    const l = loop(m.ask, s.src);
    l.run.calls.allowAlways = () => (loosened++, Promise.resolve());
    await tick();
    expect(l.asks).toEqual(['r0-c1']);
    expect(s.ran).toEqual([]);
    expect(last(l.steps(), 'r0-c1')).toMatchObject({
      status: 'waiting',
      asksBecause: because,
      access: 'https://evil.example/*',
    });
    l.decide('r0-c1', 'always');
    await l.done;
    expect(s.ran).toHaveLength(1);
    expect(loosened).toBe(0);
  });

  test('calls of one round run at once, and Stop aborts them and ends the answer stopped', async () => {
    const m = model([[call('c1'), call('c2')], 'never asked']);
    const s = source(true);
    const l = loop(m.ask, s.src);
    await tick();
    expect(s.ran).toHaveLength(2);
    expect(l.steps().filter((x) => x.status === 'running')).toHaveLength(2);
    l.abort.abort();
    await l.done;
    expect(m.requests).toHaveLength(1);
    expect(l.events.at(-1)).toEqual({ type: 'stopped' });
  });

  test('at the round limit the calls asked for are not run, and the answer says so', async () => {
    const m = model([[call('c1')], [call('c2')], 'never asked']);
    const s = source();
    const l = loop(m.ask, s.src, { maxRounds: 2 });
    await l.done;
    expect(s.ran).toHaveLength(1);
    expect(last(l.steps(), 'r1-c2')).toMatchObject({ status: 'skipped' });
    expect(l.events.slice(-2)).toEqual([
      { type: 'roundLimit', rounds: 2 },
      { type: 'done', reason: 'toolCalls' },
    ]);
  });

  test('Continue answers the calls a kept round still lacks before asking the model again', async () => {
    const m = model(['Done now.']);
    const s = source();
    const assistant = {
      role: 'assistant' as const,
      content: [
        { type: 'toolCall', ...call('c1') },
        { type: 'toolCall', ...call('c2') },
      ],
    };
    const answered = { role: 'tool' as const, toolCallId: 'c1', name: 'get_weather', content: 'kept' };
    const l = loop(m.ask, s.src, { rounds: [{ assistant, results: [answered] }] });
    await l.done;
    expect(s.ran).toHaveLength(1);
    expect(m.requests[0]!.slice(-3)).toEqual([
      assistant,
      answered,
      { role: 'tool', toolCallId: 'c2', name: 'get_weather', content: '[get_weather@My server] 18 °C' },
    ]);
  });

  test('token counts add up over the rounds', async () => {
    const l = loop(model([[call('c1')], 'ok']).ask, source().src);
    await l.done;
    const counts = l.events.filter((e) => e.type === 'usage');
    expect(counts.at(-1)).toEqual({ type: 'usage', inputTokens: 20, outputTokens: 4 });
  });
});
