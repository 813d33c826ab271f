/**
 * The real pointer in Chromium's real side panel (headed runs, `headed.ts`): an element found in
 * the panel's document, scrolled into view, and clicked where it is on the screen.
 */
import type { Headed } from './headed';
import { panelToScreen } from './headed';

/** Clicks the first `selector` in the open side panel whose name (aria-label, else text) starts with `name`. */
export async function clickInPanel(h: Headed, selector: string, name = ''): Promise<void> {
  const at = await h.inPanel(
    (doc, [css, label]) => {
      const named = (e: Element) => (e.getAttribute('aria-label') ?? e.textContent).trim().startsWith(label);
      const found = Array.from(doc?.querySelectorAll(css) ?? []).findLast(named);
      found?.scrollIntoView({ block: 'center' });
      const box = found?.getBoundingClientRect();
      const view = doc?.defaultView;
      return box && view
        ? { x: box.x + box.width / 2, y: box.y + box.height / 2, w: view.innerWidth, h: view.innerHeight }
        : null;
    },
    [selector, name] as const,
  );
  if (!at) throw new Error(`no “${name || selector}” in the panel: ${await h.describe()}`);
  const { x, y } = panelToScreen(at);
  await h.clickAt(x, y);
}

/** Clicks the panel's question box and types `text` with the real keyboard, then Enter. */
export async function askInPanel(h: Headed, text: string): Promise<void> {
  await clickInPanel(h, 'textarea');
  for (let tries = 0; !(await h.inPanel((d) => d?.activeElement?.tagName === 'TEXTAREA' && d.hasFocus())); tries++) {
    if (tries === 30) throw new Error(`the question box did not take the keyboard: ${await h.describe()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await h.xdotool('type', '--delay', '20', text);
  await h.xdotool('key', 'Return');
}
