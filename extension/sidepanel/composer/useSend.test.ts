import { expect, test, vi } from 'vitest';
import type { QuestionImage } from '../../shared/images/image';
import type { SourcesFit } from '../material/send-sources';
import type { Source } from '../material/sources';
import { sendNew, type Sending } from './useSend';

const page: Source = { kind: 'page', title: 'P', url: 'https://p.test/', text: 'abcdef' };
const whole = { keptChars: 6, keptTokens: 2, totalTokens: 2, percent: 100 };
/** The composer's images (none), the one list the fits were sized with. */
const images: QuestionImage[] = [];

/** The composer as useSend sees it: `draft` typed, one source shown sized for that draft. */
function composer(draft: string) {
  const sized: SourcesFit = { texts: [page.text], question: draft, images, providerId: 'local', fits: [whole] };
  const s: Sending = {
    draft,
    setDraft: vi.fn(),
    streaming: false,
    attachments: [page],
    choice: { sized, trim: true, images, providerId: 'local' },
    sizeNow: vi.fn(async () => [whole]),
    images: { take: () => [] },
    onSend: vi.fn(),
    onEdit: vi.fn(),
    onAttachmentsChange: vi.fn(),
    onStop: vi.fn(),
    onError: vi.fn(),
    lastQuestion: null,
  };
  return s;
}

test('a question typed and shown sized goes at once, by the fits on show', () => {
  const s = composer('What is it?');
  sendNew(s, 'What is it?', { current: false });
  expect(s.sizeNow).not.toHaveBeenCalled();
  expect(s.onSend).toHaveBeenCalledWith('What is it?', [expect.objectContaining({ text: 'abcdef' })], []);
});

test('a quick action asked over an empty box sizes the sources with its own prompt first', async () => {
  const s = composer('');
  sendNew(s, 'Summarize this page.', { current: false });
  // The fits on show left no room for the prompt: they are not the ones that go.
  expect(s.onSend).not.toHaveBeenCalled();
  expect(s.sizeNow).toHaveBeenCalledWith([page.text], 'Summarize this page.');
  await vi.waitFor(() => expect(s.onSend).toHaveBeenCalledWith('Summarize this page.', expect.any(Array), []));
});
