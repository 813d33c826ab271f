import { expect, test } from 'vitest';
import { modelName } from './model-name';

test.each([
  ['/root/.cache/gloss/llama/models/SmolLM2-135M-Instruct.Q4_1.gguf', 'SmolLM2-135M-Instruct.Q4_1.gguf'],
  ['C:\\models\\llama.gguf', 'llama.gguf'],
  ['openai/gpt-4o', 'openai/gpt-4o'],
  ['gpt-4o-mini', 'gpt-4o-mini'],
])('%s shows as %s', (id, shown) => {
  expect(modelName(id)).toBe(shown);
});
