/**
 * The browser attached to `reconcile serve`: the page served by `--open` draws what a real kubectl
 * applies, with those requests as their own participant; `--classroom` lets a student's browser
 * (a second context, as on another device) follow the presenter through a fault and a step back,
 * step back on its own and rejoin live. The server runs as `reconcile serve` does, in a child
 * process, serving the built app the e2e runner built (RECONCILE_DIST).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { kubectlBinary } from '../src/serve/kubectl-binary.testing';
import { app, openTab, watchConsole } from './app';

const DIST = process.env.RECONCILE_DIST ?? 'dist';

interface Server {
  child: ChildProcess;
  kubeconfig: string;
  /** Every line it printed, by prefix. */
  line(prefix: string): string;
}

async function serve(...flags: string[]): Promise<Server> {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/serve/main.ts', '--port', '0', '--app-port', '0', '--dist', DIST, ...flags], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!/export KUBECONFIG=\S+\n/.test(out) || !/(Open the app attached to this cluster|Attach a page to this cluster): /.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`reconcile serve did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const line = (prefix: string): string => {
    const m = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\S+)`).exec(out);
    if (!m) throw new Error(`no "${prefix}" in:\n${out}`);
    return m[1]!;
  };
  return { child, kubeconfig: line('export KUBECONFIG='), line };
}

function stop(s: Server | undefined): void {
  if (s?.child.pid !== undefined && s.child.exitCode === null) process.kill(-s.child.pid, 'SIGTERM');
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: outside
spec:
  replicas: 2
  selector:
    matchLabels:
      app: outside
  template:
    metadata:
      labels:
        app: outside
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;

/** "Showing T+12.345s of T+20.000s": the moment shown. */
async function shownMoment(page: Page): Promise<string> {
  const text = (await page.getByTestId('position').textContent()) ?? '';
  const m = /^Showing (\S+)/.exec(text);
  if (!m) throw new Error(`unexpected position label: ${text}`);
  return m[1]!;
}

test.describe('reconcile serve and the browser', () => {
  let server: Server | undefined;
  test.afterEach(() => {
    stop(server);
    server = undefined;
  });

  test('the attached page draws a Deployment a real kubectl applies, its requests as kubectl (external)', async ({ page }) => {
    test.setTimeout(120_000);
    server = await serve('--open', '--speed', '4');
    const problems = watchConsole(page);
    await page.goto(server.line('Open the app attached to this cluster: '));
    const ui = app(page);
    await ui.waitForBoot();
    await expect(page.getByTestId('attached')).toBeVisible();

    const work = mkdtempSync(join(tmpdir(), 'reconcile-attach-e2e-'));
    try {
      writeFileSync(join(work, 'd.yaml'), DEPLOYMENT);
      const kubectl = await kubectlBinary();
      const applied = spawnSync(kubectl.path, ['apply', '-f', join(work, 'd.yaml')], { env: { ...process.env, KUBECONFIG: server.kubeconfig }, encoding: 'utf8' });
      expect(applied.stdout).toBe('deployment.apps/outside created\n');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }

    // Paused at the frontier, the page still shows the served cluster live.
    await openTab(page, 'lists');
    const pods = page.getByTestId('pod-list').locator('tbody tr', { hasText: 'outside-' });
    await expect(pods).toHaveCount(2, { timeout: 30_000 });
    await expect(pods.first()).toContainText('Running', { timeout: 30_000 });
    await expect(page.locator('.diagram-pod[title*="outside-"]').first()).toBeVisible();
    await expect(page.locator('.sequence-table')).toContainText('kubectl (external)', { timeout: 20_000 });

    // Its own terminal runs on the same cluster.
    await ui.run('kubectl get deployment outside');
    await expect(ui.terminalOutput).toContainText(/outside\s+2\/2/);
    await page.screenshot({ path: 'test-results/screenshots/attach.png', fullPage: true });
    expect(problems).toEqual([]);
  });

  test('an unreachable served cluster ends in a notice, not a blank page', async ({ page }) => {
    await page.goto('/?attach=ws://127.0.0.1:65500/reconcile/attach?token=00000000');
    await expect(page.getByTestId('connection-failed')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('attached')).toBeVisible();
  });

  test('classroom: a student on another device follows the presenter through a fault and a step back, and steps back on its own', async ({ page, browser }) => {
    test.setTimeout(150_000);
    server = await serve('--classroom', '--clock', 'manual');
    const presenterLink = server.line('Classroom: you present at ');
    const base = new URL(presenterLink).origin;
    const problems = watchConsole(page);
    await page.goto(presenterLink);
    const ui = app(page);
    await ui.waitForBoot();

    const studentContext = await browser.newContext({ storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'reconcile.welcomed', value: 'yes' }] }] } });
    const student = await studentContext.newPage();
    const studentProblems = watchConsole(student);
    await student.goto(`${base}/?classroom`);
    const banner = student.getByTestId('student-banner');
    await expect(banner).toContainText('Following the presenter', { timeout: 30_000 });

    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    await page.getByTestId('play-pause').click();
    await student.getByTestId('dock-tab-lists').click();
    await expect(student.getByTestId('pod-list').locator('tbody tr', { hasText: 'go-api-' })).toHaveCount(3, { timeout: 40_000 });

    // A fault: the student's diagram shows the scheduler stopped.
    await page.getByTestId('play-pause').click();
    await ui.run('sim fail kube-scheduler');
    await expect(ui.terminalOutput).toContainText('fault injected: kube-scheduler stopped');
    await expect(student.getByTestId('diagram-kube-scheduler')).toContainText('Stopped', { timeout: 30_000 });

    // The presenter steps back: the student shows the same moment.
    for (let i = 0; i < 3; i++) await page.getByTestId('step-back').click();
    const presenterMoment = await shownMoment(page);
    await expect.poll(() => shownMoment(student), { timeout: 30_000 }).toBe(presenterMoment);

    // The student steps back on its own; the presenter goes on without moving it; rejoin follows again.
    await student.getByTestId('student-step-back').click();
    await expect(banner).toHaveAttribute('data-own', 'true');
    const own = await shownMoment(student);
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-forward').click();
    const presenterNow = await shownMoment(page);
    await page.waitForTimeout(1000);
    expect(await shownMoment(student)).toBe(own);
    await student.getByTestId('student-rejoin').click();
    await expect(banner).toHaveAttribute('data-own', 'false');
    await expect.poll(() => shownMoment(student), { timeout: 30_000 }).toBe(presenterNow);

    expect(problems).toEqual([]);
    expect(studentProblems).toEqual([]);
    await studentContext.close();
  });
});
