import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests only: Playwright specs live in e2e/ and run against the built app (scripts/e2e.mjs).
 *
 * Test files share their worker's module registry and globals (isolate: false): importing the
 * engine, kubectl and the UI's strings once per worker instead of once per file cuts the suite
 * from ~6 to ~2.5 minutes on two cores. The price is a rule: a test file leaves nothing behind
 * that another file could observe. What a file sets up for itself it takes down again (the epoch
 * in src/serve/epoch.test.ts; IndexedDB through src/lesson-runtime/fake-idb.testing.ts, since a
 * database left installed would hand one file's saved lessons to the next). The lazily loaded
 * chunks (kubectl help, explain's descriptions) cannot be unloaded, so the tests that watch one
 * arrive need a registry nobody loaded it into: they are named `*.fresh.test.ts` and run
 * isolated, one fresh registry per file.
 */
const FRESH = ['src/**/*.fresh.test.ts'];

export default defineConfig({
  test: {
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 60_000,
    // The UI's lazily loaded strings (src/ui/i18n/lazy-modules.ts), as if every feature's chunk had loaded.
    setupFiles: ['src/ui/i18n/test-setup.ts'],
    pool: 'threads',
    // Vitest's default for a run is one worker fewer than the cores, one worker on CI's two; nothing
    // else runs beside the unit phase (scripts/test.mjs runs its gates first), so both are used:
    // about 330 s → 170 s on two cores.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'lessons/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          exclude: ['e2e/**', 'node_modules/**', 'dist/**', ...FRESH],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'fresh', include: FRESH, isolate: true } },
    ],
  },
});
