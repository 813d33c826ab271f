import { expect, test } from 'vitest';
import { codeLanguage } from './enhance';

test('a code block is in the language its class names, if any', () => {
  const classes = ['language-rust', 'language-c++', 'language-c#', 'language-objective-c hljs', 'hljs', ''];
  expect(classes.map(codeLanguage)).toEqual(['rust', 'c++', 'c#', 'objective-c', '', '']);
});
