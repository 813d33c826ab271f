import { describe, expect, test } from 'vitest';
import { isOtherModel } from './answered-model';

describe('isOtherModel', () => {
  test.each([
    // Names from the recorded responses in crates/gloss-core/tests/fixtures.
    ['gpt-4o-mini', 'gpt-4o-mini-2024-07-18', false],
    ['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929', false],
    ['gemini-1.5-flash', 'gemini-1.5-flash-002', false],
    ['models/gemini-2.5-flash', 'gemini-2.5-flash', false],
    ['llama3.2', 'llama3.2:latest', false],
    ['llama3.2', 'llama3.2', false],
    // An alias for the newest snapshot, answered by that snapshot's dated name.
    ['claude-3-5-sonnet-latest', 'claude-3-5-sonnet-20241022', false],
    ['llama3.2:latest', 'llama3.2', false],
    ['Meta-Llama/llama-3.1-8b-instruct', 'meta-llama/llama-3.1-8b-instruct', false],
    ['SmolLM2-135M-Instruct.Q4_1.gguf', '/root/models/SmolLM2-135M-Instruct.Q4_1.gguf', false],
    // llama.cpp serves the file it loaded, whatever was asked.
    ['local', '/root/.cache/gloss/llama/models/SmolLM2-135M-Instruct.Q4_1.gguf', true],
    ['gpt-4o', 'gpt-4o-mini', true],
    ['test-model', 'gpt-4o-mini-2024-07-18', true],
    ['llama3.2', 'qwen3', true],
  ])('%s answered as %s: another model is %s', (asked, answered, other) => {
    expect(isOtherModel(asked, answered)).toBe(other);
  });

  test('nothing to compare is not another model', () => {
    expect(isOtherModel('', 'x')).toBe(false);
    expect(isOtherModel('x', ' ')).toBe(false);
  });
});
