/** Where the keyboard goes in the composer. */

/**
 * Gives the box the keyboard with the caret after the draft (a box filled on load has it before),
 * so what is typed next continues it; a box that has the keyboard keeps its caret. `always`: also
 * a box focused in a panel the keyboard is not in (the caret goes to the end as it arrives).
 */
export function focusAtEnd(box: HTMLTextAreaElement | null, always = false): void {
  if (!box || (!always && box.ownerDocument.activeElement === box)) return;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
}
