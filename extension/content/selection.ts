/**
 * Injected on the user's action only (context menu or shortcut, through `activeTab`), into every
 * frame of the tab: returns the frame's selected text, including text selected inside an input
 * or textarea. Self-contained, because `scripting.executeScript` serialises the function.
 */
export function readSelection(): { text: string; title: string; url: string; pdf: boolean } {
  const active = document.activeElement;
  let text = '';
  if (active instanceof HTMLTextAreaElement || (active instanceof HTMLInputElement && active.type === 'text')) {
    text = active.value.slice(active.selectionStart ?? 0, active.selectionEnd ?? 0);
  }
  if (!text) text = window.getSelection()?.toString() ?? '';
  // The browser's PDF viewer keeps its text (and selection) out of reach of extensions.
  return { text, title: document.title, url: location.href, pdf: document.contentType === 'application/pdf' };
}
