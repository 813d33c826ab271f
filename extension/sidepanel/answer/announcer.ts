/**
 * A polite live region: completed blocks of an answer are read out as they freeze, not every
 * token (which would flood a screen reader).
 */
const MAX = 400;

let region: HTMLElement | null = null;

export function announce(text: string): void {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return;
  region ??= createRegion();
  region.textContent = clean.length > MAX ? `${clean.slice(0, MAX)}…` : clean;
}

function createRegion(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'sr-only';
  el.setAttribute('aria-live', 'polite');
  el.setAttribute('role', 'status');
  document.body.append(el);
  return el;
}
