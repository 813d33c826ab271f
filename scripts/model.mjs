#!/usr/bin/env node
// `npm run model [-- --port 8080]`: builds (once) and starts a local llama.cpp server with a tiny
// instruct model, the zero-key way to try Gloss. Ctrl+C stops it.
import { startServer } from './llama.mjs';

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8080;
try {
  const { url, server } = await startServer(port, { quiet: true });
  console.log(`\nllama.cpp is serving SmolLM2-135M-Instruct at ${url}/v1 (OpenAI-compatible, no key).`);
  console.log('In Gloss: Settings → Find local models → Use llama.cpp server.');
  console.log('Stop it with Ctrl+C.');
  const stop = () => server.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => process.exit(code ?? 0));
} catch (e) {
  console.error(`gloss model: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
