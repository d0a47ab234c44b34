import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests only: Playwright specs live in e2e/ and run against the built app (scripts/e2e.mjs).
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'lessons/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 60_000,
    // The UI's lazily loaded strings (src/ui/i18n/lazy-modules.ts), as if every feature's chunk had loaded.
    setupFiles: ['src/ui/i18n/test-setup.ts'],
  },
});
