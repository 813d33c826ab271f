/**
 * What the tool loop (`tool-loop.ts`) needs from wherever tools come from (the MCP servers the
 * user added, and later Gloss's own tools): the tools on offer with their policies, and a way
 * to run one. The loop owns approval, rounds and storage; a source only lists and runs.
 */
import type { ToolPolicy } from '../../shared/tools/tool-settings';
import type { WebSource } from '../../shared/web/web-source';
import type { MissingTools } from '../../shared/tools/tool-steps';

/** A tool as a source offers it. */
export interface OfferedTool {
  /** Where it runs: the MCP server's id (absent for Gloss's own tools). */
  serverId?: string;
  /** Shown on each step: the MCP server's name, or Gloss. */
  source: string;
  /** The tool's own name, as its server lists it (it may not be a name every protocol takes). */
  tool: string;
  description: string;
  /** Its input as a JSON Schema object. */
  parameters: Record<string, unknown>;
  /** `off` tools are never offered to the model. */
  policy: ToolPolicy;
}

/** What running a tool gave, as text for the model and the panel. */
export interface ToolOutcome {
  text: string;
  /** The tool (or the way to it) failed; `text` says how, for the model and the user. */
  isError: boolean;
  /** The result was longer than the limit: how much of it was kept, in characters. */
  cut?: { kept: number; total: number };
  /** The web sources it found or read, by the numbers `text` gives them. */
  sources?: WebSource[];
}

/** Why a call asks the user though its tool is allowed, and the site access it needs. */
export interface AskFirst {
  because: string;
  /** The host permission pattern the panel asks the browser for with the user's Allow. */
  access?: string;
}

export interface ToolSource {
  /** Every tool of every enabled source, with its policy (`off` ones included, for the panel). */
  offered(): Promise<OfferedTool[]>;
  /**
   * Runs one call. Never throws: a failure (server down, refused, timed out, the tool's own
   * error, a result over the limit) is an outcome with `isError` and words for it. `signal`
   * aborts it (Stop); after `timeoutMs` it is stopped and reported as timed out.
   */
  call(tool: OfferedTool, args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number): Promise<ToolOutcome>;
  /**
   * A rule of the tool's own that makes this call ask even when its policy is Allow (Gloss's
   * `fetch_url` to an address the user did not give); undefined: the policy decides.
   */
  asksFirst?(tool: OfferedTool, args: Record<string, unknown>): Promise<AskFirst | undefined>;
  /** Sources whose tools could not be listed for the last `offered()` (a server down), and why. */
  missing?(): MissingTools[];
}
