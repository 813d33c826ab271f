import { describe, expect, test } from 'vitest';
import { titleFor, type ConversationData } from './history';
import { indexWords, queryWords, toMarkdown } from './history-text';

describe('search words', () => {
  test('are folded to lower case without accents, once each', () => {
    expect(indexWords(['Café au LAIT, café!'])).toEqual(['cafe', 'au', 'lait']);
    expect(queryWords('  CAFÉ  lait ')).toEqual(['cafe', 'lait']);
  });

  test('very long words are cut to a prefix that still finds them', () => {
    const long = 'x'.repeat(100);
    expect(indexWords([long])[0]).toHaveLength(24);
    expect(queryWords(long)[0]).toHaveLength(24);
  });
});

describe('titleFor', () => {
  test('uses the first non-empty line, cut at a word', () => {
    expect(titleFor('\n  What is a monad?\nMore')).toBe('What is a monad?');
    const title = titleFor('word '.repeat(30));
    expect(title.length).toBeLessThanOrEqual(61);
    expect(title.endsWith('word…')).toBe(true);
    expect(titleFor('   ')).toBe('New chat');
  });

  test('a question about a page or quote is titled by the page, not by the prompt', () => {
    expect(titleFor('Summarize this page.', { title: 'Octopus – Wikipedia' })).toBe('Octopus – Wikipedia');
    expect(titleFor('Explain this clearly, as to a curious newcomer.', { title: 'Rust 1.80 notes' })).toBe(
      'Rust 1.80 notes',
    );
    // A page without a title falls back to the question.
    expect(titleFor('What is this about?', { title: '  ' })).toBe('What is this about?');
  });
});

describe('toMarkdown', () => {
  test('writes the shown path with quotes and statuses', () => {
    const data: ConversationData = {
      conversation: { id: 'c', title: 'T', titleEdited: false, createdAt: 0, updatedAt: 0, leafId: 'b' },
      turns: [
        {
          id: 'a',
          conversationId: 'c',
          parentId: null,
          createdAt: 1,
          question: 'Why?',
          attachments: [{ kind: 'selection', title: 'Page', url: 'https://e.org/', text: 'line 1\nline 2' }],
          answer: 'Because.',
          status: 'done',
        },
        {
          id: 'b',
          conversationId: 'c',
          parentId: 'a',
          createdAt: 2,
          question: 'And?',
          answer: 'So',
          status: 'interrupted',
        },
      ],
    };
    data.turns[1]!.images = [{ mediaType: 'image/jpeg', data: '/9j/', width: 1568, height: 500 }];
    const md = toMarkdown([data]);
    expect(md).toContain('# T');
    expect(md).toContain(
      '## Question\n\n_Image 1 (1568×500 pixels, image/jpeg; the image itself is in the JSON export)_\n\nAnd?',
    );
    expect(md).toContain('From [Page](https://e.org/):\n\n> line 1\n> line 2');
    expect(md).toContain('And?\n\n## Answer\n\nSo\n\n_(interrupted)_');
  });

  test("keeps a hostile page's title and URL, and a crafted conversation title, as text", () => {
    const page = { kind: 'page' as const, title: '](javascript:alert(1)) <script>x</script>', text: 'Text' };
    const conversation = { id: 'c', title: 'T\n# Owned', titleEdited: true, createdAt: 0, updatedAt: 0, leafId: 'a' };
    const attachments = [
      { ...page, url: 'https://e.org/a)b' },
      { ...page, title: '# Heading', url: 'javascript:alert(1)' },
    ];
    const turn = { id: 'a', conversationId: 'c', parentId: null, createdAt: 1, question: 'Q', answer: 'A' };
    const data: ConversationData = { conversation, turns: [{ ...turn, attachments, status: 'done' }] };
    const md = toMarkdown([data]);
    expect(md.split('\n')[0]).toBe('# T \\# Owned');
    expect(md).not.toMatch(/^# Owned/m);
    expect(md).toContain('From [\\]\\(javascript:alert\\(1\\)\\) \\<script\\>x\\</script\\>](<https://e.org/a)b>):');
    expect(md).toContain('From \\# Heading (javascript:alert\\(1\\)):');
    expect(md).not.toContain('](javascript:');
    expect(md).not.toMatch(/(?<!\\)<script>/);
  });

  test('lists each source under its answer with what was sent and what was left out', () => {
    const conversation = { id: 'c', title: 'T', titleEdited: false, createdAt: 0, updatedAt: 0, leafId: 'a' };
    const attachments = [
      { kind: 'page' as const, title: 'Tides', url: 'https://t.test/', text: 'abc' },
      {
        kind: 'pdf' as const,
        title: 'Report',
        url: 'https://t.test/r',
        text: 'x'.repeat(8000),
        pages: 120,
        sent: { tokens: 2000, fullTokens: 3100, fullChars: 12345, lastPage: 38 },
      },
    ];
    const turn = { id: 'a', conversationId: 'c', parentId: null, createdAt: 1, question: 'Q', answer: 'A' };
    const md = toMarkdown([{ conversation, turns: [{ ...turn, attachments, status: 'done' }] }]);
    expect(md).toContain(
      '## Answer\n\nA\n\n**Sources**\n\n1. Page [Tides](https://t.test/): 3 characters sent.\n' +
        '2. PDF [Report](https://t.test/r): Pages 1–38 of 120. Sent 8,000 of 12,345 characters (about 2.0k of 3.1k tokens). ' +
        'Left out: the last 4,345 characters (about 1.1k tokens).',
    );
  });
});
