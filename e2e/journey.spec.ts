/**
 * The student's journey from the issue: apply the go-api Deployment, step message by message to
 * three Running Pods while every view agrees at each milestone, scrub back to "ReplicaSet
 * created" and forward, fork from the past, open a shared link, switch to Chinese.
 */
import { expect, test, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

const MILESTONES = ['deployment-stored', 'replicaset-created', 'pods-created', 'pods-bound', 'sandboxes-ready', 'containers-started', 'pods-ready'] as const;

/**
 * Pods under go-api's ReplicaSet in the inspector's object tree (ownerReferences). Read by CSS, not
 * by role: the inspector's dock tab may be hidden behind the lists tab, and roles skip hidden nodes.
 */
async function treePods(page: Page): Promise<number> {
  const items = (parent: string) => page.getByTestId('inspector').locator(`[role="treeitem"][data-parent="${parent}"]`);
  const rs = items('deployments/default/go-api');
  if ((await rs.count()) === 0) return 0;
  const key = await rs.first().getAttribute('data-key');
  return key ? items(key).count() : 0;
}

function views(page: Page) {
  const podRows = page.getByTestId('pod-list').locator('tbody tr', { hasText: 'go-api-' });
  const diagramPods = page.getByTestId('architecture').locator('.diagram-pod', { hasText: 'go-api-' });
  const currentRow = page.getByTestId('sequence').locator('tr[aria-current="step"], tr.current');
  return { podRows, diagramPods, currentRow };
}

/**
 * Clicks "step forward" until the milestone chip says it was reached; returns the clicks made.
 * The clicks are the button's own, dispatched in the page one frame apart: ~260 of them through
 * Playwright's actionability checks took two minutes of a CI run; other specs click it as a
 * pointer would.
 */
async function stepTo(page: Page, id: (typeof MILESTONES)[number]): Promise<number> {
  const clicks = await page.evaluate(async (milestone) => {
    // Runs in the page; e2e/ is typed without the DOM library, hence the structural types.
    type El = { click(): void; classList: { contains(c: string): boolean } };
    const doc = (globalThis as unknown as { document: { querySelector(s: string): El | null } }).document;
    const frame = () => new Promise<void>((done) => (globalThis as unknown as { requestAnimationFrame(f: () => void): void }).requestAnimationFrame(() => done()));
    for (let i = 1; i <= 400; i++) {
      if (doc.querySelector(`[data-testid="milestone-${milestone}"]`)?.classList.contains('reached')) return i;
      doc.querySelector('[data-testid="step-forward"]')?.click();
      await frame();
    }
    return -1;
  }, id);
  if (clicks < 0) throw new Error(`milestone ${id} not reached`);
  return clicks;
}

test.describe('student journey', () => {
  // The longest journey in the suite (it steps through every milestone): generous for a loaded 2-core runner.
  test.setTimeout(300_000);

  test('apply → step through every milestone → rewind → fork → share → Chinese', async ({ page, browser }) => {
    const problems = watchConsole(page);
    const ui = app(page);
    await page.goto('/');
    await ui.waitForBoot();
    // The page opens paused.
    await expect(page.getByTestId('play-pause')).toContainText('Play');
    // The inspector and the lists stay mounted once opened, so every view can be checked at each moment.
    await ui.openTab('inspector');
    await ui.openTab('lists');

    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    const v = views(page);
    // Paused: the page shows kubectl's request leaving; nothing is stored yet.
    await expect(v.currentRow).toContainText('kubectl');
    await expect(v.podRows).toHaveCount(0);

    const expectedPods: Record<(typeof MILESTONES)[number], number> = {
      'deployment-stored': 0,
      'replicaset-created': 0,
      'pods-created': 3,
      'pods-bound': 3,
      'sandboxes-ready': 3,
      'containers-started': 3,
      'pods-ready': 3,
    };
    for (const id of MILESTONES) {
      await stepTo(page, id);
      // Every view shows the same moment.
      await expect(v.podRows).toHaveCount(expectedPods[id]);
      await expect(v.diagramPods).toHaveCount(expectedPods[id]);
      await expect.poll(() => treePods(page)).toBe(expectedPods[id]);
      await expect(v.currentRow).toHaveCount(1);
      if (id === 'pods-bound') {
        for (const row of await v.podRows.all()) await expect(row.locator('td').nth(4)).not.toHaveText('<none>');
      }
      if (id === 'pods-ready') {
        for (const row of await v.podRows.all()) await expect(row).toContainText('1/1');
        await expect(v.diagramPods.filter({ hasText: 'Running' })).toHaveCount(3);
      }
      await page.screenshot({ path: `test-results/screenshots/journey-${id}.png`, fullPage: true });
    }

    // kubectl agrees with the views (a command run while paused shows the moment it ran).
    await ui.run('kubectl get pods');
    const names = await v.podRows.locator('th').allTextContents();
    expect(names).toHaveLength(3);
    for (const n of names) await expect(ui.terminalOutput).toContainText(new RegExp(`${n.trim()}\\s+1/1\\s+Running`));

    // Scrub back to "ReplicaSet created": the ReplicaSet exists, no Pods yet; then forward again.
    await page.getByTestId('milestone-replicaset-created').click();
    await expect(v.podRows).toHaveCount(0);
    await expect(v.diagramPods).toHaveCount(0);
    await expect.poll(() => treePods(page)).toBe(0);
    await expect(page.getByTestId('inspector').locator('[role="treeitem"][data-parent="deployments/default/go-api"]')).toHaveCount(1);
    // The current message is kube-apiserver's answer to the ReplicaSet's create: stored, and said so.
    await expect(v.currentRow).toContainText('201 Created replicaset/go-api-');
    await expect(page.getByTestId('sequence')).toContainText('Txn create /registry/replicasets/default/go-api-');
    await page.getByTestId('milestone-pods-ready').click();
    await expect(v.podRows).toHaveCount(3);

    // A shared link reproduces the same run at the same moment.
    await page.getByTestId('milestone-pods-bound').click();
    await expect(page.getByTestId('milestone-pods-bound')).toHaveAttribute('aria-current', 'step');
    const position = await page.getByTestId('position').textContent();
    // The address bar follows the moment shown (throttled to 500 ms): wait until its time (`t`,
    // whole simulated ms) is this moment's, which the scrubber shows as its value.
    const shown = await page.getByTestId('scrubber').inputValue();
    await expect.poll(() => new URL(page.url()).searchParams.get('t')).toBe(shown);
    const link = page.url();
    expect(new URL(link).searchParams.get('at')).not.toBeNull();
    const other = await browser.newPage();
    await other.goto(link);
    await app(other).openTab('lists');
    await expect(other.getByTestId('position')).toHaveText(position ?? '', { timeout: 20_000 });
    await expect(views(other).podRows).toHaveCount(3);
    expect(await views(other).podRows.locator('th').allTextContents()).toEqual(await v.podRows.locator('th').allTextContents());
    await other.close();

    // Fork from the past: a command there asks first, then the old future is gone.
    await page.getByTestId('milestone-replicaset-created').click();
    await ui.run('kubectl scale deployment go-api --replicas=1');
    const dialog = page.getByTestId('fork-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Run it here' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api scaled');
    await page.getByTestId('speed').selectOption('20');
    await page.getByTestId('play-pause').click();
    await expect(v.podRows).toHaveCount(1, { timeout: 30_000 });

    // Chinese.
    await page.getByRole('button', { name: /中文/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('playback')).toContainText('速度');
    await page.screenshot({ path: 'test-results/screenshots/journey-zh.png', fullPage: true });

    expect(problems).toEqual([]);
  });
});
