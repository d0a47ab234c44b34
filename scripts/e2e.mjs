/**
 * End-to-end tests: serves the built app with `vite preview` on a free port, runs Playwright
 * against it in Debian's Chromium, and always stops the server's whole process group.
 *
 *   node scripts/e2e.mjs            build, then test
 *   node scripts/e2e.mjs --no-build test the existing dist/
 *   node scripts/e2e.mjs --dist /tmp/d e2e/x.spec.ts
 *                                   build into (and serve) another folder, run only those specs —
 *                                   so several people can run e2e at once without sharing dist/
 *   node scripts/e2e.mjs --no-build e2e/x.spec.ts -- --repeat-each 10 -g "typed"
 *                                   anything after `--` goes to Playwright as is
 *
 * Exit code: Playwright's. Results (counts) go to test-results/reports/e2e.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const PLAYWRIGHT = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
export const E2E_REPORT = join(ROOT, 'test-results', 'reports', 'e2e.json');

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** @param {string} url @param {number} timeoutMs */
async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(url);
      if (r.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * @param {{ build?: boolean, dist?: string, specs?: string[], log?: (line: string) => void }} [opts]
 * @returns {Promise<{ code: number, error?: string }>}
 */
export async function runE2E(opts = {}) {
  const log = opts.log ?? ((line) => console.log(line));
  /** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;

  const dist = opts.dist ?? join(ROOT, 'dist');
  const chromium = ensureChromium(log);
  if (!chromium.ok) return { code: 1, error: chromium.message };

  if (opts.build !== false) {
    const b = spawnSync(process.execPath, [VITE, 'build', '--configLoader', 'runner', '--outDir', dist, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit', env });
    if (b.status !== 0) return { code: 1, error: 'vite build failed' };
  }
  if (!existsSync(join(dist, 'index.html'))) return { code: 1, error: `${dist}/index.html is missing: run \`npm run build\` first` };

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Own process group (detached), so one signal stops vite and anything it spawned.
  const server = spawn(process.execPath, [VITE, 'preview', '--configLoader', 'runner', '--outDir', dist, '--host', '127.0.0.1', '--strictPort', '--port', String(port)], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let serverLog = '';
  server.stdout?.on('data', (d) => (serverLog += d));
  server.stderr?.on('data', (d) => (serverLog += d));
  const stop = () => {
    if (server.pid !== undefined && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', stop);

  try {
    if (!(await waitForHttp(baseURL + '/', 30_000))) {
      return { code: 1, error: `vite preview did not answer on ${baseURL}:\n${serverLog}` };
    }
    mkdirSync(dirname(E2E_REPORT), { recursive: true });
    const pw = spawn(process.execPath, [PLAYWRIGHT, 'test', '--config', join(ROOT, 'playwright.config.ts'), ...(opts.specs ?? [])], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...env,
        RECONCILE_BASE_URL: baseURL,
        // The built app, for specs that serve it themselves (e2e/attach.spec.ts: reconcile serve --open).
        RECONCILE_DIST: dist,
        CHROMIUM_PATH: chromium.path,
        PLAYWRIGHT_JSON_OUTPUT_NAME: opts.dist ? `${opts.dist}-results/e2e.json` : E2E_REPORT,
        ...(opts.dist ? { RECONCILE_PW_OUTPUT: `${opts.dist}-results/playwright` } : {}),
      },
    });
    const code = await new Promise((resolve) => pw.on('close', (c) => resolve(c ?? 1)));
    return { code: Number(code) };
  } finally {
    stop();
    process.removeListener('exit', stop);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Everything after `--` goes to Playwright as is (e.g. `-- --repeat-each 20 -g "typed"`).
  const dashes = process.argv.indexOf('--', 2);
  const args = process.argv.slice(2, dashes < 0 ? undefined : dashes);
  const extra = dashes < 0 ? [] : process.argv.slice(dashes + 1);
  const distAt = args.indexOf('--dist');
  const dist = distAt >= 0 ? args[distAt + 1] : undefined;
  const specs = args.filter((a, i) => a.endsWith('.ts') && i !== distAt + 1);
  const r = await runE2E({ build: !args.includes('--no-build'), ...(dist ? { dist } : {}), specs: [...specs, ...extra] });
  if (r.error) console.error(r.error);
  process.exitCode = r.code;
}
