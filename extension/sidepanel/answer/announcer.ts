/**
 * A polite live region: completed blocks of an answer are read out as they freeze, not every
 * token (which would flood a screen reader).
 */
const MAX = 400;

let region: HTMLElement | null = null;

export function announce(text: string): void {
  const said = announcement(text);
  if (!said) return;
  region ??= createRegion();
  region.textContent = said;
}

/** What is read out for `text`: one line, cut at MAX characters; '' for nothing to say. */
export function announcement(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > MAX ? `${clean.slice(0, MAX)}…` : clean;
}

function createRegion(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'sr-only';
  el.setAttribute('aria-live', 'polite');
  el.setAttribute('role', 'status');
  document.body.append(el);
  return el;
}
