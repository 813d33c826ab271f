import { expect, test } from 'vitest';
import { videosAlong } from './video-of-turn';

const transcript = (url: string) => ({ attachments: [{ kind: 'transcript', url }] });
const page = { attachments: [{ kind: 'page', url: 'https://example.com/' }] };

test('follow-up answers are about the last video asked about, until other material is', () => {
  const a = 'https://www.youtube.com/watch?v=aaaaaaaaaa1';
  const b = 'https://www.youtube.com/watch?v=bbbbbbbbbb2';
  expect(videosAlong([{}, transcript(a), {}, {}, transcript(b), {}, page, {}])).toEqual([
    undefined,
    a,
    a,
    a,
    b,
    b,
    undefined,
    undefined,
  ]);
});
