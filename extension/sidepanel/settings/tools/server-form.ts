/**
 * The MCP server form's rules (Settings → Tools): its header rows, and what Save sends. A saved
 * header's value never reaches the panel, so a saved row shows its name only; it can be kept,
 * given a new value, or removed. Pure, so the rules are tested in Node; the worker checks the
 * input again (`McpServerInputSchema`) and answers with the field to fix.
 */
import { t } from '../../../shared/i18n';
import { MAX_HEADERS, type McpServer, type McpServerInput } from '../../../shared/tools/tool-settings';

export interface HeaderRow {
  /** For React: stable while the row is listed. */
  key: string;
  name: string;
  /** Saved with the server: its value is in the worker's key store, and never shown. */
  saved: boolean;
  /** The value typed; for a saved row, null keeps the saved one. */
  value: string | null;
}

export interface ServerDraft {
  name: string;
  url: string;
  headers: HeaderRow[];
}

/** What Save sends, or the field to fix (`headers`) and why. */
export type Checked = { ok: true; input: McpServerInput } | { ok: false; field: string; message: string };

/** A header name as HTTP allows it (a token, RFC 9110 §5.1). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

let rows = 0;
const rowKey = () => `header-${String(++rows)}`;

/** The form for a new server, or for `server` as saved (its headers by name only). */
export function draftOf(server?: McpServer): ServerDraft {
  return {
    name: server?.name ?? '',
    url: server?.url ?? '',
    headers: (server?.headerNames ?? []).map((name) => ({ key: rowKey(), name, saved: true, value: null })),
  };
}

/** A new, empty header row. */
export function newHeader(): HeaderRow {
  return { key: rowKey(), name: '', saved: false, value: '' };
}

/** Whether Save would change the saved headers: a row added, removed, or given a new value. */
export function headersChanged(rows: readonly HeaderRow[], savedNames: readonly string[]): boolean {
  const kept = rows.filter((r) => r.saved && r.value === null).map((r) => r.name);
  return rows.some((r) => !r.saved || r.value !== null) || savedNames.some((n) => !kept.includes(n));
}

/**
 * The input Save sends for `draft` (`id` for a saved server). Unchanged headers are not sent,
 * which keeps them. Changed ones are sent whole, as the worker replaces them all: a saved header
 * kept beside a change needs its value typed again, since the panel never has it.
 */
export function serverInput(draft: ServerDraft, savedNames: readonly string[], id?: string): Checked {
  const base = { ...(id !== undefined && { id }), name: draft.name.trim(), url: draft.url.trim() };
  if (!headersChanged(draft.headers, savedNames)) return { ok: true, input: base };
  const problem = headerProblem(draft.headers);
  if (problem) return { ok: false, field: 'headers', message: problem };
  const headers = Object.fromEntries(draft.headers.map((r) => [r.name.trim(), r.value ?? '']));
  return { ok: true, input: { ...base, headers } };
}

/** What is wrong with the header rows to send, in words for the user; null when nothing is. */
export function headerProblem(rows: readonly HeaderRow[]): string | null {
  if (rows.length > MAX_HEADERS) return t('headersTooMany', MAX_HEADERS);
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const name = row.name.trim();
    const called = name || t('headerNumber', i + 1);
    if (row.value === null) return t('headerRetype', called);
    if (!name) return t('headerNameMissing', i + 1);
    if (!TOKEN.test(name)) return t('headerNameInvalid', name);
    if (seen.has(name.toLowerCase())) return t('headerNameTwice', name);
    if (!row.value.trim()) return t('headerValueMissing', name);
    seen.add(name.toLowerCase());
  }
  return null;
}
