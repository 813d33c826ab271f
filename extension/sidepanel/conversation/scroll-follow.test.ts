/** Following the end of a growing answer, as the reader sees the conversation scroll. */
import { describe, expect, test } from 'vitest';
import { ScrollFollow, type Places } from './scroll-follow';

/** A list 500 px tall showing `height` px of content, and animation frames run by the test. */
function setup(height = 2000) {
  const list = { scrollTop: height - 500, scrollHeight: height, clientHeight: 500 };
  const queued: (() => void)[] = [];
  const behind: boolean[] = [];
  let time = 0;
  const follow = new ScrollFollow((b) => behind.push(b), {
    request: (cb) => queued.push(cb),
    cancel: () => undefined,
    now: () => time,
  });
  follow.attach(list);
  const frame = () => {
    time += 16;
    queued.splice(0).forEach((cb) => cb());
  };
  return { list, follow, behind, frame, queued };
}

describe('following an answer', () => {
  test('follows at once, then at most once per frame however often it changes', () => {
    const { list, follow, frame, queued } = setup();
    list.scrollHeight = 2600;
    follow.changed();
    expect(list.scrollTop).toBe(2600);
    list.scrollHeight = 3000;
    for (let i = 0; i < 10; i++) follow.changed();
    expect(queued).toHaveLength(1);
    expect(list.scrollTop).toBe(2600); // not again this frame: nothing is read or written
    frame();
    expect(list.scrollTop).toBe(3000);
    frame();
    expect(queued).toHaveLength(0); // nothing changed since: no more frames asked for
  });

  test('one change a frame (the answer’s patches) is followed in its frame, and asks for no frame of its own', () => {
    const { list, follow, frame, queued } = setup();
    for (const height of [2600, 2800, 3000]) {
      list.scrollHeight = height;
      follow.changed();
      expect(list.scrollTop).toBe(height);
      expect(queued).toHaveLength(0);
      frame();
    }
  });

  test('a change the reader makes above (an edit box opened there) is not scrolled away; at the end, following resumes', () => {
    const { list, follow, frame } = setup();
    follow.hold();
    list.scrollTop = 300; // the edit box, focused, is scrolled to
    list.scrollHeight = 2200;
    follow.changed();
    frame();
    expect(list.scrollTop).toBe(300);
    follow.scrolled();
    list.scrollTop = 1700; // the reader goes back to the end
    follow.scrolled();
    list.scrollHeight = 2400;
    follow.changed();
    expect(list.scrollTop).toBe(2400);
  });

  test('content that shrinks and grows again before its scroll event (a tail laid out again) is still followed', () => {
    const { list, follow, behind, frame } = setup();
    list.scrollHeight = 3769;
    follow.changed();
    frame();
    // The tail shrinks: the browser clamps the offset; by its scroll event the answer grew again.
    list.scrollHeight = 2984;
    list.scrollTop = 2300; // 184 px above the end by the time it is read
    follow.scrolled();
    expect(behind.at(-1)).toBe(false);
    list.scrollHeight = 3100;
    follow.changed();
    expect(list.scrollTop).toBe(3100);
  });

  test('a reader who scrolled up before the scroll event came is not pulled back by the next patch', () => {
    const { list, follow, behind, frame } = setup();
    list.scrollHeight = 2600;
    follow.changed();
    frame();
    follow.intent(); // the wheel
    list.scrollTop = 0; // the reader scrolls up; the browser reports it a frame later
    list.scrollHeight = 2800;
    follow.changed();
    expect(list.scrollTop).toBe(0);
    expect(behind.at(-1)).toBe(true);
  });

  test('the end coming closer as the tail shrinks is no reader scrolling up', () => {
    const { list, follow, behind, frame } = setup();
    list.scrollHeight = 2600;
    follow.changed();
    frame();
    list.scrollHeight = 2400; // a table's tail rendered anew, shorter: the browser clamps
    list.scrollTop = 1900;
    follow.changed();
    expect(list.scrollTop).toBe(2400);
    expect(behind.at(-1)).toBe(false);
  });

  test('content added before its own scroll event is reported does not stop following', () => {
    const { list, follow, behind, frame } = setup();
    list.scrollHeight = 2600;
    follow.changed();
    // The scroll event for that comes a frame later, after more content arrived.
    list.scrollHeight = 3400;
    follow.scrolled();
    expect(behind.at(-1)).toBe(false);
    follow.changed();
    frame();
    expect(list.scrollTop).toBe(3400);
  });

  test('a reader who scrolled up is left alone and told there is more below', () => {
    const { list, follow, behind, frame, queued } = setup();
    list.scrollTop = 200;
    follow.scrolled();
    follow.changed();
    frame();
    expect(queued).toHaveLength(0);
    expect(list.scrollTop).toBe(200);
    expect(behind.at(-1)).toBe(true);
  });

  test('a reader who scrolled back down to the end, then up again, is left alone', () => {
    const { list, follow, behind } = setup();
    list.scrollTop = 200;
    follow.scrolled();
    list.scrollHeight = 4000;
    list.scrollTop = 3500; // back at the end by hand
    follow.scrolled();
    expect(behind.at(-1)).toBe(false);
    follow.intent(); // the wheel, while the content grew
    list.scrollTop = 2500;
    follow.scrolled();
    expect(behind.at(-1)).toBe(true);
  });

  test('without the reader’s wheel, key, touch or pointer, a move up in changed content is no reader’s', () => {
    const { list, follow, behind } = setup();
    list.scrollHeight = 4000; // grew since following scrolled, and the offset moved up by itself
    list.scrollTop = 2500;
    follow.scrolled();
    expect(behind.at(-1)).toBe(false);
  });

  test('Jump to latest goes to the end and follows again', () => {
    const { list, follow, behind, frame } = setup();
    list.scrollTop = 0;
    follow.scrolled();
    follow.jump();
    expect(list.scrollTop).toBe(2000);
    expect(behind.at(-1)).toBe(false);
    list.scrollHeight = 2400;
    follow.changed();
    frame();
    expect(list.scrollTop).toBe(2400);
  });
});

describe('showing a conversation again', () => {
  const frames = { request: () => 0, cancel: () => undefined, now: () => 0 };
  const list = (scrollTop = 0) => ({ scrollTop, scrollHeight: 3000, clientHeight: 500 });

  test('a conversation never shown, or shown in a reopened panel, starts at its latest answer', () => {
    const behind: boolean[] = [];
    const shown = list();
    new ScrollFollow((b) => behind.push(b), frames, new Map()).attach(shown, 'c1');
    expect(shown.scrollTop).toBe(3000);
    expect(behind.at(-1)).toBe(false);
  });

  test('back from Settings, the reader is where they were, with Jump to latest offered', () => {
    const places: Places = new Map();
    const before = list();
    const first = new ScrollFollow(() => undefined, frames, places);
    first.attach(before, 'c1');
    before.scrollTop = 900;
    first.scrolled();
    first.attach(null); // Settings replaces the conversation

    const behind: boolean[] = [];
    const again = list();
    new ScrollFollow((b) => behind.push(b), frames, places).attach(again, 'c1');
    expect(again.scrollTop).toBe(900);
    expect(behind.at(-1)).toBe(true);
    // Another conversation has its own place: this one was never read, so it starts at the end.
    const other = list();
    new ScrollFollow(() => undefined, frames, places).attach(other, 'c2');
    expect(other.scrollTop).toBe(3000);
  });

  test('a reader at the latest stays at the latest, however much was added meanwhile', () => {
    const places: Places = new Map();
    const follow = new ScrollFollow(() => undefined, frames, places);
    const before = list();
    follow.attach(before, 'c1');
    follow.scrolled();
    const grown = { scrollTop: 0, scrollHeight: 5000, clientHeight: 500 };
    follow.attach(grown, 'c1');
    expect(grown.scrollTop).toBe(5000);
  });
});
