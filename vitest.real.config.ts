import { defineConfig } from 'vitest/config';

// The real-model test: builds llama.cpp on a cold cache (minutes), then talks to a real model.
export default defineConfig({
  test: {
    include: ['e2e/real/**/*.real.ts'],
    environment: 'node',
    setupFiles: ['extension/node-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 900_000,
  },
});
