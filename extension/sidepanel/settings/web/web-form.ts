/**
 * The rules of Settings → Web's form, pure so they are tested in Node: the draft the form edits,
 * what Save and Try a search send (a key typed replaces the saved one, "Remove" removes it, an
 * empty field keeps it), and what the form says about each engine. The worker checks the input
 * again (`WEB_MESSAGES`) and names the field to fix.
 */
import type { MessageKey } from '../../../shared/i18n';
import { DEFAULT_WEB, isKeyed, KEY_PAGES, MAX_RESULT_COUNT, type WebSettings } from '../../../shared/web/web-settings';

type Engine = WebSettings['engine'];

export interface WebDraft {
  engine: Engine;
  searxngUrl: string;
  /** As typed: a field being edited may be empty for a moment. */
  resultCount: string;
  /** The key typed for the chosen keyed engine; empty keeps the saved one. */
  key: string;
  /** The saved key is to be removed. */
  removeKey: boolean;
  searchFirst: boolean;
}

/** The form for the settings as saved. */
export function draftOf(web: WebSettings): WebDraft {
  return { ...web, resultCount: String(web.resultCount), key: '', removeKey: false };
}

/** The draft with another engine chosen: a key typed for the one before is not carried over. */
export function withEngine(draft: WebDraft, engine: Engine): WebDraft {
  return engine === draft.engine ? draft : { ...draft, engine, key: '', removeKey: false };
}

/** The number of results as typed, made a whole number from 1 to 10; the default when not a number. */
export function resultCount(typed: string): number {
  const n = Math.round(Number(typed));
  if (typed.trim() === '' || !Number.isFinite(n)) return DEFAULT_WEB.resultCount;
  return Math.min(MAX_RESULT_COUNT, Math.max(1, n));
}

/** The settings the draft stands for. */
export function webOf(draft: WebDraft): WebSettings {
  return {
    engine: draft.engine,
    searxngUrl: draft.searxngUrl.trim(),
    resultCount: resultCount(draft.resultCount),
    searchFirst: draft.searchFirst,
  };
}

/** What to do with the key: undefined keeps the saved one, '' removes it, a string replaces it. */
export function keyOf(draft: WebDraft): string | undefined {
  if (!isKeyed(draft.engine)) return undefined;
  if (draft.key.trim() !== '') return draft.key.trim();
  return draft.removeKey ? '' : undefined;
}

/** What Save and Try a search send for the draft. */
export function requestOf(draft: WebDraft): { web: WebSettings; key?: string } {
  const key = keyOf(draft);
  return key === undefined ? { web: webOf(draft) } : { web: webOf(draft), key };
}

/** What the radio group says under each engine, and where a keyed one's key is got. */
export const ENGINE_LINES: Record<Engine, MessageKey> = {
  duckduckgo: 'webEngineKeyless',
  searxng: 'webEngineInstance',
  brave: 'webEngineNeedsKey',
  tavily: 'webEngineNeedsKey',
};

/** Where a key for the engine is got, or undefined for an engine without one. */
export function keyPage(engine: Engine): string | undefined {
  return isKeyed(engine) ? KEY_PAGES[engine] : undefined;
}
