/**
 * Which conversation page material goes to. A quote from a page the open conversation is not
 * about starts a new conversation (a 1 MB page once joined an unrelated chat), unless the user
 * chooses to add it to the open one. Material given in the panel itself (a PDF dropped or picked
 * from disk has no address) joins the open conversation: the user put it there.
 */

/** The page a piece of material is from, without the part that only scrolls within it. */
function pageOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

interface AskedTurn {
  attachments?: readonly { url: string }[];
}

/** Whether material from `url` would start a new conversation rather than join `shown`. */
export function startsNewChat(url: string, shown: readonly AskedTurn[]): boolean {
  if (url === '' || shown.length === 0) return false;
  const page = pageOf(url);
  return !shown.some((turn) => turn.attachments?.some((a) => a.url !== '' && pageOf(a.url) === page));
}

/**
 * Whether asking with `sources` starts a new conversation: none of them is from a page the shown
 * one is about (one that is keeps them here: the user is adding to what this chat discusses).
 */
export function sourcesStartNewChat(sources: readonly { url: string }[], shown: readonly AskedTurn[]): boolean {
  return sources.length > 0 && sources.every((s) => startsNewChat(s.url, shown));
}
