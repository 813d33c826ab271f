import { describe, expect, test } from 'vitest';
import { isOtherModel } from './answered-model';

describe('isOtherModel', () => {
  test.each([
    // Names from the recorded responses in crates/gloss-core/tests/fixtures.
    ['gpt-4o-mini', 'gpt-4o-mini-2024-07-18'],
    ['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929'],
    ['gemini-1.5-flash', 'gemini-1.5-flash-002'],
    ['models/gemini-2.5-flash', 'gemini-2.5-flash'],
    ['llama3.2', 'llama3.2:latest'],
    ['llama3.2', 'llama3.2'],
    ['Meta-Llama/llama-3.1-8b-instruct', 'meta-llama/llama-3.1-8b-instruct'],
    ['SmolLM2-135M-Instruct.Q4_1.gguf', '/root/models/SmolLM2-135M-Instruct.Q4_1.gguf'],
  ])('%s answered as %s is the same model', (asked, answered) => {
    expect(isOtherModel(asked, answered)).toBe(false);
  });

  test.each([
    ['local', '/root/.cache/gloss/llama/models/SmolLM2-135M-Instruct.Q4_1.gguf'],
    ['gpt-4o', 'gpt-4o-mini'],
    ['test-model', 'gpt-4o-mini-2024-07-18'],
    ['llama3.2', 'qwen3'],
  ])('%s answered as %s is another model', (asked, answered) => {
    expect(isOtherModel(asked, answered)).toBe(true);
  });

  test('nothing to compare is not another model', () => {
    expect(isOtherModel('', 'x')).toBe(false);
    expect(isOtherModel('x', ' ')).toBe(false);
  });
});
