/**
 * Links that would cost the worker more than any live input may: the page refuses them with the
 * bound they break (instead of restarting the worker forever) and offers a fresh cluster, which
 * works, while the learner's lesson progress stays.
 */
import { expect, test, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

/** A link's `run` parameter (src/app/url-state.ts): the log as JSON in base64url. */
function runParam(log: unknown[]): string {
  return Buffer.from(JSON.stringify(log), 'utf8').toString('base64url');
}

/** Well-formed for the link's schema, but one advance of a week: no live request may take more than an hour. */
const CRAFTED = runParam([
  { type: 'command', line: 'kubectl get nodes' },
  { type: 'advance', ms: 7 * 24 * 3_600_000 },
]);

async function expectRefused(page: Page, input = 2): Promise<void> {
  const banner = page.getByTestId('connection-failed');
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText('This run cannot be rebuilt');
  await expect(banner).toContainText(`input ${input} lets 7d of simulated time pass at once`);
  await expect(banner).toContainText('at most 60m');
  await expect(banner).toContainText('your lesson progress is kept');
}

test.describe('hardening: crafted links', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a crafted link gets a clear message, and "Start a fresh cluster" brings a working one', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = app(page);
    await page.goto(`/?seed=1&topology=basic&run=${CRAFTED}`);
    await expectRefused(page);
    await page.screenshot({ path: 'test-results/screenshots/hardening-refused.png' });

    await page.getByTestId('connection-failed').getByRole('button', { name: 'Start a fresh cluster' }).click();
    await expect(page.getByTestId('connection-failed')).toBeHidden();
    await ui.waitForBoot();
    await ui.run('kubectl get nodes');
    await expect(ui.terminalOutput).toContainText(/node-3\s+Ready/);
    // The address bar now names the fresh run (its own `kubectl get nodes`, once the debounced
    // update lands), never the crafted one.
    const run = (): string => new URL(page.url()).searchParams.get('run') ?? '';
    await expect.poll(() => run() !== CRAFTED).toBe(true);
    expect(Buffer.from(run(), 'base64url').toString('utf8')).not.toContain('advance');
    expect(problems).toEqual([]);
  });

  test('a crafted lesson link: someone else’s run is not taken; the learner’s own run made too long is refused, and the fresh cluster resumes the lesson', async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const panel = page.getByTestId('lesson-panel');
    const next = async (): Promise<void> => {
      await expect(panel.getByTestId('lesson-next')).toBeEnabled({ timeout: 60_000 });
      await panel.getByTestId('lesson-next').click();
    };

    await page.goto('/?lesson=01-cluster-at-a-glance');
    await expect(panel).toHaveAttribute('data-step', 'intro', { timeout: 60_000 });
    await next();
    await expect(panel).toHaveAttribute('data-step', 'nodes', { timeout: 60_000 });
    await next();
    await expect(panel).toHaveAttribute('data-step', 'where-scheduler', { timeout: 60_000 });
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('step=where-scheduler');
    const link = new URL(page.url());
    const own = JSON.parse(Buffer.from(link.searchParams.get('run') ?? '', 'base64url').toString('utf8')) as unknown[];
    expect(own.length).toBeGreaterThan(0);

    // A run that is not this learner's saved one is never rebuilt under their lesson: it resumes
    // on their own run (leaving the page saved the progress, on pagehide).
    await page.goto(`/?seed=1&topology=basic&lesson=01-cluster-at-a-glance&step=where-scheduler&run=${CRAFTED}`);
    await expect(panel).toHaveAttribute('data-step', 'where-scheduler', { timeout: 60_000 });
    await expect(page.getByTestId('connection-failed')).toBeHidden();

    // Their own run with a week's advance after it is theirs, so it is tried — and refused.
    link.searchParams.set('run', runParam([...own, { type: 'advance', ms: 7 * 24 * 3_600_000 }]));
    link.searchParams.delete('at');
    link.searchParams.delete('t');
    await page.goto(link.toString());
    await expectRefused(page, own.length + 1);
    await page.getByTestId('connection-failed').getByRole('button', { name: 'Start a fresh cluster' }).click();
    await expect(page.getByTestId('connection-failed')).toBeHidden();
    await expect(panel).toHaveAttribute('data-step', 'where-scheduler', { timeout: 60_000 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
