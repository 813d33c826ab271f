/**
 * The one message protocol between the panel, the worker and the content script, and its one
 * import point: one-shot requests (`envelope.ts`, with the settings, context and history
 * messages), the chat stream over a `Port` per answer (`chat.ts`), and panel presence
 * (`panel.ts`).
 */
export * from './chat';
export * from './envelope';
export * from './panel';
