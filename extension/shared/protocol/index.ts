/**
 * The one message protocol between the panel and the worker, and its one import point: one-shot
 * requests (`envelope.ts`, with the settings, context and history messages), the chat stream
 * over a `Port` per answer (`chat.ts`), and panel presence (`panel.ts`). Only Gloss's own
 * extension pages may use it (`sender.ts`); the scripts injected into pages send nothing.
 */
export * from './chat';
export * from './envelope';
export * from './panel';
export * from './settings-changed';
export * from './transfer';
export * from './page-parse';
export * from './local-engine';
