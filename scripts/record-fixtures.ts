/**
 * `npx tsx scripts/record-fixtures.ts`: records one real stream per route llama-server speaks
 * (OpenAI-compatible SSE, Anthropic-style /v1/messages) into the core's golden fixtures, with
 * the events Gloss decodes from them. Review the events by eye before committing: the decoder
 * wrote them, the test keeps them from changing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildRequest, initCoreFromBytes, StreamDecoder, type ChatSpec } from '../extension/background/core';
import { startServer } from './llama.mjs';

initCoreFromBytes(readFileSync(new URL('../crates/gloss-wasm/pkg/gloss_wasm_bg.wasm', import.meta.url)));
const { url, server } = await startServer(18080, { quiet: true });
try {
  for (const [provider, baseUrl] of [
    ['openai', `${url}/v1`],
    ['anthropic', `${url}/v1`],
  ] as const) {
    const spec: ChatSpec = {
      provider,
      baseUrl,
      model: 'SmolLM2-135M-Instruct',
      messages: [{ role: 'user', content: 'Name three colours of the rainbow.' }],
      temperature: 0,
      maxTokens: 24,
    };
    const request = buildRequest(spec);
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const decoder = new StreamDecoder(provider);
    const events = [...decoder.push(bytes), ...decoder.finish()];
    decoder.free();
    const dir = fileURLToPath(
      new URL(`../crates/gloss-core/tests/fixtures/${provider}/llamacpp_recorded/`, import.meta.url),
    );
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}response.sse`, bytes);
    writeFileSync(`${dir}events.json`, `${JSON.stringify(events, null, 2)}\n`);
    console.log(`${provider}: HTTP ${response.status}, ${bytes.length} bytes, ${events.length} events → ${dir}`);
  }
} finally {
  server.kill();
}
