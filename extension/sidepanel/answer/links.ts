/**
 * Clicks inside answers. Following a link inside the panel would replace the panel itself, so
 * web links open in a new tab and in-answer anchors (footnotes, headings) scroll instead.
 * A remote image placeholder loads its image only now, on the user's click.
 */
const WEB = /^(https?|mailto):/i;

export function onAnswerClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const image = target?.closest('button.remote-image');
  if (image instanceof HTMLButtonElement) {
    loadImage(image);
    return;
  }
  const link = target?.closest('a');
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute('href') ?? '';
  if (href.startsWith('#')) {
    document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView({ block: 'start' });
  } else if (WEB.test(href)) {
    window.open(href, '_blank', 'noopener,noreferrer');
  }
}

function loadImage(button: HTMLButtonElement): void {
  const src = button.dataset.src ?? '';
  if (!/^https?:/i.test(src)) return;
  const img = document.createElement('img');
  img.src = src;
  img.alt = button.querySelector('.remote-image-alt')?.textContent ?? '';
  img.referrerPolicy = 'no-referrer';
  button.replaceWith(img);
}
