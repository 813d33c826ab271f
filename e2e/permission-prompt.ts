/**
 * The browser's real permission prompt, in headed Chromium (e2e/headed): what a click that asks
 * for access brings up, answered as a user does. The prompt shows Gloss's icon over the top
 * middle of the window (clear of a panel page kept 360 px wide at the window's left); it opens
 * with Deny focused, so one Tab moves to Allow.
 */
import { expect } from 'vitest';
import { ICON_RGB, type Headed } from './headed';
import { findOnScreen } from './xvfb';

/** Where the prompt shows Gloss's icon (tabs.e2e.ts has found it there from the side panel too). */
export const PROMPT_AREA = { x0: 400, y0: 95, x1: 520, y1: 150 };

/** Runs `ask` (a real click that asks for access), then answers the prompt it brings up. */
export async function answerPrompt(h: Headed, ask: () => Promise<void>, allow = true): Promise<void> {
  await ask();
  const icon = await h.findIcon(PROMPT_AREA);
  // A click on the prompt gives it the keyboard (the page had it, from the click that asked).
  await h.clickAt(icon.x, icon.y);
  await h.xdotool('key', ...(allow ? ['Tab', 'Return'] : ['Return']));
  // Gone before anything else is pressed (a second prompt must not be mistaken for this one).
  await expect.poll(() => findOnScreen(h.display.name, PROMPT_AREA, ICON_RGB), { timeout: 10_000 }).toBeNull();
}
