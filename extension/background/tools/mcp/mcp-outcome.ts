/**
 * A tool's result as text for the model and the panel. Text parts are joined; images and audio
 * become a short note with their type and size (their bytes would cost a model thousands of
 * tokens and Gloss does not pass media on); an embedded resource gives its text, or a note with
 * its URI; `structuredContent` is shown as JSON only when there is no text (servers that send
 * both repeat the JSON as text, per the spec). Nothing here interprets the result: it is the
 * server's untrusted data, fenced by the loop.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { t } from '../../../shared/i18n';
import type { ToolOutcome } from '../tool-source';

/**
 * The most of one result kept, in characters: about 8 000 tokens at ~4 characters a token.
 * Several of them then fit a 32k-token model's context with the page and the question, and a
 * long answer (a file, a page of search results) is still mostly kept; a model with more room
 * gains little from a single result larger than this.
 */
export const RESULT_LIMIT = 32_000;

type Part = CallToolResult['content'][number];

/** The result of calling `tool` as an outcome, cut to `limit` characters. */
export function toOutcome(tool: string, result: CallToolResult, limit = RESULT_LIMIT): ToolOutcome {
  const parts = result.content.map(partText);
  const hasText = result.content.some((p) => p.type === 'text' || (p.type === 'resource' && 'text' in p.resource));
  if (!hasText && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent, null, 2));
  const body = parts.join('\n\n') || t('mcpNoContent');
  const isError = result.isError === true;
  return cut(isError ? t('mcpToolError', tool, body) : body, isError, limit);
}

function partText(part: Part): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
      return t('mcpImageNote', part.mimeType, formatBytes(base64Bytes(part.data)));
    case 'audio':
      return t('mcpAudioNote', part.mimeType, formatBytes(base64Bytes(part.data)));
    case 'resource': {
      const r = part.resource;
      if ('text' in r) return r.text;
      return t('mcpBlobNote', r.uri, r.mimeType ?? '?', formatBytes(base64Bytes(r.blob)));
    }
    case 'resource_link':
      return t('mcpLinkNote', part.name ? `${part.name} (${part.uri})` : part.uri);
  }
}

/** Keeps the first `limit` characters (never half of a surrogate pair) and says what was cut. */
export function cut(text: string, isError: boolean, limit = RESULT_LIMIT): ToolOutcome {
  if (text.length <= limit) return { text, isError };
  const high = text.charCodeAt(limit - 1);
  const kept = high >= 0xd800 && high <= 0xdbff ? limit - 1 : limit;
  const note = t('mcpResultCut', text.length.toLocaleString('en'), kept.toLocaleString('en'));
  return { text: `${text.slice(0, kept)}\n\n${note}`, isError, cut: { kept, total: text.length } };
}

/** The decoded size of base64 data, without decoding it. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
