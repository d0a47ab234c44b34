// @ts-check
/**
 * Lint = the layer rules of ARCHITECTURE.md, enforced. Each layer gets the bans that keep it
 * honest: the engine and kubectl are deterministic and DOM-free (no wall clock, no ambient
 * randomness, no UI libraries); the UI sees the engine only through types; the protocol is typed
 * without `any`. Tests are exempt from the clock bans (they may time out, read fixtures, etc.).
 *
 * Who may import whom is one table (LAYERS), checked by the local rule `layers/imports`
 * (eslint-rules/layers.js) on RESOLVED paths, for static imports, re-exports and dynamic import()
 * alike. `@typescript-eslint/no-restricted-imports` is left free for narrower per-folder bans;
 * remember that ESLint replaces (does not merge) a rule's options when several blocks match a file.
 * Runtime import cycles are checked by scripts/cycles.mjs (`npm run lint` runs both).
 */
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.js';
import frontDoor from './eslint-rules/front-door.js';

/** Tests and their support modules (`*.testing.ts`: shared fixtures that only tests may import). */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.testing.ts'];

/** @type {import('./eslint-rules/layers.js').PackageBan} */
const uiLibraries = {
  pattern: '^(react|react-dom|zustand|@xyflow/[^/]+|mermaid|framer-motion|motion|@uiw/[^/]+|@codemirror/[^/]+|@xterm/[^/]+|html-to-image)(/|$)',
  message: 'The simulation core is UI-free: React, zustand, React Flow, mermaid, motion and the editors belong to src/ui and src/app.',
};
/** @type {import('./eslint-rules/layers.js').PackageBan} */
const nodeBuiltins = {
  // Bare specifiers only: a project file called ./fs.ts is fine. Tests run in Node and may use them.
  pattern: '^(node:.*|fs(/.*)?|path|os|child_process|crypto|timers(/.*)?|perf_hooks|worker_threads)$',
  message: 'This layer runs in a browser worker: no Node built-ins (the CLI in src/cli owns the filesystem).',
  tests: false,
};

/**
 * The layer table (ARCHITECTURE.md, "Layer rules"). Each layer may import itself and `runtime`;
 * `types` only with `import type`; `tests` only from its tests. A folder not listed here may not
 * be imported from src/ at all.
 * @type {Record<string, import('./eslint-rules/layers.js').Layer>}
 */
const LAYERS = {
  'src/k8s': { runtime: [], packages: [uiLibraries, nodeBuiltins] },
  // The texts the simulated images ship (a tutorial's server.js, the guestbook's PHP): data the
  // engine serves and `cat` prints, never run, so their own Date calls are only words.
  'src/image-files': { runtime: [], packages: [uiLibraries, nodeBuiltins] },
  'src/engine': { runtime: ['src/k8s', 'src/image-files'], packages: [uiLibraries, nodeBuiltins] },
  'src/kubectl': { runtime: ['src/engine', 'src/k8s'], packages: [uiLibraries, nodeBuiltins] },
  'src/protocol': { runtime: ['src/k8s'], types: ['src/engine', 'src/kubectl'], packages: [uiLibraries, nodeBuiltins] },
  'src/worker': { runtime: ['src/engine', 'src/kubectl', 'src/protocol', 'src/k8s'], packages: [uiLibraries, nodeBuiltins] },
  // The UI's tests may run the real hosts in-process (src/ui/bridge/in-process.testing.ts): the
  // worker's, and a served cluster's for an attached page.
  'src/ui': { runtime: ['src/protocol', 'src/k8s', 'src/app', 'src/lesson-runtime'], types: ['src/engine'], tests: ['src/worker', 'src/serve'] },
  'src/app': { runtime: ['src/protocol', 'src/k8s', 'src/ui', 'src/lesson-runtime'], types: ['src/engine'], tests: ['src/worker'] },
  // Headless (xstate machines, zod schemas): the CLI checks lessons with it, so it must not import the UI.
  // Its tests drive lessons on the real engine through the CLI's Session driver.
  'src/lesson-runtime': { runtime: ['src/protocol', 'src/k8s'], types: ['src/engine'], tests: ['src/worker', 'src/kubectl', 'src/cli'] },
  'src/cli': { runtime: ['src/engine', 'src/kubectl', 'src/protocol', 'src/worker', 'src/k8s', 'src/lesson-runtime'] },
  // `reconcile serve`: a Node host of the engine over HTTPS (sim directives and printers from kubectl); no UI.
  // It speaks the worker protocol to attached pages, reusing the worker host's pieces rather than copying them.
  'src/serve': { runtime: ['src/engine', 'src/kubectl', 'src/protocol', 'src/worker', 'src/k8s'], packages: [uiLibraries] },
};

export default tseslint.config(
  {
    ignores: ['.probe/**', '.bench/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', '.vite/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Non-null assertions are the project's idiom for noUncheckedIndexedAccess after a bounds check.
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'smart'],
      'no-restricted-imports': 'off',
      // Under verbatimModuleSyntax `import { type A } from 'x'` still loads x; say `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },

  // ---- every layer of src/: the import table, on resolved paths ----
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: {
      'layers/imports': ['error', { layers: LAYERS }],
    },
  },

  // ---- Node-side code: scripts, CLI, e2e, config files ----
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'bin/**/*.{js,mjs}', 'e2e/**/*.ts', 'src/cli/**/*.ts', 'src/serve/**/*.ts', '*.config.{js,ts,mjs}', '.ci/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },

  // ---- src/engine and src/kubectl: deterministic, DOM-free, UI-free ----
  {
    files: ['src/engine/**/*.ts', 'src/kubectl/**/*.ts', 'src/k8s/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'Simulated time only: use w.now (engine/core/time.ts renders it).' },
        { name: 'setTimeout', message: 'Schedule on the simulated clock (runtime.setTimer), never the wall clock.' },
        { name: 'setInterval', message: 'Schedule on the simulated clock (runtime.setTimer), never the wall clock.' },
        { name: 'setImmediate', message: 'Schedule on the simulated clock (runtime.schedule).' },
        { name: 'queueMicrotask', message: 'Schedule on the simulated clock (runtime.schedule).' },
        { name: 'requestAnimationFrame', message: 'Frames belong to src/ui/bridge.' },
        { name: 'performance', message: 'Simulated time only: use w.now.' },
        { name: 'window', message: 'The engine has no DOM.' },
        { name: 'document', message: 'The engine has no DOM.' },
        { name: 'navigator', message: 'The engine has no DOM.' },
        { name: 'localStorage', message: 'The engine keeps all state in the World.' },
        { name: 'process', message: 'The engine runs in a browser worker; only src/cli may read the process.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded PRNG in the World (core/rng.ts, runtime.jitter).' },
        { object: 'crypto', property: 'randomUUID', message: 'Use rng.uuidV4 (core/rng.ts) so ids replay.' },
        { object: 'crypto', property: 'getRandomValues', message: 'Use the seeded PRNG (core/rng.ts).' },
        { object: 'globalThis', property: 'Date', message: 'Simulated time only: use w.now.' },
        // `new Intl.DateTimeFormat().format()` with no argument reads the wall clock; the engine renders time in src/k8s/time.ts.
        { object: 'Intl', property: 'DateTimeFormat', message: 'Simulated time only: render w.now with src/k8s/time.ts.' },
        { object: 'globalThis', property: 'Intl', message: 'Locale formatting depends on the machine: render with src/k8s/time.ts.' },
      ],
    },
  },

  // ---- src/protocol: types + tiny guards, shared by both sides of postMessage ----
  {
    files: ['src/protocol/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
    },
  },

  // ---- src/worker: the engine's host; no UI ----
  {
    files: ['src/worker/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // ---- src/ui, src/app, src/lesson-runtime: the main thread ----
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/lesson-runtime/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // ---- The engine's front door (ARCHITECTURE.md, "The engine") ----
  // kubectl, the worker, the CLI and serve reach the engine only through src/engine/index.ts (type
  // imports too, tests too): what is not exported there is the engine's own business. Self-
  // contained: its own rule (eslint-rules/front-door.js), no options shared with other blocks.
  {
    files: ['src/kubectl/**/*.ts', 'src/worker/**/*.ts', 'src/cli/**/*.ts', 'src/serve/**/*.ts'],
    plugins: { 'front-door': frontDoor },
    rules: {
      'front-door/engine': 'error',
    },
  },
);
