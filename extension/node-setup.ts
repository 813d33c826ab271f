/**
 * Node has no extension APIs, and webextension-polyfill refuses to load without
 * `chrome.runtime.id`. Tests and Node-run e2e helpers give it an id and nothing else, so any
 * code that reaches a real browser API under Node fails loudly instead of passing by accident.
 */
// eslint-disable-next-line no-restricted-syntax -- stands in for the browser's own `chrome`
(globalThis as { chrome?: unknown }).chrome = { runtime: { id: 'gloss-node' } };
