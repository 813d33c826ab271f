/**
 * Several tool sources as one (the MCP servers, and Gloss's own tools while a chat searches the
 * web): their tools listed together, each call run by the source that offered its tool.
 */
import type { OfferedTool, ToolSource } from './tool-source';

export function joinSources(sources: readonly ToolSource[]): ToolSource {
  if (sources.length === 1 && sources[0]) return sources[0];
  // Offered tools are the sources' own objects: the loop passes them back as they were.
  const owner = new WeakMap<OfferedTool, ToolSource>();
  const of = (tool: OfferedTool): ToolSource | undefined => owner.get(tool);
  return {
    async offered() {
      const lists = await Promise.all(
        sources.map(async (source) => {
          // One source that cannot list its tools (a server down) leaves the others on offer.
          const tools = await source.offered().catch((e: unknown) => {
            console.warn('Gloss: tools could not be listed', e);
            return [];
          });
          for (const tool of tools) owner.set(tool, source);
          return tools;
        }),
      );
      return lists.flat();
    },
    call(tool, args, signal, timeoutMs) {
      const source = of(tool);
      if (!source) return Promise.resolve({ isError: true, text: `No source offers ${tool.tool}.` });
      return source.call(tool, args, signal, timeoutMs);
    },
    async asksFirst(tool, args) {
      return of(tool)?.asksFirst?.(tool, args);
    },
    missing: () => sources.flatMap((source) => source.missing?.() ?? []),
  };
}
