/**
 * When Firefox's sidebar has the keyboard again, for the line that says it has not
 * (`KeyboardElsewhere.tsx`). Taking the line away must never move what is under a pointer in the
 * middle of a click: a click on the line itself is how the user gives the box the keyboard. A
 * press in the sidebar gives it the keyboard, but Firefox may tell the page it has the focus
 * before or after the page sees the press, depending on how busy the browser is. So a press waits
 * for its click, and focus without a press (the keyboard, F6) waits a moment for one.
 */

/** How long focus waits for a press that may come with it, in ms. */
export const PRESS_SETTLES_MS = 300;

/** Calls `back` once, when the keyboard has come back (see above); returns the way to stop. */
export function onKeyboardBack(win: EventTarget, back: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  let pressing = false;
  const end = () => {
    if (done) return;
    done = true;
    stop();
    back();
  };
  // Bubbling, on the window: after the panel's own handlers of that click.
  const press = () => {
    clearTimeout(timer);
    pressing = true;
    win.addEventListener('click', end, { once: true });
  };
  const focus = () => {
    if (pressing) return;
    clearTimeout(timer);
    timer = setTimeout(end, PRESS_SETTLES_MS);
  };
  win.addEventListener('pointerdown', press, { capture: true });
  win.addEventListener('focus', focus);
  function stop() {
    clearTimeout(timer);
    win.removeEventListener('pointerdown', press, { capture: true });
    win.removeEventListener('focus', focus);
    win.removeEventListener('click', end);
  }
  return stop;
}
