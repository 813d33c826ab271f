import { expect, test } from 'vitest';
import type { ConversationData } from '../history';
import { searchableText, toMarkdown } from '../history-text';

const data: ConversationData = {
  conversation: { id: 'c', title: 'Weather', titleEdited: false, createdAt: 0, updatedAt: 0, leafId: 't' },
  turns: [
    {
      id: 't',
      conversationId: 'c',
      parentId: null,
      createdAt: 0,
      question: 'Paris?',
      answer: 'Let me check. It is 18 °C.',
      status: 'done',
      steps: [
        {
          id: 'r0-c1',
          round: 0,
          at: 14,
          tool: 'get_weather',
          source: 'My server',
          arguments: { city: 'Paris' },
          status: 'done',
          ms: 1200,
          result: 'Light rain ``` and `code`',
        },
      ],
    },
  ],
};

test('the Markdown export puts each step where it was called, its result fenced as text', () => {
  const md = toMarkdown([data]);
  const answer = md.slice(md.indexOf('Let me check.'));
  expect(answer).toBe(
    [
      'Let me check.',
      '',
      '_Called `get_weather` on My server: Done in 1.2 s_',
      '',
      '```json\n{\n  "city": "Paris"\n}\n```',
      '',
      '````text\nLight rain ``` and `code`\n````',
      '',
      'It is 18 °C.\n',
    ].join('\n'),
  );
});

test('search finds a conversation by its tools and their results', () => {
  expect(searchableText(data)).toEqual(
    expect.arrayContaining(['get_weather', 'My server', 'Light rain ``` and `code`']),
  );
});
