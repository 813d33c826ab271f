/**
 * The path shown through a conversation's tree of turns, and its versions: turns with the same
 * parent are versions of one another (a regenerated answer, an edited question).
 */
export interface TreeTurn {
  id: string;
  parentId: string | null;
  createdAt: number;
}

export interface PathStep<T extends TreeTurn> {
  turn: T;
  /** This turn and its siblings, oldest first. */
  versions: string[];
  /** Where `turn` is among `versions`. */
  index: number;
}

function childrenOf<T extends TreeTurn>(turns: readonly T[]): Map<string | null, T[]> {
  const children = new Map<string | null, T[]>();
  for (const t of turns) {
    const list = children.get(t.parentId);
    if (list) list.push(t);
    else children.set(t.parentId, [t]);
  }
  for (const list of children.values()) list.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  return children;
}

/**
 * The turns from the first question to `leafId`. A missing or unknown leaf falls back to the
 * newest path, so a damaged pointer still shows the conversation.
 */
export function pathTo<T extends TreeTurn>(turns: readonly T[], leafId: string | null): PathStep<T>[] {
  const byId = new Map(turns.map((t) => [t.id, t]));
  const children = childrenOf(turns);
  let leaf = leafId === null ? undefined : byId.get(leafId);
  if (!leaf) {
    const roots = children.get(null) ?? [];
    const last = roots[roots.length - 1];
    leaf = last ? latestLeaf(turns, last.id) : undefined;
  }
  const path: PathStep<T>[] = [];
  const seen = new Set<string>();
  for (let t = leaf; t && !seen.has(t.id); t = t.parentId === null ? undefined : byId.get(t.parentId)) {
    seen.add(t.id);
    const siblings = children.get(t.parentId) ?? [t];
    const versions = siblings.map((s) => s.id);
    path.push({ turn: t, versions, index: versions.indexOf(t.id) });
  }
  return path.reverse();
}

/** The newest turn at the end of the newest branch under `id` (what choosing a version shows). */
export function latestLeaf<T extends TreeTurn>(turns: readonly T[], id: string): T | undefined {
  const byId = new Map(turns.map((t) => [t.id, t]));
  const children = childrenOf(turns);
  let turn = byId.get(id);
  const seen = new Set<string>();
  while (turn && !seen.has(turn.id)) {
    seen.add(turn.id);
    const kids = children.get(turn.id);
    if (!kids?.length) break;
    turn = kids[kids.length - 1];
  }
  return turn;
}
