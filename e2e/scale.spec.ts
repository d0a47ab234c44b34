/**
 * The scale dial at 1,000 nodes, as a learner uses it (issue #16): choose 1,000 on the dial,
 * wait for the cluster, scale a Deployment up and play it, and check what the page shows at
 * that size — the aggregated node grid with its Ready counts, a node's zoom-in with its kubelet
 * and Pods, the sequence view's rates instead of every message — and that the page keeps
 * answering throughout. No timing is asserted (`npm run bench:ui` measures the frame budget).
 *
 * One test, one boot: a 1,000-node cluster takes seconds of CPU to build, so everything is
 * checked on the same cluster.
 */
import { expect, test } from '@playwright/test';
import { app, watchConsole } from './app';

const NODES = 1000;

test('1,000 nodes: the grid, a scale-up played, the zoom-in and the rates, and the page keeps answering', async ({ page }) => {
  // Booting 1,000 nodes in the worker is the slow part (seconds of CPU on a CI runner).
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  const a = app(page);
  await page.goto('/');
  await a.waitForBoot();

  // Nothing typed yet, so the dial rebuilds at once (no discard question).
  await page.getByTestId('scale-dial').selectOption(String(NODES));
  // While it boots the dial shows a spinner over its arrow; the header's buttons stay where they were.
  await expect(page.getByTestId('scale-busy')).toBeVisible();
  const headerRight = await page.locator('header.app-header').evaluate((h) =>
    Math.max(...[...(h as unknown as { querySelectorAll(s: string): Iterable<{ getBoundingClientRect(): { right: number } }> }).querySelectorAll('button, select')].map((b) => b.getBoundingClientRect().right)),
  );
  expect(headerRight).toBeLessThanOrEqual(page.viewportSize()!.width);
  const grid = page.getByTestId('node-grid');
  await expect(grid).toBeVisible({ timeout: 180_000 });
  const cells = grid.getByTestId('node-cell');
  await expect(cells).toHaveCount(NODES, { timeout: 60_000 });
  await expect(page.getByTestId('scale-dial')).toHaveValue(String(NODES));
  // Every node registered and Ready: each cell says so, and the grid's counts add up.
  await expect(grid.locator('[data-testid="node-cell"][data-state="ready"]')).toHaveCount(NODES, { timeout: 60_000 });
  await expect(grid).toContainText(/1,000\s*Ready|Ready\s*1,000/);

  // Scale a Deployment up, then play it.
  await a.run('kubectl create deployment web --image=nginx --replicas=10');
  await a.waitForPrompt();
  await expect(a.terminalOutput).toContainText('deployment.apps/web created');
  await a.run('kubectl scale deployment web --replicas=400');
  await a.waitForPrompt();
  await expect(a.terminalOutput).toContainText('deployment.apps/web scaled');
  await page.getByTestId('speed').selectOption('20');
  const play = page.getByTestId('play-pause');
  await play.click();

  // While it plays: the sequence view shows rates per arrow (node roles folded), not every message.
  const rates = page.getByTestId('sequence-rates');
  await expect(rates).toBeVisible({ timeout: 60_000 });
  await expect(rates).toContainText('kubelet (from');
  await expect(page.getByTestId('sequence')).toHaveCount(0);
  // The page answers while the rollout plays: the clock moves and the terminal takes a command.
  const clock = page.getByTestId('sim-clock');
  const before = await clock.textContent();
  await expect(clock).not.toHaveText(before ?? '', { timeout: 30_000 });
  await play.click();

  // Pods landed on the grid's nodes: the rollout got somewhere.
  await a.run('kubectl get deployment web');
  await a.waitForPrompt();
  await expect(a.terminalOutput).toContainText(/web\s+\d+\/400/);

  // Zoom into one node: its machine card with its kubelet and its Pods; then back to the grid.
  const cell = cells.nth(NODES - 1);
  const name = await cell.getAttribute('data-node');
  expect(name).toBeTruthy();
  await cell.click();
  const zoom = page.getByTestId('node-zoom');
  await expect(zoom).toBeVisible();
  await expect(zoom).toContainText(name!);
  await expect(zoom).toContainText('kubelet');
  // Every node runs a kube-proxy Pod (a DaemonSet's), so the zoom always has a Pod to show.
  await expect(zoom).toContainText('kube-proxy');
  await page.getByTestId('node-zoom-close').click();
  await expect(zoom).toHaveCount(0);
  await expect(grid).toBeVisible();

  // The keyboard reaches the same zoom: the grid is one tab stop, arrows move, Enter zooms, Escape returns.
  await cells.first().focus();
  await page.keyboard.press('ArrowRight');
  const second = await cells.nth(1).getAttribute('data-node');
  await expect(cells.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(zoom).toHaveAttribute('data-node', second!);
  await expect(cells.nth(1)).toHaveClass(/is-zoomed/);
  await page.keyboard.press('Escape');
  await expect(zoom).toHaveCount(0);

  expect(problems).toEqual([]);
});
