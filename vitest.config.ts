import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'lessons/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
