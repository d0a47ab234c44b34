/**
 * `npm run bench:ui`: the page's budgets, measured in the built app in Debian's Chromium at
 * 1280×720 (the numbers go into the README; nothing here is a pass/fail test):
 *
 * - entry JavaScript: the gzip size of what index.html loads before anything is used;
 * - first paint, largest contentful paint, and when the cluster is ready (the worker booted);
 * - cumulative layout shift over the first 5 s, and while playing;
 * - main-thread long tasks (> 50 ms, the Long Tasks API) while playing the go-api scenario at
 *   20×, and while stepping message by message from the apply to three Running Pods.
 *
 *   npm run build && npm run bench:ui
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureChromium } from './chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const PORT = 4281;
const STEPS = 250;

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
`;

const sum = (/** @type {[number, number][]} */ xs, /** @type {number} */ from, /** @type {number} */ to) => xs.filter(([t]) => t >= from && t < to).reduce((n, [, v]) => n + v, 0);
const longIn = (/** @type {[number, number][]} */ xs, /** @type {number} */ from, /** @type {number} */ to) => xs.filter(([t]) => t >= from && t < to).map(([, d]) => d);
const describe = (/** @type {number[]} */ d) => `${d.length}${d.length ? ` (longest ${Math.round(Math.max(...d))} ms)` : ''}`;

const chrome = ensureChromium((l) => console.log(l));
if (!chrome.ok) throw new Error(chrome.message);
const server = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--strictPort', '--port', String(PORT)], { cwd: ROOT, detached: true, stdio: 'ignore' });
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
  await browser.close();

  stepTimes.sort((a, b) => a - b);
  const q = (/** @type {number} */ p) => stepTimes[Math.min(stepTimes.length - 1, Math.floor(stepTimes.length * p))];
  console.log(`entry JavaScript: ${entry.kb} KB gzip (${entry.files} files)`);
  console.log(`first contentful paint ${Math.round(paint)} ms · largest contentful paint ${Math.round(lcp)} ms · cluster ready ${Math.round(ready)} ms`);
  console.log(`cumulative layout shift: first 5 s ${clsLoad.toFixed(3)} · while playing ${clsPlay.toFixed(3)} · while stepping ${clsStep.toFixed(3)}`);
  console.log(`long tasks (> 50 ms) while playing go-api at 20× for 6 s: ${describe(longPlay)}`);
  console.log(`long tasks (> 50 ms) while stepping ${STEPS} messages: ${describe(longStep)}`);
  console.log(`step: click → two frames later: median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${stepTimes.at(-1)} ms`);
} finally {
  try {
    if (server.pid) process.kill(-server.pid);
  } catch {
    // already gone
  }
}
