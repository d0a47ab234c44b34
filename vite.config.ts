import react from '@vitejs/plugin-react';
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readInterview, readLessons, readSyllabus } from './src/cli/lessons/bundle';
import { catalogEntry } from './src/lesson-runtime/catalog';
import { LESSONS_DIR } from './src/cli/lessons/files';
import { lessonJsonSchema } from './src/cli/lessons/schema-file';

/**
 * The production Content-Security-Policy (perf-reliability.md B.2.1), injected only into the
 * built page: the dev server needs inline scripts for React Fast Refresh and HMR.
 * - worker-src 'self': the simulation is a separate module worker file (never ?worker&inline, which needs blob:).
 * - img-src data: for inline SVG/data images (mermaid may use them); the favicon is a file.
 * - style-src 'unsafe-inline': mermaid's rendered SVG carries a <style> block and style
 *   attributes. Scripts stay 'self'-only, and mermaid runs with securityLevel 'strict'.
 * - frame-ancestors is not allowed in a meta policy (browsers ignore it and log an error), so it
 *   belongs in the hosting server's headers: `vite preview` sends HEADERS below.
 * - The service worker (sw.js, and the workbox-*.js it imports) is a same-origin script: worker-src 'self'.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * What our own server (`vite preview`, `npm start`) sends with every response: the same policy
 * as a header, plus what only a header can say — no framing (clickjacking) and no MIME sniffing.
 */
export const HEADERS: Record<string, string> = {
  'Content-Security-Policy': `${CSP}; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
};

function contentSecurityPolicy(): Plugin {
  return {
    name: 'reconcile-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
    },
  };
}

/**
 * `virtual:lessons`: the built-in lessons, validated at build time (an invalid lesson fails the
 * build with its line numbers): a small catalog for the front door, and one chunk per lesson
 * (`virtual:lesson/<id>`) loaded when it starts. The build also refreshes
 * lessons/lesson.schema.json, the JSON Schema editors use for lesson files.
 */
function lessons(): Plugin {
  const CATALOG = 'virtual:lessons';
  const ONE = 'virtual:lesson/';
  const DRILLS = 'virtual:drills';
  return {
    name: 'reconcile-lessons',
    buildStart() {
      const file = join(LESSONS_DIR, 'lesson.schema.json');
      const schema = lessonJsonSchema();
      if (!existsSync(file) || readFileSync(file, 'utf8') !== schema) writeFileSync(file, schema);
    },
    resolveId: (source) => (source === CATALOG || source === DRILLS || source.startsWith(ONE) ? `\0${source}` : undefined),
    load(source) {
      if (!source.startsWith('\0virtual:')) return undefined;
      this.addWatchFile(LESSONS_DIR);
      if (source === `\0${DRILLS}`) {
        // Interview drills and misconception cards, with the manifests their demonstrations apply.
        const iv = readInterview();
        if (iv.problems.length) throw new Error(`invalid drills:\n${iv.problems.join('\n')}`);
        return `export default ${JSON.stringify({ drills: iv.drills, cards: iv.cards, files: iv.files })};`;
      }
      const all = readLessons();
      if (source === `\0${CATALOG}`) {
        const loaders = all.map((l) => `${JSON.stringify(l.lesson.id)}: () => import(${JSON.stringify(ONE + l.lesson.id)})`).join(',\n');
        return [
          `export const catalog = ${JSON.stringify(all.map((l) => catalogEntry(l.lesson)))};`,
          `export const syllabus = ${JSON.stringify(readSyllabus())};`,
          `const loaders = {\n${loaders}\n};`,
          'export function load(id) { const f = Object.prototype.hasOwnProperty.call(loaders, id) ? loaders[id] : undefined; return f ? f().then((m) => m.default) : Promise.resolve(undefined); }',
          'export default { catalog, syllabus, load };',
        ].join('\n');
      }
      const id = source.slice(`\0${ONE}`.length);
      const one = all.find((l) => l.lesson.id === id);
      return one ? `export default ${JSON.stringify(one)};` : undefined;
    },
  };
}

/**
 * Offline use: a Workbox service worker precaches every file of the build — the entry, every
 * lazily loaded chunk (lessons, drills, mermaid, xterm, codemirror), the simulation worker, the
 * icons — so a page opened once reloads and runs with no network. Navigations (any run link)
 * fall back to the precached index.html. Only the built app has it (devOptions off: `npm run dev`
 * registers nothing). 'prompt': a new version waits until the learner accepts the update toast
 * (src/ui/offline), so a deploy never swaps code under a running lesson; the first install claims
 * the page at once, so the visit that installs it is already covered.
 */
function offline(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    // src/app/main.tsx registers it through a dynamic import of virtual:pwa-register.
    injectRegister: false,
    devOptions: { enabled: false },
    manifest: {
      name: 'Reconcile',
      short_name: 'Reconcile',
      description: 'An in-browser Kubernetes classroom: a deterministic simulation of a whole cluster you can watch think.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#0d1117',
      theme_color: '#326ce5',
      icons: [
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Everything the build emits but the source maps (fetched only by devtools).
      globPatterns: ['**/*'],
      globIgnores: ['**/*.map'],
      // Above the largest chunk (the entry and the simulation worker are about 0.8 MB): the
      // build fails, naming the file, if one outgrows it, so no chunk silently misses the cache.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      navigateFallback: 'index.html',
    },
  });
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), lessons(), offline()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Inlined assets would become data: URLs that the CSP's script/style rules reject.
    assetsInlineLimit: 0,
    sourcemap: true,
    // Two chunks pass Vite's 500 kB default on purpose: the worker (the whole simulation, one
    // download the service worker keeps for offline use, ~1.4 MB) and mermaid's lazily loaded
    // renderer (~0.7 MB). The limit stays a budget: a worker that outgrows it warns again.
    chunkSizeWarningLimit: 1_500,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', headers: HEADERS },
});
