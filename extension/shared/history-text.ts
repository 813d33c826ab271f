/** Conversations as text: the words search matches on, and the Markdown export. */
import type { ConversationData, TurnRecord } from './history';
import { answerParts, partStarts } from './tools/answer-parts';
import { stepMarkdown } from './tools/step-words';
import { markdownLink, markdownText } from './markdown-escape';
import { pathTo } from './thread';
import { t } from './i18n';
import { sentOf, sourceKind } from './sources-sent';
import type { Attachment } from './attachment';

/** Longer words are cut: a prefix this long finds them anyway. */
const MAX_WORD = 24;
/** Enough for a long conversation; the index stays small for a thousand of them. */
const MAX_WORDS = 4000;

/** Lower case, without accents, so "Café" is found by "cafe". */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function wordsOf(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The distinct words of a conversation's text, as stored in the search index. */
export function indexWords(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      words.add(word.slice(0, MAX_WORD));
      if (words.size >= MAX_WORDS) return [...words];
    }
  }
  return [...words];
}

/** The words of a search: each must start some word of a conversation for it to match. */
export function queryWords(query: string): string[] {
  const words = [...new Set(wordsOf(query).map((w) => w.slice(0, MAX_WORD)))];
  // Longest first: the rarest prefix narrows the search soonest.
  return words.sort((a, b) => b.length - a.length);
}

/** What search sees of a conversation: its title and every version of every turn. */
export function searchableText(data: {
  conversation: { title: string };
  turns: readonly {
    question: string;
    answer: string;
    attachments?: readonly { title: string }[];
    steps?: readonly { tool: string; source: string; result?: string }[];
  }[];
}): string[] {
  const texts = [data.conversation.title];
  for (const t of data.turns) {
    texts.push(t.question, t.answer, ...(t.attachments ?? []).map((a) => a.title));
    for (const step of t.steps ?? []) texts.push(step.tool, step.source, step.result ?? '');
  }
  return texts;
}

/**
 * The shown path of each conversation as Markdown. Questions and answers are Markdown already;
 * titles and URLs (from pages, or from an imported file) are escaped to stay text.
 */
export function toMarkdown(conversations: readonly ConversationData[]): string {
  return conversations.map(conversationMarkdown).join('\n\n---\n\n');
}

/** One source under an answer: "1. PDF [title](url): Pages 1–38 of 120. Sent … Left out: …" */
function sourceLine(a: Attachment, i: number): string {
  const { sent, leftOut } = sentOf({ ...a, chars: a.text.length });
  const said = [sent, leftOut].filter(Boolean).join(' ');
  return `${i + 1}. ${sourceKind(a.kind)} ${markdownLink(a.title, a.url)}: ${said}`;
}

/** An answer as Markdown, its tool steps where they were called. */
function answerMarkdown(turn: TurnRecord): string {
  if (!turn.steps?.length) return turn.answer || `_${t('exportNoAnswer')}_`;
  const places = partStarts(turn.steps);
  return answerParts(turn.answer, turn.steps)
    .flatMap((part, i) => {
      const steps = turn.steps?.filter((s) => s.at === places[i]) ?? [];
      return [part.trim(), ...steps.map((s) => stepMarkdown(s))];
    })
    .filter(Boolean)
    .join('\n\n');
}

function conversationMarkdown({ conversation, turns }: ConversationData): string {
  const out = [`# ${markdownText(conversation.title)}`, '', `_${new Date(conversation.createdAt).toISOString()}_`];
  if (conversation.systemPrompt) out.push('', `**${t('exportSystemPrompt')}** ${conversation.systemPrompt}`);
  for (const { turn } of pathTo(turns, conversation.leafId)) {
    out.push('', `## ${t('exportQuestion')}`, '');
    for (const a of turn.attachments ?? []) {
      out.push(t('exportFrom', markdownLink(a.title, a.url)), '', ...a.text.split('\n').map((l) => `> ${l}`), '');
    }
    // The images themselves are in the JSON export; Markdown names them.
    (turn.images ?? []).forEach((image, i) => {
      out.push(`_${t('exportImage', String(i + 1), `${image.width}×${image.height}`, image.mediaType)}_`, '');
    });
    out.push(turn.question, '', `## ${t('exportAnswer')}`, '', answerMarkdown(turn));
    if (turn.status === 'interrupted') out.push('', `_(${t('statusInterrupted')})_`);
    if (turn.status === 'stopped') out.push('', `_(${t('statusStopped')})_`);
    if (turn.attachments?.length) out.push('', `**${t('exportSources')}**`, '', ...turn.attachments.map(sourceLine));
  }
  return `${out.join('\n')}\n`;
}
