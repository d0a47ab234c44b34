import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests only: Playwright specs live in e2e/ and run against the built app (scripts/e2e.mjs).
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'lessons/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
