/**
 * Links inside answers. Following one inside the panel would replace the panel itself, so web
 * links open in a new tab and in-answer anchors (footnotes, headings) scroll instead.
 */
const WEB = /^(https?|mailto):/i;

export function openLink(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('a') : null;
  if (!target) return;
  event.preventDefault();
  const href = target.getAttribute('href') ?? '';
  if (href.startsWith('#')) {
    document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView({ block: 'start' });
  } else if (WEB.test(href)) {
    window.open(href, '_blank', 'noopener,noreferrer');
  }
}
