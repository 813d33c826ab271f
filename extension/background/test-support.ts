/**
 * For the worker's unit tests: a fresh database (fake-indexeddb), the real core, and a scripted
 * provider request that the test drives event by event.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import type { ChatEvent, ChatMessage } from '../shared/protocol';
import { DEFAULT_SETTINGS, type StoredProvider, type StoredSettings } from '../shared/settings';
import { AnswerRegistry } from './answers/answer-registry';
import type { AnswerEvent, Post } from './providers/provider-stream';
import { initCoreFromBytes } from './core';
import { openGlossDb, SETTINGS_RECORD } from './db';
import type { SettingsPlaces } from './settings/settings-store';
import { HistoryStore } from './history/history-store';

let loaded = false;
export function loadCore(): void {
  if (loaded) return;
  initCoreFromBytes(readFileSync(new URL('../../crates/gloss-wasm/pkg/gloss_wasm_bg.wasm', import.meta.url)));
  loaded = true;
}

export async function freshStore(): Promise<HistoryStore> {
  return new HistoryStore(await openGlossDb(`test-${crypto.randomUUID()}`));
}

/** An OpenAI-compatible provider on a port nothing listens on. */
export const PROVIDER: StoredProvider = {
  id: 'p',
  preset: 'custom',
  kind: 'openai',
  name: 'Test',
  baseUrl: 'http://127.0.0.1:1/v1',
  apiKey: '',
  model: 'test-model',
};

export const SETTINGS: StoredSettings = {
  ...DEFAULT_SETTINGS,
  providers: [PROVIDER],
  defaultProviderId: 'p',
};

/** One request the answers made: what it asked to send, and a way to play the provider's side. */
export interface Call {
  /** The messages before fencing (with their attachments and images as asked). */
  messages: ChatMessage[];
  /** The provider and model asked (the model undefined: the provider's own). */
  providerId: string;
  model: string | undefined;
  signal: AbortSignal;
  emit: (...events: AnswerEvent[]) => void;
  /** Resolves the request (after its terminal event). */
  finish: () => void;
}

export function scripted(store: HistoryStore, settings = SETTINGS) {
  const calls: Call[] = [];
  const heartbeats: number[] = [];
  // Nothing is fenced here: each request sends the very array it was asked with, which the
  // calls record as asked.
  const asked: ChatMessage[][] = [];
  const answers = new AnswerRegistry({
    store: async () => store,
    settings: async () => settings,
    withMaterial: async (m) => {
      asked.push(m);
      return m;
    },
    heartbeat: () => heartbeats.push(Date.now()),
    heartbeatMs: 10,
    stream: (provider, sent, post: Post, signal, _timeouts, options) =>
      new Promise<void>((resolve) => {
        const messages = asked.find((m) => m === sent);
        if (!messages) throw new Error('a request that was not asked for');
        const { id: providerId } = provider;
        calls.push({
          messages,
          providerId,
          model: options?.model,
          signal,
          emit: (...events) => events.forEach(post),
          finish: resolve,
        });
      }),
  });
  return { answers, calls, heartbeats };
}

/** Waits until `check` passes (IndexedDB and the answer's queue are asynchronous). */
export async function eventually(check: () => boolean | Promise<boolean>, what = 'condition'): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Calls `then` with each chunk of text once `store` has written it. */
export function onStored(store: HistoryStore, then: (chunk: { text: string }) => void): void {
  const write = store.storeUpdate.bind(store);
  store.storeUpdate = async (update) => {
    await write(update);
    if (update.chunk) then(update.chunk);
  };
}

/** A follower that records events and rebuilds the answer's HTML the way the panel does. */
/** A new question in a new conversation, as the panel asks it. */
export const askRequest = () => ({
  type: 'ask' as const,
  conversationId: crypto.randomUUID(),
  turnId: crypto.randomUUID(),
  parentId: null,
  question: 'q',
});

export function panel() {
  const events: ChatEvent[] = [];
  let blocks = '';
  let tail = '';
  const follower = (e: ChatEvent) => {
    events.push(e);
    if (e.type !== 'chunk') return;
    if (e.patch.reset) blocks = '';
    blocks += e.patch.frozen.join('');
    tail = e.patch.tail;
  };
  return { events, follower, html: () => blocks + tail, types: () => events.map((e) => e.type) };
}

/**
 * The settings' places in memory: `storage.local` as an earlier version left it (`legacy`, what
 * a content script can reach in Firefox), a fresh database, and a count of change notices.
 */
export function memoryPlaces(legacy: Record<string, unknown> = {}) {
  const local = new Map(Object.entries(legacy));
  const opened = openGlossDb(`test-${crypto.randomUUID()}`);
  const notices = { count: 0 };
  const places: SettingsPlaces = {
    legacy: {
      get: async (key) => (local.has(key) ? { [key]: structuredClone(local.get(key)) } : {}),
      remove: async (key) => {
        local.delete(key);
      },
    },
    db: () => opened,
    changed: () => {
      notices.count++;
    },
  };
  /** The stored settings record, as the worker reads it before adding keys. */
  const stored = async () => (await opened).get('settings', SETTINGS_RECORD) as Promise<StoredSettings | undefined>;
  /** Changes the stored record behind the worker's back. */
  const rewrite = async (change: (s: StoredSettings) => StoredSettings) => {
    await (await opened).put('settings', change((await stored())!), SETTINGS_RECORD);
  };
  return { places, local, db: opened, notices, stored, rewrite };
}
