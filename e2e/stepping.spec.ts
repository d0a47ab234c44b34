/**
 * Stepping tools that never mislead, and runs that are safe: "next milestone" runs the cluster
 * ahead from a fresh apply to every milestone; the narration log stays in order after walking
 * back and forth; switching topology asks before discarding the run; a reload brings back the
 * terminal's transcript and history; a pasted or typed here-document applies its manifest.
 */
import { expect, test, type Page } from '@playwright/test';
import { app, watchConsole } from './app';

const MILESTONES = ['deployment-stored', 'replicaset-created', 'pods-created', 'pods-bound', 'sandboxes-ready', 'containers-started', 'pods-ready'] as const;

/** A booted page, paused (a command then shows the moment its first message left). */
async function paused(page: Page) {
  const ui = app(page);
  await page.goto('/');
  await ui.waitForBoot();
  const play = page.getByTestId('play-pause');
  if ((await play.innerText()).includes('Pause')) await play.click();
  await expect(play).toContainText('Play');
  return ui;
}

/** The narration log's lines, by the seq of the step each one narrates. */
async function narrationSeqs(page: Page): Promise<number[]> {
  // One read of every line (a round trip per line made this the suite's slowest minute).
  return page
    .getByTestId('narration')
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => Number((li as unknown as { getAttribute(n: string): string | null }).getAttribute('data-seq'))));
}

test.describe('stepping and safe runs', () => {
  test.setTimeout(120_000);

  test('next milestone from a fresh apply reaches every milestone in order', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = await paused(page);
    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    const next = page.getByRole('button', { name: 'Next milestone', exact: true });
    for (const id of MILESTONES) {
      await next.click();
      // Past the end of the tape the worker runs ahead until the milestone exists, then the page jumps there.
      await expect(page.getByTestId(`milestone-${id}`)).toHaveAttribute('aria-current', 'step', { timeout: 30_000 });
    }
    await ui.openTab('lists');
    await expect(page.getByTestId('pod-list').locator('tbody tr', { hasText: 'go-api-' })).toHaveCount(3);
    await expect(page.getByTestId('play-pause')).toContainText('Play');
    expect(problems).toEqual([]);
  });

  test('the narration log has no duplicates and stays in order after walking back and forth', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = await paused(page);
    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    // Paused on kubectl's first request: narrated with why it exists.
    await expect(page.getByTestId('narration').locator('li').last()).toContainText('kubectl apply first asks whether the object exists');
    const forward = page.getByTestId('step-forward');
    const back = page.getByTestId('step-back');
    const current = page.getByTestId('sequence').locator('tr[aria-current="step"]');
    const walk = [...Array<'f'>(12).fill('f'), ...Array<'b'>(5).fill('b'), ...Array<'f'>(8).fill('f'), ...Array<'b'>(4).fill('b'), ...Array<'f'>(2).fill('f')];
    for (const dir of walk) {
      const before = await current.getAttribute('data-seq');
      await (dir === 'f' ? forward : back).click();
      await expect(current).not.toHaveAttribute('data-seq', before ?? '');
      const seqs = await narrationSeqs(page);
      expect(new Set(seqs).size, 'no line twice').toBe(seqs.length);
      expect(seqs, 'in the order things happened').toEqual([...seqs].sort((a, b) => a - b));
    }
    const lines = page.getByTestId('narration').locator('li');
    expect(await lines.count()).toBeGreaterThan(3);
    await expect(lines.last()).toHaveAttribute('aria-current', 'step');
    expect(problems).toEqual([]);
  });

  test('the rendered diagram boxes the current step and follows the steps', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = await paused(page);
    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    await page.getByRole('button', { name: 'Show diagram' }).click();
    const diagram = page.locator('.sequence-diagram [role="img"] svg');
    const box = diagram.locator('rect[fill="rgba(255, 214, 102, 0.55)"]');
    await expect(box).toHaveCount(1);
    const before = await diagram.getAttribute('id');
    await page.getByTestId('step-forward').click();
    // Redrawn for the new step (a new render), still with one current box; no "behind" notice while paused.
    await expect.poll(() => diagram.getAttribute('id')).not.toBe(before);
    await expect(box).toHaveCount(1);
    await expect(page.locator('.sequence-stale')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('switching topology asks before discarding the run, and does not when there is nothing to lose', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = await paused(page);
    const topology = page.getByTestId('topology');
    const dialog = page.getByTestId('topology-dialog');

    await ui.run('kubectl create namespace keep-me');
    await expect(ui.terminalOutput).toContainText('namespace/keep-me created');
    await topology.selectOption('ha');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Start a new cluster?');
    await expect(dialog).toContainText('1 command');
    // The safe answer has the focus; Escape keeps the run too.
    await expect(dialog.getByTestId('topology-cancel')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(topology).toHaveValue('basic');
    await expect(ui.terminalOutput).toContainText('namespace/keep-me created');
    expect(new URL(page.url()).searchParams.get('topology')).not.toBe('ha');

    await topology.selectOption('ha');
    await dialog.getByTestId('topology-confirm').click();
    await page.waitForURL(/topology=ha/);
    await ui.waitForBoot();
    await expect(page.getByTestId('topology')).toHaveValue('ha');
    await expect(ui.terminalOutput).not.toContainText('keep-me');

    // A run with no commands is not worth a question.
    await page.getByTestId('topology').selectOption('basic');
    await page.waitForURL(/topology=basic/);
    await expect(dialog).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a reload brings back the transcript and its history', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = await paused(page);
    await ui.run('kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    await ui.run('kubectl get deployment go-api');
    await expect(ui.terminalOutput).toContainText(/NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE/);
    await ui.waitForPrompt();
    // The address bar carries the run (updated at most every 500 ms).
    await expect.poll(() => new URL(page.url()).searchParams.get('run')?.length ?? 0).toBeGreaterThan(0);
    await expect.poll(() => atob((new URL(page.url()).searchParams.get('run') ?? '').replace(/-/g, '+').replace(/_/g, '/'))).toContain('kubectl get deployment go-api');

    await page.reload();
    await ui.waitForBoot();
    await expect(ui.terminalOutput).toContainText('$ kubectl apply -f go-api.yaml');
    await expect(ui.terminalOutput).toContainText('deployment.apps/go-api created');
    await expect(ui.terminalOutput).toContainText('$ kubectl get deployment go-api');
    await expect(ui.terminalOutput).toContainText(/go-api\s+\d\/3/);
    await ui.waitForPrompt();
    await ui.press('ArrowUp');
    await ui.expectInput('kubectl get deployment go-api');
    await ui.press('ArrowUp');
    await ui.expectInput('kubectl apply -f go-api.yaml');
    expect(problems).toEqual([]);
  });

  test('a pasted or typed here-document applies its manifest', async ({ page }) => {
    const problems = watchConsole(page);
    const ui = await paused(page);
    await ui.waitForPrompt();
    await ui.paste('kubectl apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pasted\ndata:\n  greeting: hello\nEOF\n');
    await expect(ui.terminalOutput).toContainText('configmap/pasted created');
    await ui.waitForPrompt();
    await ui.run('kubectl get configmap pasted -o jsonpath={.data.greeting}');
    await expect(ui.terminalOutput).toContainText(/\nhello/);

    // Typed line by line: bash's `> ` prompt until the terminator, indentation kept.
    await ui.waitForPrompt();
    for (const line of ["cat <<'END' | kubectl apply -f -", 'apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: typed', 'END']) {
      await ui.typeLine(line);
    }
    await expect(ui.terminalOutput).toContainText('> metadata:\n>   name: typed\n> END\nconfigmap/typed created');
    expect(problems).toEqual([]);
  });
});
