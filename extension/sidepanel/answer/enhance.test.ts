import { expect, test } from 'vitest';
import { codeLanguage } from './enhance';

test.each([
  ['language-rust', 'rust'],
  ['language-c++', 'c++'],
  ['language-c#', 'c#'],
  ['language-objective-c hljs', 'objective-c'],
  ['hljs', ''],
  ['', ''],
])('a code block of class %j is in %j', (className, language) => {
  expect(codeLanguage(className)).toBe(language);
});
