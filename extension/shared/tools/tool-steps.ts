/**
 * A tool call as stored with its turn and shown inside the answer, and the rounds of a tool loop
 * kept for carrying it on. A step sits in the answer where the model called it (`at`, the
 * answer's length then), so text and calls read in the order they happened.
 */
import * as v from 'valibot';
import { WebSourceSchema } from '../web/web-source';

/** `skipped`: not run, and not for a failure of its own (the answer stopped, or reached its round limit). */
export const STEP_STATUSES = ['waiting', 'running', 'done', 'failed', 'denied', 'skipped'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const ToolStepSchema = v.object({
  /** The call's id (unique in its turn). */
  id: v.string(),
  /** The loop's round it was called in, from 0. */
  round: v.number(),
  /** Where it sits in the answer: the answer's length (UTF-16) when it was called. */
  at: v.number(),
  /** The tool's own name, as its server lists it. */
  tool: v.string(),
  /** Where it runs: the MCP server's name, or Gloss for its own tools. */
  source: v.string(),
  serverId: v.optional(v.string()),
  /** Its arguments as the model gave them: untrusted, shown as text. */
  arguments: v.record(v.string(), v.unknown()),
  status: v.picklist(STEP_STATUSES),
  /** Its result as text (done or failed), cut to the result limit: untrusted, shown as text. */
  result: v.optional(v.string()),
  /** The result was longer: how much was kept of how much (characters). */
  cut: v.optional(v.object({ kept: v.number(), total: v.number() })),
  startedAt: v.optional(v.number()),
  /** How long it ran. */
  ms: v.optional(v.number()),
  /**
   * It waits for the user's decision now. A call is shown `waiting` as soon as the model makes
   * it, before Gloss knows whether it asks: the panel offers the buttons only once this is set.
   */
  asks: v.optional(v.literal(true)),
  /**
   * Why it asks though its tool is allowed (an address that came from neither the user nor this
   * answer's searches, in full): no "Always allow" then, which would not cover it.
   */
  asksBecause: v.optional(v.string()),
  /** The site access (`https://host/*`) the panel asks the browser for when the user allows it. */
  access: v.optional(v.string()),
  /** The web sources it found or read, numbered as the model saw them (Gloss's web tools). */
  sources: v.optional(v.array(WebSourceSchema)),
});
export type ToolStep = v.InferOutput<typeof ToolStepSchema>;

/** A message in the core's `ChatMessage` shape (checked by the core when it is sent). */
const CoreMessageSchema = v.looseObject({
  role: v.picklist(['assistant', 'tool']),
  content: v.union([v.string(), v.array(v.unknown())]),
});

/**
 * One finished round of the loop as it goes back to the model: the assistant's message (its
 * text, signed reasoning and calls) and the results given so far. Continue sends these again.
 */
export const ToolRoundSchema = v.object({
  assistant: CoreMessageSchema,
  results: v.array(CoreMessageSchema),
});
export type ToolRound = v.InferOutput<typeof ToolRoundSchema>;

/** An MCP server whose tools were left out of an answer: its name, and what went wrong. */
export const MissingToolsSchema = v.object({ source: v.string(), problem: v.string() });
export type MissingTools = v.InferOutput<typeof MissingToolsSchema>;

/** The turn's entries for tools (absent in turns without any). */
export const TurnToolEntries = {
  steps: v.optional(v.array(ToolStepSchema)),
  rounds: v.optional(v.array(ToolRoundSchema)),
  /** The loop stopped at the round limit (that many rounds) before the model had answered. */
  roundLimit: v.optional(v.number()),
  /** Servers whose tools this answer could not offer (they could not be reached), and why. */
  toolsMissing: v.optional(v.array(MissingToolsSchema)),
};
