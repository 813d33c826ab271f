/**
 * The stored form of conversations (IndexedDB, owned by the worker). A conversation is a tree
 * of turns (a question and its answer): regenerating or editing a question adds a sibling, so
 * earlier versions stay, and `leafId` says which path is shown.
 */
import * as v from 'valibot';
import { AttachmentSchema, AttachmentViewSchema, attachmentView } from './attachment';
import { ImagesSchema } from './images/image';
import { ExcerptSchema } from './excerpt';
import { TurnToolEntries } from './tools/tool-steps';

export const TURN_STATUSES = ['streaming', 'done', 'stopped', 'error', 'interrupted'] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

const UsageSchema = v.object({
  inputTokens: v.number(),
  outputTokens: v.number(),
  /** Counted by Gloss, not the provider: a stopped answer never hears the provider's count. */
  estimated: v.optional(v.boolean()),
});

export const TurnSchema = v.object({
  id: v.string(),
  conversationId: v.string(),
  /** The turn this one follows; null for the first question. */
  parentId: v.nullable(v.string()),
  createdAt: v.number(),
  question: v.string(),
  attachments: v.optional(v.array(AttachmentSchema)),
  /** Images the question showed the model (pasted or dropped), stored with it. */
  images: v.optional(ImagesSchema),
  /** The answer's markdown as received (while streaming, the chunks store holds the rest). */
  answer: v.string(),
  /** The model's visible reasoning, if it showed any. */
  reasoning: v.optional(v.string()),
  status: v.picklist(TURN_STATUSES),
  error: v.optional(v.object({ code: v.string(), message: v.string() })),
  usage: v.optional(UsageSchema),
  finishReason: v.optional(v.string()),
  /** The model chosen for the answer (the provider's setting, or the switch's choice). */
  model: v.optional(v.string()),
  /**
   * The model the response named, when it named one: not always the one chosen (llama.cpp
   * serves the model it loaded). Turns stored before Gloss read it have none.
   */
  answeredBy: v.optional(v.string()),
  /** The answer's tool calls and the loop's rounds (tools/tool-steps.ts). */
  ...TurnToolEntries,
});
export type TurnRecord = v.InferOutput<typeof TurnSchema>;

export const ConversationSchema = v.object({
  id: v.string(),
  title: v.string(),
  /** The user renamed it: automatic titles no longer apply. */
  titleEdited: v.boolean(),
  createdAt: v.number(),
  updatedAt: v.number(),
  /** The last turn of the path shown; null while empty. */
  leafId: v.nullable(v.string()),
  /** Instructions sent first with every question of this conversation. */
  systemPrompt: v.optional(v.string()),
  /** The provider and model chosen for this conversation (the defaults at the time when absent). */
  providerId: v.optional(v.string()),
  model: v.optional(v.string()),
  /** The tools switched off for this conversation, by server and name (`serverId/tool`). */
  toolsOff: v.optional(v.array(v.string())),
  /** "Search the web" is on for this conversation: Gloss's own web tools are offered. */
  web: v.optional(v.boolean()),
});
export type ConversationRecord = v.InferOutput<typeof ConversationSchema>;

/** What the list shows of a conversation. */
export const SummarySchema = v.object({
  id: v.string(),
  title: v.string(),
  updatedAt: v.number(),
  /** What a search matched in its questions and answers. */
  excerpt: v.optional(ExcerptSchema),
});
export type Summary = v.InferOutput<typeof SummarySchema>;

export const summary = (c: ConversationRecord): Summary => ({ id: c.id, title: c.title, updatedAt: c.updatedAt });

/** The tools a chat switches off, as the panel sends them. */
export const ToolsOffSchema = v.pipe(v.array(v.pipe(v.string(), v.maxLength(600))), v.maxLength(1000));

/** A turn as the panel is shown it: its attachments' start and length, not their whole text. */
export const ShownTurnSchema = v.object({
  ...TurnSchema.entries,
  attachments: v.optional(v.array(AttachmentViewSchema)),
});
export type ShownTurn = v.InferOutput<typeof ShownTurnSchema>;

export function shownTurn(turn: TurnRecord): ShownTurn {
  return { ...turn, attachments: turn.attachments?.map(attachmentView) };
}

/** A turn as the panel receives it on opening a conversation: stored answers come with their HTML. */
export const TurnViewSchema = v.object({
  ...ShownTurnSchema.entries,
  html: v.string(),
  /** With tool steps: the answer's HTML in parts, split where its steps sit (`answerParts`). */
  parts: v.optional(v.array(v.string())),
});
export type TurnView = v.InferOutput<typeof TurnViewSchema>;

/** One conversation with all its turns: the unit of export, import and undo. */
export const ConversationDataSchema = v.object({
  conversation: ConversationSchema,
  turns: v.array(TurnSchema),
});
export type ConversationData = v.InferOutput<typeof ConversationDataSchema>;

export const EXPORT_FORMAT = 'gloss.conversations';
export const ExportSchema = v.object({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(1),
  exportedAt: v.number(),
  conversations: v.array(ConversationDataSchema),
});
export type ExportFile = v.InferOutput<typeof ExportSchema>;

/**
 * The most one imported file may hold: ten times the largest history measured (bench:history's
 * 1,000 conversations), and far longer conversations than anyone writes. A crafted file cannot
 * make the worker write without end.
 */
export const MAX_IMPORT_CONVERSATIONS = 10_000;

/** The longest instructions a conversation may have: a new chat's, a changed one's, an imported one's. */
export const MAX_INSTRUCTIONS = 20_000;
export const MAX_IMPORT_TURNS = 5_000;

/** A question just asked, before any answer: how the worker stores it and the panel shows it. */
export function newTurn(fields: {
  id: string;
  conversationId: string;
  parentId: string | null;
  question: string;
  attachments?: TurnRecord['attachments'];
  images?: TurnRecord['images'];
}): TurnRecord {
  const { attachments, images, ...rest } = fields;
  return {
    ...rest,
    createdAt: Date.now(),
    attachments: attachments?.length ? attachments : undefined,
    images: images?.length ? images : undefined,
    answer: '',
    status: 'streaming',
  };
}

const TITLE_CHARS = 60;

/**
 * An automatic title, from what the conversation is about: the title of the page or PDF asked
 * about (a quick action's prompt, "Summarize this page.", says nothing of it), else the first
 * question's first line; cut at a word near 60 characters.
 */
export function titleFor(question: string, about?: { title: string }): string {
  const line =
    (about?.title.trim() || question)
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  if (line === '') return 'New chat';
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
