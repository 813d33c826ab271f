import { expect, test } from 'vitest';
import { answerModel, middleElision, modelName } from './model-name';

test.each([
  ['/root/.cache/gloss/llama/models/SmolLM2-135M-Instruct.Q4_1.gguf', 'SmolLM2-135M-Instruct.Q4_1.gguf'],
  ['C:\\models\\llama.gguf', 'llama.gguf'],
  // llama.cpp names the model by its path as given to -m, which may be relative.
  ['models/qwen2.5-0.5b-instruct-q4_k_m.gguf', 'qwen2.5-0.5b-instruct-q4_k_m.gguf'],
  ['./Llama.GGUF', 'Llama.GGUF'],
  ['C:/models/llama.gguf', 'llama.gguf'],
  ['openai/gpt-4o', 'openai/gpt-4o'],
  ['gpt-4o-mini', 'gpt-4o-mini'],
])('%s shows as %s', (id, shown) => {
  expect(modelName(id)).toBe(shown);
});

test.each([
  ['SmolLM2-135M-Instruct.Q4_1.gguf', 'SmolLM2-135M-Instruct.', 'Q4_1.gguf'],
  ['SmolLM2-1.7B-Instruct.Q4_K_M.gguf', 'SmolLM2-1.7B-Instruct.', 'Q4_K_M.gguf'],
  ['claude-3-5-sonnet-20241022', 'claude-3-5-sonnet-', '20241022'],
  ['llama3.1:8b-instruct-q4_K_M', 'llama3.1:8b-instruct-', 'q4_K_M'],
  ['openai/gpt-4o', 'openai/', 'gpt-4o'],
  ['gemini-2.5-flash', 'gemini-', '2.5-flash'],
  ['mixtral-instruct-v0.1', 'mixtral-instruct-', 'v0.1'],
  // No separator near the end: the last twelve characters.
  ['averyveryverylongmodelname', 'averyveryveryl', 'ongmodelname'],
  // A separator that would leave a tail under four characters is not used.
  ['averyverylongmodelname-v2', 'averyverylong', 'modelname-v2'],
  // Short names are never split.
  ['gpt-4o-mini', 'gpt-4o-mini', ''],
  ['qwen2.5:7b', 'qwen2.5:7b', ''],
])('%s is elided as %s…%s', (name, head, tail) => {
  const parts = middleElision(name);
  expect(parts).toEqual({ head, tail });
  expect(parts.head + parts.tail).toBe(name);
});

test('a character outside the BMP is never split in two', () => {
  const name = 'model-😀😀😀😀😀😀😀😀😀😀😀😀';
  const { head, tail } = middleElision(name);
  expect(head + tail).toBe(name);
  expect(Array.from(tail)).toHaveLength(12);
});

test.each([
  // chosen, named by the response, shown
  ['gpt-4o-mini', undefined, 'gpt-4o-mini'],
  ['gpt-4o-mini', 'gpt-4o-mini-2024-07-18', 'gpt-4o-mini'],
  ['local', '/models/SmolLM2-135M-Instruct.Q4_1.gguf', 'SmolLM2-135M-Instruct.Q4_1.gguf (you chose local)'],
  [undefined, 'llama3.2', 'llama3.2'],
  [undefined, undefined, ''],
])('chose %s, answered by %s: the model line says %s', (chosen, answeredBy, shown) => {
  expect(answerModel(chosen, answeredBy)).toBe(shown);
});
