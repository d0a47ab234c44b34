import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the BUILT app (the CSP and the worker bundle are only real there).
 * `npm run test:e2e` (scripts/e2e.mjs) serves dist/ on a free port and sets RECONCILE_BASE_URL;
 * run directly (`npx playwright test`), this config starts `vite preview` itself on 4173.
 * Browsers cannot be downloaded here: Playwright drives Debian's Chromium (CHROMIUM_PATH).
 */
const external = process.env.RECONCILE_BASE_URL;
const baseURL = external ?? 'http://127.0.0.1:4173';

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.RECONCILE_PW_OUTPUT ?? 'test-results/playwright',
  // Per test, unless it sets its own: with two workers a test runs ~1.6× slower than alone, and
  // the shortest journeys (a typed exec session, history and completion) took 26–35 s in CI when
  // every test recorded a full trace.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two spec files at a time on two cores: one page alone keeps both cores busy (its renderer,
  // browser and compositor, and the engine's worker), so a second buys less than it seems; it
  // overlaps one test's waits with another's work (6.0 min for the suite in CI, 2026-12-06).
  // Tests in one file still run in order, in one browser.
  workers: Number(process.env.RECONCILE_E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/reports/e2e.json' }]],
  use: {
    baseURL,
    // A first-time visitor sees the welcome over the stage; every test but the first-minute ones
    // (which reset this with test.use) starts as someone who has closed it once.
    storageState: { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'reconcile.welcomed', value: 'yes' }] }] },
    browserName: 'chromium',
    locale: 'en-US',
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: actions, console, network and sources — not DOM snapshots or
    // a screencast, which Chromium and Playwright recorded for every test (and threw away for
    // every pass) at about a quarter of the suite's CPU on a two-core machine. The failure's
    // screenshot and error context still show the page.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  ...(external
    ? {}
    : {
        webServer: {
          command: 'npx vite preview --host 127.0.0.1 --strictPort --port 4173',
          url: baseURL,
          reuseExistingServer: !process.env.CI,
        },
      }),
});
