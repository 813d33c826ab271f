/**
 * Keeps the keyboard's place when the control that had it goes away: Allow once on a tool call
 * (its buttons give way to Details), Continue or Stop on an answer (they give way to the
 * answer). Without it the focus falls to the page's body, and the next Tab starts again from the
 * top of the panel.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * After a render in which `changed` changed, moves the focus to `fallback()` (or the container)
 * when the element inside `container` that last had it is gone or disabled and nothing else has
 * it. Focus the reader moved elsewhere is left where it is.
 */
export function useFocusKept(
  container: RefObject<HTMLElement | null>,
  changed: readonly unknown[],
  fallback?: () => HTMLElement | null | undefined,
): void {
  const last = useRef<Element | null>(null);
  useEffect(() => {
    const box = container.current;
    if (!box) return;
    const note = (e: FocusEvent) => void (last.current = e.target instanceof Element ? e.target : null);
    // Focus moved on to another element outside: not ours to keep any more.
    const left = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !box.contains(e.relatedTarget)) last.current = null;
    };
    box.addEventListener('focusin', note);
    box.addEventListener('focusout', left);
    return () => {
      box.removeEventListener('focusin', note);
      box.removeEventListener('focusout', left);
    };
  }, [container]);
  // Before paint, so the focus ring does not blink away and back.
  useLayoutEffect(() => {
    const had = last.current;
    const box = container.current;
    if (!had || !box) return;
    const active = had.ownerDocument.activeElement;
    const gone = !had.isConnected || had.matches(':disabled');
    if (!gone || (active !== null && active !== had.ownerDocument.body && active !== had)) return;
    last.current = null;
    (fallback?.() ?? box).focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `changed` is the list of what to react to
  }, changed);
}
