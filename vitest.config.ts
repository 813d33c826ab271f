import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['extension/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['extension/node-setup.ts'],
  },
});
