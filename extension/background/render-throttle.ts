/**
 * Renders the growing answer at most once per interval. The full re-render is quadratic in the
 * answer's length; the throttle bounds how often it runs until the streaming renderer
 * (frozen blocks + open tail) replaces it.
 */
import { renderMarkdown } from './core';

const INTERVAL_MS = 50;

export class MarkdownThrottle {
  private text = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;

  constructor(private readonly emit: (html: string) => void) {}

  append(text: string): void {
    this.text += text;
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.render();
    }, INTERVAL_MS);
  }

  /** Renders now if anything is pending, and cancels the scheduled render. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.render();
  }

  private render(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.emit(renderMarkdown(this.text));
  }
}
