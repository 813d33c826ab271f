/**
 * Switching versions (‹ 2 / 3 ›) swaps the turn for another of a different height: the control
 * the reader just pressed would move, often off screen. Where it was is noted before the switch,
 * and the list is scrolled after it so the control is where it was, with the keyboard on the
 * same arrow (the old button is gone with its turn).
 */

/** Where the pressed version control was: which turn of the list, which button, how far down. */
export interface VersionAnchor {
  turn: number;
  button: number;
  top: number;
}

/** Notes the version control that has the keyboard (the button just pressed) in `list`. */
export function noteAnchor(list: HTMLElement): VersionAnchor | null {
  const pressed = list.ownerDocument.activeElement;
  const group = pressed?.closest('.versions');
  const article = group?.closest('.turn');
  if (!pressed || !group || !article) return null;
  return {
    turn: [...list.children].indexOf(article),
    button: [...group.querySelectorAll('button')].indexOf(pressed as HTMLButtonElement),
    top: group.getBoundingClientRect().top,
  };
}

/** Scrolls `list` so the anchored control is where it was, and gives it the keyboard. */
export function restoreAnchor(list: HTMLElement, anchor: VersionAnchor): void {
  const group = list.children[anchor.turn]?.querySelector('.versions');
  if (!group) return;
  list.scrollTop += group.getBoundingClientRect().top - anchor.top;
  const buttons = [...group.querySelectorAll('button')];
  // The arrow pressed may be disabled now (the first or last version): then the other one.
  const target = buttons[anchor.button];
  (target && !target.disabled ? target : buttons.find((b) => !b.disabled))?.focus({ preventScroll: true });
}
