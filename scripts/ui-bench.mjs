/**
 * `npm run bench:ui`: the page's budgets, measured in the built app in Debian's Chromium at
 * 1280×720 (the numbers go into the README; nothing here is a pass/fail test):
 *
 * - entry JavaScript: the gzip size of what index.html loads before anything is used;
 * - first paint, largest contentful paint, and when the cluster is ready (the worker booted);
 * - cumulative layout shift over the first 5 s, and while playing;
 * - main-thread long tasks (> 50 ms, the Long Tasks API) while playing the go-api scenario at
 *   20×, and while stepping message by message from the apply to three Running Pods;
 * - at scale (issue #16): the scale dial's 1,000-node cluster (time to its 1,000 grid cells),
 *   then a 3,000-replica Deployment played at 20× for SCALE_PLAY_MS: frames per second
 *   (requestAnimationFrame callbacks over the window), long tasks, and the main thread's time
 *   per worker diff (the bridge folding it into the store plus the React render it triggers),
 *   with the diffs' sizes (the worker's per-frame budget, src/worker/outbox.ts).
 *
 *   npm run build && npm run bench:ui            everything
 *   npm run build && npm run bench:ui -- scale   only the scale scenario
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureChromium } from './chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const distAt = process.argv.indexOf('--dist');
/** `--dist DIR`: measure another build (`npx vite build --outDir DIR`) instead of dist/. */
const DIST = /** @type {string} */ (distAt >= 0 && process.argv[distAt + 1] ? process.argv[distAt + 1] : join(ROOT, 'dist'));
const PORT = 4281;
const STEPS = 250;
const SCALE_NODES = 1000;
const SCALE_REPLICAS = 3000;
const SCALE_PLAY_MS = 10_000;
const ONLY_SCALE = process.argv.includes('scale');

/** The gzip size of the scripts (and their static imports' preloads) index.html loads at once. */
function entryJs() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  const gz = files.reduce((n, f) => n + gzipSync(readFileSync(join(DIST, f ?? ""))).length, 0);
  return { files: files.length, kb: Math.round(gz / 1024) };
}

/** Installed before the page's own scripts: layout shifts, long tasks and paints, kept on window. */
const OBSERVERS = `
  window.__cls = []; window.__long = []; window.__lcp = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls.push([e.startTime, e.value]); }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  window.__raf = 0;
  (function frame() { window.__raf++; requestAnimationFrame(frame); })();
  // Main-thread time per worker diff: the page's own message handler (the bridge folding the diff
  // into the store), then the microtasks it queued (React's render of the update), measured from a
  // microtask queued after them.
  window.__diffs = [];
  const add = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, fn, opts) {
    if (type !== 'message' || typeof fn !== 'function') return add.call(this, type, fn, opts);
    return add.call(this, type, function (ev) {
      const t0 = performance.now();
      try {
        return fn.call(this, ev);
      } finally {
        const d = ev.data;
        if (d && d.type === 'diff') queueMicrotask(() => window.__diffs.push([t0, performance.now() - t0, d.changes.length, d.trace.length]));
      }
    }, opts);
  };
`;

const sum = (/** @type {[number, number][]} */ xs, /** @type {number} */ from, /** @type {number} */ to) => xs.filter(([t]) => t >= from && t < to).reduce((n, [, v]) => n + v, 0);
const longIn = (/** @type {[number, number][]} */ xs, /** @type {number} */ from, /** @type {number} */ to) => xs.filter(([t]) => t >= from && t < to).map(([, d]) => d);
const describe = (/** @type {number[]} */ d) => `${d.length}${d.length ? ` (longest ${Math.round(Math.max(...d))} ms)` : ''}`;

const chrome = ensureChromium((l) => console.log(l));
if (!chrome.ok) throw new Error(chrome.message);
const server = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--configLoader', 'runner', '--outDir', DIST, '--host', '127.0.0.1', '--strictPort', '--port', String(PORT)], { cwd: ROOT, detached: true, stdio: 'ignore' });
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const entry = entryJs();
  const browser = await chromium.launch({ executablePath: chrome.path, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript(OBSERVERS);
  const page = await context.newPage();
  if (!ONLY_SCALE) await classroom(page, entry);
  await scale(page);
  await browser.close();
} finally {
  try {
    if (server.pid) process.kill(-server.pid);
  } catch {
    // already gone
  }
}

/**
 * The classroom budgets: load, the go-api apply played at 20×, and stepping.
 * @param {import('@playwright/test').Page} page
 * @param {{ files: number, kb: number }} entry
 */
async function classroom(page, entry) {
  // Browser-side code as strings: this file is type-checked for Node, not the DOM.
  const now = () => /** @type {Promise<number>} */ (page.evaluate('performance.now()'));
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByTestId('sim-clock').waitFor();
  const ready = await now();
  const paint = /** @type {number} */ (await page.evaluate(`(performance.getEntriesByName('first-contentful-paint')[0] || { startTime: 0 }).startTime`));
  await page.waitForTimeout(Math.max(0, 5000 - ready));
  const lcp = /** @type {number} */ (await page.evaluate('window.__lcp'));
  const clsLoad = sum(/** @type {[number, number][]} */ (await page.evaluate('window.__cls')), 0, 5000);

  // Play the go-api apply at 20×, to three Running Pods.
  const term = page.locator('.xterm-helper-textarea').first();
  await page.getByTestId('speed').selectOption('20');
  await term.focus();
  await page.keyboard.type('kubectl apply -f go-api.yaml');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  const playFrom = await now();
  await page.getByTestId('play-pause').click();
  await page.waitForTimeout(6000);
  await page.getByTestId('play-pause').click();
  const playTo = await now();
  const cls = /** @type {[number, number][]} */ (await page.evaluate('window.__cls'));
  const long = /** @type {[number, number][]} */ (await page.evaluate('window.__long'));
  const clsPlay = sum(cls, playFrom, playTo);
  const longPlay = longIn(long, playFrom, playTo);

  // Step message by message through a fresh apply.
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByTestId('sim-clock').waitFor();
  await page.locator('.xterm-helper-textarea').first().focus();
  await page.keyboard.type('kubectl apply -f go-api.yaml');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1000);
  const stepFrom = await now();
  /** @type {number[]} */
  const stepTimes = [];
  for (let i = 0; i < STEPS; i++) {
    const t0 = Date.now();
    await page.getByTestId('step-forward').click();
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    stepTimes.push(Date.now() - t0);
  }
  const stepTo = await now();
  const longStep = longIn(/** @type {[number, number][]} */ (await page.evaluate('window.__long')), stepFrom, stepTo);
  const clsStep = sum(/** @type {[number, number][]} */ (await page.evaluate('window.__cls')), stepFrom, stepTo);

  stepTimes.sort((a, b) => a - b);
  const q = (/** @type {number} */ p) => stepTimes[Math.min(stepTimes.length - 1, Math.floor(stepTimes.length * p))];
  console.log(`entry JavaScript: ${entry.kb} KB gzip (${entry.files} files)`);
  console.log(`first contentful paint ${Math.round(paint)} ms · largest contentful paint ${Math.round(lcp)} ms · cluster ready ${Math.round(ready)} ms`);
  console.log(`cumulative layout shift: first 5 s ${clsLoad.toFixed(3)} · while playing ${clsPlay.toFixed(3)} · while stepping ${clsStep.toFixed(3)}`);
  console.log(`long tasks (> 50 ms) while playing go-api at 20× for 6 s: ${describe(longPlay)}`);
  console.log(`long tasks (> 50 ms) while stepping ${STEPS} messages: ${describe(longStep)}`);
  console.log(`step: click → two frames later: median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${stepTimes.at(-1)} ms`);
}

/**
 * The scale scenario: the dial's 1,000 nodes, a 3,000-replica Deployment played at 20×.
 * @param {import('@playwright/test').Page} page
 */
async function scale(page) {
  const now = () => /** @type {Promise<number>} */ (page.evaluate('performance.now()'));
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByTestId('sim-clock').waitFor();
  const bootFrom = await now();
  await page.getByTestId('scale-dial').selectOption(String(SCALE_NODES));
  await page.getByTestId('node-cell').nth(SCALE_NODES - 1).waitFor({ timeout: 300_000 });
  const bootMs = (await now()) - bootFrom;

  const term = page.locator('.xterm-helper-textarea').first();
  await term.focus();
  await page.keyboard.type(`kubectl create deployment web --image=nginx --replicas=${SCALE_REPLICAS}`);
  await page.keyboard.press('Enter');
  await page.getByTestId('terminal-text').filter({ hasText: 'deployment.apps/web created' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('speed').selectOption('20');
  const clock = page.getByTestId('sim-clock');
  const simFrom = await clock.textContent();
  const playFrom = await now();
  const rafFrom = /** @type {number} */ (await page.evaluate('window.__raf'));
  await page.getByTestId('play-pause').click();
  await page.waitForTimeout(SCALE_PLAY_MS);
  await page.getByTestId('play-pause').click();
  const rafTo = /** @type {number} */ (await page.evaluate('window.__raf'));
  const playTo = await now();
  const simTo = await clock.textContent();
  const long = longIn(/** @type {[number, number][]} */ (await page.evaluate('window.__long')), playFrom, playTo);
  const diffs = /** @type {[number, number, number, number][]} */ (await page.evaluate('window.__diffs')).filter(([t]) => t >= playFrom && t < playTo);

  await term.focus();
  await page.keyboard.type('kubectl get deployment web');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  const text = (await page.getByTestId('terminal-text').textContent()) ?? '';
  const ready = [...text.matchAll(/^web\s+(\d+)\/(\d+)/gm)].at(-1);

  const ms = diffs.map(([, d]) => d).sort((x, y) => x - y);
  const pick = (/** @type {number} */ p) => ms[Math.min(ms.length - 1, Math.floor(ms.length * p))] ?? 0;
  const avg = (/** @type {number[]} */ xs) => (xs.length ? Math.round(xs.reduce((n, x) => n + x, 0) / xs.length) : 0);
  const fps = ((rafTo - rafFrom) * 1000) / (playTo - playFrom);
  console.log(`scale: ${SCALE_NODES.toLocaleString('en')} nodes from the dial to ${SCALE_NODES.toLocaleString('en')} grid cells: ${(bootMs / 1000).toFixed(1)} s`);
  console.log(`scale: ${SCALE_REPLICAS.toLocaleString('en')}-replica Deployment played at 20× for ${SCALE_PLAY_MS / 1000} s (clock ${simFrom} → ${simTo}; then READY ${ready ? `${ready[1]}/${ready[2]}` : '?'}):`);
  console.log(`  frames per second ${fps.toFixed(1)} · long tasks (> 50 ms) ${describe(long)}`);
  console.log(`  main thread per diff: median ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms, max ${(ms.at(-1) ?? 0).toFixed(1)} ms over ${ms.length} diffs (avg ${avg(diffs.map((d) => d[2]))} objects, ${avg(diffs.map((d) => d[3]))} trace records each)`);
}
