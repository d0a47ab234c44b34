/**
 * `npm run bench:ui`: main-thread cost of stepping through the default scenario in the built app,
 * in Debian's Chromium. Applies go-api while paused, then steps message by message to three
 * Running Pods, recording every long task (> 50 ms, the Long Tasks API) and each step's
 * click-to-settled time. Numbers go into the README; nothing here is a pass/fail test.
 *
 *   npm run build && npm run bench:ui
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ensureChromium } from './chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 4281;
const STEPS = 250;

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
  const browser = await chromium.launch({ executablePath: chrome.path, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByTestId('sim-clock').waitFor();
  await page.getByTestId('play-pause').click();
  // Browser-side code as strings: this file is type-checked for Node, not the DOM.
  await page.evaluate(`window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask' });`);
  const term = page.locator('.xterm-helper-textarea, input.terminal-input').first();
  await term.focus();
  await page.keyboard.type('kubectl apply -f go-api.yaml');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1000);
  /** @type {number[]} */
  const stepTimes = [];
  for (let i = 0; i < STEPS; i++) {
    const t0 = Date.now();
    await page.getByTestId('step-forward').click();
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    stepTimes.push(Date.now() - t0);
  }
  const longTasks = /** @type {number[]} */ (await page.evaluate('window.__longTasks'));
  const ready = await page.getByTestId('pod-list').locator('tbody tr', { hasText: 'go-api-' }).count();
  await browser.close();
  stepTimes.sort((a, b) => a - b);
  const q = (/** @type {number} */ p) => stepTimes[Math.min(stepTimes.length - 1, Math.floor(stepTimes.length * p))];
  console.log(`steps: ${STEPS} (go-api Pods listed at the end: ${ready})`);
  console.log(`click → two frames later: median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${stepTimes.at(-1)} ms`);
  console.log(`long tasks (> 50 ms) on the main thread: ${longTasks.length}${longTasks.length ? `, longest ${Math.round(Math.max(...longTasks))} ms` : ''}`);
} finally {
  try {
    if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  } catch {
    // gone
  }
}
