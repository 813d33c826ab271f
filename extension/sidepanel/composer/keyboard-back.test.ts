import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { onKeyboardBack, PRESS_SETTLES_MS } from './keyboard-back';

let win: EventTarget;
let back: ReturnType<typeof vi.fn<() => void>>;
const fire = (type: string) => win.dispatchEvent(new Event(type));

beforeEach(() => {
  vi.useFakeTimers();
  win = new EventTarget();
  back = vi.fn<() => void>();
});
afterEach(() => vi.useRealTimers());

describe('the keyboard line of Firefox’s sidebar goes', () => {
  test('after the click, when the press came before the focus', () => {
    onKeyboardBack(win, back);
    fire('pointerdown');
    fire('focus');
    vi.advanceTimersByTime(PRESS_SETTLES_MS * 3); // a long press
    expect(back).not.toHaveBeenCalled();
    fire('click');
    expect(back).toHaveBeenCalledOnce();
  });

  test('after the click, when Firefox told of the focus before the press', () => {
    onKeyboardBack(win, back);
    fire('focus');
    vi.advanceTimersByTime(PRESS_SETTLES_MS - 50);
    fire('pointerdown');
    vi.advanceTimersByTime(PRESS_SETTLES_MS);
    expect(back).not.toHaveBeenCalled();
    fire('click');
    expect(back).toHaveBeenCalledOnce();
  });

  test('a moment after focus that no press comes with (the keyboard)', () => {
    onKeyboardBack(win, back);
    fire('focus');
    vi.advanceTimersByTime(PRESS_SETTLES_MS);
    expect(back).toHaveBeenCalledOnce();
    fire('pointerdown');
    fire('click');
    expect(back).toHaveBeenCalledOnce();
  });

  test('never once stopped', () => {
    const stop = onKeyboardBack(win, back);
    fire('focus');
    stop();
    vi.advanceTimersByTime(PRESS_SETTLES_MS);
    fire('pointerdown');
    fire('click');
    expect(back).not.toHaveBeenCalled();
  });
});
