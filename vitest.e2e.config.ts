import { defineConfig } from 'vitest/config';

// End-to-end tests drive one real Chromium per file; files run one after another because the
// machine has two cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['extension/node-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
