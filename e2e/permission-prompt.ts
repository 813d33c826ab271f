/**
 * The browser's real permission prompt, in headed Chromium (e2e/headed, and the gallery's
 * Settings → Web states): what a click that asks for access brings up, answered as a user does.
 * The prompt shows Gloss's icon over the top middle of the window (clear of a panel page kept
 * 360 px wide at the window's left); it opens with Deny focused, so one Tab moves to Allow.
 * Plain waits, no test runner's: the gallery runs it as a script.
 */
import { ICON_RGB } from './headed';
import { clickAt, findOnScreen, waitOnScreen, xdotool } from './xvfb';

/** Where the prompt shows Gloss's icon (tabs.e2e.ts finds it there from the side panel too). */
export const PROMPT_AREA = { x0: 400, y0: 95, x1: 520, y1: 150 };

/** Runs `ask` (a real click that asks for access), then answers the prompt it brings up on `display`. */
export async function answerPrompt(display: string, ask: () => Promise<void>, allow = true): Promise<void> {
  await ask();
  const icon = await waitOnScreen(display, PROMPT_AREA, ICON_RGB);
  // A click on the prompt gives it the keyboard (the page had it, from the click that asked).
  await clickAt(display, icon.x, icon.y);
  await xdotool(display, 'key', ...(allow ? ['Tab', 'Return'] : ['Return']));
  // Gone before anything else is pressed (a second prompt must not be mistaken for this one).
  for (let tries = 0; tries < 40; tries++) {
    if (!(await findOnScreen(display, PROMPT_AREA, ICON_RGB))) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the permission prompt stayed open');
}
