/**
 * Clicks inside answers. Following a link inside the panel would replace the panel itself, so
 * web links open in a new tab and in-answer anchors (footnotes, headings) scroll instead.
 * A remote image placeholder loads its image only now, on the user's click. A moment of a video
 * (`timestamps.ts`) plays the video from there.
 */
import { seekVideo } from './seek';

const WEB = /^(https?|mailto):/i;
const WEB_IMAGE = /^https?:/i;

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
  if (link.classList.contains('seek') && link.dataset.seek) {
    void seekVideo(link.href, Number(link.dataset.seek)).catch(console.error);
    return;
  }
  const to = linkTarget(link.getAttribute('href') ?? '');
  if (to?.kind === 'anchor') document.getElementById(to.id)?.scrollIntoView({ block: 'start' });
  else if (to?.kind === 'web') window.open(to.url, '_blank', 'noopener,noreferrer');
}

/** Where a link in an answer leads: an element of the answer, a web page, or nowhere. */
export function linkTarget(href: string): { kind: 'anchor'; id: string } | { kind: 'web'; url: string } | null {
  if (href.startsWith('#')) return { kind: 'anchor', id: decodeURIComponent(href.slice(1)) };
  return WEB.test(href) ? { kind: 'web', url: href } : null;
}

/** Only web images load (never `data:` or `javascript:`, whatever the answer says). */
export function isWebImage(src: string): boolean {
  return WEB_IMAGE.test(src);
}

function loadImage(button: HTMLButtonElement): void {
  const src = button.dataset.src ?? '';
  if (!isWebImage(src)) return;
  const img = document.createElement('img');
  img.src = src;
  img.alt = button.querySelector('.remote-image-alt')?.textContent ?? '';
  img.referrerPolicy = 'no-referrer';
  button.replaceWith(img);
}
